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
	p, err := provider(db, dialect)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migration: %w", err)
	}
	return nil
}

// ApplyTo brings db up to version (and no further): upgrade tests use it to
// build the schema of an earlier release.
func ApplyTo(ctx context.Context, db *sql.DB, dialect string, version int64) error {
	p, err := provider(db, dialect)
	if err != nil {
		return err
	}
	if _, err := p.UpTo(ctx, version); err != nil {
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
