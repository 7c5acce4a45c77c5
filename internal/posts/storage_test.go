package posts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/storetest"
)

// Posts written by hand count against the plan's storage: a write that
// would pass it is refused with 402 and a message, and changes nothing;
// revisions beyond the plan's number are dropped.
func TestPostStorageQuota(t *testing.T) {
	ctx := context.Background()
	s := storetest.SQLite(t)
	ws, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: "W", Slug: "w", PlanTier: store.PlanStarter,
		Settings: store.DefaultSettings(0, "W")})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "C", Slug: "c"}); err != nil {
		t.Fatal(err)
	}
	svc := posts.New(s, cache.New(time.Minute, 1<<20))
	svc.Quota = func(context.Context, int64) (plan.PostQuota, error) {
		return plan.PostQuota{Bytes: 1 << 20, Revisions: 3}, nil
	}
	full := func(t *testing.T, err error) {
		t.Helper()
		e := apperr.As(err)
		if e == nil || e.Kind != apperr.Limit ||
			e.Code != "post_storage_full" || !strings.Contains(e.Message, "1 MB") {
			t.Fatalf("err = %v, want post_storage_full (a plan limit: 402)", err)
		}
	}
	write := func(title, body string) (*store.Post, error) {
		return svc.Write(ctx, ws, posts.Patch{Title: &title, Content: &body, Category: store.Ptr("c")})
	}
	// Each post: about 300 KB of body, twice as HTML, once as its revision.
	body := paragraphs(300 << 10)
	p, err := write("First", body)
	if err != nil {
		t.Fatal(err)
	}
	used, err := s.PostStorage(ctx, ws.ID)
	if err != nil || used < 900<<10 || used > 1<<20 {
		t.Fatalf("storage used = %d, %v", used, err)
	}
	if _, err := write("Second", body); err == nil {
		t.Fatal("a write past the cap was stored")
	} else {
		full(t, err)
	}
	if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &ws.ID}); n != 1 {
		t.Fatalf("%d posts stored, want only the first", n)
	}
	// An edit that grows the storage is refused and changes nothing ...
	longer := body + "<p>more</p>"
	if _, err := svc.Update(ctx, ws.ID, p.ID, posts.Patch{Content: &longer}); err == nil {
		t.Fatal("a growing edit past the cap was stored")
	} else {
		full(t, err)
	}
	if got, _ := svc.Get(ctx, ws.ID, p.ID); got.Content != p.Content {
		t.Fatal("the refused edit changed the post")
	}
	// ... one that frees room passes, and only 3 revisions are kept.
	for i, c := range []string{"<p>a</p>", "<p>b</p>", "<p>c</p>", "<p>d</p>"} {
		if _, err := svc.Update(ctx, ws.ID, p.ID, posts.Patch{Content: &c}); err != nil {
			t.Fatalf("edit %d: %v", i, err)
		}
	}
	revs, err := svc.Revisions(ctx, ws.ID, p.ID)
	if err != nil || len(revs) != 3 || revs[0].Content != "<p>d</p>" {
		t.Fatalf("revisions = %d, %v; want the newest 3", len(revs), err)
	}
	if _, err := write("Now it fits", body); err != nil {
		t.Fatalf("after the old revisions went: %v", err)
	}
}
