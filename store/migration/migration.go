// Package migration holds the versioned schema of each database and applies it.
//
// Layout: migration/{sqlite,postgres}/NNNNN_description.sql, goose format
// ("-- +goose Up" / "-- +goose Down"). Both folders carry the same versions;
// a change to the schema adds one new file to each. Migrations run at start
// (Apply) and are embedded in the binary, so a deployment never needs files.
package migration

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"fmt"
	"io/fs"
	"path"

	"github.com/pressly/goose/v3"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

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

// Versions lists the migration versions of dialect, oldest first.
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
	p, err := goose.NewProvider(gd, db, sub)
	if err != nil {
		return nil, fmt.Errorf("migration: %w", err)
	}
	return p, nil
}
