# InkPress: `make run` builds everything and starts the server; `make test` runs every test.
SHELL := /bin/bash
GO ?= go
NPM ?= npm
BIN := bin/inkpress
PG_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: run build web go test test-deps test-go test-web test-e2e lint generate bench bench-browser clean

run: build
	./$(BIN)

build: web go

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund

web: web/node_modules/.package-lock.json
	cd web && $(NPM) run build
	@touch web/dist/.gitkeep

# One static, cgo-free binary. nodynamic: the WebP encoder always runs its WebAssembly build, never a
# system libwebp it could find at run time (the same bytes on every machine).
go:
	CGO_ENABLED=0 $(GO) build -tags nodynamic -o $(BIN) ./cmd/inkpress

# Every test: Go (SQLite and PostgreSQL), lint, the web app's unit tests, browser tests. What the tests
# need besides Go and Node.js is made ready first, or named (scripts/test-deps.sh): PostgreSQL started,
# MinIO, Pebble and Mailpit built once into $$HOME/.cache/inkpress-tools, Chromium installed (as root).
test: test-deps lint test-go test-web test-e2e

TEST_DEPS = PG_URL='$(PG_URL)' ./scripts/test-deps.sh

test-deps:
	$(TEST_DEPS)

# INKPRESS_TEST_REQUIRE=all: a test that lacks PostgreSQL, MinIO, Pebble or the app's server bundle
# (the engine's memory test renders with the real one) fails instead of skipping.
test-go: web
	$(TEST_DEPS) postgres minio pebble
	INKPRESS_TEST_REQUIRE=all INKPRESS_TEST_POSTGRES_URL='$(PG_URL)' $(GO) test -tags nodynamic -race -count=1 -timeout 30m ./...

test-web: web/node_modules/.package-lock.json
	cd web && $(NPM) run lint && $(NPM) run typecheck && $(NPM) test

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && $(NPM) ci --no-audit --no-fund

# Mailpit is the browser tests' real mail server (e2e/tests/mailpit.ts); INKPRESS_TEST_REQUIRE=all: without it
# they fail instead of skipping the specs that read its messages.
test-e2e: build e2e/node_modules/.package-lock.json
	$(TEST_DEPS) chromium mailpit
	cd e2e && INKPRESS_TEST_REQUIRE=all $(NPM) test

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) mod tidy -diff
	cd bench && $(GO) mod tidy -diff
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	cd bench && $(GO) vet ./... && $(GO) run $(STATICCHECK) ./...
	$(GO) run ./tools/tsgen -check

# The web app's API types and limits, and the lists it shares with the server (routes, page names, private
# queries, colours, social networks), generated from server/api/contract, server/frontend and the domain packages.
generate:
	$(GO) run ./tools/tsgen

# Load benchmark of the public face (see bench/README.md; its own module), then the browser benchmark of the
# reader pages on a throttled phone. BENCH_DB=postgres://... to run the load benchmark on PostgreSQL;
# BENCH_ONLY=search, cold, flood, crawl (memory: the same), renders, images (or several, comma-separated) or browser for
# just that figure; BENCH_FLAGS for the load benchmark's other flags (bench/README.md, "Flags").
bench: build bench/browser/node_modules/.package-lock.json
	$(if $(filter browser,$(BENCH_ONLY)),,cd bench && $(GO) run . -bin ../$(BIN) -out results $(if $(BENCH_DB),-db '$(BENCH_DB)') $(if $(BENCH_ONLY),-only '$(BENCH_ONLY)') $(BENCH_FLAGS))
	$(if $(filter-out browser,$(BENCH_ONLY)),,$(BENCH_BROWSER))

# The browser benchmark alone (bench/browser, a Node script driving Debian's Chromium with playwright-core).
bench-browser: build bench/browser/node_modules/.package-lock.json
	$(BENCH_BROWSER)

BENCH_BROWSER = cd bench/browser && node --test && node bench.mjs --bin ../../$(BIN) --out ../results $(BENCH_BROWSER_FLAGS)

bench/browser/node_modules/.package-lock.json: bench/browser/package-lock.json
	cd bench/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(NPM) ci --no-audit --no-fund

clean:
	rm -rf bin web/dist/assets web/dist/index.html web/dist-ssr/*.js
