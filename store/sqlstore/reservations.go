package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/inkpress/inkpress/store"
)

// forUpdate locks the rows a SELECT reads until the transaction ends on
// PostgreSQL; SQLite's transactions already hold the one write lock.
func (d *DB) forUpdate() string {
	if d.dialect == "postgres" {
		return ` FOR UPDATE`
	}
	return ""
}

// Reserve takes the usage and records the reservation in one transaction,
// so no reservation exists without its usage or the other way round.
func (d *DB) Reserve(ctx context.Context, r *store.Reservation) (*store.Usage, error) {
	var u *store.Usage
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if u, err = reserveUsage(ctx, tx, r.WorkspaceID, r.Month, r.Posts, r.Images); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx,
			`INSERT INTO usage_reservations (workspace_id, month, posts, images, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			r.WorkspaceID, r.Month, r.Posts, r.Images, ms(r.ExpiresAt)).Scan(&r.ID)
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

func (d *DB) RenewReservation(ctx context.Context, id int64, expiresAt time.Time) error {
	res, err := d.db.ExecContext(ctx, `UPDATE usage_reservations SET expires_at = $2 WHERE id = $1`, id, ms(expiresAt))
	return affected(res, err)
}

// ReleaseReservation locks the reservation first, so a concurrent sweep or
// commit of the same one either happened before (ErrNotFound) or waits.
func (d *DB) ReleaseReservation(ctx context.Context, id int64, posts, images int) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		var r store.Reservation
		err := tx.QueryRowContext(ctx,
			`SELECT workspace_id, month, posts, images FROM usage_reservations WHERE id = $1`+d.forUpdate(), id).
			Scan(&r.WorkspaceID, &r.Month, &r.Posts, &r.Images)
		if err != nil {
			return notFound(err)
		}
		posts, images = max(0, min(posts, r.Posts)), max(0, min(images, r.Images))
		if err := releaseUsage(ctx, tx, r.WorkspaceID, r.Month, posts, images); err != nil {
			return err
		}
		if posts == r.Posts && images == r.Images {
			_, err = tx.ExecContext(ctx, `DELETE FROM usage_reservations WHERE id = $1`, id)
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE usage_reservations SET posts = posts - $2, images = images - $3 WHERE id = $1`,
				id, posts, images)
		}
		return err
	})
}

// SweepReservations deletes the expired rows and gives their usage back in
// one transaction. The DELETE is the claim: a row is deleted (and returned)
// by one transaction only; on PostgreSQL SKIP LOCKED lets a concurrent
// sweeper pass over rows another one holds instead of waiting on them.
func (d *DB) SweepReservations(ctx context.Context, now time.Time) (int, error) {
	lock := ""
	if d.dialect == "postgres" {
		lock = ` ORDER BY id FOR UPDATE SKIP LOCKED`
	}
	var n int
	err := d.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx,
			`DELETE FROM usage_reservations WHERE id IN (SELECT id FROM usage_reservations WHERE expires_at < $1`+lock+`)
			 RETURNING workspace_id, month, posts, images`, ms(now))
		if err != nil {
			return err
		}
		var expired []store.Reservation
		for rows.Next() {
			var r store.Reservation
			if err := rows.Scan(&r.WorkspaceID, &r.Month, &r.Posts, &r.Images); err != nil {
				rows.Close()
				return err
			}
			expired = append(expired, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, r := range expired {
			if err := releaseUsage(ctx, tx, r.WorkspaceID, r.Month, r.Posts, r.Images); err != nil {
				return err
			}
		}
		n = len(expired)
		return nil
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}

// createGeneratedPost inserts a generated post, records it on its scheduled
// item and commits its usage reservation in one transaction: a crash keeps
// all of it or none, so a retried item never makes a second post and the
// month's counters count exactly the posts written.
func (d *DB) createGeneratedPost(ctx context.Context, p *store.Post) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		mark := false
		if p.PlannedID != 0 {
			var post sql.NullInt64
			err := tx.QueryRowContext(ctx, `SELECT post_id FROM scheduled_posts WHERE id = $1`+d.forUpdate(), p.PlannedID).Scan(&post)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				// Deleted while generating: the post is still the owner's.
			case err != nil:
				return err
			case post.Valid:
				return store.ErrAlreadyDone
			default:
				mark = true
			}
		}
		if p.JobID != 0 {
			var post sql.NullInt64
			err := tx.QueryRowContext(ctx, `SELECT post_id FROM generation_jobs WHERE id = $1`+d.forUpdate(), p.JobID).Scan(&post)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			if post.Valid {
				return store.ErrAlreadyDone
			}
		}
		if err := insertPost(ctx, tx, p); err != nil {
			return err
		}
		if p.JobID != 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE generation_jobs SET post_id = $2 WHERE id = $1`, p.JobID, p.ID); err != nil {
				return err
			}
		}
		if mark {
			if _, err := tx.ExecContext(ctx, `UPDATE scheduled_posts SET post_id = $2 WHERE id = $1`, p.PlannedID, p.ID); err != nil {
				return err
			}
		}
		if p.ReservationID == 0 {
			return nil
		}
		// Gone means swept: its usage went back, so this post is not written.
		res, err := tx.ExecContext(ctx, `DELETE FROM usage_reservations WHERE id = $1`, p.ReservationID)
		return affected(res, err)
	})
}

func (d *DB) CommitReservation(ctx context.Context, id int64) error {
	res, err := d.db.ExecContext(ctx, `DELETE FROM usage_reservations WHERE id = $1`, id)
	return affected(res, err)
}
