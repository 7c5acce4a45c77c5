package sqlstore

import (
	"context"

	"github.com/inkpress/inkpress/store"
)

const usageCols = `workspace_id, month, posts_generated, images_generated, posts_limit, images_limit`

func scanUsage(row interface{ Scan(...any) error }) (*store.Usage, error) {
	var u store.Usage
	if err := row.Scan(&u.WorkspaceID, &u.Month, &u.PostsGenerated, &u.ImagesGenerated, &u.PostsLimit, &u.ImagesLimit); err != nil {
		return nil, notFound(err)
	}
	return &u, nil
}

// EnsureUsage returns the month's row, creating it with the given limits when
// it does not exist yet (a missing row is never an error).
func (d *DB) EnsureUsage(ctx context.Context, workspaceID int64, month string, postsLimit, imagesLimit int) (*store.Usage, error) {
	if _, err := d.db.ExecContext(ctx,
		`INSERT INTO usage_tracking (workspace_id, month, posts_limit, images_limit) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (workspace_id, month) DO NOTHING`, workspaceID, month, postsLimit, imagesLimit); err != nil {
		return nil, err
	}
	return scanUsage(d.db.QueryRowContext(ctx,
		`SELECT `+usageCols+` FROM usage_tracking WHERE workspace_id = $1 AND month = $2`, workspaceID, month))
}

// ReserveUsage is one conditional UPDATE, so two concurrent reservations can
// never together pass a limit, in either database.
func (d *DB) ReserveUsage(ctx context.Context, workspaceID int64, month string, posts, images int) (*store.Usage, error) {
	return reserveUsage(ctx, d.db, workspaceID, month, posts, images)
}

func reserveUsage(ctx context.Context, q queryer, workspaceID int64, month string, posts, images int) (*store.Usage, error) {
	u, err := scanUsage(q.QueryRowContext(ctx,
		`UPDATE usage_tracking SET posts_generated = posts_generated + $3, images_generated = images_generated + $4
		 WHERE workspace_id = $1 AND month = $2
		   AND posts_generated + $3 <= posts_limit AND images_generated + $4 <= images_limit
		 RETURNING `+usageCols, workspaceID, month, posts, images))
	if err == store.ErrNotFound {
		return nil, store.ErrLimit
	}
	return u, err
}

// ReleaseUsage gives back usage taken without a reservation.
func (d *DB) ReleaseUsage(ctx context.Context, workspaceID int64, month string, posts, images int) error {
	return releaseUsage(ctx, d.db, workspaceID, month, posts, images)
}

func releaseUsage(ctx context.Context, q queryer, workspaceID int64, month string, posts, images int) error {
	if posts == 0 && images == 0 {
		return nil
	}
	_, err := q.ExecContext(ctx,
		`UPDATE usage_tracking SET posts_generated = CASE WHEN posts_generated > $3 THEN posts_generated - $3 ELSE 0 END,
		     images_generated = CASE WHEN images_generated > $4 THEN images_generated - $4 ELSE 0 END
		 WHERE workspace_id = $1 AND month = $2`, workspaceID, month, posts, images)
	return err
}

func (d *DB) ListUsage(ctx context.Context, month string) ([]*store.Usage, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+usageCols+` FROM usage_tracking WHERE month = $1`, month)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Usage
	for rows.Next() {
		u, err := scanUsage(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}
