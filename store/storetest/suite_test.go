package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

var ctx = context.Background()

func signUp(t *testing.T, s *sqlstore.DB, email, slug string) (*store.User, *store.Workspace) {
	t.Helper()
	u, ws, err := s.SignUp(ctx, store.SignUp{Email: email, Name: "N", PasswordHash: "h", BlogName: "Blog",
		WorkspaceSlug: slug, Month: "2026-11-01", PostsLimit: 10, ImagesLimit: 10})
	if err != nil {
		t.Fatalf("sign up %s: %v", email, err)
	}
	return u, ws
}

func TestSignUpCreatesEverythingAndUniqueSlugs(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, ws := signUp(t, s, "a@x.io", "jane")
		if ws.Slug != "jane" || ws.UserID != u.ID || ws.PlanTier != store.PlanStarter {
			t.Fatalf("workspace = %+v", ws)
		}
		if set, err := s.GetSettings(ctx, ws.ID); err != nil || set.BlogTitle != "Blog" || set.OnboardingCompleted {
			t.Fatalf("settings = %+v, %v", set, err)
		}
		if us, err := s.EnsureUsage(ctx, ws.ID, "2026-11-01", 99, 99); err != nil || us.PostsLimit != 10 || us.ImagesLimit != 10 {
			t.Fatalf("usage = %+v, %v", us, err)
		}
		_, ws2 := signUp(t, s, "b@x.io", "jane")
		_, ws3 := signUp(t, s, "c@x.io", "jane")
		if ws2.Slug != "jane-2" || ws3.Slug != "jane-3" {
			t.Fatalf("slugs %q %q", ws2.Slug, ws3.Slug)
		}
	})
}

func TestSignUpDuplicateEmailWritesNothing(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		signUp(t, s, "a@x.io", "jane")
		_, _, err := s.SignUp(ctx, store.SignUp{Email: "a@x.io", Name: "N", PasswordHash: "h", BlogName: "B",
			WorkspaceSlug: "other", Month: "2026-11-01", PostsLimit: 10, ImagesLimit: 10})
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("err = %v, want ErrConflict", err)
		}
		if _, err := s.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("other")}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("workspace of failed sign-up exists: %v", err)
		}
		if n, _ := s.CountUsers(ctx); n != 1 {
			t.Fatalf("users = %d", n)
		}
	})
}

func TestSessionsExpire(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, _ := signUp(t, s, "a@x.io", "a")
		now := time.Now()
		if err := s.CreateSession(ctx, &store.Session{TokenHash: "t1", UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetSession(ctx, "t1", now); err != nil {
			t.Fatalf("fresh session: %v", err)
		}
		if _, err := s.GetSession(ctx, "t1", now.Add(2*time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired session: %v", err)
		}
		if n, err := s.DeleteExpiredSessions(ctx, now.Add(2*time.Hour)); err != nil || n != 1 {
			t.Fatalf("deleted %d, %v", n, err)
		}
	})
}

func TestReserveUsageIsAtomic(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		ok, refused := race(t, 50, func(int) error {
			_, err := s.ReserveUsage(ctx, ws.ID, "2026-11-01", 1, 0)
			return err
		})
		if ok != 10 || refused != 40 {
			t.Fatalf("ok %d refused %d", ok, refused)
		}
		if err := s.ReleaseUsage(ctx, ws.ID, "2026-11-01", 1, 0); err != nil {
			t.Fatal(err)
		}
		u, _ := s.EnsureUsage(ctx, ws.ID, "2026-11-01", 0, 0)
		if u.PostsGenerated != 9 {
			t.Fatalf("after release posts = %d", u.PostsGenerated)
		}
		// A month without a row is created on demand with the given limits.
		u, err := s.EnsureUsage(ctx, ws.ID, "2026-12-01", 30, 30)
		if err != nil || u.PostsLimit != 30 || u.PostsGenerated != 0 {
			t.Fatalf("new month usage = %+v, %v", u, err)
		}
	})
}

func TestPostsAreScopedOrderedAndSearchable(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		var ids []int64
		for i := range 5 {
			p := &store.Post{WorkspaceID: a.ID, Category: "keto", Title: fmt.Sprintf("Keto Tip %d", i), Slug: fmt.Sprintf("keto-%d", i),
				Content: "<p>x</p>", ContentHTML: "<p>x</p>", Tags: []string{"keto", "diet"}, PublishedAt: base.Add(time.Duration(i) * time.Hour),
				ViewCount: int64(10 - i), Banners: []store.Banner{{ImageURL: "/m/b.png", LinkURL: "https://x.io"}}}
			if err := s.CreatePost(ctx, p); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, p.ID)
		}
		other := &store.Post{WorkspaceID: b.ID, Category: "keto", Title: "Other", Slug: "keto-0", Content: "c", ContentHTML: "c"}
		if err := s.CreatePost(ctx, other); err != nil {
			t.Fatalf("same slug in another workspace must be allowed: %v", err)
		}
		dup := &store.Post{WorkspaceID: a.ID, Category: "tech", Title: "Dup", Slug: "keto-0", Content: "c", ContentHTML: "c"}
		if err := s.CreatePost(ctx, dup); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate slug: %v", err)
		}
		latest, _ := s.ListPosts(ctx, store.FindPost{WorkspaceID: &a.ID, Order: store.OrderLatest, Limit: 2, Light: true})
		if len(latest) != 2 || latest[0].Slug != "keto-4" || latest[0].Content != "" {
			t.Fatalf("latest = %+v", latest)
		}
		trending, _ := s.ListPosts(ctx, store.FindPost{WorkspaceID: &a.ID, Order: store.OrderTrending, Limit: 1})
		if trending[0].Slug != "keto-0" {
			t.Fatalf("trending[0] = %s", trending[0].Slug)
		}
		found, _ := s.ListPosts(ctx, store.FindPost{WorkspaceID: &a.ID, Search: store.Ptr("TIP 3")})
		if len(found) != 1 || found[0].Slug != "keto-3" {
			t.Fatalf("search = %v", found)
		}
		if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &a.ID, Search: store.Ptr("%")}); n != 0 {
			t.Fatalf("search for %% matched %d posts", n)
		}
		p, err := s.GetPost(ctx, store.FindPost{WorkspaceID: &a.ID, Category: store.Ptr("keto"), Slug: store.Ptr("keto-2")})
		if err != nil || len(p.Tags) != 2 || len(p.Banners) != 1 || p.Banners[0].LinkURL != "https://x.io" {
			t.Fatalf("get = %+v, %v", p, err)
		}
		related, _ := s.ListPosts(ctx, store.FindPost{WorkspaceID: &a.ID, Category: store.Ptr("keto"), ExcludeSlug: store.Ptr("keto-2"), Limit: 3})
		if len(related) != 3 {
			t.Fatalf("related = %d", len(related))
		}
		// Workspace scoping: b cannot update or delete a's post.
		p.WorkspaceID = b.ID
		p.Title = "hijack"
		if err := s.UpdatePost(ctx, p); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("cross-workspace update: %v", err)
		}
		if n, _ := s.DeletePosts(ctx, b.ID, ids); n != 0 {
			t.Fatalf("cross-workspace delete removed %d", n)
		}
		p.WorkspaceID = a.ID
		p.Title = "Renamed"
		if err := s.UpdatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddViews(ctx, []store.View{{PostID: p.ID, Hour: 1, Visitor: "a"}, {PostID: p.ID, Hour: 1, Visitor: "b"},
			{PostID: p.ID, Hour: 1, Visitor: "c"}, {PostID: p.ID, Hour: 1, Visitor: "d"}, {PostID: p.ID, Hour: 1, Visitor: "e"}}); err != nil {
			t.Fatal(err)
		}
		p2, _ := s.GetPost(ctx, store.FindPost{ID: &p.ID})
		if p2.Title != "Renamed" || p2.ViewCount != 8+5 {
			t.Fatalf("after update = %q views %d", p2.Title, p2.ViewCount)
		}
		counts, err := s.CountPostsByCategory(ctx, store.FindPost{WorkspaceID: &a.ID})
		if err != nil || counts["keto"] != 5 || len(counts) != 1 {
			t.Fatalf("counts = %v, %v", counts, err)
		}
		entries, _ := s.ListSitemapEntries(ctx, store.FindPost{WorkspaceID: &a.ID})
		if len(entries) != 5 || entries[0].Slug != "keto-2" {
			t.Fatalf("sitemap entries = %+v", entries)
		}
		if n, _ := s.DeletePosts(ctx, a.ID, ids[:2]); n != 2 {
			t.Fatalf("deleted %d", n)
		}
	})
}

func TestCategoriesAndOnboarding(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		c := &store.Category{WorkspaceID: ws.ID, Name: "Tech", Slug: "tech", ColorHex: "#6366f1"}
		if err := s.CreateCategory(ctx, c); err != nil || c.ID == 0 || c.ColorHex != "#6366f1" {
			t.Fatalf("create: %+v %v", c, err)
		}
		if err := s.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "T2", Slug: "tech"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("dup category: %v", err)
		}
		set := store.DefaultSettings(ws.ID, "My Blog")
		err := s.CompleteOnboarding(ctx, set, []*store.Category{{Name: "Tech", Slug: "tech"}, {Name: "Food & Cooking", Slug: "food-cooking"}}, 0, "")
		if err != nil {
			t.Fatal(err)
		}
		cats, _ := s.ListCategories(ctx, ws.ID)
		if len(cats) != 2 || cats[0].Name != "Food & Cooking" {
			t.Fatalf("cats = %+v", cats)
		}
		got, _ := s.GetSettings(ctx, ws.ID)
		if !got.OnboardingCompleted || got.BlogTitle != "My Blog" {
			t.Fatalf("settings = %+v", got)
		}
		c.Name = "Technology"
		if err := s.UpdateCategory(ctx, c); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DeleteCategory(ctx, ws.ID+1000, c.ID, ""); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("cross-workspace category delete: %v", err)
		}
	})
}

func TestMediaLimitHoldsUnderConcurrency(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		var wg sync.WaitGroup
		var ok atomic.Int32
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.CreateMedia(ctx, &store.Media{WorkspaceID: ws.ID, FileName: fmt.Sprint(i), FileURL: "/m", FileSize: 1, MimeType: "image/png"}, 5)
				if err == nil {
					ok.Add(1)
				} else if !errors.Is(err, store.ErrLimit) {
					t.Errorf("create media: %v", err)
				}
			}()
		}
		wg.Wait()
		items, _ := s.ListMedia(ctx, ws.ID)
		if ok.Load() != 5 || len(items) != 5 {
			t.Fatalf("ok %d items %d", ok.Load(), len(items))
		}
	})
}

func TestSubscribersUniquePerWorkspace(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		now := time.Now()
		req := func(email string, ws int64) (*store.Subscriber, error) {
			return s.RequestSubscription(ctx, store.SubscriptionRequest{WorkspaceID: ws, Email: email, ConfirmHash: "h", Expires: now.Add(time.Hour), Now: now})
		}
		first, err := req("r@x.io", a.ID)
		if err != nil || first.Status != store.SubscriberPending {
			t.Fatalf("new address: %+v, %v", first, err)
		}
		if again, err := req("r@x.io", a.ID); err != nil || again.ID != first.ID {
			t.Fatalf("same workspace again: %+v, %v, want the same row", again, err)
		}
		if other, err := req("r@x.io", b.ID); err != nil || other.ID == first.ID {
			t.Fatalf("same e-mail, other workspace: %+v, %v", other, err)
		}
		if _, err := req("s@x.io", 0); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("no workspace: %v, want ErrNotFound", err)
		}
		if _, err := req("s@x.io", b.ID+1000); err == nil {
			t.Fatal("unknown workspace accepted")
		}
	})
}

func TestWorkspacesUpdateAndFind(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, ws := signUp(t, s, "a@x.io", "a")
		got, err := s.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, PlanTier: store.Ptr("agency"), CustomDomain: store.Ptr("Blog.Example.com")})
		if err != nil || got.PlanTier != "agency" || got.CustomDomain != "blog.example.com" {
			t.Fatalf("update = %+v, %v", got, err)
		}
		byDomain, err := s.GetWorkspace(ctx, store.FindWorkspace{CustomDomain: store.Ptr("blog.example.com")})
		if err != nil || byDomain.ID != ws.ID {
			t.Fatalf("by domain: %v", err)
		}
		byUser, err := s.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
		if err != nil || byUser.ID != ws.ID {
			t.Fatalf("by user: %v", err)
		}
		all, _ := s.ListWorkspaces(ctx)
		if len(all) != 1 {
			t.Fatalf("list = %d", len(all))
		}
	})
}

// race runs try(0..n-1) at once and counts the calls that succeeded and those
// a limit refused (store.ErrLimit); any other error fails the test.
func race(t *testing.T, n int, try func(i int) error) (ok, refused int32) {
	t.Helper()
	var oks, refusals atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch err := try(i); {
			case err == nil:
				oks.Add(1)
			case errors.Is(err, store.ErrLimit):
				refusals.Add(1)
			default:
				t.Errorf("call %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	return oks.Load(), refusals.Load()
}
