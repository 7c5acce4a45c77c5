package plan

import (
	"context"
	"time"

	"github.com/inkpress/inkpress/store"
)

// UsageStore is what usage accounting needs of the store.
type UsageStore interface {
	EnsureUsage(ctx context.Context, workspaceID int64, month string, postsLimit, imagesLimit int) (*store.Usage, error)
	SyncUsage(ctx context.Context, workspaceID int64, month string, postsLimit, imagesLimit int) (*store.Usage, error)
}

// Usage returns the workspace's usage row of the month at now, created on
// demand and carrying the limits the plan gives now (trial 10/10 in the
// first 14 days, then the plan table; admins unlimited). A missing row is
// never an error.
func Usage(ctx context.Context, st UsageStore, ws *store.Workspace, isAdmin bool, now time.Time) (*store.Usage, error) {
	posts, images := Limits(ws.PlanTier, ws.CreatedAt, now, isAdmin)
	month := Month(now)
	u, err := st.EnsureUsage(ctx, ws.ID, month, posts, images)
	if err != nil {
		return nil, err
	}
	// The row outlives plan changes and the end of the trial: follow them.
	if u.PostsLimit != posts || u.ImagesLimit != images {
		return st.SyncUsage(ctx, ws.ID, month, posts, images)
	}
	return u, nil
}

// OwnerStore is what ForWorkspace reads: the workspace and its owner's role.
type OwnerStore interface {
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	HasRole(ctx context.Context, userID int64, role string) (bool, error)
}

// ForWorkspace is the plan in force for the workspace (For of its tier and
// its owner's role), with the workspace.
func ForWorkspace(ctx context.Context, st OwnerStore, workspaceID int64) (Plan, *store.Workspace, error) {
	ws, err := st.GetWorkspace(ctx, store.FindWorkspace{ID: &workspaceID})
	if err != nil {
		return Plan{}, nil, err
	}
	admin := false
	if ws.UserID != 0 {
		if admin, err = st.HasRole(ctx, ws.UserID, store.RoleAdmin); err != nil {
			return Plan{}, nil, err
		}
	}
	return For(ws.PlanTier, admin), ws, nil
}
