package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/store"
)

// Certificates and their locks (internal/tlsserve). Keys under a prefix are
// matched with substr rather than LIKE (SQLite's LIKE ignores case and both
// treat _ and % as wildcards) or a range (PostgreSQL sorts text by its
// collation, not byte order). The table holds a few rows per custom domain.

func (d *DB) PutCert(ctx context.Context, key string, value []byte, modified time.Time) error {
	if value == nil {
		value = []byte{} // NOT NULL: an empty file is still a file
	}
	_, err := d.db.ExecContext(ctx,
		`INSERT INTO certificates (key, value, modified_at) VALUES ($1, $2, $3)
		 ON CONFLICT (key) DO UPDATE SET value = excluded.value, modified_at = excluded.modified_at`,
		key, value, ms(modified))
	return err
}

func (d *DB) GetCert(ctx context.Context, key string) ([]byte, error) {
	var v []byte
	err := d.db.QueryRowContext(ctx, `SELECT value FROM certificates WHERE key = $1`, key).Scan(&v)
	return v, notFound(err)
}

func (d *DB) StatCert(ctx context.Context, key string) (store.CertInfo, error) {
	info := store.CertInfo{Key: key}
	var modified int64
	err := d.db.QueryRowContext(ctx, `SELECT length(value), modified_at FROM certificates WHERE key = $1`, key).
		Scan(&info.Size, &modified)
	if err != nil {
		return store.CertInfo{}, notFound(err)
	}
	info.Modified = fromMS(modified)
	return info, nil
}

func (d *DB) CertKeys(ctx context.Context, prefix string) ([]string, error) {
	query, args := `SELECT key FROM certificates`, []any{}
	if prefix != "" {
		dir := strings.TrimSuffix(prefix, "/") + "/"
		query, args = query+` WHERE substr(key, 1, $1) = $2`, []any{utf8.RuneCountInString(dir), dir}
	}
	rows, err := d.db.QueryContext(ctx, query, args...)
	keys, err := collect(rows, err, scanKey)
	// Sorted here: PostgreSQL would order by its collation.
	slices.Sort(keys)
	return keys, err
}

func scanKey(row interface{ Scan(...any) error }) (string, error) {
	var k string
	err := row.Scan(&k)
	return k, err
}

func (d *DB) DeleteCerts(ctx context.Context, key string) error {
	dir := strings.TrimSuffix(key, "/") + "/"
	_, err := d.db.ExecContext(ctx,
		`DELETE FROM certificates WHERE key = $1 OR substr(key, 1, $2) = $3`, key, utf8.RuneCountInString(dir), dir)
	return err
}

func (d *DB) ClaimCertLock(ctx context.Context, name, token string, now, until time.Time) (bool, error) {
	// One statement: a free name is inserted, an expired one taken over;
	// a held one is left alone and nothing is returned.
	var got string
	err := d.db.QueryRowContext(ctx,
		`INSERT INTO cert_locks (name, token, expires_at) VALUES ($1, $2, $3)
		 ON CONFLICT (name) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at
		 WHERE cert_locks.expires_at <= $4
		 RETURNING token`, name, token, ms(until), ms(now)).Scan(&got)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil && got == token, err
}

func (d *DB) RenewCertLock(ctx context.Context, name, token string, until time.Time) (bool, error) {
	res, err := d.db.ExecContext(ctx,
		`UPDATE cert_locks SET expires_at = $3 WHERE name = $1 AND token = $2`, name, token, ms(until))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (d *DB) ReleaseCertLock(ctx context.Context, name, token string) error {
	_, err := d.db.ExecContext(ctx, `DELETE FROM cert_locks WHERE name = $1 AND token = $2`, name, token)
	return err
}
