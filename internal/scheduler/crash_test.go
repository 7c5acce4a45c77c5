package scheduler_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/scheduler"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

// fakeClock is a clock the test moves; the scheduler and the generator of
// one fixture share it.
type fakeClock struct{ ms atomic.Int64 }

func (c *fakeClock) Now() time.Time          { return time.UnixMilli(c.ms.Load()) }
func (c *fakeClock) Advance(d time.Duration) { c.ms.Add(d.Milliseconds()) }

func (f *fixture) useClock(start time.Time) *fakeClock {
	c := &fakeClock{}
	c.ms.Store(start.UnixMilli())
	f.sched.Now, f.sched.Generator.Now = c.Now, c.Now
	return c
}

// deadStore is the store as seen by an instance that dies at one point:
// a dead process renews no lease and records nothing.
type deadStore struct {
	*sqlstore.DB
	finish bool // dies before recording the outcome
}

func (deadStore) RenewPlanned(context.Context, int64, time.Time, time.Time) error { return nil }

func (d deadStore) FinishPlanned(ctx context.Context, id int64, status, errText string, postID int64, next *store.PlannedPost) error {
	if d.finish {
		return errors.New("the process died")
	}
	return d.DB.FinishPlanned(ctx, id, status, errText, postID, next)
}

// hangingWriter starts writing and never finishes until released: with a
// store that renews nothing, an instance that died mid-generation.
type hangingWriter struct {
	started chan struct{}
	release chan struct{}
}

func (w hangingWriter) Write(_ context.Context, req ai.WriteRequest) (*ai.Article, error) {
	close(w.started)
	<-w.release
	return &ai.Article{Title: req.Topic, HTML: "<p>Written by the instance that was presumed dead.</p>"}, nil
}

// The item of an instance that died mid-generation is taken over once its
// short lease ends, not after a quarter of an hour; if the presumed-dead
// instance comes back, it writes no second post.
func TestDeadInstancesItemIsReclaimedAfterTheShortLease(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		clock := f.useClock(time.Now())
		item := f.schedule(t, "Taken over", clock.Now().Add(-time.Minute), store.FrequencyOnce, false)

		dead := *f.sched
		g := f.sched.Generator
		w := hangingWriter{started: make(chan struct{}), release: make(chan struct{})}
		deadGen := &generate.Service{Store: deadStore{DB: s}, Posts: g.Posts, Writer: w, Illustrator: g.Illustrator,
			Media: g.Media, Timeout: g.Timeout, Lease: g.Lease, Now: g.Now, Logger: g.Logger}
		dead.Generator, dead.Store = deadGen, deadStore{DB: s}
		deadDone := make(chan struct{})
		go func() {
			defer close(deadDone)
			if _, err := dead.RunOnce(ctx); err != nil {
				t.Errorf("dead instance: %v", err)
			}
		}()
		<-w.started

		clock.Advance(time.Minute)
		f.runOnce(t, 0) // still leased
		clock.Advance(2 * time.Minute)
		f.runOnce(t, 1) // 3 minutes after the claim: taken over
		got := f.get(t, item.ID)
		if got.Status != store.PlanCompleted || got.PostID == 0 {
			t.Fatalf("item = %+v", got)
		}

		close(w.release)
		<-deadDone
		if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &f.ws.ID}); n != 1 {
			t.Fatalf("posts = %d, want 1", n)
		}
		if again := f.get(t, item.ID); again.Status != store.PlanCompleted || again.PostID != got.PostID {
			t.Fatalf("item after the late instance = %+v", again)
		}
	})
}

// An instance that dies after writing the post but before recording it
// leaves the item pending; the next run completes it with that post
// instead of generating a second one.
func TestPostWrittenBeforeACrashIsNotWrittenAgain(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		clock := f.useClock(time.Now())
		item := f.schedule(t, "Once only", clock.Now().Add(-time.Minute), store.FrequencyDaily, true)

		dead := *f.sched
		dead.Store = deadStore{DB: s, finish: true}
		if _, err := dead.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if got := f.get(t, item.ID); got.Status != store.PlanPending {
			t.Fatalf("item after the crash = %+v", got)
		}

		clock.Advance(scheduler.DefaultLease + time.Second)
		f.runOnce(t, 1)
		got := f.get(t, item.ID)
		if got.Status != store.PlanCompleted || got.PostID == 0 {
			t.Fatalf("item = %+v", got)
		}
		if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &f.ws.ID}); n != 1 {
			t.Fatalf("posts = %d, want 1", n)
		}
		if c := f.writer.calls.Load(); c != 1 {
			t.Fatalf("writer calls = %d, want 1", c)
		}
		if u, _ := s.EnsureUsage(ctx, f.ws.ID, plan.Month(clock.Now()), 0, 0); u.PostsGenerated != 1 || u.ImagesGenerated != 1 {
			t.Fatalf("usage = %+v, want the one post and its cover", u)
		}
		// The series goes on once.
		list, _ := s.ListPlanned(ctx, f.ws.ID)
		if len(list) != 2 || list[1].Status != store.PlanPending || !list[1].GenerateAt.Equal(item.GenerateAt.AddDate(0, 0, 1)) {
			t.Fatalf("list = %+v", list)
		}
	})
}

// A daily series whose next day would fall after the year 9999 ends there
// instead of storing a time no answer can carry.
func TestSeriesEndsAtTheYear9999(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		if err := s.AddRole(ctx, f.user.ID, store.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		last := time.Date(9999, 12, 31, 9, 0, 0, 0, time.UTC)
		f.useClock(last.Add(time.Hour))
		item := f.schedule(t, "Last day", last, store.FrequencyDaily, false)
		f.runOnce(t, 1)
		list, err := s.ListPlanned(ctx, f.ws.ID)
		if err != nil || len(list) != 1 || list[0].ID != item.ID || list[0].Status != store.PlanCompleted {
			t.Fatalf("list = %+v, %v", list, err)
		}
	})
}
