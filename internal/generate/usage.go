package generate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// Usage returns the workspace's usage row of the month at now, created on
// demand and carrying the limits the plan gives now (trial 10/10 in the
// first 14 days, then the plan table; admins unlimited). A missing row is
// never an error.
func Usage(ctx context.Context, st store.Store, ws *store.Workspace, isAdmin bool, now time.Time) (*store.Usage, error) {
	posts, images := plan.Limits(ws.PlanTier, ws.CreatedAt, now, isAdmin)
	month := plan.Month(now)
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

// reserve takes posts/images from the month's allowance in one atomic
// update; over the limit it refuses with a 402 naming what ran out.
func (s *Service) reserve(ctx context.Context, ws *store.Workspace, isAdmin bool, now time.Time, posts, images int) (*store.Usage, error) {
	u, err := Usage(ctx, s.Store, ws, isAdmin, now)
	if err != nil {
		return nil, err
	}
	got, err := s.Store.ReserveUsage(ctx, ws.ID, u.Month, posts, images)
	if errors.Is(err, store.ErrLimit) {
		// Re-read: a concurrent request may be what used the last one.
		if cur, e := s.Store.EnsureUsage(ctx, ws.ID, u.Month, u.PostsLimit, u.ImagesLimit); e == nil {
			u = cur
		}
		return nil, limitError(u, posts)
	}
	return got, err
}

func limitError(u *store.Usage, posts int) *apperr.Error {
	msg := fmt.Sprintf("You've used all %d posts of this month's plan. Upgrade to generate more.", u.PostsLimit)
	if u.PostsGenerated+posts <= u.PostsLimit {
		msg = fmt.Sprintf("You've used all %d AI images of this month's plan. Choose another featured image option or upgrade to generate more.", u.ImagesLimit)
	}
	return &apperr.Error{Kind: apperr.Limit, Code: "limit_reached", Message: msg, Err: store.ErrLimit}
}

// release gives a reservation back. It runs even when the request's context
// is gone (the client hung up), so usage never leaks.
func (s *Service) release(ctx context.Context, wsID int64, month string, posts, images int) {
	if posts == 0 && images == 0 {
		return
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := s.Store.ReleaseUsage(rctx, wsID, month, posts, images); err != nil {
		s.logger().ErrorContext(ctx, "release usage", "workspace", wsID, "posts", posts, "images", images, "err", err)
	}
}
