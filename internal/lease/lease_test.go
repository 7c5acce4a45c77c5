package lease

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
)

func TestKeepRenewsUntilStopped(t *testing.T) {
	var n atomic.Int32
	renewed := make(chan struct{}, 10)
	ctx, stop := Keep(context.Background(), time.Millisecond, slog.Default(), func(context.Context) error {
		n.Add(1)
		select {
		case renewed <- struct{}{}:
		default:
		}
		return nil
	})
	<-renewed
	<-renewed
	stop()
	after := n.Load()
	if ctx.Err() == nil {
		t.Fatal("the work context outlives stop")
	}
	if context.Cause(ctx) == ErrLost {
		t.Fatal("stopped, not lost")
	}
	time.Sleep(5 * time.Millisecond) // nothing may renew after stop; not a synchronisation
	if n.Load() != after {
		t.Fatal("renewed after stop")
	}
}

func TestKeepEndsTheWorkWhenTheLeaseIsLost(t *testing.T) {
	ctx, stop := Keep(context.Background(), time.Millisecond, slog.Default(), func(context.Context) error {
		return store.ErrNotFound
	})
	defer stop()
	<-ctx.Done()
	if !errors.Is(context.Cause(ctx), ErrLost) {
		t.Fatalf("cause = %v", context.Cause(ctx))
	}
}
