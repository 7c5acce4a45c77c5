package sqlstore

import (
	"context"

	"github.com/inkpress/inkpress/store"
)

func (d *DB) GetMark(ctx context.Context, workspaceID int64, kind string) (*store.Mark, error) {
	m := store.Mark{WorkspaceID: workspaceID, Kind: kind}
	var at int64
	err := d.db.QueryRowContext(ctx, `SELECT version, png, created_at FROM blog_marks WHERE workspace_id = $1 AND kind = $2`,
		workspaceID, kind).Scan(&m.Version, &m.PNG, &at)
	if err != nil {
		return nil, notFound(err)
	}
	m.CreatedAt = fromMS(at)
	return &m, nil
}

func (d *DB) PutMark(ctx context.Context, m *store.Mark) error {
	_, err := d.db.ExecContext(ctx, `INSERT INTO blog_marks (workspace_id, kind, version, png, created_at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (workspace_id, kind) DO UPDATE SET version = excluded.version, png = excluded.png, created_at = excluded.created_at`,
		m.WorkspaceID, m.Kind, m.Version, m.PNG, ms(m.CreatedAt))
	return err
}
