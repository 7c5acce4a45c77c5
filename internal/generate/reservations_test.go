package generate_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

// diesBeforeRelease is the store as seen by a process killed mid-generation:
// the reservation it took is never released.
type diesBeforeRelease struct{ *sqlstore.DB }

func (diesBeforeRelease) ReleaseReservation(context.Context, int64, int, int) error {
	return errors.New("the process died")
}

type failingWriter struct{}

func (failingWriter) Write(context.Context, ai.WriteRequest) (*ai.Article, error) {
	return nil, errors.New("connection reset")
}

// fakeClock is a clock the test moves.
type fakeClock struct{ ms atomic.Int64 }

func newClock() *fakeClock {
	c := &fakeClock{}
	c.ms.Store(time.Now().UnixMilli())
	return c
}
func (c *fakeClock) Now() time.Time          { return time.UnixMilli(c.ms.Load()) }
func (c *fakeClock) Advance(d time.Duration) { c.ms.Add(d.Milliseconds()) }
func (f *fixture) counters(t *testing.T) [2]int {
	u := f.usage(t)
	return [2]int{u.PostsGenerated, u.ImagesGenerated}
}

// A generation whose process dies keeps its usage only until its lease
// ends: the sweeper gives it back, and leaves committed usage alone.
func TestCrashedGenerationsUsageIsSweptBack(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s, failingWriter{})
		clock := newClock()
		f.svc.Now = clock.Now
		f.svc.Store = diesBeforeRelease{s}
		req := generate.Request{Category: "tech", Topic: "Crashed", Tone: "casual", Length: "short"}
		if _, err := f.svc.Generate(ctx, f.ws, false, req); err == nil {
			t.Fatal("want the writer's failure")
		}
		if got := f.counters(t); got != [2]int{1, 0} {
			t.Fatalf("usage after the crash = %v: the test must leak like a killed process", got)
		}
		f.svc.Writer = blocksWriter{n: 3}
		req.Topic = "Committed"
		if _, err := f.svc.Generate(ctx, f.ws, false, req); err != nil {
			t.Fatal(err)
		}
		if n, err := f.svc.SweepReservations(ctx); err != nil || n != 0 {
			t.Fatalf("sweep within the lease = %d, %v", n, err)
		}
		clock.Advance(generate.DefaultLease + time.Second)
		if n, err := f.svc.SweepReservations(ctx); err != nil || n != 1 {
			t.Fatalf("sweep = %d, %v; want 1", n, err)
		}
		if got := f.counters(t); got != [2]int{1, 0} {
			t.Fatalf("usage = %v, want [1 0]: the one post created", got)
		}
	})
}

// A failed AI cover gives back only the image; the post's usage is
// committed with the post.
func TestFailedCoverReleasesOnlyTheImage(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s, blocksWriter{n: 2})
		clock := newClock()
		f.svc.Now = clock.Now
		f.svc.Illustrator = failingIllustrator{}
		res, err := f.svc.Generate(ctx, f.ws, false, generate.Request{Category: "tech", Topic: "No cover", Tone: "casual",
			Length: "short", ImageMode: generate.ImageAI, GenerateImages: true})
		if err != nil || res.ImageError == "" {
			t.Fatalf("res = %+v, %v", res, err)
		}
		clock.Advance(time.Hour)
		if n, _ := f.svc.SweepReservations(ctx); n != 0 {
			t.Fatalf("swept %d: a committed generation holds no reservation", n)
		}
		if got := f.counters(t); got != [2]int{1, 0} {
			t.Fatalf("usage = %v", got)
		}
	})
}

type failingIllustrator struct{}

func (failingIllustrator) Illustrate(context.Context, ai.ImageRequest) (*ai.Image, error) {
	return nil, errors.New("image provider down")
}
