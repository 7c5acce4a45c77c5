// Package sqlstore implements store.Store for SQLite (modernc.org/sqlite, no
// cgo) and PostgreSQL (pgx) with one set of SQL statements. Both databases
// accept $1-style placeholders, RETURNING and ON CONFLICT, so the dialect seam
// is small: opening, error classification and a few locking details.
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib" // also registers "pgx"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/migration"
)

// DB is the SQL implementation of store.Store.
type DB struct {
	db      *pool
	dialect string
	media   store.MediaURLs // keys <-> URLs of stored media; nil keeps values as they are
}

var _ store.Store = (*DB)(nil)

// DefaultTimeout bounds connecting and each PostgreSQL statement when
// Options leave it unset.
const DefaultTimeout = 5 * time.Second

// Options tune Open.
type Options struct {
	// Timeout bounds connecting to the database (PostgreSQL: the whole
	// handshake, so a server that accepts and never answers fails the
	// start) and each statement (PostgreSQL statement_timeout; a
	// connect_timeout or statement_timeout in the URL wins). Migrations run
	// without a statement timeout: rewriting many rows may take long.
	Timeout time.Duration
	// QueryTimeout is the client-side deadline of each call (a statement
	// and the reading of its rows, a transaction), kept by this process
	// whatever the server does: a database that stops answering (frozen,
	// dropping packets) never holds a caller longer. <= 0: Timeout plus a
	// second on PostgreSQL (its own statement_timeout answers first), 15 s
	// on SQLite (past its 10 s wait for the write lock).
	QueryTimeout time.Duration
}

// pool is the connection pool, each call under the client-side deadline
// (unless its context ends sooner).
type pool struct {
	*sql.DB
	timeout time.Duration
}

func (p *pool) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) <= p.timeout {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, p.timeout)
}

func (p *pool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx, cancel := p.bound(ctx)
	defer cancel()
	return p.DB.ExecContext(ctx, query, args...)
}

// QueryContext's rows are read after it returns: the deadline covers the
// reading too, and its own timer frees the context.
func (p *pool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	ctx, cancel := p.bound(ctx)
	time.AfterFunc(p.timeout, cancel)
	return p.DB.QueryContext(ctx, query, args...)
}

func (p *pool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	ctx, cancel := p.bound(ctx)
	time.AfterFunc(p.timeout, cancel)
	return p.DB.QueryRowContext(ctx, query, args...)
}

func (p *pool) PingContext(ctx context.Context) error {
	ctx, cancel := p.bound(ctx)
	defer cancel()
	return p.DB.PingContext(ctx)
}

// Open connects to url ("sqlite:path", a bare file path, or "postgres://...")
// with the default options and applies migrations.
func Open(ctx context.Context, url string) (*DB, error) { return OpenWith(ctx, url, Options{}) }

// OpenWith is Open with options.
func OpenWith(ctx context.Context, url string, o Options) (*DB, error) {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	qt := queryTimeout(url, o)
	var (
		db      *sql.DB
		dialect string
		err     error
	)
	kind, path, err := store.ParseDatabaseURL(url)
	if err != nil {
		return nil, fmt.Errorf("sqlstore: %w", err)
	}
	switch kind {
	case store.Postgres:
		dialect = "postgres"
		cfg, err := pgx.ParseConfig(url)
		if err != nil {
			return nil, fmt.Errorf("sqlstore: %w", err)
		}
		if cfg.ConnectTimeout == 0 {
			cfg.ConnectTimeout = o.Timeout
		}
		mcfg := cfg.Copy()
		mcfg.RuntimeParams["statement_timeout"] = "0"
		if _, ok := cfg.RuntimeParams["statement_timeout"]; !ok {
			cfg.RuntimeParams["statement_timeout"] = strconv.FormatInt(o.Timeout.Milliseconds(), 10)
		}
		// Migrations get a pool of their own without a statement timeout.
		mdb := stdlib.OpenDB(*mcfg)
		err = mdb.PingContext(ctx)
		if err == nil {
			err = migration.Apply(ctx, mdb, dialect)
		}
		mdb.Close()
		if err != nil {
			return nil, fmt.Errorf("sqlstore: %s: %w", dialect, err)
		}
		db = stdlib.OpenDB(*cfg)
		db.SetMaxOpenConns(32)
		db.SetMaxIdleConns(32)
		db.SetConnMaxIdleTime(5 * time.Minute)
	default:
		dialect = "sqlite"
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, err
			}
		}
		// WAL lets readers run beside the single writer; busy_timeout makes a
		// writer wait for the lock instead of failing at once; foreign keys
		// are off by default in SQLite; _txlock=immediate takes the write lock
		// at BEGIN so read-then-write transactions cannot deadlock on upgrade.
		dsn := "file:" + path + "?_pragma=busy_timeout(" + strconv.FormatInt(lockWait(qt).Milliseconds(), 10) + ")&_pragma=journal_mode(WAL)" +
			"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
		db, err = sql.Open("sqlite", dsn)
		if err != nil {
			return nil, err
		}
		db.SetMaxOpenConns(8)
		db.SetMaxIdleConns(8)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlstore: connect %s: %w", dialect, err)
	}
	if dialect == "sqlite" {
		if err := migration.Apply(ctx, db, dialect); err != nil {
			db.Close()
			return nil, err
		}
	}
	d := &DB{db: &pool{DB: db, timeout: qt}, dialect: dialect}
	if err := d.indexPendingTags(ctx); err != nil { // search.go
		db.Close()
		return nil, fmt.Errorf("sqlstore: index tags: %w", err)
	}
	return d, nil
}

// queryTimeout is the client-side deadline of each call: Options.QueryTimeout,
// or on PostgreSQL a second past its own statement_timeout (the server answers
// first), on SQLite 15 s.
func queryTimeout(url string, o Options) time.Duration {
	if o.QueryTimeout > 0 {
		return o.QueryTimeout
	}
	if kind, _, _ := store.ParseDatabaseURL(url); kind == store.Postgres {
		return o.Timeout + time.Second
	}
	return 15 * time.Second
}

// lockWait is how long a SQLite writer waits for the write lock (busy_timeout):
// 5 s less than the call's deadline, so a caller gets SQLite's "database is
// locked" rather than a cancelled call (10 s with the default 15 s deadline).
func lockWait(deadline time.Duration) time.Duration {
	return max(deadline-5*time.Second, time.Second)
}

func (d *DB) Close() error                   { return d.db.Close() }
func (d *DB) Ping(ctx context.Context) error { return d.db.PingContext(ctx) }
func (d *DB) Dialect() string                { return d.dialect }

// SQL exposes the pool for tools (the benchmark seeder); handlers never use it.
func (d *DB) SQL() *sql.DB { return d.db.DB }

// isUnique reports whether err is a unique-key violation in either database.
func isUnique(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "23505"
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// notFound maps sql.ErrNoRows to store.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

// tx runs fn in a transaction, committing on nil and rolling back otherwise.
func (d *DB) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	ctx, cancel := d.db.bound(ctx)
	defer cancel()
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// lockWorkspace serialises writers of one workspace inside a transaction so
// count-then-insert limits hold under concurrency. SQLite already holds the
// database write lock (BEGIN IMMEDIATE); PostgreSQL locks the row.
func (d *DB) lockWorkspace(ctx context.Context, tx *sql.Tx, workspaceID int64) error {
	if d.dialect != "postgres" {
		return nil
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM workspaces WHERE id = $1 FOR UPDATE`, workspaceID).Scan(&id)
	return notFound(err)
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// queryer is what *sql.DB and *sql.Tx share.
type queryer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// collect reads every row of a query with scan (rows closed after).
func collect[T any](rows *sql.Rows, err error, scan func(row interface{ Scan(...any) error }) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// ErrNoSnapshot: the database cannot copy itself (PostgreSQL: pg_dump is
// the tool for that).
var ErrNoSnapshot = errors.New("sqlstore: only an SQLite database can snapshot itself; back up PostgreSQL with pg_dump")

// Snapshot writes a consistent copy of an SQLite database to path (which
// must not exist) while the server keeps writing: VACUUM INTO reads in one
// transaction, so the copy is the database at one moment, whole. Copying
// the file (and its WAL) instead loses whatever the WAL has not yet
// handed back.
func (d *DB) Snapshot(ctx context.Context, path string) error {
	if d.dialect != "sqlite" {
		return ErrNoSnapshot
	}
	// No deadline but the caller's: copying a large database takes long.
	_, err := d.db.DB.ExecContext(ctx, `VACUUM INTO ?`, path)
	return err
}
