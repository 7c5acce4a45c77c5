package sqlstore

import (
	"context"
	"database/sql"
	"errors"
)

func (d *DB) State(ctx context.Context, name string) (string, error) {
	var v string
	err := d.db.QueryRowContext(ctx, `SELECT value FROM app_state WHERE name = $1`, name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

func (d *DB) SetState(ctx context.Context, name, value string) error {
	_, err := d.db.ExecContext(ctx, `INSERT INTO app_state (name, value) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET value = excluded.value`, name, value)
	return err
}
