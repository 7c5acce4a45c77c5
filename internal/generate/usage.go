package generate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/lease"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// DefaultLease is how long a usage reservation outlives its generation's
// last sign of life: the generation renews it (every third) while it works,
// and the sweeper gives it back once a dead process stops renewing.
const DefaultLease = 2 * time.Minute

func (s *Service) lease() time.Duration {
	if s.Lease > 0 {
		return s.Lease
	}
	return DefaultLease
}

// reserve takes posts/images from the month's allowance in one atomic
// update recorded as a leased reservation; over the limit it refuses with
// a 402 naming what ran out.
func (s *Service) reserve(ctx context.Context, ws *store.Workspace, isAdmin bool, now time.Time, posts, images int) (*store.Usage, *store.Reservation, error) {
	u, err := plan.Usage(ctx, s.Store, ws, isAdmin, now)
	if err != nil {
		return nil, nil, err
	}
	r := &store.Reservation{WorkspaceID: ws.ID, Month: u.Month, Posts: posts, Images: images, ExpiresAt: now.Add(s.lease())}
	got, err := s.Store.Reserve(ctx, r)
	if errors.Is(err, store.ErrLimit) {
		// Re-read: a concurrent request may be what used the last one.
		if cur, e := s.Store.EnsureUsage(ctx, ws.ID, u.Month, u.PostsLimit, u.ImagesLimit); e == nil {
			u = cur
		}
		return nil, nil, limitError(u, posts)
	}
	if err != nil {
		return nil, nil, err
	}
	return got, r, nil
}

func limitError(u *store.Usage, posts int) *apperr.Error {
	msg := fmt.Sprintf("You've used all %d posts of this month's plan. Upgrade to generate more.", u.PostsLimit)
	if u.PostsGenerated+posts <= u.PostsLimit {
		msg = fmt.Sprintf("You've used all %d AI images of this month's plan. Choose another featured image option or upgrade to generate more.", u.ImagesLimit)
	}
	return &apperr.Error{Kind: apperr.Limit, Code: "limit_reached", Message: msg, Err: store.ErrLimit}
}

// release gives back part or all of a reservation. It runs even when the
// request's context is gone (the client hung up), so usage never leaks; a
// reservation already gone was swept, its usage given back then.
func (s *Service) release(ctx context.Context, r *store.Reservation, posts, images int) {
	if posts == 0 && images == 0 {
		return
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	err := s.Store.ReleaseReservation(rctx, r.ID, posts, images)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.logger().ErrorContext(ctx, "release usage", "workspace", r.WorkspaceID, "reservation", r.ID, "posts", posts, "images", images, "err", err)
	}
}

// SweepReservations gives back the usage of generations whose lease ended
// without a commit or a release: their process died. Every instance sweeps;
// each reservation is given back once.
func (s *Service) SweepReservations(ctx context.Context) (int, error) {
	return s.Store.SweepReservations(ctx, s.now())
}

// RunSweeper sweeps expired reservations at once and then every `every`
// until ctx ends.
func (s *Service) RunSweeper(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		n, err := s.SweepReservations(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.logger().Warn("sweep usage reservations", "err", err)
		case n > 0:
			s.logger().Info("usage of interrupted generations given back", "reservations", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// work bounds the AI work of a held reservation: the returned context
// renews the reservation's lease while it lives (and ends if the lease is
// lost) and ends after Timeout when set; stop releases both.
func (s *Service) work(ctx context.Context, held *store.Reservation) (context.Context, func()) {
	ctx, stopLease := lease.Keep(ctx, lease.Every(s.lease()), s.logger(), func(ctx context.Context) error {
		return s.Store.RenewReservation(ctx, held.ID, s.now().Add(s.lease()))
	})
	if s.Timeout <= 0 {
		return ctx, stopLease
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	return ctx, func() { cancel(); stopLease() }
}
