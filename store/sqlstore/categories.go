package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/inkpress/inkpress/store"
)

const categoryCols = `c.id, c.workspace_id, c.name, c.slug, c.description, c.color_hex, c.gradient, c.created_at`

func scanCategory(row interface{ Scan(...any) error }, extra ...any) (*store.Category, error) {
	var c store.Category
	var created int64
	dest := append([]any{&c.ID, &c.WorkspaceID, &c.Name, &c.Slug, &c.Description, &c.ColorHex, &c.Gradient, &created}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, notFound(err)
	}
	c.CreatedAt = fromMS(created)
	return &c, nil
}

// insertCategory adds c; with skipExisting a slug the workspace already has
// is left as it is instead of failing.
func insertCategory(ctx context.Context, q queryer, c *store.Category, skipExisting bool) error {
	if c.CreatedAt.IsZero() {
		c.CreatedAt = time.Now().UTC()
	}
	sql := `INSERT INTO categories (workspace_id, name, slug, description, color_hex, gradient, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`
	if skipExisting {
		sql += ` ON CONFLICT (workspace_id, slug) DO NOTHING`
	}
	res, err := q.ExecContext(ctx, sql, c.WorkspaceID, c.Name, c.Slug, c.Description, c.ColorHex, c.Gradient, ms(c.CreatedAt))
	if isUnique(err) {
		return store.ErrConflict
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return q.QueryRowContext(ctx, `SELECT id FROM categories WHERE workspace_id = $1 AND slug = $2`,
		c.WorkspaceID, c.Slug).Scan(&c.ID)
}

func (d *DB) CreateCategory(ctx context.Context, c *store.Category) error {
	return insertCategory(ctx, d.db, c, false)
}

func (d *DB) GetCategory(ctx context.Context, workspaceID int64, slug string) (*store.Category, error) {
	return scanCategory(d.db.QueryRowContext(ctx,
		`SELECT `+categoryCols+` FROM categories c WHERE c.workspace_id = $1 AND c.slug = $2`, workspaceID, slug))
}

func (d *DB) GetCategoryByID(ctx context.Context, workspaceID, id int64) (*store.Category, error) {
	return scanCategory(d.db.QueryRowContext(ctx,
		`SELECT `+categoryCols+` FROM categories c WHERE c.workspace_id = $1 AND c.id = $2`, workspaceID, id))
}

// ListCategories is count-free: it sits on page-render paths, where a
// per-category COUNT over the workspace's posts would grow with its size.
func (d *DB) ListCategories(ctx context.Context, workspaceID int64) ([]*store.Category, error) {
	rows, err := d.db.QueryContext(ctx,
		`SELECT `+categoryCols+` FROM categories c WHERE c.workspace_id = $1 ORDER BY c.name, c.id`, workspaceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Category
	for rows.Next() {
		c, err := scanCategory(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CountPlannedByCategory counts the workspace's planned posts per category.
func (d *DB) CountPlannedByCategory(ctx context.Context, workspaceID int64) (map[string]int, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT category, COUNT(*) FROM scheduled_posts WHERE workspace_id = $1 GROUP BY category`, workspaceID)
	return countsBySlug(rows, err)
}

// CountPostsByCategory counts the matching posts per category slug in one
// pass over the (workspace_id, category, slug) index.
func (d *DB) CountPostsByCategory(ctx context.Context, f store.FindPost) (map[string]int, error) {
	where, args := postWhere(f)
	rows, err := d.db.QueryContext(ctx, `SELECT category, COUNT(*) FROM blog_posts`+where+` GROUP BY category`, args...)
	return countsBySlug(rows, err)
}

// countsBySlug reads (slug, count) rows into a map.
func countsBySlug(rows *sql.Rows, err error) (map[string]int, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var slug string
		var n int
		if err := rows.Scan(&slug, &n); err != nil {
			return nil, err
		}
		out[slug] = n
	}
	return out, rows.Err()
}

// UpdateCategory changes name, description, colour and gradient; the slug
// never changes (posts refer to it).
func (d *DB) UpdateCategory(ctx context.Context, c *store.Category) error {
	res, err := d.db.ExecContext(ctx,
		`UPDATE categories SET name = $1, description = $2, color_hex = $3, gradient = $4 WHERE workspace_id = $5 AND id = $6`,
		c.Name, c.Description, c.ColorHex, c.Gradient, c.WorkspaceID, c.ID)
	return affected(res, err)
}

// DeleteCategory deletes the category and, in the same transaction, moves
// its posts and planned posts to the category moveTo: no post is ever left
// in a category that no longer exists. Each moved published post's old
// address is kept as a redirect. The workspace is locked first, so two
// deletes moving posts into each other's category cannot both pass.
func (d *DB) DeleteCategory(ctx context.Context, workspaceID, id int64, moveTo string) ([]*store.Post, error) {
	var moved []*store.Post
	err := d.tx(ctx, func(tx *sql.Tx) error {
		moved = nil
		if err := d.lockWorkspace(ctx, tx, workspaceID); err != nil {
			return err
		}
		var slug string
		if err := tx.QueryRowContext(ctx, `SELECT slug FROM categories WHERE workspace_id = $1 AND id = $2`,
			workspaceID, id).Scan(&slug); err != nil {
			return notFound(err)
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+postLightCols+` FROM blog_posts WHERE workspace_id = $1 AND category = $2 ORDER BY id`,
			workspaceID, slug)
		if err != nil {
			return err
		}
		for rows.Next() {
			p, err := scanPost(rows, false)
			if err != nil {
				rows.Close()
				return err
			}
			moved = append(moved, p)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		var planned int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM scheduled_posts WHERE workspace_id = $1 AND category = $2`,
			workspaceID, slug).Scan(&planned); err != nil {
			return err
		}
		if len(moved)+planned > 0 {
			if moveTo == "" {
				return store.ErrConflict
			}
			var target int64
			if err := tx.QueryRowContext(ctx, `SELECT id FROM categories WHERE workspace_id = $1 AND slug = $2 AND id <> $3`,
				workspaceID, moveTo, id).Scan(&target); err != nil {
				if errors.Is(err, sql.ErrNoRows) {
					return store.ErrInvalidTarget
				}
				return err
			}
		}
		now := ms(time.Now().UTC())
		for _, p := range moved {
			if p.Status != store.PostPublished {
				continue
			}
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO post_redirects (workspace_id, category, slug, post_id, created_at) VALUES ($1, $2, $3, $4, $5)
				 ON CONFLICT (workspace_id, category, slug) DO UPDATE SET post_id = excluded.post_id, created_at = excluded.created_at`,
				workspaceID, slug, p.Slug, p.ID, now); err != nil {
				return err
			}
		}
		if len(moved) > 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE blog_posts SET category = $1, updated_at = $2 WHERE workspace_id = $3 AND category = $4`,
				moveTo, now, workspaceID, slug); err != nil {
				return err
			}
		}
		if planned > 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE scheduled_posts SET category = $1 WHERE workspace_id = $2 AND category = $3`,
				moveTo, workspaceID, slug); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM categories WHERE workspace_id = $1 AND id = $2`, workspaceID, id)
		return affected(res, err)
	})
	if err != nil {
		return nil, err
	}
	return moved, nil
}
