package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/inkpress/inkpress/store"
)

const jobCols = `id, workspace_id, kind, status, stage, input, owner_admin, reservation_id, post_id, error, image_error,
	cancel_requested, attempts, claimed_until, created_at, started_at, finished_at`

func scanJob(row interface{ Scan(...any) error }) (*store.Job, error) {
	var j store.Job
	var post sql.NullInt64
	var claimed, created, started, finished int64
	if err := row.Scan(&j.ID, &j.WorkspaceID, &j.Kind, &j.Status, &j.Stage, &j.Input, &j.OwnerAdmin, &j.ReservationID, &post,
		&j.Error, &j.ImageError, &j.CancelRequested, &j.Attempts, &claimed, &created, &started, &finished); err != nil {
		return nil, notFound(err)
	}
	j.PostID = post.Int64
	j.ClaimedUntil, j.CreatedAt = fromMS(claimed), fromMS(created)
	if started != 0 {
		j.StartedAt = fromMS(started)
	}
	if finished != 0 {
		j.FinishedAt = fromMS(finished)
	}
	return &j, nil
}

func (d *DB) CreateJob(ctx context.Context, j *store.Job, max int) error {
	if j.CreatedAt.IsZero() {
		j.CreatedAt = time.Now().UTC()
	}
	j.Status = store.JobQueued
	return d.tx(ctx, func(tx *sql.Tx) error {
		if max > 0 {
			// Locking the workspace row makes concurrent checks take turns.
			if _, err := tx.ExecContext(ctx, `UPDATE workspaces SET id = id WHERE id = $1`, j.WorkspaceID); err != nil {
				return err
			}
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM generation_jobs WHERE workspace_id = $1 AND status IN ($2, $3)`,
				j.WorkspaceID, store.JobQueued, store.JobRunning).Scan(&n); err != nil {
				return err
			}
			if n >= max {
				return store.ErrLimit
			}
		}
		return tx.QueryRowContext(ctx,
			`INSERT INTO generation_jobs (workspace_id, kind, status, input, owner_admin, reservation_id, created_at)
			 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
			j.WorkspaceID, j.Kind, j.Status, j.Input, j.OwnerAdmin, j.ReservationID, ms(j.CreatedAt)).Scan(&j.ID)
	})
}

func (d *DB) GetJob(ctx context.Context, workspaceID, id int64) (*store.Job, error) {
	return scanJob(d.db.QueryRowContext(ctx, `SELECT `+jobCols+` FROM generation_jobs WHERE workspace_id = $1 AND id = $2`, workspaceID, id))
}

func (d *DB) ListJobs(ctx context.Context, workspaceID int64, limit int) ([]*store.Job, error) {
	rows, err := d.db.QueryContext(ctx,
		`SELECT `+jobCols+` FROM generation_jobs WHERE workspace_id = $1 ORDER BY id DESC LIMIT $2`, workspaceID, limit)
	return collect(rows, err, scanJob)
}

// ClaimJob picks, leases and records the workspace's turn in one
// transaction (round-robin across workspaces, as ClaimDuePlanned); on
// PostgreSQL the pick skips rows another claim has locked, and the update
// re-checks that the job is still claimable, so a job is never taken twice.
func (d *DB) ClaimJob(ctx context.Context, c store.JobClaim) (*store.Job, error) {
	lock := ""
	if d.dialect == "postgres" {
		lock = ` FOR UPDATE OF j SKIP LOCKED`
	}
	now, leaseUntil, perWorkspace := c.Now, c.LeaseUntil, c.PerWorkspace
	var j *store.Job
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var id, wsID int64
		err := tx.QueryRowContext(ctx,
			`SELECT j.id, j.workspace_id FROM generation_jobs j
			 JOIN workspaces w ON w.id = j.workspace_id
			 LEFT JOIN generation_turns t ON t.workspace_id = j.workspace_id
			 WHERE (j.status = $2 OR (j.status = $3 AND j.claimed_until < $1)) AND w.status <> '`+store.WorkspaceDeleting+`'
			   AND (SELECT COUNT(*) FROM generation_jobs r
			        WHERE r.workspace_id = j.workspace_id AND r.status = $3 AND r.claimed_until >= $1) < $4
			 ORDER BY CASE WHEN $5 > 0 AND w.plan_tier = $6 AND w.created_at > $7
			            AND (SELECT COUNT(*) FROM generation_jobs q WHERE q.status = $2) >= $5 THEN 1 ELSE 0 END,
			   COALESCE(t.turn, 0), j.created_at, j.id LIMIT 1`+lock,
			ms(now), store.JobQueued, store.JobRunning, perWorkspace, c.LongQueue, c.TrialTier, ms(c.TrialSince)).Scan(&id, &wsID)
		if err != nil {
			return notFound(err)
		}
		if d.dialect == "postgres" {
			// Two claims of one workspace's jobs at once could each see a
			// free slot: the workspace's row makes them take turns, and the
			// second counts again.
			if _, err := tx.ExecContext(ctx, `SELECT id FROM workspaces WHERE id = $1 FOR UPDATE`, wsID); err != nil {
				return err
			}
			var running int
			if err := tx.QueryRowContext(ctx,
				`SELECT COUNT(*) FROM generation_jobs WHERE workspace_id = $1 AND status = $2 AND claimed_until >= $3`,
				wsID, store.JobRunning, ms(now)).Scan(&running); err != nil {
				return err
			}
			if running >= perWorkspace {
				return store.ErrNotFound
			}
		}
		j, err = scanJob(tx.QueryRowContext(ctx,
			`UPDATE generation_jobs SET status = $2, claimed_until = $3, attempts = attempts + 1,
			   started_at = CASE WHEN started_at = 0 THEN $4 ELSE started_at END
			 WHERE id = $1 AND (status = $5 OR (status = $2 AND claimed_until < $4))
			 RETURNING `+jobCols, id, store.JobRunning, ms(leaseUntil), ms(now), store.JobQueued))
		if err != nil {
			return err
		}
		// WHERE true: SQLite needs it to read ON CONFLICT after a SELECT.
		_, err = tx.ExecContext(ctx,
			`INSERT INTO generation_turns (workspace_id, turn) SELECT $1, COALESCE(MAX(turn), 0) + 1 FROM generation_turns WHERE true
			 ON CONFLICT (workspace_id) DO UPDATE SET turn = excluded.turn`, wsID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return j, nil
}

func (d *DB) RenewJob(ctx context.Context, id int64, from, to time.Time) (bool, error) {
	var cancel bool
	err := d.db.QueryRowContext(ctx,
		`UPDATE generation_jobs SET claimed_until = $3 WHERE id = $1 AND status = $4 AND claimed_until = $2
		 RETURNING cancel_requested`, id, ms(from), ms(to), store.JobRunning).Scan(&cancel)
	return cancel, notFound(err)
}

func (d *DB) SetJobStage(ctx context.Context, id int64, lease time.Time, stage string) error {
	res, err := d.db.ExecContext(ctx,
		`UPDATE generation_jobs SET stage = $3 WHERE id = $1 AND status = $4 AND claimed_until = $2`,
		id, ms(lease), stage, store.JobRunning)
	return affected(res, err)
}

func (d *DB) SetJobReservation(ctx context.Context, id, reservationID int64) error {
	res, err := d.db.ExecContext(ctx, `UPDATE generation_jobs SET reservation_id = $2 WHERE id = $1`, id, reservationID)
	return affected(res, err)
}

func (d *DB) FinishJob(ctx context.Context, id int64, status, errText, imageError string, at time.Time) error {
	res, err := d.db.ExecContext(ctx,
		`UPDATE generation_jobs SET status = $2, error = $3, image_error = $4, finished_at = $5, claimed_until = 0
		 WHERE id = $1 AND status IN ($6, $7)`,
		id, status, errText, imageError, ms(at), store.JobQueued, store.JobRunning)
	return affected(res, err)
}

func (d *DB) CancelJob(ctx context.Context, workspaceID, id int64, errText string, at time.Time) (*store.Job, error) {
	var j *store.Job
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var err error
		j, err = scanJob(tx.QueryRowContext(ctx,
			`SELECT `+jobCols+` FROM generation_jobs WHERE workspace_id = $1 AND id = $2`+d.forUpdate(), workspaceID, id))
		if err != nil {
			return err
		}
		switch j.Status {
		case store.JobQueued:
			j.Status, j.FinishedAt, j.Error = store.JobCanceled, at, errText
			_, err = tx.ExecContext(ctx, `UPDATE generation_jobs SET status = $2, finished_at = $3, error = $4 WHERE id = $1`,
				id, store.JobCanceled, ms(at), errText)
		case store.JobRunning:
			j.CancelRequested = true
			_, err = tx.ExecContext(ctx, `UPDATE generation_jobs SET cancel_requested = $2 WHERE id = $1`, id, true)
		default:
			err = store.ErrConflict
		}
		return err
	})
	return j, err
}

func (d *DB) PruneJobs(ctx context.Context, before time.Time) (int64, error) {
	res, err := d.db.ExecContext(ctx,
		`DELETE FROM generation_jobs WHERE status IN ($1, $2, $3) AND finished_at > 0 AND finished_at < $4`,
		store.JobSucceeded, store.JobFailed, store.JobCanceled, ms(before))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
