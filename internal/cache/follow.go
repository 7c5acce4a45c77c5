package cache

import (
	"context"
	"log/slog"
	"time"
)

// ChangeSource tells which workspaces changed since a time (the store).
type ChangeSource interface {
	ChangedWorkspaces(ctx context.Context, since time.Time) (map[int64]time.Time, error)
}

// Follow polls src every interval and drops the cached entries of workspaces
// changed by any app instance (this one's own changes were dropped already).
// It looks back a few seconds past the newest change seen, so clock skew
// between instances cannot hide a change; re-dropping is harmless. Each
// poll also sweeps expired entries, so they free their memory unread.
func (c *Cache) Follow(ctx context.Context, src ChangeSource, every time.Duration) {
	const lookback = 5 * time.Second
	seen := map[int64]time.Time{}
	var newest time.Time
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		changed, err := src.ChangedWorkspaces(ctx, newest.Add(-lookback))
		if err != nil && ctx.Err() == nil {
			slog.Warn("cache: poll workspace changes", "err", err)
		}
		for id, at := range changed {
			if at.After(seen[id]) {
				c.drop(id)
				seen[id] = at
				if c.OnFollow != nil {
					c.OnFollow(id, at)
				}
			}
			if at.After(newest) {
				newest = at
			}
		}
		c.Sweep()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
