package reader_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

var ctx = context.Background()

func TestPublicOnlyAddsStatusAndThePublicationCutoff(t *testing.T) {
	ws, cat := int64(7), "keto"
	for _, f := range []store.FindPost{
		{},
		{WorkspaceID: &ws, Category: &cat, Order: store.OrderTrending, Limit: 4, Offset: 8, Light: true},
		{WorkspaceID: &ws, PublishedBefore: store.Ptr(time.Now().Add(time.Hour))}, // a later cutoff is replaced
		{WorkspaceID: &ws, Status: store.Ptr(store.PostDraft)},                    // so is another status
	} {
		before := time.Now()
		got := reader.Public(f)
		after := time.Now()
		if got.PublishedBefore == nil || got.PublishedBefore.Before(before) || got.PublishedBefore.After(after) {
			t.Fatalf("Public(%+v).PublishedBefore = %v, want now", f, got.PublishedBefore)
		}
		if got.Status == nil || *got.Status != store.PostPublished {
			t.Fatalf("Public(%+v).Status = %v, want published", f, got.Status)
		}
		got.PublishedBefore, f.PublishedBefore, got.Status, f.Status = nil, nil, nil, nil
		if got != f {
			t.Fatalf("Public changed other fields: %+v, want %+v", got, f)
		}
	}
}

// blog makes a workspace with categories a and b: five public posts in a
// (a-1 oldest .. a-5 newest, views rising with age), one in b, and one
// future post in a with the most views.
func blog(t *testing.T, s *sqlstore.DB) *store.Workspace {
	t.Helper()
	ws, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Reader Blog", Slug: "reader"})
	if err != nil {
		t.Fatal(err)
	}
	for _, slug := range []string{"a", "b"} {
		if err := s.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Cat " + slug, Slug: slug}); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	add := func(cat, slug string, at time.Time, views int64) {
		p := &store.Post{WorkspaceID: ws.ID, Category: cat, Title: slug, Slug: slug, Content: "<p>x</p>", ContentHTML: "<p>x</p>",
			PublishedAt: at, UpdatedAt: at, ViewCount: views}
		if err := s.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i <= 5; i++ {
		add("a", "a-"+strconv.Itoa(i), now.Add(time.Duration(i-10)*time.Hour), int64(10-i))
	}
	add("b", "b-1", now.Add(-time.Minute), 0)
	add("a", "future", now.Add(time.Hour), 100)
	return ws
}

func slugs(ps []*store.Post) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Slug
	}
	return out
}

func same(got []string, want ...string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

func TestReaderSeesOnlyPublicPosts(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ws := blog(t, s)
		r := reader.New(s, cache.New(time.Minute, 100))

		for _, tc := range []struct {
			q        reader.ListQuery
			want     []string
			wantMore bool
		}{
			{reader.ListQuery{Order: reader.Latest, Limit: 3, Page: 1}, []string{"b-1", "a-5", "a-4"}, true},
			{reader.ListQuery{Order: reader.Latest, Limit: 3, Page: 2}, []string{"a-3", "a-2", "a-1"}, false},
			{reader.ListQuery{Order: reader.Trending, Limit: 2, Page: 1}, []string{"a-1", "a-2"}, true},
			{reader.ListQuery{Category: "b", Order: reader.Latest, Limit: 12, Page: 1}, []string{"b-1"}, false},
		} {
			l, err := r.List(ctx, ws.ID, tc.q)
			if err != nil || !same(slugs(l.Posts), tc.want...) || l.HasMore != tc.wantMore || l.Page != tc.q.Page || l.Names["a"] != "Cat a" {
				t.Fatalf("List(%+v) = %v more %v, %v; want %v more %v", tc.q, slugs(l.Posts), l.HasMore, err, tc.want, tc.wantMore)
			}
		}
		if _, err := r.List(ctx, ws.ID, reader.ListQuery{Category: "nope", Limit: 1, Page: 1}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("List of an unknown category: %v", err)
		}

		a, err := r.Article(ctx, ws.ID, "a", "a-5")
		if err != nil || a.Post.Slug != "a-5" || a.Post.ContentHTML == "" || !same(slugs(a.Related), "a-4", "a-3", "a-2") {
			t.Fatalf("Article = %+v, %v", a, err)
		}
		if _, err := r.Article(ctx, ws.ID, "a", "future"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Article(future): %v", err)
		}
		if _, err := r.Post(ctx, ws.ID, "a", "future"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Post(future): %v", err)
		}
		if err := r.Exists(ctx, ws.ID, "a", "future"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Exists(future): %v", err)
		}
		if r.PostID(ctx, ws.ID, "a", "future") != 0 || r.PostID(ctx, ws.ID, "a", "a-1") == 0 {
			t.Fatal("PostID resolves the future post, or not the public one")
		}

		latest, err := r.Latest(ctx, ws.ID, "a", 2)
		if err != nil || !same(slugs(latest), "a-5", "a-4") {
			t.Fatalf("Latest = %v, %v", slugs(latest), err)
		}
		f, err := r.Feed(ctx, ws.ID, "", 10)
		if err != nil || len(f.Posts) != 6 || f.Posts[0].Slug != "b-1" || f.Posts[0].ContentHTML == "" {
			t.Fatalf("Feed = %v, %v", slugs(f.Posts), err)
		}
		if _, err := r.Feed(ctx, ws.ID, "nope", 10); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("Feed of an unknown category: %v", err)
		}
		sm, err := r.Sitemap(ctx, ws.ID)
		if err != nil || len(sm.Posts) != 6 || len(sm.Categories) != 2 {
			t.Fatalf("Sitemap = %+v, %v", sm, err)
		}
		for _, e := range sm.Posts {
			if e.Slug == "future" {
				t.Fatal("the sitemap lists the future post")
			}
		}

		b, err := r.Blog(ctx, ws)
		if err != nil || len(b.Categories) != 2 || b.Categories[0].PostCount != 5 || b.Categories[1].PostCount != 1 {
			t.Fatalf("Blog categories = %+v, %v", b.Categories, err)
		}
		if b.Settings.BlogTitle == "" || b.Settings.WorkspaceID != ws.ID {
			t.Fatalf("Blog settings = %+v", b.Settings)
		}
	})
}

func TestSettingsDefaultWhenNoneSaved(t *testing.T) {
	s := storetest.SQLite(t)
	ws := &store.Workspace{ID: 12345, Name: "Nobody's Blog"}
	set, err := reader.SettingsOf(ctx, s, ws)
	if err != nil || *set != *store.DefaultSettings(ws.ID, ws.Name) {
		t.Fatalf("SettingsOf = %+v, %v; want the defaults", set, err)
	}
}

func TestShown(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		status string
		at     time.Time
		want   bool
	}{
		{store.PostPublished, now.Add(-time.Minute), true},
		{store.PostPublished, now, true},
		{store.PostPublished, now.Add(time.Minute), false},
		{store.PostScheduled, now.Add(-time.Minute), false},
		{store.PostDraft, now.Add(-time.Minute), false},
	} {
		if got := reader.Shown(&store.Post{Status: c.status, PublishedAt: c.at}, now); got != c.want {
			t.Errorf("%s at %v: %v, want %v", c.status, c.at.Sub(now), got, c.want)
		}
	}
}

// "This week" is today and the six days before it, in UTC days.
func TestTrendingFromIsTheWeeksFirstDay(t *testing.T) {
	for _, tc := range []struct {
		now  time.Time
		want int64
	}{
		{time.Date(1970, 1, 8, 0, 0, 0, 0, time.UTC), 1},
		{time.Date(1970, 1, 8, 23, 59, 59, 0, time.UTC), 1},
		{time.Date(1970, 1, 9, 0, 0, 0, 0, time.UTC), 2},
		{time.Date(1970, 1, 9, 1, 0, 0, 0, time.FixedZone("UTC+2", 2*3600)), 1}, // still the 8th in UTC
	} {
		if got := reader.TrendingFrom(tc.now); got != tc.want {
			t.Errorf("TrendingFrom(%v) = %d, want %d", tc.now, got, tc.want)
		}
	}
}

func TestCredited(t *testing.T) {
	named := &store.Author{UserID: 1, DisplayName: "Jane Boss", UserName: "Admin"}
	unnamed := &store.Author{UserID: 1, UserName: "Admin"}
	for _, tc := range []struct {
		name       string
		a          *store.Author
		site       bool
		siteAuthor string
		want       string
	}{
		{"site, no display name", unnamed, true, "InkPress Editorial", "InkPress Editorial"},
		{"site, display name", named, true, "InkPress Editorial", "Jane Boss"},
		{"another blog", unnamed, false, "InkPress Editorial", "Admin"},
		{"no configured author", unnamed, true, "", "Admin"},
	} {
		got := reader.Credited(tc.a, tc.site, tc.siteAuthor)
		if got.Name() != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got.Name(), tc.want)
		}
	}
	if unnamed.DisplayName != "" {
		t.Error("Credited changed the author it was given (shared by other posts)")
	}
	if reader.Credited(nil, true, "X") != nil {
		t.Error("no author became one")
	}
}
