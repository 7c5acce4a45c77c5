// Package lease keeps a lease alive while its holder works. Leases in the
// database (a usage reservation, a scheduled item's claim) are short, so
// the work of a process that dies is taken over or given back soon; a live
// holder renews its lease every third of its length, and stops working
// when it learns the lease was lost.
package lease

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/inkpress/inkpress/store"
)

// ErrLost is the cause of a Keep context's end when the lease is gone.
var ErrLost = errors.New("lease lost")

// Every is how often a lease of length d is renewed: three chances before
// it ends, so one failed renewal (a database blip) does not lose it.
func Every(d time.Duration) time.Duration { return max(d/3, time.Millisecond) }

// Keep calls renew every `every` until stop is called. When renew reports
// the lease gone (store.ErrNotFound), the returned context ends with cause
// ErrLost, so the work stops; other errors are logged and renewal goes on.
// stop waits for a renewal under way, so none runs after it returns.
func Keep(ctx context.Context, every time.Duration, logger *slog.Logger, renew func(context.Context) error) (context.Context, func()) {
	wctx, cancel := context.WithCancelCause(ctx)
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-wctx.Done():
				return
			case <-t.C:
			}
			rctx, rcancel := context.WithTimeout(context.WithoutCancel(wctx), every)
			err := renew(rctx)
			rcancel()
			switch {
			case errors.Is(err, store.ErrNotFound):
				cancel(ErrLost)
				return
			case err != nil:
				logger.Warn("renew lease", "err", err)
			}
		}
	}()
	return wctx, func() {
		close(quit)
		<-done
		cancel(nil)
	}
}
