package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/inkpress/inkpress/store"
)

const pageCols = `page_key, workspace_id, status, content_type, csp, etag, last_modified, body, gzip, version, build, rendered_at, post_id`

func (d *DB) GetPage(ctx context.Context, workspaceID int64, key string) (*store.RenderedPage, error) {
	var p store.RenderedPage
	var lm, at int64
	// The body only when there is no gzip copy (see RenderedPage.Gzip).
	err := d.db.QueryRowContext(ctx, `SELECT page_key, workspace_id, status, content_type, csp, etag, last_modified,
		CASE WHEN gzip IS NULL THEN body END, gzip, version, build, rendered_at, post_id
		FROM rendered_pages WHERE page_key = $1 AND workspace_id = $2`, key, workspaceID).Scan(
		&p.Key, &p.WorkspaceID, &p.Status, &p.ContentType, &p.CSP, &p.ETag, &lm, &p.Body, &p.Gzip, &p.Version, &p.Build, &at, &p.PostID)
	if err != nil {
		return nil, notFound(err)
	}
	if lm != 0 {
		p.LastModified = fromMS(lm)
	}
	p.RenderedAt = fromMS(at)
	return &p, nil
}

func (d *DB) PutPage(ctx context.Context, p *store.RenderedPage) error {
	var lm int64
	if !p.LastModified.IsZero() {
		lm = ms(p.LastModified)
	}
	body := p.Body
	if body == nil {
		// A page read back holds its gzip copy alone (store.RenderedPage.Gzip):
		// stored again, it has no body of its own, and is read back the same.
		body = []byte{}
	}
	_, err := d.db.ExecContext(ctx, `INSERT INTO rendered_pages (`+pageCols+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (page_key) DO UPDATE SET workspace_id = excluded.workspace_id, status = excluded.status,
		  content_type = excluded.content_type, csp = excluded.csp, etag = excluded.etag,
		  last_modified = excluded.last_modified, body = excluded.body, gzip = excluded.gzip,
		  version = excluded.version, build = excluded.build, rendered_at = excluded.rendered_at, post_id = excluded.post_id`,
		p.Key, p.WorkspaceID, p.Status, p.ContentType, p.CSP, p.ETag, lm, body, p.Gzip, p.Version, p.Build, ms(p.RenderedAt), p.PostID)
	return err
}

func (d *DB) DeletePages(ctx context.Context, workspaceID int64, keys []string) error {
	for len(keys) > 0 {
		n := min(len(keys), 200)
		ph, args := valueList(keys[:n], 2)
		args = append([]any{workspaceID}, args...)
		if _, err := d.db.ExecContext(ctx, `DELETE FROM rendered_pages WHERE workspace_id = $1 AND page_key IN (`+ph+`)`, args...); err != nil {
			return err
		}
		keys = keys[n:]
	}
	return nil
}

func (d *DB) OutdatePages(ctx context.Context, workspaceID int64, keys []string, build string) error {
	for len(keys) > 0 {
		n := min(len(keys), 200)
		ph, args := valueList(keys[:n], 3)
		args = append([]any{workspaceID, build}, args...)
		// One statement: a page rendered meanwhile is marked too (its
		// reader makes it again), never overwritten by an older copy.
		if _, err := d.db.ExecContext(ctx, `UPDATE rendered_pages SET build = $2 WHERE workspace_id = $1 AND page_key IN (`+ph+`)`, args...); err != nil {
			return err
		}
		keys = keys[n:]
	}
	return nil
}

func (d *DB) PageKeys(ctx context.Context, workspaceID int64, limit int) ([]string, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT page_key FROM rendered_pages WHERE workspace_id = $1 ORDER BY page_key LIMIT $2`,
		workspaceID, limit)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (string, error) {
		var k string
		return k, row.Scan(&k)
	})
}

func (d *DB) OutdatedPages(ctx context.Context, build string, limit int) ([]store.PageRef, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT page_key, workspace_id FROM rendered_pages WHERE build <> $1 LIMIT $2`, build, limit)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (store.PageRef, error) {
		var r store.PageRef
		return r, row.Scan(&r.Key, &r.WorkspaceID)
	})
}

// QueueRenders upserts one row per page: queued again, a job keeps the
// higher priority, becomes claimable at once and gets a new seq (a render
// running from an older claim will not finish it).
func (d *DB) QueueRenders(ctx context.Context, jobs []store.RenderJob) error {
	if len(jobs) == 0 {
		return nil
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		for _, j := range jobs {
			at := j.QueuedAt
			if at.IsZero() {
				at = time.Now()
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO render_jobs (page_key, workspace_id, priority, reason, queued_at)
				VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (page_key) DO UPDATE SET
				  priority = CASE WHEN excluded.priority > render_jobs.priority THEN excluded.priority ELSE render_jobs.priority END,
				  reason = CASE WHEN excluded.priority > render_jobs.priority THEN excluded.reason ELSE render_jobs.reason END,
				  claimed_until = 0, seq = render_jobs.seq + 1`,
				j.Key, j.WorkspaceID, j.Priority, j.Reason, ms(at)); err != nil {
				return err
			}
		}
		return nil
	})
}

// ClaimRenders leases jobs as ClaimDeliveries leases mail: a materialized
// pick (skipping rows another claim holds locked on PostgreSQL), then one
// UPDATE that checks the condition again.
func (d *DB) ClaimRenders(ctx context.Context, now, leaseUntil time.Time, limit int) ([]store.RenderJob, error) {
	if limit <= 0 {
		return nil, nil
	}
	lock := ""
	if d.dialect == "postgres" {
		lock = ` FOR UPDATE SKIP LOCKED`
	}
	rows, err := d.db.QueryContext(ctx, `WITH picked AS MATERIALIZED (
		  SELECT page_key FROM render_jobs WHERE claimed_until < $2 ORDER BY priority DESC, queued_at LIMIT $3`+lock+`)
		UPDATE render_jobs SET claimed_until = $1
		WHERE page_key IN (SELECT page_key FROM picked) AND claimed_until < $2
		RETURNING page_key, workspace_id, priority, reason, queued_at, seq`, ms(leaseUntil), ms(now), limit)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (store.RenderJob, error) {
		var j store.RenderJob
		var at int64
		err := row.Scan(&j.Key, &j.WorkspaceID, &j.Priority, &j.Reason, &at, &j.Seq)
		j.QueuedAt = fromMS(at)
		return j, err
	})
}

func (d *DB) FinishRender(ctx context.Context, key string, seq int64) error {
	_, err := d.db.ExecContext(ctx, `DELETE FROM render_jobs WHERE page_key = $1 AND seq = $2`, key, seq)
	return err
}

func (d *DB) QueuedRenders(ctx context.Context) (int, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM render_jobs`).Scan(&n)
	return n, err
}
