package storetest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// searchPost writes a post of ws published at base+hours.
func searchPost(t *testing.T, s *sqlstore.DB, ws int64, slug, title, excerpt string, tags []string, status string, at time.Time) *store.Post {
	t.Helper()
	p := &store.Post{WorkspaceID: ws, Category: "keto", Title: title, Slug: slug, Content: "<p>body</p>", ContentHTML: "<p>body</p>",
		Excerpt: excerpt, Tags: tags, Status: status, PublishedAt: at}
	if err := s.CreatePost(ctx, p); err != nil {
		t.Fatalf("create %s: %v", slug, err)
	}
	return p
}

// public is the reader's filter (reader.Public) at now.
func public(ws int64, now time.Time) store.FindPost {
	return store.FindPost{WorkspaceID: &ws, Status: store.Ptr(store.PostPublished), PublishedBefore: &now, Light: true}
}

func slugsOf(ps []*store.Post) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Slug
	}
	return out
}

func search(t *testing.T, s *sqlstore.DB, f store.FindPost, text string) []string {
	t.Helper()
	ps, err := s.SearchPosts(ctx, f, content.SearchTerms(text))
	if err != nil {
		t.Fatalf("search %q: %v", text, err)
	}
	return slugsOf(ps)
}

func TestSearchRanksPagesAndStaysInItsBlog(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		base := time.Now().Add(-48 * time.Hour)
		pub := store.PostPublished
		// Newest first among equals; a title hit outranks newer excerpt and tag hits.
		searchPost(t, s, a.ID, "title-old", "Electrolytes on keto", "A first week.", nil, pub, base)
		searchPost(t, s, a.ID, "excerpt-new", "Your first week", "Electrolytes matter when carbs go.", nil, pub, base.Add(3*time.Hour))
		searchPost(t, s, a.ID, "tag-newest", "Sleep and recovery", "Rest days.", []string{"Electrolytes"}, pub, base.Add(4*time.Hour))
		searchPost(t, s, a.ID, "title-new", "More electrolyte tips", "Salt.", nil, pub, base.Add(2*time.Hour))
		searchPost(t, s, a.ID, "draft", "Electrolytes draft", "", nil, store.PostDraft, base.Add(5*time.Hour))
		searchPost(t, s, a.ID, "scheduled", "Electrolytes soon", "", nil, store.PostScheduled, time.Now().Add(time.Hour))
		searchPost(t, s, a.ID, "future", "Electrolytes tomorrow", "", nil, pub, time.Now().Add(24*time.Hour))
		searchPost(t, s, b.ID, "other-blog", "Electrolytes elsewhere", "", nil, pub, base.Add(6*time.Hour))

		want := []string{"title-new", "title-old", "tag-newest", "excerpt-new"}
		if got := search(t, s, public(a.ID, time.Now()), "electrolyte"); !slices.Equal(got, want) {
			t.Fatalf("ranked = %v, want %v", got, want)
		}
		// Paging: the same order, a page at a time.
		var paged []string
		for page := range 3 {
			f := public(a.ID, time.Now())
			f.Limit, f.Offset = 2, page*2
			paged = append(paged, search(t, s, f, "ELECTROLYTE")...)
		}
		if !slices.Equal(paged, want) {
			t.Fatalf("paged = %v, want %v", paged, want)
		}
		// Every term must match (prefixes of words count), in any field.
		for text, want := range map[string][]string{
			"first week":        {"title-old", "excerpt-new"},
			"electrolyte salt":  {"title-new"},
			"elec rec":          {"tag-newest"},
			"":                  {},
			"nothing-like-this": {},
		} {
			got := search(t, s, public(a.ID, time.Now()), text)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("search %q = %v, want %v", text, got, want)
			}
		}
		if got := search(t, s, public(b.ID, time.Now()), "electrolytes"); !slices.Equal(got, []string{"other-blog"}) {
			t.Fatalf("blog b found %v", got)
		}
	})
}

func TestSearchIndexFollowsUpdatesAndDeletes(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		p := searchPost(t, s, a.ID, "p", "Mountain bread", "Sourdough.", []string{"Baking"}, store.PostPublished, time.Now().Add(-time.Hour))
		f := public(a.ID, time.Now())
		if got := search(t, s, f, "mountain"); len(got) != 1 {
			t.Fatalf("before update: %v", got)
		}
		p.Title, p.Excerpt, p.Tags = "Valley bread", "Rye.", []string{"Grains"}
		if err := s.UpdatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		for text, n := range map[string]int{"mountain": 0, "sourdough": 0, "baking": 0, "valley": 1, "rye": 1, "grains": 1} {
			if got := search(t, s, f, text); len(got) != n {
				t.Errorf("after update, %q found %v, want %d", text, got, n)
			}
		}
		if _, err := s.AddViews(ctx, []store.View{{PostID: p.ID, Hour: 1, Visitor: "v"}}); err != nil {
			t.Fatal(err)
		}
		if got := search(t, s, f, "valley"); len(got) != 1 {
			t.Fatalf("after a view: %v", got)
		}
		if n, err := s.DeletePosts(ctx, a.ID, []int64{p.ID}); err != nil || n != 1 {
			t.Fatalf("delete: %d, %v", n, err)
		}
		if got := search(t, s, f, "valley"); len(got) != 0 {
			t.Fatalf("after delete: %v", got)
		}
	})
}

// Hostile text is only ever words: never an error, never another blog's
// posts, and the data is as it was.
func TestSearchHostileText(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		searchPost(t, s, a.ID, "or-post", "Or else", "One or two.", []string{"near"}, store.PostPublished, time.Now().Add(-time.Hour))
		searchPost(t, s, b.ID, "secret", "Secret of b", "", nil, store.PostPublished, time.Now().Add(-time.Hour))
		for _, text := range []string{
			`" OR 1=1 --`, `' OR '1'='1`, `'; DROP TABLE blog_posts; --`, `NEAR(or two)`, `NEAR(`, `*`, `^or`, `title:or`,
			`{title excerpt}: or`, `or AND`, `"unbalanced`, `\`, `%`, `_`, `'':*`, `!(or)`, `or <-> two`, `or | secret`,
			`東京 旅行`, `Ελλάδα`, `مرحبا`, "\x00or", strings.Repeat("x", 10000), strings.Repeat("or ", 400),
		} {
			ps, err := s.SearchPosts(ctx, public(a.ID, time.Now()), content.SearchTerms(text))
			if err != nil {
				t.Errorf("search %q: %v", text, err)
				continue
			}
			for _, p := range ps {
				if p.WorkspaceID != a.ID {
					t.Errorf("search %q found blog b's %s", text, p.Slug)
				}
			}
		}
		for ws, n := range map[int64]int{a.ID: 1, b.ID: 1} {
			if got, err := s.CountPosts(ctx, store.FindPost{WorkspaceID: &ws}); err != nil || got != n {
				t.Errorf("workspace %d holds %d posts (%v), want %d", ws, got, err, n)
			}
		}
	})
}

func TestTagsByTheirSlug(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		base := time.Now().Add(-time.Hour)
		searchPost(t, s, a.ID, "one", "One", "", []string{"Low Carb", "keto"}, store.PostPublished, base)
		p := searchPost(t, s, a.ID, "two", "Two", "", []string{"low-carb", "LOW CARB"}, store.PostPublished, base.Add(time.Minute))
		searchPost(t, s, a.ID, "draft", "Draft", "", []string{"low carb"}, store.PostDraft, base)
		searchPost(t, s, b.ID, "elsewhere", "Elsewhere", "", []string{"Low Carb"}, store.PostPublished, base)
		tagged := func(tag string) []string {
			f := public(a.ID, time.Now())
			f.Tag = &tag
			ps, err := s.ListPosts(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			return slugsOf(ps)
		}
		if got := tagged("low-carb"); !slices.Equal(got, []string{"two", "one"}) {
			t.Fatalf("low-carb = %v", got)
		}
		p.Tags = []string{"keto"}
		if err := s.UpdatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		if got := tagged("low-carb"); !slices.Equal(got, []string{"one"}) {
			t.Fatalf("after retagging, low-carb = %v", got)
		}
		if got := tagged("keto"); !slices.Equal(got, []string{"two", "one"}) {
			t.Fatalf("keto = %v", got)
		}
		if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &a.ID, Tag: store.Ptr("nothing")}); n != 0 {
			t.Fatalf("unknown tag counts %d", n)
		}
	})
}

// The posts of the previous release get their tag rows when the store opens.
func TestUpgradeIndexesTagsAndSearch(t *testing.T) {
	runOldAt(t, 12, func(t *testing.T, old *oldDB) {
		ws := old.workspace(t, nil, "site", store.PlanAdmin, 1)
		now := time.Now().Add(-time.Hour).UnixMilli()
		for i := range 3 {
			old.insert(t, `INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, excerpt, tags,
				published_at, updated_at, status) VALUES ($1, 'keto', $2, $3, '', '', 'Old excerpt', $4, $5, $5, 'published')`,
				ws, fmt.Sprintf("Old post %d", i), fmt.Sprintf("old-%d", i), `["Low Carb","Keto"]`, now)
		}
		s := old.upgrade(t)
		f := public(ws, time.Now())
		f.Tag = store.Ptr("low-carb")
		if n, err := s.CountPosts(ctx, f); err != nil || n != 3 {
			t.Fatalf("tagged after upgrade: %d, %v", n, err)
		}
		if got := search(t, s, public(ws, time.Now()), "old excerpt"); len(got) != 3 {
			t.Fatalf("search after upgrade: %v", got)
		}
	})
}

func BenchmarkSearchPosts(b *testing.B) {
	s := SQLite(b)
	u, ws, err := s.SignUp(ctx, store.SignUp{Email: "b@x.io", Name: "N", PasswordHash: "h", BlogName: "Blog", WorkspaceSlug: "b",
		Month: "2026-11-01", PostsLimit: 10, ImagesLimit: 10})
	if err != nil || u == nil {
		b.Fatal(err)
	}
	words := []string{"keto", "sleep", "recovery", "calendar", "social", "strength", "labels", "mobile", "trust", "feeds"}
	for i := range 2000 {
		p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: fmt.Sprintf("%s tips %d", words[i%10], i), Slug: fmt.Sprintf("p-%d", i),
			Excerpt: "About " + words[(i+3)%10] + " and " + words[(i+7)%10], Tags: []string{words[(i+5)%10]},
			PublishedAt: time.Now().Add(-time.Duration(i) * time.Minute)}
		if err := s.CreatePost(ctx, p); err != nil {
			b.Fatal(err)
		}
	}
	f := public(ws.ID, time.Now())
	f.Limit = 13
	terms := content.SearchTerms("keto tips")
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.SearchPosts(ctx, f, terms); err != nil {
			b.Fatal(err)
		}
	}
}
