package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/inkpress/inkpress/store"
)

func (d *DB) GetWelcome(ctx context.Context, workspaceID int64) (*store.Welcome, error) {
	w := store.Welcome{WorkspaceID: workspaceID}
	var updated int64
	err := d.db.QueryRowContext(ctx, `SELECT enabled, subject, body, updated_at FROM newsletter_welcome WHERE workspace_id = $1`,
		workspaceID).Scan(&w.Enabled, &w.Subject, &w.Body, &updated)
	if err != nil {
		return nil, notFound(err)
	}
	w.UpdatedAt = fromMS(updated)
	return &w, nil
}

func (d *DB) SaveWelcome(ctx context.Context, w *store.Welcome) error {
	_, err := d.db.ExecContext(ctx,
		`INSERT INTO newsletter_welcome (workspace_id, enabled, subject, body, updated_at) VALUES ($1, $2, $3, $4, $5)
		 ON CONFLICT (workspace_id) DO UPDATE SET enabled = excluded.enabled, subject = excluded.subject, body = excluded.body,
		   updated_at = excluded.updated_at`,
		w.WorkspaceID, w.Enabled, w.Subject, w.Body, ms(w.UpdatedAt))
	return err
}

func (d *DB) ReserveEmails(ctx context.Context, workspaceID int64, month string, n, emailsLimit, postsLimit, imagesLimit int) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO usage_tracking (workspace_id, month, posts_limit, images_limit) VALUES ($1, $2, $3, $4)
			 ON CONFLICT (workspace_id, month) DO NOTHING`, workspaceID, month, postsLimit, imagesLimit); err != nil {
			return err
		}
		// One conditional write: two reservations can never pass the limit together.
		res, err := tx.ExecContext(ctx,
			`UPDATE usage_tracking SET emails_sent = emails_sent + $1
			 WHERE workspace_id = $2 AND month = $3 AND emails_sent + $1 <= $4`, n, workspaceID, month, emailsLimit)
		if err := affected(res, err); errors.Is(err, store.ErrNotFound) {
			return store.ErrEmailLimit
		} else if err != nil {
			return err
		}
		return nil
	})
}
