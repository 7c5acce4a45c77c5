package scheduler_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/scheduler"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

var ctx = context.Background()

// fastWriter writes a short article titled after the request's topic and
// counts its calls.
type fastWriter struct {
	calls atomic.Int32
	mu    sync.Mutex
	last  ai.WriteRequest
	fail  error
}

func (w *fastWriter) Write(_ context.Context, req ai.WriteRequest) (*ai.Article, error) {
	w.calls.Add(1)
	w.mu.Lock()
	w.last = req
	w.mu.Unlock()
	if w.fail != nil {
		return nil, w.fail
	}
	return &ai.Article{Title: req.Topic, HTML: "<p>A short scheduled article.</p>"}, nil
}

// flatIllustrator draws a tiny PNG (the builtin one is slow under -race).
type flatIllustrator struct{}

func (flatIllustrator) Illustrate(context.Context, ai.ImageRequest) (*ai.Image, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 8, 8))); err != nil {
		return nil, err
	}
	return &ai.Image{Data: buf.Bytes(), ContentType: "image/png"}, nil
}

type fixture struct {
	store  *sqlstore.DB
	ws     *store.Workspace
	user   *store.User
	writer *fastWriter
	sched  *scheduler.Scheduler
}

func setup(t *testing.T, s *sqlstore.DB) *fixture {
	t.Helper()
	now := time.Now()
	p, i := plan.Limits(store.PlanStarter, now, now, false)
	u, ws, err := s.SignUp(ctx, store.SignUp{Email: "s@example.com", Name: "S", PasswordHash: "x", BlogName: "S",
		WorkspaceSlug: "s", Month: plan.Month(now), PostsLimit: p, ImagesLimit: i})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Tech", Slug: "tech"}); err != nil {
		t.Fatal(err)
	}
	local, err := media.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := &fastWriter{}
	gen := &generate.Service{Store: s, Posts: posts.New(s, cache.New(time.Minute, 100)), Writer: w,
		Illustrator: flatIllustrator{}, Media: local, Timeout: time.Minute}
	return &fixture{store: s, ws: ws, user: u, writer: w, sched: &scheduler.Scheduler{Store: s, Generator: gen}}
}

func (f *fixture) schedule(t *testing.T, topic string, at time.Time, frequency string, image bool) *store.PlannedPost {
	t.Helper()
	p := &store.PlannedPost{WorkspaceID: f.ws.ID, Category: "tech", Topic: topic, InputMode: "topic", GenerateAt: at,
		Frequency: frequency, GenerateImage: image}
	if err := f.store.CreatePlanned(ctx, []*store.PlannedPost{p}, 0); err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *fixture) get(t *testing.T, id int64) *store.PlannedPost {
	t.Helper()
	p, err := f.store.GetPlanned(ctx, f.ws.ID, id)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *fixture) runOnce(t *testing.T, want int) {
	t.Helper()
	if n, err := f.sched.RunOnce(ctx); err != nil || n != want {
		t.Fatalf("RunOnce = %d, %v; want %d", n, err, want)
	}
}

func TestDueItemIsGeneratedFutureItemUntouched(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		now := time.Now()
		due := f.schedule(t, "Scheduled systems", now.Add(-time.Minute), store.FrequencyOnce, true)
		future := f.schedule(t, "Not yet", now.Add(time.Hour), store.FrequencyOnce, true)
		f.runOnce(t, 1)
		got := f.get(t, due.ID)
		if got.Status != store.PlanCompleted || got.PostID == 0 || got.Error != "" {
			t.Fatalf("due item = %+v", got)
		}
		p, err := s.GetPost(ctx, store.FindPost{ID: &got.PostID, WorkspaceID: &f.ws.ID})
		if err != nil || p.Title != "Scheduled systems" || p.Category != "tech" || p.CoverImageURL == "" {
			t.Fatalf("post = %+v, %v", p, err)
		}
		if r := f.writer.last; r.Tone != scheduler.Tone || r.Length != scheduler.Length || r.Category != "Tech" {
			t.Fatalf("writer got %+v", r)
		}
		if u, _ := s.EnsureUsage(ctx, f.ws.ID, plan.Month(now), 0, 0); u.PostsGenerated != 1 || u.ImagesGenerated != 1 {
			t.Fatalf("usage = %+v", u)
		}
		if got := f.get(t, future.ID); got.Status != store.PlanPending || got.ClaimedUntil.UnixMilli() != 0 {
			t.Fatalf("future item = %+v", got)
		}
		f.runOnce(t, 0)
	})
}

func TestRandomTopicWhenNone(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		p := f.schedule(t, "", time.Now().Add(-time.Minute), store.FrequencyOnce, false)
		f.runOnce(t, 1)
		want := scheduler.RandomTopic(p.ID, "tech", "Tech")
		if f.writer.last.Topic != want || f.writer.last.InputMode != ai.ModeTopic {
			t.Fatalf("writer got %+v, want topic %q", f.writer.last, want)
		}
		if got := f.get(t, p.ID); got.Status != store.PlanCompleted || got.Topic != "" {
			t.Fatalf("item = %+v", got)
		}
	})
}

func TestRandomTopicIsDeterministic(t *testing.T) {
	t.Parallel()
	first := scheduler.RandomTopic(7, "keto", "Keto")
	if again := scheduler.RandomTopic(7, "keto", "Keto"); again != first || first == "" {
		t.Fatalf("not deterministic: %q, %q", first, again)
	}
	if got := scheduler.RandomTopic(7, "Technology", "Technology"); got != scheduler.RandomTopic(7, "tech", "Tech") {
		t.Fatalf("alias topic = %q", got)
	}
	if scheduler.RandomTopic(1, "tech", "Tech") == scheduler.RandomTopic(2, "tech", "Tech") {
		t.Fatal("consecutive ids share a topic")
	}
	if got := scheduler.RandomTopic(0, "pottery", "Pottery"); got != "A beginner's guide to Pottery" {
		t.Fatalf("generic topic = %q", got)
	}
}

func TestFailureMarksFailedAndGivesUsageBack(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		f.writer.fail = errors.New("connection refused")
		p := f.schedule(t, "Doomed", time.Now().Add(-time.Minute), store.FrequencyOnce, true)
		f.runOnce(t, 1)
		got := f.get(t, p.ID)
		if got.Status != store.PlanFailed || got.Error != "Failed to generate blog post: the AI provider failed" || got.PostID != 0 {
			t.Fatalf("item = %+v", got)
		}
		if u, _ := s.EnsureUsage(ctx, f.ws.ID, plan.Month(time.Now()), 0, 0); u.PostsGenerated != 0 || u.ImagesGenerated != 0 {
			t.Fatalf("usage = %+v", u)
		}
		f.runOnce(t, 0) // failed items wait for a retry
	})
}

func TestPlanLimitMarksFailedAdminOwnerUnlimited(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		now := time.Now()
		if _, err := plan.Usage(ctx, s, f.ws, false, now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReserveUsage(ctx, f.ws.ID, plan.Month(now), plan.TrialPosts, 0); err != nil {
			t.Fatal(err)
		}
		p := f.schedule(t, "Over the limit", now.Add(-time.Minute), store.FrequencyOnce, false)
		f.runOnce(t, 1)
		got := f.get(t, p.ID)
		if got.Status != store.PlanFailed || got.Error != "You've used all 10 posts of this month's plan. Upgrade to generate more." {
			t.Fatalf("item = %+v", got)
		}
		if f.writer.calls.Load() != 0 {
			t.Fatal("the writer was called over the limit")
		}
		if err := s.AddRole(ctx, f.user.ID, store.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RetryPlanned(ctx, f.ws.ID, p.ID, 0); err != nil {
			t.Fatal(err)
		}
		f.runOnce(t, 1)
		if got := f.get(t, p.ID); got.Status != store.PlanCompleted {
			t.Fatalf("admin's retried item = %+v", got)
		}
	})
}

func TestDailyAndWeeklyScheduleTheNextOccurrence(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		now := time.Now().UTC().Truncate(time.Millisecond)
		daily := f.schedule(t, "Daily", now.Add(-time.Minute), store.FrequencyDaily, false)
		weekly := f.schedule(t, "", now.Add(-2*time.Minute), store.FrequencyWeekly, false)
		stale := f.schedule(t, "Stale", now.Add(-72*time.Hour-time.Minute), store.FrequencyDaily, false)
		f.runOnce(t, 3)
		list, err := s.ListPlanned(ctx, f.ws.ID)
		if err != nil || len(list) != 6 {
			t.Fatalf("list = %d items, %v", len(list), err)
		}
		next := map[string]*store.PlannedPost{}
		for _, p := range list {
			if p.Status == store.PlanPending {
				next[p.Topic] = p
			} else if p.Status != store.PlanCompleted {
				t.Fatalf("item = %+v", p)
			}
		}
		if n := next["Daily"]; n == nil || !n.GenerateAt.Equal(daily.GenerateAt.AddDate(0, 0, 1)) || n.Frequency != store.FrequencyDaily {
			t.Fatalf("next daily = %+v", n)
		}
		if n := next[""]; n == nil || !n.GenerateAt.Equal(weekly.GenerateAt.AddDate(0, 0, 7)) || n.Frequency != store.FrequencyWeekly {
			t.Fatalf("next weekly = %+v", n)
		}
		// A stalled series resumes at its next slot after now, without a burst.
		if n := next["Stale"]; n == nil || !n.GenerateAt.Equal(stale.GenerateAt.AddDate(0, 0, 4)) {
			t.Fatalf("next stale = %+v", n)
		}
		f.runOnce(t, 0)
	})
}

func TestFailedDailyStillSchedulesTheNext(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		f.writer.fail = errors.New("down")
		p := f.schedule(t, "Series", time.Now().Add(-time.Minute), store.FrequencyDaily, false)
		f.runOnce(t, 1)
		f.writer.fail = nil
		if _, err := s.RetryPlanned(ctx, f.ws.ID, p.ID, 0); err != nil {
			t.Fatal(err)
		}
		f.runOnce(t, 1)
		list, _ := s.ListPlanned(ctx, f.ws.ID)
		if len(list) != 2 || list[0].Status != store.PlanCompleted || list[1].Status != store.PlanPending {
			t.Fatalf("a retried item must not fork its series: %+v", list)
		}
	})
}

// cancellingWriter ends the run (like a shutdown) in the middle of writing.
type cancellingWriter struct{ cancel context.CancelFunc }

func (w cancellingWriter) Write(ctx context.Context, _ ai.WriteRequest) (*ai.Article, error) {
	w.cancel()
	<-ctx.Done()
	return nil, ctx.Err()
}

func TestShutdownHandsTheItemBack(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		p := f.schedule(t, "Interrupted", time.Now().Add(-time.Minute), store.FrequencyDaily, false)
		rctx, cancel := context.WithCancel(ctx)
		defer cancel()
		f.sched.Generator.Writer = cancellingWriter{cancel: cancel}
		if _, err := f.sched.RunOnce(rctx); !errors.Is(err, context.Canceled) {
			t.Fatalf("RunOnce err = %v", err)
		}
		got := f.get(t, p.ID)
		if got.Status != store.PlanPending || got.Error != "" || got.ClaimedUntil.UnixMilli() != 0 {
			t.Fatalf("item = %+v", got)
		}
		if list, _ := s.ListPlanned(ctx, f.ws.ID); len(list) != 1 {
			t.Fatalf("%d items: an interrupted run must not schedule the next", len(list))
		}
	})
}

// Two instances running at once process every item exactly once.
func TestConcurrentSchedulersProcessEachItemOnce(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := setup(t, s)
		if err := s.AddRole(ctx, f.user.ID, store.RoleAdmin); err != nil { // no limit in the way
			t.Fatal(err)
		}
		const n = 12
		for i := range n {
			f.schedule(t, "Topic "+string(rune('A'+i)), time.Now().Add(-time.Duration(i+1)*time.Second), store.FrequencyOnce, false)
		}
		other := *f.sched
		var wg sync.WaitGroup
		var total atomic.Int32
		for _, sc := range []*scheduler.Scheduler{f.sched, &other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := sc.RunOnce(ctx)
				if err != nil {
					t.Errorf("RunOnce: %v", err)
				}
				total.Add(int32(got))
			}()
		}
		wg.Wait()
		if total.Load() != n || f.writer.calls.Load() != n {
			t.Fatalf("processed %d, writer calls %d, want %d", total.Load(), f.writer.calls.Load(), n)
		}
		if c, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &f.ws.ID}); c != n {
			t.Fatalf("posts = %d, want %d", c, n)
		}
	})
}
