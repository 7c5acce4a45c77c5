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

	"github.com/pressly/goose/v3"
)

//go:embed sqlite/*.sql postgres/*.sql
var files embed.FS

// Apply brings db up to the newest version for dialect "sqlite" or "postgres".
func Apply(ctx context.Context, db *sql.DB, dialect string) error {
	var gd goose.Dialect
	switch dialect {
	case "sqlite":
		gd = goose.DialectSQLite3
	case "postgres":
		gd = goose.DialectPostgres
	default:
		return fmt.Errorf("migration: unknown dialect %q", dialect)
	}
	sub, err := fs.Sub(files, dialect)
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(gd, db, sub)
	if err != nil {
		return fmt.Errorf("migration: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migration: %w", err)
	}
	return nil
}
