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

func scheduledItem(wsID int64, topic string, at time.Time) *store.ScheduledPost {
	return &store.ScheduledPost{WorkspaceID: wsID, Category: "tech", Topic: topic, InputMode: "topic", ScheduledFor: at,
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
		items := []*store.ScheduledPost{scheduledItem(ws.ID, "Later", t0.Add(2*time.Hour)), withBanners}
		if err := s.CreateScheduled(ctx, items); err != nil {
			t.Fatal(err)
		}
		if items[0].ID == 0 || items[0].Status != store.ScheduledPending || items[0].CreatedAt.IsZero() {
			t.Fatalf("created = %+v", items[0])
		}
		list, err := s.ListScheduled(ctx, ws.ID)
		if err != nil || len(list) != 2 {
			t.Fatalf("list = %v, %v", list, err)
		}
		got := list[0] // ordered by scheduled_for
		if got.ID != withBanners.ID || got.Topic != "" || got.GenerateImage || !got.ScheduledFor.Equal(t0.Add(time.Hour)) ||
			len(got.Banners) != 2 || got.Banners[0] != withBanners.Banners[0] || got.Banners[1] != withBanners.Banners[1] {
			t.Fatalf("first = %+v", got)
		}
		if list[1].Topic != "Later" || !list[1].GenerateImage || list[1].Banners != nil {
			t.Fatalf("second = %+v", list[1])
		}
		if _, err := s.GetScheduled(ctx, other.ID, got.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("other workspace get: %v", err)
		}
		if err := s.DeleteScheduled(ctx, other.ID, got.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("other workspace delete: %v", err)
		}
		if err := s.DeleteScheduled(ctx, ws.ID, got.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ := s.ListScheduled(ctx, ws.ID); len(list) != 1 {
			t.Fatalf("after delete: %d items", len(list))
		}
	})
}

func TestCreateScheduledIsAllOrNothing(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		bad := scheduledItem(ws.ID+1000, "No such workspace", t0) // foreign key fails
		if err := s.CreateScheduled(ctx, []*store.ScheduledPost{scheduledItem(ws.ID, "Ok", t0), bad}); err == nil {
			t.Fatal("want an error")
		}
		if list, _ := s.ListScheduled(ctx, ws.ID); len(list) != 0 {
			t.Fatalf("%d items written", len(list))
		}
	})
}

func TestRetryScheduledOnlyFailed(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		_, other := signUp(t, s, "b@x.io", "b")
		p := scheduledItem(ws.ID, "Retry me", t0)
		if err := s.CreateScheduled(ctx, []*store.ScheduledPost{p}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RetryScheduled(ctx, ws.ID, p.ID); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("retry pending: %v", err)
		}
		if _, err := s.ClaimDueScheduled(ctx, t0, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishScheduled(ctx, p.ID, store.ScheduledFailed, "boom", 0, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RetryScheduled(ctx, other.ID, p.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("retry from another workspace: %v", err)
		}
		got, err := s.RetryScheduled(ctx, ws.ID, p.ID)
		if err != nil || got.Status != store.ScheduledPending || got.Error != "" || !got.ClaimedUntil.Equal(time.UnixMilli(0)) {
			t.Fatalf("retried = %+v, %v", got, err)
		}
		// Claimable again at once, though the earlier lease has not ended.
		if c, err := s.ClaimDueScheduled(ctx, t0, t0.Add(time.Hour)); err != nil || c.ID != p.ID {
			t.Fatalf("claim after retry = %+v, %v", c, err)
		}
	})
}

func TestClaimDueScheduled(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		due1, due2, future := scheduledItem(ws.ID, "Due 1", t0.Add(-time.Hour)), scheduledItem(ws.ID, "Due 2", t0),
			scheduledItem(ws.ID, "Future", t0.Add(time.Minute))
		if err := s.CreateScheduled(ctx, []*store.ScheduledPost{due2, future, due1}); err != nil {
			t.Fatal(err)
		}
		lease := t0.Add(10 * time.Minute)
		for _, want := range []int64{due1.ID, due2.ID} {
			got, err := s.ClaimDueScheduled(ctx, t0, lease)
			if err != nil || got.ID != want || !got.ClaimedUntil.Equal(lease) {
				t.Fatalf("claim = %+v, %v; want id %d", got, err, want)
			}
		}
		if _, err := s.ClaimDueScheduled(ctx, t0, lease); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("nothing due: %v", err)
		}
		// An expired lease (an instance died mid-run) is claimable again.
		got, err := s.ClaimDueScheduled(ctx, lease.Add(time.Millisecond), lease.Add(time.Hour))
		if err != nil || got.ID != due1.ID {
			t.Fatalf("reclaim = %+v, %v", got, err)
		}
		// Finished items are never claimed again.
		if err := s.FinishScheduled(ctx, due1.ID, store.ScheduledCompleted, "", 0, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishScheduled(ctx, due1.ID, store.ScheduledFailed, "again", 0, nil); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("finish twice: %v", err)
		}
		later := t0.Add(24 * time.Hour)
		var ids []int64
		for {
			c, err := s.ClaimDueScheduled(ctx, later, later.Add(time.Hour))
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
		if err := s.CreateScheduled(ctx, []*store.ScheduledPost{p}); err != nil {
			t.Fatal(err)
		}
		post := &store.Post{WorkspaceID: ws.ID, Category: "tech", Title: "T", Slug: "t", Content: "<p>x</p>", ContentHTML: "<p>x</p>"}
		if err := s.CreatePost(ctx, post); err != nil {
			t.Fatal(err)
		}
		next := func() *store.ScheduledPost {
			n := scheduledItem(ws.ID, "Daily", t0.Add(24*time.Hour))
			n.Frequency = store.FrequencyDaily
			return n
		}
		if _, err := s.ClaimDueScheduled(ctx, t0, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishScheduled(ctx, p.ID, store.ScheduledFailed, "provider down", 0, next()); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RetryScheduled(ctx, ws.ID, p.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ClaimDueScheduled(ctx, t0, t0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishScheduled(ctx, p.ID, store.ScheduledCompleted, "", post.ID, next()); err != nil {
			t.Fatal(err)
		}
		list, _ := s.ListScheduled(ctx, ws.ID)
		if len(list) != 2 || list[0].Status != store.ScheduledCompleted || list[0].PostID != post.ID || list[0].Error != "" ||
			list[1].Status != store.ScheduledPending || list[1].Frequency != store.FrequencyDaily {
			t.Fatalf("list = %+v", list)
		}
		// Deleting the post leaves the item without it.
		if _, err := s.DeletePosts(ctx, ws.ID, []int64{post.ID}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.GetScheduled(ctx, ws.ID, p.ID); got.PostID != 0 {
			t.Fatalf("post id after delete = %d", got.PostID)
		}
	})
}

// Three claimers racing over 20 due items take each exactly once.
func TestClaimDueScheduledConcurrently(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		var items []*store.ScheduledPost
		for i := range 20 {
			items = append(items, scheduledItem(ws.ID, fmt.Sprint("Item ", i), t0.Add(-time.Duration(i)*time.Minute)))
		}
		if err := s.CreateScheduled(ctx, items); err != nil {
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
					c, err := s.ClaimDueScheduled(ctx, t0, t0.Add(time.Hour))
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
