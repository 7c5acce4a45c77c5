// Package migration holds the versioned schema of each database and applies it.
//
// Layout: migration/{sqlite,postgres}/NNNNN_description.sql, goose format
// ("-- +goose Up" only). Both folders carry the same versions; a change to
// the schema adds one new file to each. A data rewrite SQL cannot say on
// both databases is a Go migration instead: NNNNN_description.go in this
// folder, one function for both, listed in goMigrations. Migrations run at
// start (Apply), each once, recorded by goose in goose_db_version; they are
// embedded in the binary, so a deployment never needs files.
//
// Migrations only go up: there are no Down sections (TestNoDownMigrations).
// Nothing ran them, several could not give the data back (the subscribers
// made per workspace, the URLs made keys), and an untested Down is a trap
// for the one who needs it. Going back to an earlier release means
// restoring the backup taken before the upgrade.
package migration

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"

	"github.com/pressly/goose/v3"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// goMigrations are the Go migrations, the same for both databases: each runs
// in its migration's transaction, once, like a SQL file, and is frozen once
// released.
func goMigrations() []*goose.Migration {
	return []*goose.Migration{
		goose.NewGoMigration(20, &goose.GoFunc{RunTx: mediaKeys}, nil),
		goose.NewGoMigration(21, &goose.GoFunc{RunTx: authorProfiles}, nil),
	}
}

// Apply brings db up to the newest version for dialect "sqlite" or "postgres".
func Apply(ctx context.Context, db *sql.DB, dialect string) error {
	return locked(ctx, db, dialect, func(p *goose.Provider) error {
		_, err := p.Up(ctx)
		return err
	})
}

// ApplyTo brings db up to version (and no further): upgrade tests use it to
// build the schema of an earlier release.
func ApplyTo(ctx context.Context, db *sql.DB, dialect string, version int64) error {
	return locked(ctx, db, dialect, func(p *goose.Provider) error {
		_, err := p.UpTo(ctx, version)
		return err
	})
}

// lockKey is the advisory lock class of InkPress's migrations (its second
// key is the schema, so separate schemas of one database do not wait on
// each other).
const lockKey = 0x696e6b70 // "inkp"

// locked runs fn while holding the migration lock: on PostgreSQL a session
// advisory lock taken on a connection of its own, so instances started
// together on an empty database migrate one after the other and the later
// ones find the work done. It is released when that connection ends, even
// if the process dies. SQLite needs none: its writers are serialised by the
// database lock and every migration runs in a transaction.
func locked(ctx context.Context, db *sql.DB, dialect string, fn func(*goose.Provider) error) error {
	p, err := provider(db, dialect)
	if err != nil {
		return err
	}
	if dialect == "postgres" {
		conn, err := db.Conn(ctx)
		if err != nil {
			return fmt.Errorf("migration: lock: %w", err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1, hashtext(coalesce(current_schema(), '')))`, lockKey); err != nil {
			return fmt.Errorf("migration: lock: %w", err)
		}
		defer func() {
			_, err := conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1, hashtext(coalesce(current_schema(), '')))`, lockKey)
			if err != nil {
				// Never hand a connection that may still hold the lock back
				// to the pool: closing it releases the lock.
				_ = conn.Raw(func(any) error { return driver.ErrBadConn })
			}
		}()
	}
	if err := fn(p); err != nil {
		return fmt.Errorf("migration: %w", err)
	}
	return nil
}

// Versions lists the migration versions of dialect (its SQL files and the Go
// migrations), oldest first.
func Versions(dialect string) ([]int64, error) {
	names, err := fs.Glob(files, dialect+"/*.sql")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("migration: unknown dialect %q", dialect)
	}
	var out []int64
	for _, name := range names { // Glob sorts; the versions are zero-padded
		v, err := goose.NumericComponent(path.Base(name))
		if err != nil {
			return nil, fmt.Errorf("migration: %s: %w", name, err)
		}
		out = append(out, v)
	}
	for _, m := range goMigrations() {
		out = append(out, m.Version)
	}
	slices.Sort(out)
	return out, nil
}

func provider(db *sql.DB, dialect string) (*goose.Provider, error) {
	var gd goose.Dialect
	switch dialect {
	case "sqlite":
		gd = goose.DialectSQLite3
	case "postgres":
		gd = goose.DialectPostgres
	default:
		return nil, fmt.Errorf("migration: unknown dialect %q", dialect)
	}
	sub, err := fs.Sub(files, dialect)
	if err != nil {
		return nil, err
	}
	p, err := goose.NewProvider(gd, db, sub, goose.WithDisableGlobalRegistry(true), goose.WithGoMigrations(goMigrations()...))
	if err != nil {
		return nil, fmt.Errorf("migration: %w", err)
	}
	return p, nil
}
