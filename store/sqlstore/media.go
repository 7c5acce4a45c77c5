package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/inkpress/inkpress/store"
)

const mediaCols = `id, workspace_id, file_name, file_url, file_size, mime_type, alt, created_at`

func (d *DB) scanMedia(row interface{ Scan(...any) error }) (*store.Media, error) {
	var m store.Media
	var created int64
	if err := row.Scan(&m.ID, &m.WorkspaceID, &m.FileName, &m.FileURL, &m.FileSize, &m.MimeType, &m.Alt, &created); err != nil {
		return nil, notFound(err)
	}
	m.FileURL = d.mediaURL(m.FileURL)
	m.CreatedAt = fromMS(created)
	return &m, nil
}

// CreateMedia inserts m unless the workspace already holds max items; the
// count and the insert share a transaction holding the workspace lock.
func (d *DB) CreateMedia(ctx context.Context, m *store.Media, max int) error {
	if m.CreatedAt.IsZero() {
		m.CreatedAt = time.Now().UTC()
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.lockWorkspace(ctx, tx, m.WorkspaceID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM media_library WHERE workspace_id = $1`, m.WorkspaceID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return store.ErrLimit
		}
		return tx.QueryRowContext(ctx,
			`INSERT INTO media_library (workspace_id, file_name, file_url, file_size, mime_type, alt, created_at)
			 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
			m.WorkspaceID, m.FileName, d.mediaKey(m.FileURL), m.FileSize, m.MimeType, m.Alt, ms(m.CreatedAt)).Scan(&m.ID)
	})
}

func (d *DB) GetMedia(ctx context.Context, workspaceID, id int64) (*store.Media, error) {
	return d.scanMedia(d.db.QueryRowContext(ctx,
		`SELECT `+mediaCols+` FROM media_library WHERE workspace_id = $1 AND id = $2`, workspaceID, id))
}

func (d *DB) ListMedia(ctx context.Context, workspaceID int64) ([]*store.Media, error) {
	rows, err := d.db.QueryContext(ctx,
		`SELECT `+mediaCols+` FROM media_library WHERE workspace_id = $1 ORDER BY created_at DESC, id DESC`, workspaceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Media
	for rows.Next() {
		m, err := d.scanMedia(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (d *DB) DeleteMedia(ctx context.Context, workspaceID, id int64) error {
	res, err := d.db.ExecContext(ctx, `DELETE FROM media_library WHERE workspace_id = $1 AND id = $2`, workspaceID, id)
	return affected(res, err)
}
