package sqlstore

import (
	"context"
	"database/sql"

	"github.com/inkpress/inkpress/store"
)

// SyncUsage is one upsert, so concurrent callers (and ReserveUsage) never
// see a half-made row and the counters are never reset.
func (d *DB) SyncUsage(ctx context.Context, workspaceID int64, month string, postsLimit, imagesLimit int) (*store.Usage, error) {
	return scanUsage(d.db.QueryRowContext(ctx,
		`INSERT INTO usage_tracking (workspace_id, month, posts_limit, images_limit) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (workspace_id, month) DO UPDATE SET posts_limit = excluded.posts_limit, images_limit = excluded.images_limit
		 RETURNING `+usageCols, workspaceID, month, postsLimit, imagesLimit))
}

// CreateCategoryMax inserts c and counts in one transaction holding the
// workspace lock, so two concurrent creations cannot both pass the cap.
func (d *DB) CreateCategoryMax(ctx context.Context, c *store.Category, max int) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.lockWorkspace(ctx, tx, c.WorkspaceID); err != nil {
			return err
		}
		if err := insertCategory(ctx, tx, c, false); err != nil {
			return err
		}
		return checkCategoryCap(ctx, tx, c.WorkspaceID, max)
	})
}

// CompleteOnboarding saves the settings (onboarding_completed true) and adds
// the categories the workspace lacks, in one transaction, rolling everything
// back if the category cap max (0 = none) is passed.
func (d *DB) CompleteOnboarding(ctx context.Context, s *store.Settings, cats []*store.Category, max int, address string) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.lockWorkspace(ctx, tx, s.WorkspaceID); err != nil {
			return err
		}
		if address != "" {
			if _, err := changeAddress(ctx, tx, s.WorkspaceID, address); err != nil {
				return err
			}
		}
		s.OnboardingCompleted = true
		if err := upsertSettings(ctx, tx, s); err != nil {
			return err
		}
		for _, c := range cats {
			c.WorkspaceID = s.WorkspaceID
			if err := insertCategory(ctx, tx, c, true); err != nil {
				return err
			}
		}
		return checkCategoryCap(ctx, tx, s.WorkspaceID, max)
	})
}

// checkCategoryCap counts after inserting (inside the transaction), which
// also covers categories that already existed.
func checkCategoryCap(ctx context.Context, tx *sql.Tx, workspaceID int64, max int) error {
	if max <= 0 {
		return nil
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM categories WHERE workspace_id = $1`, workspaceID).Scan(&n); err != nil {
		return err
	}
	if n > max {
		return store.ErrLimit
	}
	return nil
}
