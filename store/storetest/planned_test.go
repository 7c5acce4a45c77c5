package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

var t0 = time.Date(2026, 11, 5, 12, 0, 0, 0, time.UTC)

func scheduledItem(wsID int64, topic string, at time.Time) *store.PlannedPost {
	return &store.PlannedPost{WorkspaceID: wsID, Category: "tech", Topic: topic, InputMode: "topic", GenerateAt: at,
		Frequency: store.FrequencyOnce, GenerateImage: true}
}

func TestScheduledCRUDAndBanners(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		_, other := signUp(t, s, "b@x.io", "b")
		withBanners := scheduledItem(ws.ID, "", t0.Add(time.Hour))
		withBanners.GenerateImage = false
		withBanners.Banners = []store.Banner{{ImageURL: "/media/1/banners/1-a.png", LinkURL: "https://ads.example/1", Text: "Buy"},
			{ImageURL: "/media/1/banners/2-b.png", LinkURL: "https://ads.example/2"}}
		items := []*store.PlannedPost{scheduledItem(ws.ID, "Later", t0.Add(2*time.Hour)), withBanners}
		if err := s.CreatePlanned(ctx, items, 0); err != nil {
			t.Fatal(err)
		}
		if items[0].ID == 0 || items[0].Status != store.PlanPending || items[0].CreatedAt.IsZero() {
			t.Fatalf("created = %+v", items[0])
		}
		list, err := s.ListPlanned(ctx, ws.ID)
		if err != nil || len(list) != 2 {
			t.Fatalf("list = %v, %v", list, err)
		}
		got := list[0] // ordered by scheduled_for
		if got.ID != withBanners.ID || got.Topic != "" || got.GenerateImage || !got.GenerateAt.Equal(t0.Add(time.Hour)) ||
			len(got.Banners) != 2 || got.Banners[0] != withBanners.Banners[0] || got.Banners[1] != withBanners.Banners[1] {
			t.Fatalf("first = %+v", got)
		}
		if list[1].Topic != "Later" || !list[1].GenerateImage || list[1].Banners != nil {
			t.Fatalf("second = %+v", list[1])
		}
		if _, err := s.GetPlanned(ctx, other.ID, got.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("other workspace get: %v", err)
		}
		if err := s.DeletePlanned(ctx, other.ID, got.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("other workspace delete: %v", err)
		}
		if err := s.DeletePlanned(ctx, ws.ID, got.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ := s.ListPlanned(ctx, ws.ID); len(list) != 1 {
			t.Fatalf("after delete: %d items", len(list))
		}
	})
}

func TestCreateScheduledIsAllOrNothing(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		bad := scheduledItem(ws.ID+1000, "No such workspace", t0) // foreign key fails
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{scheduledItem(ws.ID, "Ok", t0), bad}, 0); err == nil {
			t.Fatal("want an error")
		}
		if list, _ := s.ListPlanned(ctx, ws.ID); len(list) != 0 {
			t.Fatalf("%d items written", len(list))
		}
	})
}

func TestRetryScheduledOnlyFailed(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		_, other := signUp(t, s, "b@x.io", "b")
		p := scheduledItem(ws.ID, "Retry me", t0)
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{p}, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RetryPlanned(ctx, ws.ID, p.ID, 0); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("retry pending: %v", err)
		}
		if _, err := s.ClaimDuePlanned(ctx, t0, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishPlanned(ctx, p.ID, store.PlanFailed, "boom", 0, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RetryPlanned(ctx, other.ID, p.ID, 0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("retry from another workspace: %v", err)
		}
		got, err := s.RetryPlanned(ctx, ws.ID, p.ID, 0)
		if err != nil || got.Status != store.PlanPending || got.Error != "" || !got.ClaimedUntil.Equal(time.UnixMilli(0)) {
			t.Fatalf("retried = %+v, %v", got, err)
		}
		// Claimable again at once, though the earlier lease has not ended.
		if c, err := s.ClaimDuePlanned(ctx, t0, t0.Add(time.Hour)); err != nil || c.ID != p.ID {
			t.Fatalf("claim after retry = %+v, %v", c, err)
		}
	})
}

func TestClaimDueScheduled(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		due1, due2, future := scheduledItem(ws.ID, "Due 1", t0.Add(-time.Hour)), scheduledItem(ws.ID, "Due 2", t0),
			scheduledItem(ws.ID, "Future", t0.Add(time.Minute))
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{due2, future, due1}, 0); err != nil {
			t.Fatal(err)
		}
		lease := t0.Add(10 * time.Minute)
		for _, want := range []int64{due1.ID, due2.ID} {
			got, err := s.ClaimDuePlanned(ctx, t0, lease)
			if err != nil || got.ID != want || !got.ClaimedUntil.Equal(lease) {
				t.Fatalf("claim = %+v, %v; want id %d", got, err, want)
			}
		}
		if _, err := s.ClaimDuePlanned(ctx, t0, lease); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("nothing due: %v", err)
		}
		// An expired lease (an instance died mid-run) is claimable again.
		got, err := s.ClaimDuePlanned(ctx, lease.Add(time.Millisecond), lease.Add(time.Hour))
		if err != nil || got.ID != due1.ID {
			t.Fatalf("reclaim = %+v, %v", got, err)
		}
		// Finished items are never claimed again.
		if err := s.FinishPlanned(ctx, due1.ID, store.PlanCompleted, "", 0, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishPlanned(ctx, due1.ID, store.PlanFailed, "again", 0, nil); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("finish twice: %v", err)
		}
		later := t0.Add(24 * time.Hour)
		var ids []int64
		for {
			c, err := s.ClaimDuePlanned(ctx, later, later.Add(time.Hour))
			if errors.Is(err, store.ErrNotFound) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, c.ID)
		}
		if fmt.Sprint(ids) != fmt.Sprint([]int64{due2.ID, future.ID}) {
			t.Fatalf("claimed %v", ids)
		}
	})
}

func TestFinishScheduledRecordsPostAndNextOnce(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		p := scheduledItem(ws.ID, "Daily", t0)
		p.Frequency = store.FrequencyDaily
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{p}, 0); err != nil {
			t.Fatal(err)
		}
		post := &store.Post{WorkspaceID: ws.ID, Category: "tech", Title: "T", Slug: "t", Content: "<p>x</p>", ContentHTML: "<p>x</p>"}
		if err := s.CreatePost(ctx, post); err != nil {
			t.Fatal(err)
		}
		next := func() *store.PlannedPost {
			n := scheduledItem(ws.ID, "Daily", t0.Add(24*time.Hour))
			n.Frequency = store.FrequencyDaily
			return n
		}
		if _, err := s.ClaimDuePlanned(ctx, t0, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishPlanned(ctx, p.ID, store.PlanFailed, "provider down", 0, next()); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RetryPlanned(ctx, ws.ID, p.ID, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ClaimDuePlanned(ctx, t0, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishPlanned(ctx, p.ID, store.PlanCompleted, "", post.ID, next()); err != nil {
			t.Fatal(err)
		}
		list, _ := s.ListPlanned(ctx, ws.ID)
		if len(list) != 2 || list[0].Status != store.PlanCompleted || list[0].PostID != post.ID || list[0].Error != "" ||
			list[1].Status != store.PlanPending || list[1].Frequency != store.FrequencyDaily {
			t.Fatalf("list = %+v", list)
		}
		// Deleting the post leaves the item without it.
		if _, err := s.DeletePosts(ctx, ws.ID, []int64{post.ID}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.GetPlanned(ctx, ws.ID, p.ID); got.PostID != 0 {
			t.Fatalf("post id after delete = %d", got.PostID)
		}
	})
}

// Three claimers racing over 20 due items take each exactly once.
func TestClaimDueScheduledConcurrently(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		var items []*store.PlannedPost
		for i := range 20 {
			items = append(items, scheduledItem(ws.ID, fmt.Sprint("Item ", i), t0.Add(-time.Duration(i)*time.Minute)))
		}
		if err := s.CreatePlanned(ctx, items, 0); err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		claimed := map[int64]int{}
		var wg sync.WaitGroup
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					c, err := s.ClaimDuePlanned(ctx, t0, t0.Add(time.Hour))
					if errors.Is(err, store.ErrNotFound) {
						return
					}
					if err != nil {
						t.Errorf("claim: %v", err)
						return
					}
					mu.Lock()
					claimed[c.ID]++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(claimed) != len(items) {
			t.Fatalf("claimed %d distinct items, want %d", len(claimed), len(items))
		}
		for id, n := range claimed {
			if n != 1 {
				t.Fatalf("item %d claimed %d times", id, n)
			}
		}
	})
}

func TestListWorkspaceOverviews(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, ws := signUp(t, s, "a@x.io", "a")
		_, ws2 := signUp(t, s, "b@x.io", "b")
		if err := s.AddRole(ctx, u.ID, store.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		orphan, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Site", Slug: "site", PlanTier: store.PlanAdmin})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReserveUsage(ctx, ws.ID, "2026-11-01", 2, 1); err != nil {
			t.Fatal(err)
		}
		list, err := s.ListWorkspaceOverviews(ctx, "2026-11-01")
		if err != nil || len(list) != 3 {
			t.Fatalf("list = %v, %v", list, err)
		}
		byID := map[int64]*store.WorkspaceOverview{}
		for _, o := range list {
			byID[o.ID] = o
		}
		a, b, o := byID[ws.ID], byID[ws2.ID], byID[orphan.ID]
		if a.OwnerEmail != "a@x.io" || !a.OwnerAdmin || a.Usage == nil || a.Usage.PostsGenerated != 2 || a.Usage.ImagesGenerated != 1 ||
			a.Usage.PostsLimit != 10 || a.Slug != "a" {
			t.Fatalf("a = %+v usage %+v", a, a.Usage)
		}
		if b.OwnerEmail != "b@x.io" || b.OwnerAdmin || b.Usage == nil {
			t.Fatalf("b = %+v", b)
		}
		if o.OwnerEmail != "" || o.Usage != nil || o.PlanTier != store.PlanAdmin {
			t.Fatalf("orphan = %+v", o)
		}
		if list, _ := s.ListWorkspaceOverviews(ctx, "2026-12-01"); list[0].Usage != nil {
			t.Fatalf("another month's usage = %+v", list[0].Usage)
		}
	})
}

// A workspace holds at most max pending items: a batch that would pass it
// is refused whole, concurrent requests cannot together pass it, and a
// retry counts too.
func TestScheduledPendingCap(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		_, other := signUp(t, s, "b@x.io", "b")
		const max = 5
		batch := func(wsID int64, n int) []*store.PlannedPost {
			var items []*store.PlannedPost
			for i := range n {
				items = append(items, scheduledItem(wsID, fmt.Sprint("Item ", i), t0.Add(time.Duration(i)*time.Hour)))
			}
			return items
		}
		if err := s.CreatePlanned(ctx, batch(ws.ID, 3), max); err != nil {
			t.Fatal(err)
		}
		if err := s.CreatePlanned(ctx, batch(ws.ID, 3), max); !errors.Is(err, store.ErrLimit) {
			t.Fatalf("past the cap: %v", err)
		}
		if list, _ := s.ListPlanned(ctx, ws.ID); len(list) != 3 {
			t.Fatalf("%d items: a refused batch must write none", len(list))
		}
		if err := s.CreatePlanned(ctx, batch(other.ID, 5), max); err != nil {
			t.Fatalf("another workspace has its own cap: %v", err)
		}
		// Concurrent single items: exactly the 2 free slots are taken.
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.CreatePlanned(ctx, batch(ws.ID, 1), max)
				if err != nil && !errors.Is(err, store.ErrLimit) {
					t.Errorf("create: %v", err)
				}
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					ok++
				}
			}()
		}
		wg.Wait()
		if ok != 2 {
			t.Fatalf("%d concurrent creations passed, want 2", ok)
		}
		// A failed item leaves a slot, which a new item takes; its retry
		// would pass the cap.
		c, err := s.ClaimDuePlanned(ctx, t0, t0.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.FinishPlanned(ctx, c.ID, store.PlanFailed, "boom", 0, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.CreatePlanned(ctx, batch(c.WorkspaceID, 1), max); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RetryPlanned(ctx, c.WorkspaceID, c.ID, max); !errors.Is(err, store.ErrLimit) {
			t.Fatalf("retry past the cap: %v", err)
		}
		if got, _ := s.GetPlanned(ctx, c.WorkspaceID, c.ID); got.Status != store.PlanFailed {
			t.Fatalf("refused retry changed the item: %+v", got)
		}
	})
}

// One workspace's backlog of back-dated items cannot starve another's:
// claims go round-robin across workspaces.
func TestClaimDueScheduledIsFairAcrossWorkspaces(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		var backlog []*store.PlannedPost
		for i := range 300 {
			backlog = append(backlog, scheduledItem(a.ID, fmt.Sprint("Backlog ", i), t0.Add(-time.Duration(1000-i)*time.Hour)))
		}
		if err := s.CreatePlanned(ctx, backlog, 0); err != nil {
			t.Fatal(err)
		}
		bItem := scheduledItem(b.ID, "B's post", t0.Add(-time.Minute))
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{bItem}, 0); err != nil {
			t.Fatal(err)
		}
		var got []int64
		for range 3 {
			c, err := s.ClaimDuePlanned(ctx, t0, t0.Add(time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, c.WorkspaceID)
			if c.WorkspaceID == b.ID {
				if c.ID != bItem.ID {
					t.Fatalf("claimed %+v", c)
				}
				return
			}
			if c.ID != backlog[len(got)-1].ID {
				t.Fatalf("claim %d of A = %d, want its oldest due %d", len(got), c.ID, backlog[len(got)-1].ID)
			}
		}
		t.Fatalf("B's item not among the first 3 claims (workspaces %v)", got)
	})
}

// A lease is renewed only by its holder: after a reclaim (the holder was
// presumed dead) or a finish the holder's renewal fails.
func TestRenewScheduled(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		p := scheduledItem(ws.ID, "Leased", t0)
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{p}, 0); err != nil {
			t.Fatal(err)
		}
		l1, l2 := t0.Add(2*time.Minute), t0.Add(3*time.Minute)
		if _, err := s.ClaimDuePlanned(ctx, t0, l1); err != nil {
			t.Fatal(err)
		}
		if err := s.RenewPlanned(ctx, p.ID, l1, l2); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ClaimDuePlanned(ctx, l1.Add(time.Second), l1.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("claimed under a renewed lease: %v", err)
		}
		if err := s.RenewPlanned(ctx, p.ID, l1, l2); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("renewal with a stale lease: %v", err)
		}
		l3 := l2.Add(2 * time.Minute)
		if c, err := s.ClaimDuePlanned(ctx, l2.Add(time.Millisecond), l3); err != nil || c.ID != p.ID {
			t.Fatalf("reclaim after the lease = %+v, %v", c, err)
		}
		if err := s.RenewPlanned(ctx, p.ID, l2, l2.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the old holder renewed a reclaimed item: %v", err)
		}
		if err := s.FinishPlanned(ctx, p.ID, store.PlanCompleted, "", 0, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.RenewPlanned(ctx, p.ID, l3, l3.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("renewed a finished item: %v", err)
		}
	})
}

// A scheduled item gets one post: the post's insert records it on the item
// in the same transaction, and a second insert for the item is refused.
func TestGeneratedPostIsOncePerScheduledItem(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		p := scheduledItem(ws.ID, "Once", t0)
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{p}, 0); err != nil {
			t.Fatal(err)
		}
		first := generatedPost(ws.ID, "once")
		first.PlannedID = p.ID
		if err := s.CreatePost(ctx, first); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.GetPlanned(ctx, ws.ID, p.ID); got.PostID != first.ID || got.Status != store.PlanPending {
			t.Fatalf("item after its post = %+v", got)
		}
		again := generatedPost(ws.ID, "once-again")
		again.PlannedID = p.ID
		r := reserve(t, s, ws.ID, 1, 0, t0.Add(time.Hour))
		again.ReservationID = r.ID
		if err := s.CreatePost(ctx, again); !errors.Is(err, store.ErrAlreadyDone) {
			t.Fatalf("second post for the item: %v", err)
		}
		if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &ws.ID}); n != 1 {
			t.Fatalf("posts = %d, want 1", n)
		}
		// The refused insert committed nothing: the reservation is still there to release.
		if err := s.ReleaseReservation(ctx, r.ID, 1, 0); err != nil {
			t.Fatalf("release after the refused insert: %v", err)
		}
	})
}

// No item is stored past the year 9999, and one at its last millisecond
// lists.
func TestScheduledTimesStayListable(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		last := time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC)
		beyond := scheduledItem(ws.ID, "Beyond", last.Add(time.Millisecond))
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{scheduledItem(ws.ID, "Last", last), beyond}, 0); err == nil {
			t.Fatal("stored a time past the year 9999")
		}
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{scheduledItem(ws.ID, "Last", last)}, 0); err != nil {
			t.Fatal(err)
		}
		list, err := s.ListPlanned(ctx, ws.ID)
		if err != nil || len(list) != 1 || !list[0].GenerateAt.Equal(last) {
			t.Fatalf("list = %+v, %v", list, err)
		}
		if _, err := list[0].GenerateAt.MarshalJSON(); err != nil {
			t.Fatal(err)
		}
	})
}
