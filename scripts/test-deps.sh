#!/usr/bin/env bash
# What `make test` needs besides Go and the npm packages, made ready or named:
#
#   postgres  PostgreSQL at $PG_URL (default: database test, trust auth, on
#             127.0.0.1:5432): started with pg_ctlcluster when it is local and
#             down; the database test is created when missing.
#   minio     MinIO, for the S3 driver's suite: built once into the tool cache
#             (about 12 minutes).
#   pebble    Pebble, Let's Encrypt's test ACME server, for the TLS tests:
#             built once into the tool cache (under a minute).
#   mailpit   Mailpit, the SMTP server whose messages the browser tests read
#             through its API: built once into the tool cache (about 6 minutes).
#   chromium  Debian's Chromium for the browser tests: installed with apt-get
#             when /usr/bin/chromium is missing and we are root.
#   node      Node.js 20+ and npm (the packages themselves are Make
#             prerequisites: npm ci runs when a package-lock.json changes).
#
# Usage: scripts/test-deps.sh [PART...]   (no PART: all of them)
# The tool cache is $HOME/.cache/inkpress-tools; INKPRESS_MINIO,
# INKPRESS_PEBBLE and INKPRESS_MAILPIT name other binaries, CHROMIUM_PATH
# another browser.
# Anything that cannot be made ready stops the script with what to do.
set -euo pipefail

PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432/test?sslmode=disable}
TOOLS="$HOME/.cache/inkpress-tools"
DEFAULT_PG_URL='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'

fail() {
  echo "test-deps: $*" >&2
  exit 1
}

have() { command -v "$1" >/dev/null 2>&1; }

is_root() { [ "$(id -u)" = 0 ]; }

need_postgres() {
  have pg_isready && have psql ||
    fail "PostgreSQL's client tools (pg_isready, psql) are missing: install PostgreSQL (as root: apt-get install postgresql), or run the Go tests without make: go test ./... skips PostgreSQL"
  if ! pg_isready -q -d "$PG_URL"; then
    case "$PG_URL" in
      *@127.0.0.1:5432/* | *@localhost:5432/* | *@127.0.0.1/* | *@localhost/*) ;;
      *) fail "PostgreSQL at $PG_URL does not answer; start it or set PG_URL" ;;
    esac
    local version
    version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
    [ -n "$version" ] && have pg_ctlcluster ||
      fail "PostgreSQL is not running on 127.0.0.1:5432 and no local cluster was found (/etc/postgresql): install it (as root: apt-get install postgresql) or set PG_URL"
    echo "test-deps: starting PostgreSQL $version (pg_ctlcluster)"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start ||
      fail "could not start PostgreSQL $version: run as root (or the postgres user): pg_ctlcluster --skip-systemctl-redirect $version main start"
    for _ in $(seq 1 30); do
      pg_isready -q -d "$PG_URL" && break
      sleep 1
    done
    pg_isready -q -d "$PG_URL" || fail "PostgreSQL $version started but does not answer at $PG_URL after 30 s"
  fi
  local err
  if ! err=$(psql "$PG_URL" -XAtqc 'SELECT 1' 2>&1 >/dev/null); then
    if [ "$PG_URL" = "$DEFAULT_PG_URL" ] && [[ $err == *'database "test" does not exist'* ]]; then
      echo "test-deps: creating the database test"
      psql "${DEFAULT_PG_URL/\/test?/\/postgres?}" -XAtqc 'CREATE DATABASE test' >/dev/null ||
        fail "could not create the database test"
    else
      fail "PostgreSQL refuses $PG_URL: $err
  make test expects trust auth for 127.0.0.1 (pg_hba.conf: host all all 127.0.0.1/32 trust) and a database test, or PG_URL=postgres://USER:PASSWORD@HOST:PORT/DB"
    fi
  fi
}

# tool NAME ENV PACKAGE NOTE: the binary at $ENV, or built once into $TOOLS.
tool() {
  local name=$1 env=$2 pkg=$3 note=$4
  local override=${!env:-}
  if [ -n "$override" ]; then
    [ -x "$override" ] || fail "$env=$override is not an executable file"
    return
  fi
  [ -x "$TOOLS/$name" ] && return
  have go || fail "go is missing: install Go 1.26"
  echo "test-deps: building $name into $TOOLS, once ($note): go install $pkg"
  mkdir -p "$TOOLS"
  GOBIN="$TOOLS" GOFLAGS= go install "$pkg" || fail "building $name failed (go install $pkg)"
}

need_minio() { tool minio INKPRESS_MINIO github.com/minio/minio@latest "about 12 minutes"; }

need_pebble() { tool pebble INKPRESS_PEBBLE github.com/letsencrypt/pebble/v2/cmd/pebble@latest "under a minute"; }

need_mailpit() { tool mailpit INKPRESS_MAILPIT github.com/axllent/mailpit@latest "about 6 minutes"; }

need_chromium() {
  local path=${CHROMIUM_PATH:-/usr/bin/chromium}
  [ -x "$path" ] && return
  [ -z "${CHROMIUM_PATH:-}" ] || fail "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file"
  is_root && have apt-get ||
    fail "Chromium is missing at /usr/bin/chromium: install it as root (apt-get install chromium), or set CHROMIUM_PATH to a Chromium"
  echo "test-deps: installing chromium from Debian's packages (apt-get)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null ||
    fail "apt-get install chromium failed"
  [ -x /usr/bin/chromium ] || fail "apt-get installed chromium but /usr/bin/chromium is missing"
}

need_node() {
  have node && have npm || fail "Node.js 20+ and npm are missing: install them (e.g. as root: apt-get install nodejs npm)"
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$major" -ge 20 ] || fail "Node.js $major is too old: make test needs Node.js 20+"
}

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(postgres minio pebble mailpit chromium node)
for part in "${parts[@]}"; do
  case "$part" in
    postgres | minio | pebble | mailpit | chromium | node) "need_$part" ;;
    *) fail "unknown part $part (postgres, minio, pebble, mailpit, chromium, node)" ;;
  esac
done
