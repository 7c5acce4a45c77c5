package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/inkpress/inkpress/store"
)

// notDeleting is the condition that the workspace of column is not in its
// owner's deletion grace: its timed work (scheduled posts, planned and
// queued generations, newsletters and their mail) waits meanwhile, and
// goes on if the account is restored.
func notDeleting(column string) string {
	return column + ` NOT IN (SELECT id FROM workspaces WHERE status = '` + store.WorkspaceDeleting + `')`
}

const deletionCols = `user_id, requested_at, purge_at, claimed_until, attempts, last_error`

func scanDeletion(row interface{ Scan(...any) error }) (*store.AccountDeletion, error) {
	var d store.AccountDeletion
	var req, purge, claimed int64
	if err := row.Scan(&d.UserID, &req, &purge, &claimed, &d.Attempts, &d.LastError); err != nil {
		return nil, notFound(err)
	}
	d.RequestedAt, d.PurgeAt, d.ClaimedUntil = fromMS(req), fromMS(purge), fromMS(claimed)
	return &d, nil
}

func ownedIDs(ctx context.Context, q queryer, userID int64) ([]int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT id FROM workspaces WHERE user_id = $1 ORDER BY id`, userID)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	})
}

// RequestDeletion counts the other admins under a lock on PostgreSQL (the
// admins' role rows), so two admins deleting themselves at once cannot
// both pass for "another admin remains"; SQLite has one writer.
func (d *DB) RequestDeletion(ctx context.Context, userID int64, at, purgeAt time.Time) ([]int64, error) {
	var ids []int64
	err := d.tx(ctx, func(tx *sql.Tx) error {
		if d.dialect == "postgres" {
			if _, err := tx.ExecContext(ctx, `SELECT user_id FROM user_roles WHERE role = $1 FOR UPDATE`, store.RoleAdmin); err != nil {
				return err
			}
		}
		var admin, others int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_roles WHERE user_id = $1 AND role = $2`,
			userID, store.RoleAdmin).Scan(&admin); err != nil {
			return err
		}
		if admin > 0 {
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_roles r WHERE r.role = $1 AND r.user_id <> $2
				AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = r.user_id)`,
				store.RoleAdmin, userID).Scan(&others); err != nil {
				return err
			}
			if others == 0 {
				return store.ErrLastAdmin
			}
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM account_deletions WHERE user_id = $1`, userID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return store.ErrConflict
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO account_deletions (user_id, requested_at, purge_at) VALUES ($1, $2, $3)`,
			userID, ms(at), ms(purgeAt)); err != nil {
			if isUnique(err) {
				return store.ErrConflict
			}
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE workspaces SET status = $1 WHERE user_id = $2`, store.WorkspaceDeleting, userID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID); err != nil {
			return err
		}
		var err error
		ids, err = ownedIDs(ctx, tx, userID)
		return err
	})
	return ids, err
}

func (d *DB) GetDeletion(ctx context.Context, userID int64) (*store.AccountDeletion, error) {
	return scanDeletion(d.db.QueryRowContext(ctx, `SELECT `+deletionCols+` FROM account_deletions WHERE user_id = $1`, userID))
}

func (d *DB) CancelDeletion(ctx context.Context, userID int64, now time.Time) ([]int64, error) {
	var ids []int64
	err := d.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM account_deletions WHERE user_id = $1 AND purge_at > $2 AND claimed_until < $2`,
			userID, ms(now))
		if err := affected(res, err); errors.Is(err, store.ErrNotFound) {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM account_deletions WHERE user_id = $1`, userID).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return store.ErrConflict
			}
			return store.ErrNotFound
		} else if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE workspaces SET status = $1 WHERE user_id = $2 AND status = $3`,
			store.WorkspaceActive, userID, store.WorkspaceDeleting); err != nil {
			return err
		}
		ids, err = ownedIDs(ctx, tx, userID)
		return err
	})
	return ids, err
}

// ClaimDeletion picks and leases in one transaction; on PostgreSQL the pick
// skips rows another claim holds and the UPDATE checks the row again.
func (d *DB) ClaimDeletion(ctx context.Context, now, leaseUntil time.Time) (*store.AccountDeletion, error) {
	lock := ""
	if d.dialect == "postgres" {
		lock = ` FOR UPDATE SKIP LOCKED`
	}
	var out *store.AccountDeletion
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var id int64
		if err := tx.QueryRowContext(ctx, `SELECT user_id FROM account_deletions WHERE purge_at <= $1 AND claimed_until < $1
			ORDER BY purge_at, user_id LIMIT 1`+lock, ms(now)).Scan(&id); err != nil {
			return notFound(err)
		}
		var err error
		out, err = scanDeletion(tx.QueryRowContext(ctx, `UPDATE account_deletions SET claimed_until = $2, attempts = attempts + 1
			WHERE user_id = $1 AND purge_at <= $3 AND claimed_until < $3 RETURNING `+deletionCols, id, ms(leaseUntil), ms(now)))
		return err
	})
	return out, err
}

func (d *DB) RenewDeletion(ctx context.Context, userID int64, from, to time.Time) error {
	res, err := d.db.ExecContext(ctx, `UPDATE account_deletions SET claimed_until = $3 WHERE user_id = $1 AND claimed_until = $2`,
		userID, ms(from), ms(to))
	return affected(res, err)
}

func (d *DB) FailDeletion(ctx context.Context, userID int64, errText string, retryAt time.Time) error {
	_, err := d.db.ExecContext(ctx, `UPDATE account_deletions SET last_error = $2, claimed_until = $3 WHERE user_id = $1`,
		userID, errText, ms(retryAt))
	return err
}

func (d *DB) OwnedWorkspaces(ctx context.Context, userID int64) ([]*store.Workspace, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+workspaceCols+` FROM workspaces WHERE user_id = $1 ORDER BY id`, userID)
	return collect(rows, err, scanWorkspace)
}

func (d *DB) MediaFileKeys(ctx context.Context, workspaceID int64, after string, limit int) ([]string, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT file_key FROM media_files WHERE workspace_id = $1 AND file_key > $2
		ORDER BY file_key LIMIT $3`, workspaceID, after, limit)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (string, error) {
		var k string
		return k, row.Scan(&k)
	})
}

// PurgeAccount leans on the schema: every tenant table's rows go with
// their workspace (ON DELETE CASCADE) and every account table's with the
// user. What no foreign key ties to them is deleted first: view counts
// (keyed by post), the certificates of their custom domains (keyed by
// name) and account mail (addressed to the user, no workspace).
func (d *DB) PurgeAccount(ctx context.Context, userID int64) error {
	contains := `instr(key, $1) > 0`
	if d.dialect == "postgres" {
		contains = `strpos(key, $1) > 0`
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+workspaceCols+` FROM workspaces WHERE user_id = $1`, userID)
		workspaces, err := collect(rows, err, scanWorkspace)
		if err != nil {
			return err
		}
		for _, ws := range workspaces {
			// The view counts keep no foreign key (a view of a post deleted meanwhile must not fail its batch).
			if _, err := tx.ExecContext(ctx, `DELETE FROM post_views WHERE post_id IN (SELECT id FROM blog_posts WHERE workspace_id = $1)`,
				ws.ID); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM post_daily_views WHERE workspace_id = $1`, ws.ID); err != nil {
				return err
			}
			if ws.CustomDomain != "" {
				// certmagic's keys: certificates/{issuer}/{name}/{name}.crt, ocsp/{name}-{hash}.
				for _, part := range []string{"/" + ws.CustomDomain + "/", "ocsp/" + ws.CustomDomain + "-"} {
					if _, err := tx.ExecContext(ctx, `DELETE FROM certificates WHERE `+contains, part); err != nil {
						return err
					}
				}
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM workspaces WHERE id = $1`, ws.ID); err != nil {
				return err
			}
		}
		var email string
		err = tx.QueryRowContext(ctx, `SELECT email FROM users WHERE id = $1`, userID).Scan(&email)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM mail_messages WHERE workspace_id IS NULL
			AND id IN (SELECT message_id FROM mail_deliveries WHERE to_addr = $1)`, email); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM users WHERE id = $1`, userID)
		return err
	})
}

const exportCols = `user_id, workspace_id, status, file_key, file_size, requested_at, finished_at, expires_at, claimed_until, attempts, error`

func scanExport(row interface{ Scan(...any) error }) (*store.DataExport, error) {
	var e store.DataExport
	var req, fin, exp, claimed int64
	if err := row.Scan(&e.UserID, &e.WorkspaceID, &e.Status, &e.FileKey, &e.FileSize, &req, &fin, &exp, &claimed,
		&e.Attempts, &e.Error); err != nil {
		return nil, notFound(err)
	}
	e.RequestedAt, e.FinishedAt, e.ExpiresAt, e.ClaimedUntil = fromMS(req), fromMSOrZero(fin), fromMSOrZero(exp), fromMS(claimed)
	return &e, nil
}

// RequestExport replaces the user's row only when it is finished: the
// condition is in the statement, so of two requests at once one queues.
func (d *DB) RequestExport(ctx context.Context, userID, workspaceID int64, at time.Time) (*store.DataExport, error) {
	var prev *store.DataExport
	err := d.tx(ctx, func(tx *sql.Tx) error {
		old, err := scanExport(tx.QueryRowContext(ctx, `SELECT `+exportCols+` FROM data_exports WHERE user_id = $1`, userID))
		switch {
		case errors.Is(err, store.ErrNotFound):
			_, err := tx.ExecContext(ctx, `INSERT INTO data_exports (user_id, workspace_id, status, requested_at) VALUES ($1, $2, $3, $4)`,
				userID, workspaceID, store.ExportQueued, ms(at))
			if isUnique(err) {
				return store.ErrConflict
			}
			return err
		case err != nil:
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE data_exports SET workspace_id = $2, status = $3, file_key = '', file_size = 0,
			requested_at = $4, finished_at = 0, expires_at = 0, claimed_until = 0, attempts = 0, error = ''
			WHERE user_id = $1 AND status IN ($5, $6)`, userID, workspaceID, store.ExportQueued, ms(at), store.ExportReady, store.ExportFailed)
		if err := affected(res, err); errors.Is(err, store.ErrNotFound) {
			return store.ErrConflict
		} else if err != nil {
			return err
		}
		prev = old
		return nil
	})
	return prev, err
}

func (d *DB) GetExport(ctx context.Context, userID int64) (*store.DataExport, error) {
	return scanExport(d.db.QueryRowContext(ctx, `SELECT `+exportCols+` FROM data_exports WHERE user_id = $1`, userID))
}

func (d *DB) ClaimExport(ctx context.Context, now, leaseUntil time.Time) (*store.DataExport, error) {
	lock := ""
	if d.dialect == "postgres" {
		lock = ` FOR UPDATE SKIP LOCKED`
	}
	const claimable = `(status = $2 OR (status = $3 AND claimed_until < $1))`
	var out *store.DataExport
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var id int64
		if err := tx.QueryRowContext(ctx, `SELECT user_id FROM data_exports WHERE `+claimable+`
			ORDER BY requested_at, user_id LIMIT 1`+lock, ms(now), store.ExportQueued, store.ExportRunning).Scan(&id); err != nil {
			return notFound(err)
		}
		var err error
		out, err = scanExport(tx.QueryRowContext(ctx, `UPDATE data_exports SET status = $3, claimed_until = $4, attempts = attempts + 1
			WHERE user_id = $5 AND `+claimable+` RETURNING `+exportCols, ms(now), store.ExportQueued, store.ExportRunning, ms(leaseUntil), id))
		return err
	})
	return out, err
}

func (d *DB) RenewExport(ctx context.Context, userID int64, from, to time.Time) error {
	res, err := d.db.ExecContext(ctx, `UPDATE data_exports SET claimed_until = $3 WHERE user_id = $1 AND status = $4 AND claimed_until = $2`,
		userID, ms(from), ms(to), store.ExportRunning)
	return affected(res, err)
}

func (d *DB) FinishExport(ctx context.Context, e *store.DataExport, lease time.Time) error {
	res, err := d.db.ExecContext(ctx, `UPDATE data_exports SET status = $3, file_key = $4, file_size = $5, finished_at = $6,
		expires_at = $7, error = $8, claimed_until = 0 WHERE user_id = $1 AND status = $9 AND claimed_until = $2`,
		e.UserID, ms(lease), e.Status, e.FileKey, e.FileSize, msOrZero(e.FinishedAt), msOrZero(e.ExpiresAt), e.Error, store.ExportRunning)
	return affected(res, err)
}

func (d *DB) ExpiredExports(ctx context.Context, now time.Time, limit int) ([]*store.DataExport, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+exportCols+` FROM data_exports WHERE status IN ($2, $3) AND expires_at > 0 AND expires_at <= $1
		ORDER BY expires_at LIMIT $4`, ms(now), store.ExportReady, store.ExportFailed, limit)
	return collect(rows, err, scanExport)
}

func (d *DB) DeleteExport(ctx context.Context, userID int64, requestedAt time.Time) error {
	_, err := d.db.ExecContext(ctx, `DELETE FROM data_exports WHERE user_id = $1 AND requested_at = $2`, userID, ms(requestedAt))
	return err
}
