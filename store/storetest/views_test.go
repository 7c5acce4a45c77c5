package storetest

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// viewPost creates a post to count views of.
func viewPost(t *testing.T, s *sqlstore.DB, wsID int64, slug string) int64 {
	t.Helper()
	p := &store.Post{WorkspaceID: wsID, Category: "c", Title: slug, Slug: slug, Content: "<p>x</p>",
		ContentHTML: "<p>x</p>", PublishedAt: time.Now(), UpdatedAt: time.Now()}
	if err := s.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	return p.ID
}

func viewCount(t *testing.T, s *sqlstore.DB, id int64) int64 {
	t.Helper()
	p, err := s.GetPost(ctx, store.FindPost{ID: &id})
	if err != nil {
		t.Fatal(err)
	}
	return p.ViewCount
}

// Each (post, hour, visitor) counts once, whichever batch or instance
// brings it and however often.
func TestViewsCountOncePerVisitorPostAndHour(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "v@x.io", "views")
		a, b := viewPost(t, s, ws.ID, "a"), viewPost(t, s, ws.ID, "b")
		repeat := func(v store.View, n int) []store.View {
			out := make([]store.View, n)
			for i := range out {
				out[i] = v
			}
			return out
		}
		const hour = 500_000
		for _, step := range []struct {
			name    string
			views   []store.View
			counted int64
			a, b    int64 // view counts after the step
		}{
			{"one visitor 2,000 times in a batch", repeat(store.View{PostID: a, Hour: hour, Visitor: "v1"}, 2000), 1, 1, 0},
			{"the same visitor in a later batch", repeat(store.View{PostID: a, Hour: hour, Visitor: "v1"}, 3), 0, 1, 0},
			{"three visitors, one known", []store.View{{PostID: a, Hour: hour, Visitor: "v1"},
				{PostID: a, Hour: hour, Visitor: "v2"}, {PostID: a, Hour: hour, Visitor: "v3"}}, 2, 3, 0},
			{"another post is its own count", []store.View{{PostID: b, Hour: hour, Visitor: "v1"}}, 1, 3, 1},
			{"the next hour counts again", []store.View{{PostID: a, Hour: hour + 1, Visitor: "v1"}}, 1, 4, 1},
			{"a deleted post fails nothing", []store.View{{PostID: 999_999, Hour: hour, Visitor: "v1"},
				{PostID: b, Hour: hour, Visitor: "v9"}}, 2, 4, 2},
		} {
			n, err := s.AddViews(ctx, step.views)
			if err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			if n != step.counted || viewCount(t, s, a) != step.a || viewCount(t, s, b) != step.b {
				t.Fatalf("%s: counted %d (want %d), views a %d b %d (want %d %d)", step.name, n, step.counted,
					viewCount(t, s, a), viewCount(t, s, b), step.a, step.b)
			}
		}
		// Pruned hours are forgotten: the same key counts again.
		if err := s.PruneViews(ctx, hour+1, 0, 0); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.AddViews(ctx, []store.View{{PostID: a, Hour: hour, Visitor: "v1"},
			{PostID: a, Hour: hour + 1, Visitor: "v1"}}); n != 1 {
			t.Fatalf("after pruning counted %d, want 1 (the pruned hour only)", n)
		}
	})
}

// Two instances flushing overlapping views at the same time count each
// visitor once.
func TestViewsConcurrentFlushesCountOnce(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "c@x.io", "concurrent")
		ids := []int64{viewPost(t, s, ws.ID, "p1"), viewPost(t, s, ws.ID, "p2"), viewPost(t, s, ws.ID, "p3")}
		var batch []store.View
		for _, id := range ids {
			for v := range 50 {
				batch = append(batch, store.View{PostID: id, Hour: 7, Visitor: fmt.Sprint("visitor-", v)})
			}
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		var total int64
		for i := range 4 {
			wg.Go(func() {
				// Each flusher sends the views in its own order.
				mine := append([]store.View(nil), batch[i*10:]...)
				mine = append(mine, batch[:i*10]...)
				n, err := s.AddViews(ctx, mine)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				total += n
				mu.Unlock()
			})
		}
		wg.Wait()
		if total != 150 {
			t.Fatalf("counted %d, want 150", total)
		}
		for _, id := range ids {
			if got := viewCount(t, s, id); got != 50 {
				t.Fatalf("post %d has %d views, want 50", id, got)
			}
		}
	})
}

// The first salt stored for a day is everyone's; pruned days get a new one.
func TestViewSalt(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		first, err := s.ViewSalt(ctx, 20000, "salt-a")
		if err != nil || first != "salt-a" {
			t.Fatalf("first salt %q, %v", first, err)
		}
		if again, _ := s.ViewSalt(ctx, 20000, "salt-b"); again != "salt-a" {
			t.Fatalf("second instance got %q, want the stored salt-a", again)
		}
		if next, _ := s.ViewSalt(ctx, 20001, "salt-c"); next != "salt-c" {
			t.Fatalf("next day got %q", next)
		}
		if err := s.PruneViews(ctx, 0, 20001, 0); err != nil {
			t.Fatal(err)
		}
		if renewed, _ := s.ViewSalt(ctx, 20000, "salt-d"); renewed != "salt-d" {
			t.Fatalf("a pruned day kept its salt %q", renewed)
		}
		if kept, _ := s.ViewSalt(ctx, 20001, "salt-e"); kept != "salt-c" {
			t.Fatalf("a kept day changed its salt to %q", kept)
		}
	})
}

// Trending ranks by the views of the window's days: a post read often
// long ago comes after one read a little this week, and the window's rows
// are pruned by day.
func TestTrendingCountsTheWindowsViews(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "t@x.io", "trending")
		_, other := signUp(t, s, "o@x.io", "trending-other")
		old, recent, never := viewPost(t, s, ws.ID, "old-favourite"), viewPost(t, s, ws.ID, "this-week"), viewPost(t, s, ws.ID, "never-read")
		elsewhere := viewPost(t, s, other.ID, "elsewhere")
		const today = 20_000 // days since the epoch
		var views []store.View
		for v := range 20 { // read by 20 visitors ten days ago
			views = append(views, store.View{PostID: old, Hour: (today-10)*24 + 5, Visitor: fmt.Sprint("old-", v)})
		}
		for v := range 3 { // read by 3 this week: 2 today, 1 six days ago
			views = append(views, store.View{PostID: recent, Hour: int64(today-6*(v%2))*24 + 1, Visitor: fmt.Sprint("new-", v)})
		}
		for v := range 30 { // another blog's reads rank nothing here
			views = append(views, store.View{PostID: elsewhere, Hour: today * 24, Visitor: fmt.Sprint("e-", v)})
		}
		if _, err := s.AddViews(ctx, views); err != nil {
			t.Fatal(err)
		}
		rank := func(from int64) []string {
			ps, err := s.ListPosts(ctx, store.FindPost{WorkspaceID: &ws.ID, Order: store.OrderTrending, TrendingFrom: from, Light: true})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, p := range ps {
				out = append(out, p.Slug)
			}
			return out
		}
		// The week: this-week's 3 views beat old-favourite's 20 (outside it),
		// which ranks next by all its views; never-read last.
		if got, want := rank(today-6), []string{"this-week", "old-favourite", "never-read"}; !slices.Equal(got, want) {
			t.Errorf("this week's trending %v, want %v", got, want)
		}
		// A window that holds the old reads too ranks them first.
		if got, want := rank(today-10), []string{"old-favourite", "this-week", "never-read"}; !slices.Equal(got, want) {
			t.Errorf("ten days' trending %v, want %v", got, want)
		}
		if viewCount(t, s, old) != 20 || viewCount(t, s, recent) != 3 || viewCount(t, s, never) != 0 {
			t.Error("all-time counts changed")
		}
		// Pruning drops the days before the window, not the window's.
		if err := s.PruneViews(ctx, 0, 0, today-6); err != nil {
			t.Fatal(err)
		}
		if got, want := rank(0), []string{"this-week", "old-favourite", "never-read"}; !slices.Equal(got, want) {
			t.Errorf("after pruning %v, want %v", got, want)
		}
	})
}
