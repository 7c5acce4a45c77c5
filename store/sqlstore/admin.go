package sqlstore

import (
	"context"
	"database/sql"

	"github.com/inkpress/inkpress/store"
)

// ListWorkspaceOverviews joins each workspace's owner, admin role and
// month's usage in one query.
func (d *DB) ListWorkspaceOverviews(ctx context.Context, month string) ([]*store.WorkspaceOverview, error) {
	rows, err := d.db.QueryContext(ctx,
		`SELECT w.id, w.user_id, w.name, w.slug, w.plan_tier, w.status, w.custom_domain, w.created_at,
		   COALESCE(u.email, ''),
		   EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = w.user_id AND r.role = $2),
		   ut.posts_generated, ut.images_generated, ut.posts_limit, ut.images_limit
		 FROM workspaces w
		 LEFT JOIN users u ON u.id = w.user_id
		 LEFT JOIN usage_tracking ut ON ut.workspace_id = w.id AND ut.month = $1
		 ORDER BY w.created_at DESC, w.id DESC`, month, store.RoleAdmin)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.WorkspaceOverview
	for rows.Next() {
		var o store.WorkspaceOverview
		var uid sql.NullInt64
		var domain sql.NullString
		var created int64
		var posts, images, postsLimit, imagesLimit sql.NullInt64
		if err := rows.Scan(&o.ID, &uid, &o.Name, &o.Slug, &o.PlanTier, &o.Status, &domain, &created, &o.OwnerEmail,
			&o.OwnerAdmin, &posts, &images, &postsLimit, &imagesLimit); err != nil {
			return nil, err
		}
		o.UserID, o.CustomDomain, o.CreatedAt = uid.Int64, domain.String, fromMS(created)
		if postsLimit.Valid {
			o.Usage = &store.Usage{WorkspaceID: o.ID, Month: month, PostsGenerated: int(posts.Int64),
				ImagesGenerated: int(images.Int64), PostsLimit: int(postsLimit.Int64), ImagesLimit: int(imagesLimit.Int64)}
		}
		out = append(out, &o)
	}
	return out, rows.Err()
}
