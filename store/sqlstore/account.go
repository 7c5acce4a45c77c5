package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/inkpress/inkpress/store"
)

const accountTokenCols = `token_hash, user_id, purpose, email, expires_at, used_at, created_at`

func scanAccountToken(row interface{ Scan(...any) error }) (*store.AccountToken, error) {
	var t store.AccountToken
	var exp, used, created int64
	if err := row.Scan(&t.TokenHash, &t.UserID, &t.Purpose, &t.Email, &exp, &used, &created); err != nil {
		return nil, notFound(err)
	}
	t.ExpiresAt, t.CreatedAt = fromMS(exp), fromMS(created)
	if used > 0 {
		t.UsedAt = fromMS(used)
	}
	return &t, nil
}

func (d *DB) CreateAccountToken(ctx context.Context, t *store.AccountToken) error {
	if t.CreatedAt.IsZero() {
		t.CreatedAt = time.Now().UTC()
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at = 0`,
			t.UserID, t.Purpose); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO account_tokens (`+accountTokenCols+`) VALUES ($1, $2, $3, $4, $5, 0, $6)`,
			t.TokenHash, t.UserID, t.Purpose, t.Email, ms(t.ExpiresAt), ms(t.CreatedAt))
		if isUnique(err) {
			return store.ErrConflict
		}
		return err
	})
}

func (d *DB) GetAccountToken(ctx context.Context, hash, purpose string, now time.Time) (*store.AccountToken, error) {
	return scanAccountToken(d.db.QueryRowContext(ctx, `SELECT `+accountTokenCols+` FROM account_tokens
		WHERE token_hash = $1 AND purpose = $2 AND used_at = 0 AND expires_at > $3`, hash, purpose, ms(now)))
}

func (d *DB) PendingEmailChange(ctx context.Context, userID int64, now time.Time) (*store.AccountToken, error) {
	return scanAccountToken(d.db.QueryRowContext(ctx, `SELECT `+accountTokenCols+` FROM account_tokens
		WHERE user_id = $1 AND purpose = $2 AND used_at = 0 AND expires_at > $3
		ORDER BY created_at DESC LIMIT 1`, userID, store.TokenChange, ms(now)))
}

// useToken marks the token used inside tx when it is usable. The
// conditions are in the UPDATE itself, so of two transactions racing for
// one token only one changes the row (PostgreSQL re-checks the WHERE after
// the first commits; SQLite runs one writer at a time).
func useToken(ctx context.Context, tx *sql.Tx, hash, purpose string, now time.Time) (*store.AccountToken, error) {
	return scanAccountToken(tx.QueryRowContext(ctx, `UPDATE account_tokens SET used_at = $1
		WHERE token_hash = $2 AND purpose = $3 AND used_at = 0 AND expires_at > $1
		RETURNING `+accountTokenCols, ms(now), hash, purpose))
}

func (d *DB) ResetPassword(ctx context.Context, hash, passwordHash string, now time.Time) (*store.User, error) {
	var u *store.User
	err := d.tx(ctx, func(tx *sql.Tx) error {
		t, err := useToken(ctx, tx, hash, store.TokenReset, now)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1,
			email_verified_at = CASE WHEN email = $2 AND email_verified_at = 0 THEN $3 ELSE email_verified_at END
			WHERE id = $4`, passwordHash, t.Email, ms(now), t.UserID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, t.UserID); err != nil {
			return err
		}
		// Every other reset link of the user is spent with this one.
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at = 0`,
			t.UserID, store.TokenReset); err != nil {
			return err
		}
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE id = $1`, t.UserID))
		return err
	})
	return u, err
}

func (d *DB) VerifyEmail(ctx context.Context, hash string, now time.Time) (*store.User, error) {
	var u *store.User
	err := d.tx(ctx, func(tx *sql.Tx) error {
		t, err := useToken(ctx, tx, hash, store.TokenVerify, now)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET email_verified_at = $1
			WHERE id = $2 AND email = $3 AND email_verified_at = 0`, ms(now), t.UserID, t.Email); err != nil {
			return err
		}
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE id = $1`, t.UserID))
		return err
	})
	return u, err
}

func (d *DB) ConfirmEmailChange(ctx context.Context, hash string, now time.Time) (*store.User, string, error) {
	var (
		u   *store.User
		old string
	)
	err := d.tx(ctx, func(tx *sql.Tx) error {
		t, err := useToken(ctx, tx, hash, store.TokenChange, now)
		if err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT email FROM users WHERE id = $1`, t.UserID).Scan(&old); err != nil {
			return notFound(err)
		}
		// A unique violation aborts a PostgreSQL transaction: look first;
		// the unique index still decides a race.
		var taken int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE email = $1 AND id <> $2`, t.Email, t.UserID).Scan(&taken); err != nil {
			return err
		}
		if taken > 0 {
			return store.ErrConflict
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET email = $1, email_verified_at = $2 WHERE id = $3`,
			t.Email, ms(now), t.UserID); err != nil {
			if isUnique(err) {
				return store.ErrConflict
			}
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_tokens WHERE user_id = $1 AND used_at = 0`, t.UserID); err != nil {
			return err
		}
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE id = $1`, t.UserID))
		return err
	})
	if err != nil {
		return nil, "", err
	}
	return u, old, nil
}

func (d *DB) ChangePassword(ctx context.Context, userID int64, passwordHash, keepSession string) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, passwordHash, userID)
		if err := affected(res, err); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, userID, keepSession); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND used_at = 0`,
			userID, store.TokenReset)
		return err
	})
}

func (d *DB) DeleteUserSessions(ctx context.Context, userID int64) (int64, error) {
	res, err := d.db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (d *DB) WorkspaceOwnerVerified(ctx context.Context, workspaceID int64) (bool, error) {
	var owned, verified sql.NullInt64
	err := d.db.QueryRowContext(ctx, `SELECT w.user_id, u.email_verified_at FROM workspaces w
		LEFT JOIN users u ON u.id = w.user_id WHERE w.id = $1`, workspaceID).Scan(&owned, &verified)
	if errors.Is(err, sql.ErrNoRows) {
		return false, store.ErrNotFound
	}
	if err != nil {
		return false, err
	}
	if !owned.Valid {
		// A blog without an owner is the platform's own, run by admins.
		return true, nil
	}
	return verified.Valid && verified.Int64 > 0, nil
}

func (d *DB) PruneAccountTokens(ctx context.Context, before time.Time) (int64, error) {
	res, err := d.db.ExecContext(ctx, `DELETE FROM account_tokens WHERE expires_at < $1`, ms(before))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
