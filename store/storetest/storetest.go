// Package storetest opens fresh databases for tests: a temporary SQLite file
// and, when INKPRESS_TEST_POSTGRES_URL is set (make test-go sets it), a new
// PostgreSQL schema that is dropped when the test ends. Run(t, fn) runs fn once per database, so one
// suite covers every driver.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/inkpress/inkpress/internal/toolcache"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// EnvPostgres names the PostgreSQL URL for tests.
const EnvPostgres = "INKPRESS_TEST_POSTGRES_URL"

// Run calls fn with a fresh store on SQLite, then on PostgreSQL. Without a
// reachable PostgreSQL the postgres half is skipped, saying why, or fails
// when PostgreSQL is required (make test, CI: toolcache.Required).
func Run(t *testing.T, fn func(t *testing.T, s *sqlstore.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// Options are the stores' for tests: the product's deadlines (5 s statements,
// 15 s calls, 10 s for SQLite's write lock) are sized for a server, not for a
// race-detector build sharing two loaded processors with other test binaries;
// a test that exercises a deadline opens its store with its own.
var Options = sqlstore.Options{Timeout: time.Minute, QueryTimeout: 2 * time.Minute}

// SQLite opens a migrated store on a new file under t.TempDir().
func SQLite(t testing.TB) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.OpenWith(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "test.db"), Options)
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// PostgresURL returns a URL for a brand-new schema (dropped at cleanup).
// When PostgreSQL is not configured or reachable it skips the test, saying
// why, or fails it when PostgreSQL is required (toolcache.Missing).
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvPostgres)
	if base == "" {
		toolcache.Missing(t, toolcache.Postgres, EnvPostgres+" is not set",
			"set it, e.g. "+EnvPostgres+"='postgres://postgres@127.0.0.1:5432/test?sslmode=disable'")
	}
	admin, err := sql.Open("pgx", base)
	if err == nil {
		err = admin.Ping()
	}
	if err != nil {
		if admin != nil {
			admin.Close()
		}
		toolcache.Missing(t, toolcache.Postgres, fmt.Sprintf("PostgreSQL is unreachable at %s (%v)", base, err),
			"start it (scripts/test-deps.sh postgres does)")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", EnvPostgres, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Postgres opens a migrated store in a fresh schema.
func Postgres(t testing.TB) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.OpenWith(context.Background(), PostgresURL(t), Options)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
