package app

import (
	"context"
	"errors"
	"io"
	"path/filepath"

	"github.com/inkpress/inkpress/internal/backup"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// ErrBackupPostgres: a PostgreSQL database is backed up with its own tools.
var ErrBackupPostgres = errors.New("the database is PostgreSQL: back it up with pg_dump " +
	"(pg_dump -Fc -f inkpress.dump \"$INKPRESS_DATABASE_URL\") and restore with pg_restore; " +
	"media in S3 stay in the bucket (copy it with your object store's tools)")

// SQLitePath is the file of an SQLite database URL ("" for PostgreSQL).
func SQLitePath(url string) string {
	if kind, path, err := store.ParseDatabaseURL(url); err == nil && kind == store.SQLite {
		return path
	}
	return ""
}

// mediaDir is the local media directory, "" when media live in S3.
func mediaDir(cfg *config.Config) string {
	if cfg.S3Endpoint != "" {
		return ""
	}
	return filepath.Join(cfg.DataDir, "media")
}

// Backup writes one archive of the SQLite database (copied while the
// server runs) and the local media to w. It needs no running server and
// does not stop one.
func Backup(ctx context.Context, cfg *config.Config, w io.Writer) error {
	if SQLitePath(cfg.DatabaseURL) == "" {
		return ErrBackupPostgres
	}
	db, err := sqlstore.OpenWith(ctx, cfg.DatabaseURL, sqlstore.Options{Timeout: cfg.DBTimeout})
	if err != nil {
		return err
	}
	defer db.Close()
	return backup.Write(ctx, w, db, mediaDir(cfg))
}

// Restore unpacks an archive made by Backup into cfg's database file
// (which must not exist yet) and media directory; the server is started
// after.
func Restore(cfg *config.Config, r io.Reader) error {
	p := SQLitePath(cfg.DatabaseURL)
	if p == "" {
		return ErrBackupPostgres
	}
	return backup.Restore(r, p, mediaDir(cfg))
}
