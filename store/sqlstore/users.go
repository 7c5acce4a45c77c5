package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

const userCols = `id, email, name, password_hash, created_at, email_verified_at`

func scanUser(row interface{ Scan(...any) error }) (*store.User, error) {
	var u store.User
	var created, verified int64
	if err := row.Scan(&u.ID, &u.Email, &u.Name, &u.PasswordHash, &created, &verified); err != nil {
		return nil, notFound(err)
	}
	u.CreatedAt, u.EmailVerified = fromMS(created), verified > 0
	return &u, nil
}

func insertUser(ctx context.Context, q queryer, u *store.User) error {
	if u.CreatedAt.IsZero() {
		u.CreatedAt = time.Now().UTC()
	}
	var verified int64
	if u.EmailVerified {
		verified = ms(u.CreatedAt)
	}
	err := q.QueryRowContext(ctx,
		`INSERT INTO users (email, name, password_hash, created_at, email_verified_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		u.Email, u.Name, u.PasswordHash, ms(u.CreatedAt), verified).Scan(&u.ID)
	if isUnique(err) {
		return store.ErrConflict
	}
	return err
}

func (d *DB) CreateUser(ctx context.Context, u *store.User) error { return insertUser(ctx, d.db, u) }

func (d *DB) GetUser(ctx context.Context, id int64) (*store.User, error) {
	return scanUser(d.db.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE id = $1`, id))
}

func (d *DB) GetUserByEmail(ctx context.Context, email string) (*store.User, error) {
	return scanUser(d.db.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE email = $1`, email))
}

func (d *DB) SetPassword(ctx context.Context, userID int64, hash string) error {
	res, err := d.db.ExecContext(ctx, `UPDATE users SET password_hash = $1 WHERE id = $2`, hash, userID)
	return affected(res, err)
}

func (d *DB) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, err
}

func (d *DB) AddRole(ctx context.Context, userID int64, role string) error {
	_, err := d.db.ExecContext(ctx,
		`INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING`, userID, role)
	return err
}

func (d *DB) HasRole(ctx context.Context, userID int64, role string) (bool, error) {
	var n int
	err := d.db.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM user_roles WHERE user_id = $1 AND role = $2`, userID, role).Scan(&n)
	return n > 0, err
}

// SignUp creates the user, the workspace (slug made unique with -2, -3...),
// its settings and this month's usage row in one transaction.
func (d *DB) SignUp(ctx context.Context, in store.SignUp) (*store.User, *store.Workspace, error) {
	var (
		u  *store.User
		ws *store.Workspace
	)
	err := d.retryUnique(ctx, func(tx *sql.Tx) error {
		u = &store.User{Email: in.Email, Name: in.Name, PasswordHash: in.PasswordHash}
		if err := insertUser(ctx, tx, u); err != nil {
			return err
		}
		var err error
		ws, err = d.createWorkspace(ctx, tx, store.CreateWorkspace{
			UserID: u.ID, Name: in.BlogName, Slug: in.WorkspaceSlug, PlanTier: store.PlanStarter,
			Month: in.Month, Posts: in.PostsLimit, Images: in.ImagesLimit,
		})
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return u, ws, nil
}

// retryUnique runs fn in a transaction and retries a few times when a
// workspace slug was taken by a concurrent transaction between our check and
// our insert. A duplicate e-mail is final and surfaces as ErrConflict.
func (d *DB) retryUnique(ctx context.Context, fn func(*sql.Tx) error) error {
	var err error
	for range 5 {
		err = d.tx(ctx, fn)
		if err != errSlugRace {
			return err
		}
	}
	return store.ErrConflict
}

var errSlugRace = fmt.Errorf("workspace slug taken concurrently")

// uniqueWorkspaceSlug returns base, or base-2, base-3... whichever no blog
// holds, as its address or a former one.
func uniqueWorkspaceSlug(ctx context.Context, q queryer, base string) (string, error) {
	like := strings.ReplaceAll(base, "_", `\_`) + "-%"
	rows, err := q.QueryContext(ctx,
		`SELECT slug FROM workspaces WHERE slug = $1 OR slug LIKE $2
		 UNION SELECT slug FROM workspace_addresses WHERE slug = $1 OR slug LIKE $2`, base, like)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	taken := map[string]bool{}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return "", err
		}
		taken[s] = true
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	if !taken[base] {
		return base, nil
	}
	for i := 2; ; i++ {
		if s := fmt.Sprintf("%s-%d", base, i); !taken[s] {
			return s, nil
		}
	}
}

// Sessions.

func (d *DB) CreateSession(ctx context.Context, s *store.Session) error {
	_, err := d.db.ExecContext(ctx,
		`INSERT INTO sessions (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)`,
		s.TokenHash, s.UserID, ms(s.ExpiresAt), ms(s.CreatedAt))
	return err
}

func (d *DB) GetSession(ctx context.Context, tokenHash string, now time.Time) (*store.Session, error) {
	var s store.Session
	var exp, created int64
	err := d.db.QueryRowContext(ctx,
		`SELECT token_hash, user_id, expires_at, created_at FROM sessions WHERE token_hash = $1 AND expires_at > $2`,
		tokenHash, ms(now)).Scan(&s.TokenHash, &s.UserID, &exp, &created)
	if err != nil {
		return nil, notFound(err)
	}
	s.ExpiresAt, s.CreatedAt = fromMS(exp), fromMS(created)
	return &s, nil
}

func (d *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := d.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return err
}

func (d *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	res, err := d.db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= $1`, ms(now))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// affected turns "no row changed" into ErrNotFound.
func affected(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}
