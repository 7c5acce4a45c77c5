package ssr

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/web"
)

// realBundle is the app's server bundle as built by `npm run build`
// (web/dist-ssr, embedded by package web). Tests that need it skip when it
// was not built, and fail instead under CI=true or INKPRESS_TEST_REQUIRE.
func realBundle(t testing.TB) fs.FS {
	t.Helper()
	b := web.SSR()
	if _, err := fs.Stat(b, "entry-server.js"); err != nil {
		msg := "the app's server bundle is not built (cd web && npm ci && npm run build): web/dist-ssr/entry-server.js is missing"
		if os.Getenv("CI") == "true" || os.Getenv("INKPRESS_TEST_REQUIRE") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return b
}

// demoAPI answers the public reads the way the API does for a blog with a
// few categories, authors and posts; every page of posts is different (ids,
// titles and text depend on the query), as on a real blog.
func demoAPI(_ context.Context, host, path string) (int, []byte) {
	u, err := url.Parse(path)
	if err != nil {
		return 400, nil
	}
	q := u.Query()
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	ws := q.Get("workspace")
	if ws == "" {
		ws = "inkpress"
	}
	var v any
	switch {
	case u.Path == "/api/site":
		v = contract.SiteInfo{Name: "InkPress", Tagline: "Insights", SiteWorkspace: "inkpress", BaseURL: "http://" + host, AIProvider: contract.AIBuiltin}
	case u.Path == "/api/plans":
		v = contract.PlansResponse{Plans: []contract.Plan{{ID: "starter", Name: "Starter", BetaPrice: 9, RegularPrice: 19, PostsPerMonth: 30, Features: []string{"a", "b"}}}, TrialDays: 14}
	case u.Path == "/api/categories":
		v = contract.CategoriesResponse{Categories: demoCategories()}
	case u.Path == "/api/posts":
		page, _ := strconv.Atoi(q.Get("page"))
		limit, _ := strconv.Atoi(q.Get("limit"))
		page, limit = max(page, 1), max(min(limit, 24), 6)
		seed := page*1000 + len(path)*7
		ps := make([]contract.PostSummary, limit)
		for i := range ps {
			ps[i] = demoSummary(ws, seed+i, q.Get("category"))
		}
		v = contract.PostsPage{Posts: ps, Page: page, HasMore: page < 3}
	case len(segs) == 4 && segs[1] == "posts":
		n := 0
		for _, c := range segs[3] {
			n += int(c)
		}
		s := demoSummary(ws, n, segs[2])
		s.Slug = segs[3]
		related := []contract.PostSummary{demoSummary(ws, n+1, segs[2]), demoSummary(ws, n+2, segs[2]), demoSummary(ws, n+3, segs[2])}
		body := strings.Repeat("<p>Flour, water and time: the "+s.Title+" rises overnight. <a href=\"/bread\">More</a> <strong>bold</strong></p>\n<h2>Step</h2>\n", 30)
		v = contract.PostResponse{Post: contract.Post{PostSummary: s, Content: body, MetaTitle: s.Title, CanonicalURL: "http://" + host + s.URL}, Related: related}
	case len(segs) == 3 && segs[1] == "blogs":
		v = contract.BlogResponse{Workspace: contract.BlogWorkspace{Name: "Olivia's kitchen", Slug: segs[2]},
			Settings:   contract.Settings{BlogTitle: "Olivia's kitchen", BlogDescription: "Bread and more", TemplateID: "2", PrimaryColor: "#aa3300", FontFamily: "Lora"},
			Categories: demoCategories(), Brand: contract.BlogBrand{SocialLinks: []contract.SocialLink{}, HomeURL: "http://" + host + "/blog/" + segs[2]}}
	case len(segs) == 3 && segs[1] == "authors":
		ps := make([]contract.PostSummary, 6)
		for i := range ps {
			ps[i] = demoSummary(ws, 500+i, "bread")
		}
		v = contract.AuthorPage{Author: *demoAuthor(host), Posts: ps, Page: 1}
	default:
		return 404, []byte(`{"error":{"code":"not_found","message":"No such API endpoint"}}`)
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return 200, b
}

func demoCategories() []contract.Category {
	return []contract.Category{
		{ID: 1, Name: "Bread", Slug: "bread", Description: "Loaves", ColorHex: "#aa3300", PostCount: 12},
		{ID: 2, Name: "Cakes", Slug: "cakes", Description: "Sweet", ColorHex: "#3300aa", PostCount: 7},
		{ID: 3, Name: "Soups", Slug: "soups", Description: "Warm", ColorHex: "#00aa33", PostCount: 4},
	}
}

func demoAuthor(host string) *contract.Author {
	return &contract.Author{Slug: "olivia", Name: "Olivia Baker", Bio: "Bakes.", Links: []contract.SocialLink{}, URL: "http://" + host + "/author/olivia"}
}

func demoSummary(ws string, n int, category string) contract.PostSummary {
	if category == "" {
		category = []string{"bread", "cakes", "soups"}[n%3]
	}
	slug := fmt.Sprintf("post-%d", n)
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(n) * time.Hour)
	tags := []string{"tag " + strconv.Itoa(n%5), "easy"}
	return contract.PostSummary{ID: int64(n), Title: fmt.Sprintf("Post number %d about %s", n, category), Slug: slug, Category: category,
		CategoryName: strings.ToUpper(category[:1]) + category[1:], Excerpt: strings.Repeat("A few words of the post. ", 8),
		CoverImageURL: "/media/cover-" + strconv.Itoa(n) + ".webp", Tags: tags, TagSlugs: []string{"tag-" + strconv.Itoa(n%5), "easy"},
		ReadMinutes: 3, PublishedAt: at, UpdatedAt: at, ViewCount: int64(n), WorkspaceSlug: ws, URL: "/" + category + "/" + slug,
		Status: "published", Author: demoAuthor("demo.example")}
}

// demoPages are the public routes the server renders.
var demoPages = []string{
	"/", "/bread", "/bread/post-1", "/tag/easy", "/author/olivia", "/search?q=rye", "/posts", "/about", "/landing",
	"/blog/olivia", "/blog/olivia/bread", "/blog/olivia/bread/post-2", "/blog/olivia/author/olivia",
}

// heapOf is the heap of r's one engine after a full collection.
func heapOf(t *testing.T, r *Renderer) heap {
	t.Helper()
	e := <-r.pool
	defer func() { r.pool <- e }()
	if e == nil {
		t.Fatal("no engine in the pool")
	}
	h, ok := heapAfterGC(e.vm)
	if !ok {
		t.Fatal("cannot read the engine's memory usage: modernc.org/quickjs's VM changed (see heapAfterGC)")
	}
	return h
}

// heapGrowthPerPage bounds how much an engine's heap may grow a page in
// TestRealBundleHeapStaysFlat (at least 64 KB in all): room for the
// allocator's rounding (a few KB either way between two measures of the
// same heap; the fixed bundle measures +0) while the two leaks found pass
// it many times over: core-js keeping every URL object (130 KB a page:
// 5.6 MB over the 43 pages below) and TanStack Query's private fields
// (1.1 MB a page with both: 48 MB).
const heapGrowthPerPage = 6 << 10

// The engine keeps nothing of the pages it renders, with the app's real
// bundle: after every kind of page was rendered once (what the app builds
// on first use stays), rendering the same pages again and pages never seen
// before leaves its heap, after a collection, where it was. Under the race
// detector, where a page takes seconds, two kinds of page (a post, a list)
// and six pages after them.
func TestRealBundleHeapStaysFlat(t *testing.T) {
	bundle := realBundle(t)
	r, err := New(Config{Bundle: bundle, Fetch: demoAPI, Engines: 1, Timeout: 5 * time.Minute,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	kinds, fresh := demoPages, 10
	if raceDetector {
		kinds, fresh = []string{"/bread/post-1", "/blog/olivia/cakes?page=2"}, 2
	}
	render := func(path string) {
		t.Helper()
		p, err := r.Render(context.Background(), "http://demo.example"+path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !strings.Contains(p.HTML, "Post number") && !strings.Contains(p.HTML, "InkPress") {
			t.Fatalf("%s: not the page: %.300s", path, p.HTML)
		}
	}
	for _, p := range kinds {
		render(p)
	}
	before := heapOf(t, r)
	pages := 0
	for _, p := range kinds {
		render(p)
		pages++
	}
	for i := range fresh {
		render(fmt.Sprintf("/bread/fresh-post-%d", i))
		render(fmt.Sprintf("/blog/olivia/cakes/new-post-%d?page=%d", i, i%3+1))
		pages += 2
		if !raceDetector {
			render(fmt.Sprintf("/search?q=word%d", i))
			pages++
		}
	}
	after := heapOf(t, r)
	if n := r.started.Load(); n != 1 {
		t.Fatalf("%d engines started: the pages were not all rendered by one", n)
	}
	t.Logf("heap after the first round of pages: %d KB, %d objects; after %d more pages: %+d bytes, %+d objects, %+d strings, %+d atoms",
		before.Fmalloc_size>>10, before.Fobj_count, pages, after.Fmalloc_size-before.Fmalloc_size,
		after.Fobj_count-before.Fobj_count, after.Fstr_count-before.Fstr_count, after.Fatom_count-before.Fatom_count)
	bound := max(int64(64<<10), int64(pages)*heapGrowthPerPage)
	if grew := after.Fmalloc_size - before.Fmalloc_size; grew > bound {
		t.Errorf("the engine's heap grew by %d KB over %d pages (bound %d KB): something the render makes is kept",
			grew>>10, pages, bound>>10)
	}
}
