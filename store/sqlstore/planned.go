package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Banner slots use the banner1..3 columns: bannerN_html holds the image URL
// (the markup is built on the server when the post is written, never stored
// from the browser), bannerN_text the caption, bannerN_link_url the link.
const scheduledCols = `id, workspace_id, category, topic, input_mode, scheduled_for, frequency, status, generate_image,
	banner1_html, banner1_text, banner1_link_url, banner2_html, banner2_text, banner2_link_url,
	banner3_html, banner3_text, banner3_link_url, error, post_id, claimed_until, created_at`

func scanPlanned(row interface{ Scan(...any) error }) (*store.PlannedPost, error) {
	var p store.PlannedPost
	var topic sql.NullString
	var banners [3][3]sql.NullString
	var postID sql.NullInt64
	var at, claimed, created int64
	dest := []any{&p.ID, &p.WorkspaceID, &p.Category, &topic, &p.InputMode, &at, &p.Frequency, &p.Status, &p.GenerateImage}
	for i := range banners {
		dest = append(dest, &banners[i][0], &banners[i][1], &banners[i][2])
	}
	dest = append(dest, &p.Error, &postID, &claimed, &created)
	if err := row.Scan(dest...); err != nil {
		return nil, notFound(err)
	}
	p.Topic, p.PostID = topic.String, postID.Int64
	p.GenerateAt, p.ClaimedUntil, p.CreatedAt = fromMS(at), fromMS(claimed), fromMS(created)
	for _, b := range banners {
		if b[0].String != "" || b[2].String != "" {
			p.Banners = append(p.Banners, store.Banner{ImageURL: b[0].String, Text: b[1].String, LinkURL: b[2].String})
		}
	}
	return &p, nil
}

func scanPlannedRows(rows *sql.Rows, err error) ([]*store.PlannedPost, error) {
	return collect(rows, err, scanPlanned)
}

// maxPlannedMS is the last millisecond of the year 9999: JSON (RFC 3339)
// cannot carry a later time, so no item is stored past it and every stored
// one can be listed.
const maxPlannedMS = 253402300799999

var errPlannedRange = errors.New("sqlstore: a scheduled time must be within the years 1970 to 9999")

// insertPlanned writes one item and fills its id, status and created_at.
func insertPlanned(ctx context.Context, q queryer, p *store.PlannedPost) error {
	if at := ms(p.GenerateAt); at < 0 || at > maxPlannedMS {
		return errPlannedRange
	}
	if p.Status == "" {
		p.Status = store.PlanPending
	}
	if p.CreatedAt.IsZero() {
		p.CreatedAt = time.Now().UTC()
	}
	var topic sql.NullString
	if p.Topic != "" {
		topic = sql.NullString{String: p.Topic, Valid: true}
	}
	var banners [9]sql.NullString
	for i, b := range p.Banners {
		if i == len(banners)/3 {
			break // at most 3 slots; callers validate first
		}
		banners[3*i], banners[3*i+1], banners[3*i+2] = nullString(b.ImageURL), nullString(b.Text), nullString(b.LinkURL)
	}
	args := []any{p.WorkspaceID, p.Category, topic, p.InputMode, ms(p.GenerateAt), p.Frequency, p.Status, p.GenerateImage}
	for _, b := range banners {
		args = append(args, b)
	}
	args = append(args, p.Error, ms(p.CreatedAt))
	return q.QueryRowContext(ctx,
		`INSERT INTO scheduled_posts (workspace_id, category, topic, input_mode, scheduled_for, frequency, status, generate_image,
		   banner1_html, banner1_text, banner1_link_url, banner2_html, banner2_text, banner2_link_url,
		   banner3_html, banner3_text, banner3_link_url, error, created_at)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id`,
		args...).Scan(&p.ID)
}

// CreatePlanned counts after inserting, inside the transaction holding
// each workspace's lock, so concurrent requests cannot together pass max.
func (d *DB) CreatePlanned(ctx context.Context, items []*store.PlannedPost, max int) error {
	if len(items) == 0 {
		return nil
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		workspaces := map[int64]bool{}
		for _, p := range items {
			if max > 0 && !workspaces[p.WorkspaceID] {
				if err := d.lockWorkspace(ctx, tx, p.WorkspaceID); err != nil {
					return err
				}
			}
			workspaces[p.WorkspaceID] = true
			if err := insertPlanned(ctx, tx, p); err != nil {
				return err
			}
		}
		for id := range workspaces {
			if err := checkPendingCap(ctx, tx, id, max); err != nil {
				return err
			}
		}
		return nil
	})
}

// checkPendingCap refuses with ErrLimit when the workspace holds more than
// max pending items (max <= 0: no cap).
func checkPendingCap(ctx context.Context, tx *sql.Tx, workspaceID int64, max int) error {
	if max <= 0 {
		return nil
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM scheduled_posts WHERE workspace_id = $1 AND status = $2`,
		workspaceID, store.PlanPending).Scan(&n); err != nil {
		return err
	}
	if n > max {
		return store.ErrLimit
	}
	return nil
}

func (d *DB) ListPlanned(ctx context.Context, workspaceID int64) ([]*store.PlannedPost, error) {
	return scanPlannedRows(d.db.QueryContext(ctx,
		`SELECT `+scheduledCols+` FROM scheduled_posts WHERE workspace_id = $1 ORDER BY scheduled_for, id`, workspaceID))
}

func (d *DB) GetPlanned(ctx context.Context, workspaceID, id int64) (*store.PlannedPost, error) {
	return scanPlanned(d.db.QueryRowContext(ctx,
		`SELECT `+scheduledCols+` FROM scheduled_posts WHERE workspace_id = $1 AND id = $2`, workspaceID, id))
}

func (d *DB) DeletePlanned(ctx context.Context, workspaceID, id int64) error {
	res, err := d.db.ExecContext(ctx, `DELETE FROM scheduled_posts WHERE workspace_id = $1 AND id = $2`, workspaceID, id)
	return affected(res, err)
}

// RetryPlanned is one conditional UPDATE (with the pending cap checked in
// the same transaction); only when it matches nothing do we look again to
// tell a missing item from one that is not failed.
func (d *DB) RetryPlanned(ctx context.Context, workspaceID, id int64, max int) (*store.PlannedPost, error) {
	var p *store.PlannedPost
	err := d.tx(ctx, func(tx *sql.Tx) error {
		if max > 0 {
			if err := d.lockWorkspace(ctx, tx, workspaceID); err != nil {
				return err
			}
		}
		var err error
		p, err = scanPlanned(tx.QueryRowContext(ctx,
			`UPDATE scheduled_posts SET status = $3, error = '', claimed_until = 0
			 WHERE workspace_id = $1 AND id = $2 AND status = $4 RETURNING `+scheduledCols,
			workspaceID, id, store.PlanPending, store.PlanFailed))
		if err != nil {
			return err
		}
		return checkPendingCap(ctx, tx, workspaceID, max)
	})
	if err != store.ErrNotFound {
		return p, err
	}
	if _, err := d.GetPlanned(ctx, workspaceID, id); err != nil {
		return nil, err
	}
	return nil, store.ErrConflict
}

// ClaimDuePlanned picks, leases and records the workspace's turn in one
// transaction. The candidates are ordered by their workspace's last turn
// (never served first), then by time, so claims go round-robin across
// workspaces. SQLite runs the transaction under its one write lock; on
// PostgreSQL the SELECT locks the row it picks and skips rows other
// instances are claiming at this moment (SKIP LOCKED), so concurrent
// claimers take different items instead of queueing behind one, and the
// UPDATE repeats the due test.
func (d *DB) ClaimDuePlanned(ctx context.Context, now, leaseUntil time.Time) (*store.PlannedPost, error) {
	lock := ""
	if d.dialect == "postgres" {
		lock = ` FOR UPDATE OF s SKIP LOCKED`
	}
	var p *store.PlannedPost
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx,
			`SELECT s.id FROM scheduled_posts s LEFT JOIN scheduler_turns t ON t.workspace_id = s.workspace_id
			 WHERE s.status = $2 AND s.scheduled_for <= $1 AND s.claimed_until < $1 AND `+notDeleting("s.workspace_id")+`
			 ORDER BY COALESCE(t.turn, 0), s.scheduled_for, s.id LIMIT 1`+lock, ms(now), store.PlanPending).Scan(&id)
		if err != nil {
			return notFound(err)
		}
		p, err = scanPlanned(tx.QueryRowContext(ctx,
			`UPDATE scheduled_posts SET claimed_until = $2 WHERE id = $1 AND status = $3 AND claimed_until < $4
			 RETURNING `+scheduledCols, id, ms(leaseUntil), store.PlanPending, ms(now)))
		if err != nil {
			return err
		}
		// WHERE true: SQLite needs it to read ON CONFLICT after a SELECT.
		_, err = tx.ExecContext(ctx,
			`INSERT INTO scheduler_turns (workspace_id, turn) SELECT $1, COALESCE(MAX(turn), 0) + 1 FROM scheduler_turns WHERE true
			 ON CONFLICT (workspace_id) DO UPDATE SET turn = excluded.turn`, p.WorkspaceID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// RenewPlanned uses the lease itself as the holder's token: after a
// reclaim or a finish it differs, and the renewal matches nothing.
func (d *DB) RenewPlanned(ctx context.Context, id int64, from, to time.Time) error {
	res, err := d.db.ExecContext(ctx,
		`UPDATE scheduled_posts SET claimed_until = $3 WHERE id = $1 AND status = $4 AND claimed_until = $2`,
		id, ms(from), ms(to), store.PlanPending)
	return affected(res, err)
}

// FinishPlanned keeps a recorded post when given none: the post a crashed
// run wrote stays the item's, so its retry completes without a second one.
func (d *DB) FinishPlanned(ctx context.Context, id int64, status, errText string, postID int64, next *store.PlannedPost) error {
	var post sql.NullInt64
	if postID != 0 {
		post = sql.NullInt64{Int64: postID, Valid: true}
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx,
			`UPDATE scheduled_posts SET status = $2, error = $3, post_id = COALESCE($4, post_id), claimed_until = 0
			 WHERE id = $1 AND status = $5`,
			id, status, errText, post, store.PlanPending)
		if err := affected(res, err); err != nil || next == nil {
			return err
		}
		// The flag flips once per item: a retried item that finishes
		// again does not add a second next occurrence.
		res, err = tx.ExecContext(ctx,
			`UPDATE scheduled_posts SET next_scheduled = $2 WHERE id = $1 AND next_scheduled = $3`, id, true, false)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		return insertPlanned(ctx, tx, next)
	})
}
