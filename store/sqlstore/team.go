package sqlstore

import (
	"context"
	"time"

	"github.com/inkpress/inkpress/store"
)

// roleAdministrator is the role a blog's owner has on it (team.Administrator).
const roleAdministrator = "administrator"

func (d *DB) Memberships(ctx context.Context, userID int64) ([]*store.Membership, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT w.id, w.user_id, w.name, w.slug, w.plan_tier, w.status, w.custom_domain, w.created_at,
		   m.role, m.created_at
		 FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
		 WHERE m.user_id = $1 ORDER BY m.created_at, w.id`, userID)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (*store.Membership, error) {
		var m store.Membership
		var created int64
		ws, err := scanWorkspace(scanExtra{row, []any{&m.Role, &created}})
		if err != nil {
			return nil, err
		}
		m.Workspace, m.CreatedAt = ws, fromMS(created)
		return &m, nil
	})
}

// scanExtra scans a row's workspace columns and then the extra ones.
type scanExtra struct {
	row   interface{ Scan(...any) error }
	extra []any
}

func (s scanExtra) Scan(dest ...any) error { return s.row.Scan(append(dest, s.extra...)...) }

func (d *DB) AddMember(ctx context.Context, workspaceID, userID int64, role string) error {
	return addMember(ctx, d.db, workspaceID, userID, role, time.Now())
}

func addMember(ctx context.Context, q queryer, workspaceID, userID int64, role string, at time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO workspace_members (workspace_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)`,
		workspaceID, userID, role, ms(at))
	if isUnique(err) {
		return store.ErrConflict
	}
	return err
}

func (d *DB) RemoveMember(ctx context.Context, workspaceID, userID int64) error {
	res, err := d.db.ExecContext(ctx, `DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`, workspaceID, userID)
	return affected(res, err)
}

func (d *DB) CountOwned(ctx context.Context, userID int64) (int, error) {
	return countOwned(ctx, d.db, userID)
}

func countOwned(ctx context.Context, q queryer, userID int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM workspaces WHERE user_id = $1`, userID).Scan(&n)
	return n, err
}

// lockUser serialises what one account does across its blogs inside a
// transaction (creating a blog under the plan's cap). SQLite already holds
// the database write lock (BEGIN IMMEDIATE); PostgreSQL locks the user's row.
func (d *DB) lockUser(ctx context.Context, tx queryer, userID int64) error {
	if d.dialect != "postgres" {
		return nil
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE id = $1 FOR UPDATE`, userID).Scan(&id)
	return notFound(err)
}
