package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx" for the schema admin connection

	"github.com/inkpress/inkpress/store/sqlstore"
)

// database is a fresh, migrated database for one server run.
type database struct {
	kind  string // "sqlite" or "postgres"
	url   string // what the server opens
	store *sqlstore.DB
	clean func()
}

// freshDatabase opens a new SQLite file under tmp, or a new schema in the
// PostgreSQL database at base (selected through search_path, as
// store/storetest does), and migrates it.
func freshDatabase(ctx context.Context, base, tmp, name string) (*database, error) {
	d := &database{kind: "sqlite"}
	if base == "" {
		path := filepath.Join(tmp, name+".db")
		d.url = "sqlite:" + path
		d.clean = func() {
			for _, suffix := range []string{"", "-wal", "-shm"} {
				_ = os.Remove(path + suffix)
			}
		}
	} else {
		d.kind = "postgres"
		var err error
		if d.url, d.clean, err = freshSchema(ctx, base, name); err != nil {
			return nil, err
		}
	}
	// Bulk inserts of 100 posts keep every index up to date (the search
	// index too): on a busy machine one may take longer than the server's
	// statement timeout, which is for readers' requests, not for seeding.
	s, err := sqlstore.OpenWith(ctx, d.url, sqlstore.Options{Timeout: 2 * time.Minute})
	if err != nil {
		d.clean()
		return nil, err
	}
	d.store = s
	return d, nil
}

// settle brings a freshly seeded PostgreSQL schema to its steady state
// (visibility map and planner statistics) so autovacuum does not do it
// while the load runs. SQLite checkpoints its WAL when the store closes.
func (d *database) settle(ctx context.Context) error {
	if d.kind != "postgres" {
		return nil
	}
	_, err := d.store.SQL().ExecContext(ctx, `VACUUM ANALYZE blog_posts, categories, workspaces, workspace_settings`)
	return err
}

// closeStore releases the seeding connections before the server starts.
func (d *database) closeStore() {
	if d.store != nil {
		_ = d.store.Close()
		d.store = nil
	}
}

// drop closes the store and deletes the database (file or schema).
func (d *database) drop() {
	d.closeStore()
	d.clean()
}

// freshSchema creates a schema named after name and returns a URL that uses
// it and a function dropping it.
func freshSchema(ctx context.Context, base, name string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	if err := admin.PingContext(ctx); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("postgres %s: %w", base, err)
	}
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	schema := "bench_" + name + "_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("create schema: %w", err)
	}
	drop := func() {
		if _, err := admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			fmt.Fprintf(os.Stderr, "bench: drop schema %s: %v\n", schema, err)
		}
		admin.Close()
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}
