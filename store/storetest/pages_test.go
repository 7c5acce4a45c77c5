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

// Stored pages are per workspace, replaced whole, listed by workspace and
// by build, and go with their workspace.
func TestRenderedPages(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		at := time.UnixMilli(1_700_000_000_000).UTC()
		for _, p := range []*store.RenderedPage{
			{Key: "/blog/a", WorkspaceID: a.ID, Body: []byte("a home"), Build: "old"},
			{Key: "/blog/a/x", WorkspaceID: a.ID, Body: []byte("a x"), Gzip: []byte{1, 2}, Build: "new", Version: 9, LastModified: at},
			{Key: "/blog/b", WorkspaceID: b.ID, Body: []byte("b home"), Build: "new"},
		} {
			p.Status, p.ContentType, p.ETag, p.RenderedAt = 200, "text/html", `"e"`, at
			if err := s.PutPage(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		p, err := s.GetPage(ctx, a.ID, "/blog/a/x")
		if err != nil || p.Body != nil || len(p.Gzip) != 2 || p.Version != 9 || !p.LastModified.Equal(at) {
			t.Fatalf("read back %+v, %v", p, err)
		}
		if _, err := s.GetPage(ctx, b.ID, "/blog/a/x"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("another workspace's page: %v", err)
		}
		if err := s.PutPage(ctx, &store.RenderedPage{Key: "/blog/a/x", WorkspaceID: a.ID, Status: 200, ContentType: "text/html",
			ETag: `"f"`, Body: []byte("a x again"), Build: "new", RenderedAt: at}); err != nil {
			t.Fatal(err)
		}
		if p, _ := s.GetPage(ctx, a.ID, "/blog/a/x"); string(p.Body) != "a x again" || p.Gzip != nil {
			t.Errorf("replaced page %q gzip %v", p.Body, p.Gzip)
		}
		if keys, err := s.PageKeys(ctx, a.ID, 10); err != nil || fmt.Sprint(keys) != "[/blog/a /blog/a/x]" {
			t.Errorf("keys %v %v", keys, err)
		}
		if old, err := s.OutdatedPages(ctx, "new", 10); err != nil || len(old) != 1 || old[0].Key != "/blog/a" {
			t.Errorf("outdated %v %v", old, err)
		}
		// A write marks its pages outdated in place: bytes and version kept,
		// another workspace's page of the key untouched, unknown keys ignored.
		if err := s.PutPage(ctx, &store.RenderedPage{Key: "/blog/a/z", WorkspaceID: a.ID, Status: 200, ContentType: "text/html",
			ETag: `"z"`, Body: []byte("a z"), Gzip: []byte{3, 4, 5}, Build: "new", Version: 7, RenderedAt: at}); err != nil {
			t.Fatal(err)
		}
		if err := s.OutdatePages(ctx, a.ID, []string{"/blog/a/z", "/blog/a/none"}, "-outdated-"); err != nil {
			t.Fatal(err)
		}
		if err := s.OutdatePages(ctx, b.ID, []string{"/blog/a"}, "-outdated-"); err != nil {
			t.Fatal(err)
		}
		z, err := s.GetPage(ctx, a.ID, "/blog/a/z")
		if err != nil || z.Build != "-outdated-" || z.Version != 7 || len(z.Gzip) != 3 || z.ETag != `"z"` {
			t.Fatalf("outdated page %+v, %v", z, err)
		}
		if p, _ := s.GetPage(ctx, a.ID, "/blog/a"); p.Build != "old" {
			t.Errorf("another workspace's mark changed a's page: build %q", p.Build)
		}
		// A page read back (its gzip copy alone) can be stored again.
		z.Build = "new"
		if err := s.PutPage(ctx, z); err != nil {
			t.Fatalf("storing a page read back: %v", err)
		}
		if z, err := s.GetPage(ctx, a.ID, "/blog/a/z"); err != nil || z.Build != "new" || len(z.Gzip) != 3 {
			t.Errorf("stored again %+v, %v", z, err)
		}
		if err := s.DeletePages(ctx, a.ID, []string{"/blog/a/z"}); err != nil {
			t.Fatal(err)
		}
		if err := s.DeletePages(ctx, b.ID, []string{"/blog/a", "/blog/b"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetPage(ctx, a.ID, "/blog/a"); err != nil {
			t.Errorf("a delete for workspace b removed a's page: %v", err)
		}
		if _, err := s.GetPage(ctx, b.ID, "/blog/b"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted: %v", err)
		}
	})
}

// Render jobs: one per page, claimed by one claimer at a time however many
// claim at once; a page queued again while it renders stays queued.
func TestRenderQueueClaimsOnce(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		var jobs []store.RenderJob
		for i := range 30 {
			jobs = append(jobs, store.RenderJob{Key: fmt.Sprintf("/blog/a/p%d", i), WorkspaceID: ws.ID, Priority: i % 3, Reason: "write"})
		}
		if err := s.QueueRenders(ctx, jobs); err != nil {
			t.Fatal(err)
		}
		if err := s.QueueRenders(ctx, jobs[:5]); err != nil { // twice: still one job each
			t.Fatal(err)
		}
		if n, _ := s.QueuedRenders(ctx); n != 30 {
			t.Fatalf("queued %d, want 30", n)
		}
		now := time.Now()
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					got, err := s.ClaimRenders(ctx, now, now.Add(time.Minute), 3)
					if err != nil {
						t.Error(err)
						return
					}
					if len(got) == 0 {
						return
					}
					mu.Lock()
					for _, j := range got {
						seen[j.Key]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(seen) != 30 {
			t.Errorf("claimed %d pages, want 30", len(seen))
		}
		for k, n := range seen {
			if n != 1 {
				t.Errorf("%s claimed %d times", k, n)
			}
		}
		// Highest priority first.
		if err := s.QueueRenders(ctx, []store.RenderJob{{Key: "/low", WorkspaceID: ws.ID, Priority: 1}, {Key: "/high", WorkspaceID: ws.ID, Priority: 9}}); err != nil {
			t.Fatal(err)
		}
		got, err := s.ClaimRenders(ctx, now, now.Add(time.Minute), 1)
		if err != nil || len(got) != 1 || got[0].Key != "/high" {
			t.Fatalf("first claim %v %v, want /high", got, err)
		}
		// Queued again while rendering: finishing the old claim keeps it.
		if err := s.QueueRenders(ctx, []store.RenderJob{{Key: "/high", WorkspaceID: ws.ID, Priority: 9}}); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishRender(ctx, "/high", got[0].Seq); err != nil {
			t.Fatal(err)
		}
		again, err := s.ClaimRenders(ctx, now, now.Add(time.Minute), 1)
		if err != nil || len(again) != 1 || again[0].Key != "/high" || again[0].Seq == got[0].Seq {
			t.Fatalf("a page queued again during its render: %v %v", again, err)
		}
		if err := s.FinishRender(ctx, "/high", again[0].Seq); err != nil {
			t.Fatal(err)
		}
		// Expired leases are claimable again.
		later := now.Add(2 * time.Minute)
		if back, err := s.ClaimRenders(ctx, later, later.Add(time.Minute), 100); err != nil || len(back) != 31 {
			t.Errorf("after the leases ended %d claimable (%v), want 31", len(back), err)
		}
	})
}
