package sqlstore

import (
	"context"
	"time"
)

// TouchWorkspace records that the workspace's public content changed at.
// GREATEST/MAX differ between the databases, so the guard is in the WHERE.
func (d *DB) TouchWorkspace(ctx context.Context, workspaceID int64, at time.Time) error {
	_, err := d.db.ExecContext(ctx,
		`UPDATE workspaces SET content_changed_at = $1 WHERE id = $2 AND content_changed_at < $1`, ms(at), workspaceID)
	return err
}

// ChangedWorkspaces returns the workspaces whose content changed after since,
// with the time of their last change.
func (d *DB) ChangedWorkspaces(ctx context.Context, since time.Time) (map[int64]time.Time, error) {
	rows, err := d.db.QueryContext(ctx,
		`SELECT id, content_changed_at FROM workspaces WHERE content_changed_at > $1`, ms(since))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]time.Time{}
	for rows.Next() {
		var id, at int64
		if err := rows.Scan(&id, &at); err != nil {
			return nil, err
		}
		out[id] = fromMS(at)
	}
	return out, rows.Err()
}
