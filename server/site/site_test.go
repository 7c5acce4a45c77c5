package site_test

import (
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/server/site"
	"github.com/inkpress/inkpress/store"
)

var ctx = context.Background()

// start boots the app with the demo content (12 posts in 4 categories).
func start(t *testing.T) (*apptest.App, *apptest.Client) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_DEMO", "true"))
	return a, a.Client(t)
}

func siteWS(t *testing.T, a *apptest.App) *store.Workspace {
	ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("site")})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

func firstPost(t *testing.T, a *apptest.App, wsID int64) *store.Post {
	ps, err := a.Store.ListPosts(ctx, store.FindPost{WorkspaceID: &wsID, Limit: 1})
	if err != nil || len(ps) == 0 {
		t.Fatalf("no posts: %v", err)
	}
	return ps[0]
}

// otherBlog creates a second workspace with one post in category "keto".
func otherBlog(t *testing.T, a *apptest.App) (*store.Workspace, *store.Post) {
	ws, err := a.Store.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Other Blog", Slug: "other"})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Keto", Slug: "keto"}); err != nil {
		t.Fatal(err)
	}
	p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Other workspace zqxj post", Content: "<p>Only on the other blog.</p>"}
	if err := a.Posts.Create(ctx, p); err != nil {
		t.Fatal(err)
	}
	return ws, p
}

func meta(body, attr, name string) string {
	re := regexp.MustCompile(`<meta ` + attr + `="` + regexp.QuoteMeta(name) + `" content="([^"]*)">`)
	m := re.FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return m[1]
}

func TestHeadTagsWithoutJavaScript(t *testing.T) {
	a, c := start(t)
	p := firstPost(t, a, siteWS(t, a).ID)
	r := c.Get("/" + p.Category + "/" + p.Slug)
	body := string(r.Body)
	canonical := a.URL + "/" + p.Category + "/" + p.Slug
	checks := map[string]bool{
		"status 200":     r.StatusCode == 200,
		"title":          strings.Contains(body, "<title>"+htmlEsc(p.MetaTitle)+" | InkPress</title>"),
		"description":    meta(body, "name", "description") == htmlEsc(p.MetaDescription),
		"canonical":      strings.Contains(body, `<link rel="canonical" href="`+canonical+`">`),
		"og:type":        meta(body, "property", "og:type") == "article",
		"og:image":       meta(body, "property", "og:image") == a.URL+p.CoverImageURL,
		"twitter card":   meta(body, "name", "twitter:card") == "summary_large_image",
		"rss alternate":  strings.Contains(body, `type="application/rss+xml"`),
		"json-ld":        strings.Contains(body, `"@type":"BlogPosting"`) && strings.Contains(body, `"headline":`),
		"json-ld author": strings.Contains(body, `"author":{"@type":"Person",`) && strings.Contains(body, `"name":"InkPress Editorial"`),
		"content":        strings.Contains(body, "<h1>"+htmlEsc(p.Title)+"</h1>"),
	}
	for name, ok := range checks {
		if !ok {
			t.Errorf("post page: %s wrong", name)
		}
	}

	r = c.Get("/keto")
	if r.StatusCode != 200 || !strings.Contains(string(r.Body), "<title>Keto | InkPress</title>") ||
		!strings.Contains(string(r.Body), a.URL+"/keto/feed.xml") || meta(string(r.Body), "property", "og:type") != "website" {
		t.Errorf("category page head wrong: %d", r.StatusCode)
	}
	r = c.Get("/")
	if !strings.Contains(string(r.Body), "<title>InkPress</title>") || !strings.Contains(string(r.Body), a.URL+"/feed.xml") {
		t.Error("home head wrong")
	}
	if meta(string(r.Body), "property", "og:image") != a.URL+site.DefaultImagePath {
		t.Error("home does not use the default preview image")
	}
	if img := c.Get(site.DefaultImagePath); img.StatusCode != 200 || img.Header.Get("Content-Type") != "image/png" {
		t.Errorf("default image: %d %s", img.StatusCode, img.Header.Get("Content-Type"))
	}

	ws, _ := otherBlog(t, a)
	if err := a.Store.UpdateSettings(ctx, &store.Settings{WorkspaceID: ws.ID, BlogTitle: "Other Blog", BlogDescription: "Notes from elsewhere",
		TemplateID: "template-2", PrimaryColor: "#10b981", FontFamily: "Lora", OnboardingCompleted: true}); err != nil {
		t.Fatal(err)
	}
	a.Cache.Invalidate(ws.ID)
	if err := a.Pages.DropAll(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	r = c.Get("/blog/other")
	if r.StatusCode != 200 || !strings.Contains(string(r.Body), "<title>Other Blog</title>") ||
		meta(string(r.Body), "name", "description") != "Notes from elsewhere" ||
		!strings.Contains(string(r.Body), a.URL+"/blog/other/feed.xml") {
		t.Errorf("workspace blog head wrong: %d %s", r.StatusCode, r.Body[:min(len(r.Body), 800)])
	}

	for _, path := range []string{"/nope", "/keto/no-such-post", "/blog/nobody", "/blog/other/fitness", "/blog/other/keto/nope",
		"/keto/..%2F..%2Fetc", "/keto/%00", "/k%C3%A9to", "/keto/" + strings.Repeat("a", 300), "/a/b/c/d", "/functions/v1/unknown"} {
		r := c.Get(path)
		if r.StatusCode != 404 || !strings.Contains(string(r.Body), "Oops! Page not found") || !strings.Contains(string(r.Body), `content="noindex"`) {
			t.Errorf("%s: status %d", path, r.StatusCode)
		}
	}
	for _, path := range []string{"/login", "/dashboard", "/admin/dashboard", "/posts", "/about", "/landing"} {
		if r := c.Get(path); r.StatusCode != 200 {
			t.Errorf("%s: %d", path, r.StatusCode)
		}
	}
}

func htmlEsc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

func TestFeedsParseAndCarryEverything(t *testing.T) {
	a, c := start(t)
	ws := siteWS(t, a)
	parser := gofeed.NewParser()
	for _, path := range []string{"/feed.xml", "/feed.atom", "/feed.json"} {
		r := c.Get(path)
		if r.StatusCode != 200 {
			t.Fatalf("%s: %d", path, r.StatusCode)
		}
		f, err := parser.ParseString(string(r.Body))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(f.Items) != 12 {
			t.Fatalf("%s: %d items", path, len(f.Items))
		}
		it := f.Items[0]
		newest := firstPost(t, a, ws.ID)
		link := a.URL + "/" + newest.Category + "/" + newest.Slug
		if it.Title != newest.Title || it.Link != link || it.PublishedParsed == nil || it.Content == "" {
			t.Fatalf("%s: item %+v", path, it)
		}
		if path == "/feed.xml" {
			if !strings.HasPrefix(it.GUID, "urn:uuid:") || it.Description != newest.Excerpt || len(it.Enclosures) != 1 ||
				it.Enclosures[0].URL != a.URL+newest.CoverImageURL || it.Enclosures[0].Type != "image/png" || it.Enclosures[0].Length == "0" {
				t.Fatalf("rss item %+v enclosures %+v", it, it.Enclosures)
			}
			if len(it.Categories) < 2 || it.Categories[0] != "Tech" {
				t.Fatalf("rss categories %v", it.Categories)
			}
			if _, ok := it.Extensions["media"]["content"]; !ok {
				t.Fatal("no media:content")
			}
			if !strings.Contains(string(r.Body), `<atom:link href="`+a.URL+`/feed.xml" rel="self"`) || !strings.Contains(string(r.Body), "<lastBuildDate>") {
				t.Fatal("channel self link or lastBuildDate missing")
			}
			if strings.Contains(it.Content, `src="/media/`) {
				t.Fatal("relative URLs in content:encoded")
			}
		}
	}
	// Category feed holds only that category.
	f, err := parser.ParseString(string(c.Get("/keto/feed.xml").Body))
	if err != nil || len(f.Items) != 3 {
		t.Fatalf("keto feed: %v %d", err, len(f.Items))
	}
	for _, it := range f.Items {
		if !strings.Contains(it.Link, "/keto/") {
			t.Fatalf("keto feed holds %s", it.Link)
		}
	}
	// Conditional GET.
	r := c.Get("/feed.xml")
	etag, lm := r.Header.Get("ETag"), r.Header.Get("Last-Modified")
	if etag == "" || lm == "" {
		t.Fatal("no validators")
	}
	if r := c.Raw("GET", "/feed.xml", "", nil, http.Header{"If-None-Match": {etag}}); r.StatusCode != 304 {
		t.Fatalf("If-None-Match: %d", r.StatusCode)
	}
	if r := c.Raw("GET", "/feed.xml", "", nil, http.Header{"If-Modified-Since": {lm}}); r.StatusCode != 304 {
		t.Fatalf("If-Modified-Since: %d", r.StatusCode)
	}
	// Workspace feeds, ?category=, and no leaks.
	otherBlog(t, a)
	f, _ = parser.ParseString(string(c.Get("/blog/other/feed.xml?category=keto").Body))
	if len(f.Items) != 1 || f.Items[0].Link != a.URL+"/blog/other/keto/other-workspace-zqxj-post" {
		t.Fatalf("workspace category feed %+v", f.Items)
	}
	for _, path := range []string{"/blog/other/feed.xml?category=marketing", "/blog/other/feed.xml?category=../x", "/blog/nobody/feed.xml", "/nope/feed.xml"} {
		if r := c.Get(path); r.StatusCode != 404 {
			t.Fatalf("%s: %d", path, r.StatusCode)
		}
	}
	f, _ = parser.ParseString(string(c.Get("/feed.xml").Body))
	for _, it := range f.Items {
		if strings.Contains(it.Title, "zqxj") {
			t.Fatal("root feed shows another workspace's post")
		}
	}
	// Legacy function addresses redirect.
	r = c.Get("/functions/v1/rss-feed?workspace=other&category=keto")
	if r.StatusCode != 301 || r.Header.Get("Location") != a.URL+"/blog/other/feed.xml?category=keto" {
		t.Fatalf("rss-feed redirect: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
	p := firstPost(t, a, ws.ID)
	r = c.Get("/functions/v1/serve-social-meta?category=" + p.Category + "&slug=" + p.Slug)
	if r.StatusCode != 301 || r.Header.Get("Location") != a.URL+"/"+p.Category+"/"+p.Slug {
		t.Fatalf("serve-social-meta redirect: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
}

type urlset struct {
	URLs []struct {
		Loc      string `xml:"loc"`
		LastMod  string `xml:"lastmod"`
		Priority string `xml:"priority"`
	} `xml:"url"`
}

type sitemapIndex struct {
	Sitemaps []struct {
		Loc string `xml:"loc"`
	} `xml:"sitemap"`
}

func TestSitemapsAndRobots(t *testing.T) {
	a, c := start(t)
	ws := siteWS(t, a)
	var us urlset
	if err := xml.Unmarshal(c.Get("/sitemap.xml").Body, &us); err != nil {
		t.Fatal(err)
	}
	prio := map[string]string{}
	for _, u := range us.URLs {
		prio[u.Loc] = u.Priority
	}
	if prio[a.URL+"/"] != "1.0" || prio[a.URL+"/posts"] != "0.9" || prio[a.URL+"/about"] != "0.8" || prio[a.URL+"/keto"] != "0.8" {
		t.Fatalf("priorities %v", prio)
	}
	all, _ := a.Store.ListPosts(ctx, store.FindPost{WorkspaceID: &ws.ID})
	for _, p := range all {
		if prio[a.URL+"/"+p.Category+"/"+p.Slug] != "0.7" {
			t.Fatalf("post %s missing from sitemap", p.Slug)
		}
	}
	otherBlog(t, a)
	us = urlset{}
	_ = xml.Unmarshal(c.Get("/blog/other/sitemap.xml").Body, &us)
	if len(us.URLs) != 3 || us.URLs[2].Loc != a.URL+"/blog/other/keto/other-workspace-zqxj-post" {
		t.Fatalf("workspace sitemap %+v", us.URLs)
	}
	// robots.txt names the sitemap index only; the index names each blog's sitemap.
	robots := string(c.Get("/robots.txt").Body)
	if lines := sitemapLines(robots); len(lines) != 1 || lines[0] != a.URL+"/sitemap_index.xml" {
		t.Fatalf("robots.txt: %s", robots)
	}
	var idx sitemapIndex
	if err := xml.Unmarshal(c.Get("/sitemap_index.xml").Body, &idx); err != nil {
		t.Fatal(err)
	}
	locs := map[string]bool{}
	for _, s := range idx.Sitemaps {
		locs[s.Loc] = true
	}
	if !locs[a.URL+"/sitemap.xml"] || !locs[a.URL+"/blog/other/sitemap.xml"] {
		t.Fatalf("sitemap index %+v", idx.Sitemaps)
	}
}

// sitemapLines returns the addresses of robots.txt's Sitemap lines.
func sitemapLines(robots string) []string {
	var out []string
	for _, l := range strings.Split(robots, "\n") {
		if v, ok := strings.CutPrefix(l, "Sitemap: "); ok {
			out = append(out, v)
		}
	}
	return out
}

// Above SitemapMax sitemaps the index has pages, each named in robots.txt
// (an index may not list another index); other hosts have no index.
func TestSitemapIndexPages(t *testing.T) {
	old := site.SitemapMax
	site.SitemapMax = 1
	defer func() { site.SitemapMax = old }()
	a, c := start(t)
	otherBlog(t, a)
	all, err := a.Store.ListWorkspaces(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lines := sitemapLines(string(c.Get("/robots.txt").Body))
	if len(lines) != len(all) || lines[0] != a.URL+"/sitemap_index.xml" || lines[1] != a.URL+"/sitemap_index.xml?page=2" {
		t.Fatalf("robots.txt sitemaps %v for %d workspaces", lines, len(all))
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var idx sitemapIndex
		if err := xml.Unmarshal(c.Get(strings.TrimPrefix(l, a.URL)).Body, &idx); err != nil || len(idx.Sitemaps) != 1 {
			t.Fatalf("%s: %v %+v", l, err, idx)
		}
		seen[idx.Sitemaps[0].Loc] = true
	}
	if len(seen) != len(all) || !seen[a.URL+"/blog/other/sitemap.xml"] {
		t.Fatalf("index pages name %v", seen)
	}
	for _, path := range []string{"/sitemap_index.xml?page=" + strconv.Itoa(len(all)+1), "/sitemap_index.xml?page=0", "/sitemap_index.xml?page=x"} {
		if r := c.Get(path); r.StatusCode != 404 {
			t.Fatalf("%s: %d", path, r.StatusCode)
		}
	}
}

func TestSitemapIndexAboveThreshold(t *testing.T) {
	old := site.SitemapMax
	site.SitemapMax = 5
	defer func() { site.SitemapMax = old }()
	a, c := start(t)
	var idx sitemapIndex
	if err := xml.Unmarshal(c.Get("/sitemap.xml").Body, &idx); err != nil {
		t.Fatal(err)
	}
	// 3 fixed + 4 categories + 12 posts = 19 URLs -> 4 pages of at most 5.
	if len(idx.Sitemaps) != 4 {
		t.Fatalf("index has %d sitemaps", len(idx.Sitemaps))
	}
	seen := 0
	for _, s := range idx.Sitemaps {
		var us urlset
		path := strings.TrimPrefix(s.Loc, a.URL)
		if err := xml.Unmarshal(c.Get(path).Body, &us); err != nil {
			t.Fatal(err)
		}
		if len(us.URLs) > 5 {
			t.Fatalf("page %s holds %d", path, len(us.URLs))
		}
		seen += len(us.URLs)
	}
	if seen != 19 {
		t.Fatalf("pages hold %d URLs, want 19: a post was left out", seen)
	}
	if r := c.Get("/sitemap.xml?page=9"); r.StatusCode != 404 {
		t.Fatalf("page 9: %d", r.StatusCode)
	}
	_ = a
}

func TestEditShowsEverywhereAtOnce(t *testing.T) {
	a, c := start(t)
	ws := siteWS(t, a)
	p := firstPost(t, a, ws.ID)
	path := "/" + p.Category + "/" + p.Slug
	// Warm every cache.
	c.Get(path)
	c.Get("/feed.xml")
	c.Get("/sitemap.xml")
	c.Get("/api/posts/" + p.Category + "/" + p.Slug)
	if _, err := a.Posts.Update(ctx, ws.ID, p.ID, posts.Patch{Title: store.Ptr("A Brand New Title")}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(c.Get(path).Body), "<title>A Brand New Title | InkPress</title>") {
		t.Error("page head still shows the old title")
	}
	if !strings.Contains(string(c.Get("/feed.xml").Body), "<title>A Brand New Title</title>") {
		t.Error("feed still shows the old title")
	}
	if !strings.Contains(string(c.Get("/api/posts/"+p.Category+"/"+p.Slug).Body), "A Brand New Title") {
		t.Error("API still shows the old title")
	}
	var us urlset
	_ = xml.Unmarshal(c.Get("/sitemap.xml").Body, &us)
	found := false
	for _, u := range us.URLs {
		if strings.HasSuffix(u.Loc, "/"+p.Slug) {
			lm, _ := time.Parse(time.RFC3339, u.LastMod)
			found = lm.After(p.UpdatedAt)
		}
	}
	if !found {
		t.Error("sitemap lastmod not updated")
	}
	// A new post shows up in the feed at once.
	np := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Fresh keto post", Content: "<p>New.</p>"}
	if err := a.Posts.Create(ctx, np); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/feed.xml", "/keto/feed.xml"} {
		if !strings.Contains(string(c.Get(path).Body), "Fresh keto post") {
			t.Errorf("%s misses the new post", path)
		}
	}
}

func TestViewsCountedForPeopleOnly(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_DEMO", "true"), apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1"))
	c := a.Client(t)
	ws := siteWS(t, a)
	p := firstPost(t, a, ws.ID)
	path := "/" + p.Category + "/" + p.Slug
	before := p.ViewCount
	// A view counts once per reader (address, whatever its user agent) and hour.
	reader := func(n int) http.Header {
		return http.Header{"X-Forwarded-For": {fmt.Sprintf("198.51.100.%d", n)}}
	}
	c.Get(path)
	c.Get(path)                                                                        // the same reader again: not counted
	c.Raw("GET", path, "", nil, http.Header{"User-Agent": {c.UserAgent + " another"}}) // nor with another user agent
	c.Raw("GET", path, "", nil, reader(1))
	c.Raw("HEAD", path, "", nil, reader(2))
	c.Raw("GET", path, "", nil, http.Header{"User-Agent": {"Mozilla/5.0 (compatible; Googlebot/2.1)"}, "X-Forwarded-For": {"198.51.100.9"}})
	c.Raw("GET", "/api/posts/"+p.Category+"/"+p.Slug+"?view=1", "", nil, reader(3))
	c.Raw("GET", "/api/posts/"+p.Category+"/"+p.Slug, "", nil, reader(4)) // no view=1: not counted
	if err := a.Views.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	got, _ := a.Store.GetPost(ctx, store.FindPost{ID: &p.ID})
	if got.ViewCount != before+3 {
		t.Fatalf("views %d -> %d, want +3", before, got.ViewCount)
	}
}

func TestCustomDomainServesItsBlog(t *testing.T) {
	a, c := start(t)
	ws, p := otherBlog(t, a)
	if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr("blog.example.org")}); err != nil {
		t.Fatal(err)
	}
	r := c.Raw("GET", "/keto/"+p.Slug, "blog.example.org", nil, nil)
	if r.StatusCode != 200 || !strings.Contains(string(r.Body), `<link rel="canonical" href="https://blog.example.org/keto/`+p.Slug+`">`) {
		t.Fatalf("custom domain post: %d", r.StatusCode)
	}
	if !strings.Contains(string(r.Body), `<meta name="inkpress-blog" content="other">`) {
		t.Fatal("custom domain page does not name its blog for the app")
	}
	for _, path := range []string{"/", "/keto", "/nope/a/b"} {
		if !strings.Contains(string(c.Raw("GET", path, "blog.example.org", nil, nil).Body), `<meta name="inkpress-blog" content="other">`) {
			t.Fatalf("%s on the custom domain does not name its blog", path)
		}
	}
	if strings.Contains(string(c.Get("/").Body), `name="inkpress-blog"`) || strings.Contains(string(c.Get("/blog/other").Body), `name="inkpress-blog"`) {
		t.Fatal("the main host names a root blog")
	}
	var us urlset
	_ = xml.Unmarshal(c.Raw("GET", "/sitemap.xml", "blog.example.org", nil, nil).Body, &us)
	if len(us.URLs) != 3 || us.URLs[0].Loc != "https://blog.example.org/" {
		t.Fatalf("custom domain sitemap %+v", us.URLs)
	}
	f, err := gofeed.NewParser().ParseString(string(c.Raw("GET", "/feed.xml", "blog.example.org", nil, nil).Body))
	if err != nil || len(f.Items) != 1 || f.Items[0].Link != "https://blog.example.org/keto/"+p.Slug {
		t.Fatalf("custom domain feed: %v %+v", err, f)
	}
	if robots := string(c.Raw("GET", "/robots.txt", "blog.example.org", nil, nil).Body); !slices.Equal(sitemapLines(robots), []string{"https://blog.example.org/sitemap.xml"}) {
		t.Fatalf("custom domain robots: %s", robots)
	}
	if r := c.Raw("GET", "/sitemap_index.xml", "blog.example.org", nil, nil); r.StatusCode != 404 {
		t.Fatalf("custom domain sitemap index: %d", r.StatusCode)
	}
	// The site's own post is not on the custom domain, and the other blog's post is not at the root.
	sp := firstPost(t, a, siteWS(t, a).ID)
	if r := c.Raw("GET", "/"+sp.Category+"/"+sp.Slug, "blog.example.org", nil, nil); r.StatusCode != 404 {
		t.Fatalf("site post on custom domain: %d", r.StatusCode)
	}
	if r := c.Get("/keto/" + p.Slug); r.StatusCode != 404 {
		t.Fatalf("other workspace's post at the root: %d", r.StatusCode)
	}
}

func TestRootAPINeverShowsOtherWorkspaces(t *testing.T) {
	a, c := start(t)
	otherBlog(t, a)
	for _, path := range []string{"/api/posts?limit=48", "/api/posts?category=keto", "/api/posts?sort=trending&limit=48"} {
		if body := string(c.Get(path).Body); strings.Contains(body, "zqxj") {
			t.Fatalf("%s shows another workspace's post", path)
		}
	}
	if r := c.Get("/api/posts/keto/other-workspace-zqxj-post"); r.StatusCode != 404 {
		t.Fatalf("root API post lookup: %d", r.StatusCode)
	}
	if r := c.Get("/api/posts/keto/other-workspace-zqxj-post?workspace=other"); r.StatusCode != 200 {
		t.Fatalf("workspace API post lookup: %d", r.StatusCode)
	}
	var list struct {
		Posts   []struct{ URL string }
		HasMore bool
	}
	c.Get("/api/posts?limit=5&page=2").JSON(t, &list)
	if len(list.Posts) != 5 || !list.HasMore {
		t.Fatalf("pagination: %d posts hasMore %v", len(list.Posts), list.HasMore)
	}
	for _, bad := range []string{"/api/posts?limit=0", "/api/posts?limit=abc", "/api/posts?sort=random", "/api/posts?page=-1"} {
		if r := c.Get(bad); r.StatusCode != 400 {
			t.Fatalf("%s: %d", bad, r.StatusCode)
		}
	}
	if r := c.Get("/api/posts?category=nope"); r.StatusCode != 404 {
		t.Fatalf("unknown category: %d", r.StatusCode)
	}
}

func TestNewsletter(t *testing.T) {
	a, c := start(t)
	// New or already listed, the answer is the same.
	for _, email := range []string{"  Reader@Example.com ", "reader@example.com"} {
		if r := c.Do("POST", "/api/subscribers", map[string]string{"email": email}); r.StatusCode != 202 || string(r.Body) != "{\"ok\":true}\n" {
			t.Fatalf("subscribe %q: %d %s", email, r.StatusCode, r.Body)
		}
	}
	for _, bad := range []string{"", "nope", "a@b", "<script>@x.com"} {
		if r := c.Do("POST", "/api/subscribers", map[string]string{"email": bad}); r.StatusCode != 400 || r.ErrorCode() != "invalid_email" {
			t.Fatalf("%q: %d", bad, r.StatusCode)
		}
	}
	site, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: &a.Config.SiteWorkspace})
	if err != nil {
		t.Fatal(err)
	}
	listed := func(wsID int64) []string {
		subs, err := a.Store.ListSubscribers(ctx, store.FindSubscribers{WorkspaceID: wsID})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range subs {
			out = append(out, s.Email+":"+s.Status)
		}
		return out
	}
	// The site blog's list holds the address once, lower-cased and trimmed.
	if got := listed(site.ID); len(got) != 1 || got[0] != "reader@example.com:pending" {
		t.Fatalf("site list = %v", got)
	}
	// A blog's card names its workspace: the address joins that blog's list, not the site's.
	other, _ := otherBlog(t, a)
	if r := c.Do("POST", "/api/subscribers", map[string]string{"email": "fan@example.com", "workspace": "other"}); r.StatusCode != 202 {
		t.Fatalf("subscribe to other: %d %s", r.StatusCode, r.Body)
	}
	if got := listed(other.ID); len(got) != 1 || got[0] != "fan@example.com:pending" {
		t.Fatalf("other list = %v", got)
	}
	if got := listed(site.ID); len(got) != 1 {
		t.Fatalf("the address went on the site's list: %v", got)
	}
	if r := c.Do("POST", "/api/subscribers", map[string]string{"email": "fan@example.com", "workspace": "no-such-blog"}); r.StatusCode != 404 {
		t.Fatalf("unknown blog: %d", r.StatusCode)
	}
	_ = fmt.Sprint
}

func TestTrailingSlashRedirectStaysLocal(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	r := c.Raw("GET", "/keto/?x=1", "", nil, nil)
	if r.StatusCode != 301 || r.Header.Get("Location") != "/keto?x=1" {
		t.Fatalf("/keto/: %d %q", r.StatusCode, r.Header.Get("Location"))
	}
	for _, p := range []string{"/%2F%2Fevil.com/", "/%5Cevil.com/", "/%5C%5Cevil.com/"} {
		r := c.Raw("GET", p, "", nil, nil)
		if loc := r.Header.Get("Location"); loc != "" {
			t.Errorf("%s redirects to %q", p, loc)
		}
		if r.StatusCode != 404 {
			t.Errorf("%s: %d", p, r.StatusCode)
		}
	}
}

// A blog's language is its pages' lang and its feeds' language; a blog
// that chose none is English.
func TestBlogLanguageInPagesAndFeeds(t *testing.T) {
	a, c := start(t)
	ws, p := otherBlog(t, a)
	set, err := a.Store.GetSettings(ctx, ws.ID)
	if err != nil {
		t.Fatal(err)
	}
	set.Language = "uk"
	if err := a.Store.UpdateSettings(ctx, set); err != nil {
		t.Fatal(err)
	}
	a.Cache.Invalidate(ws.ID)
	if err := a.Pages.DropAll(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{"/", `<html lang="en"`},
		{"/blog/other", `<html lang="uk"`},
		{"/blog/other/keto", `<html lang="uk"`},
		{"/blog/other/keto/" + p.Slug, `<html lang="uk"`},
		{"/blog/other/feed.xml", "<language>uk</language>"},
		{"/blog/other/feed.atom", `xml:lang="uk"`},
		{"/blog/other/feed.json", `"language":"uk"`},
		{"/feed.xml", "<language>en</language>"},
	}
	for _, tt := range tests {
		r := c.Get(tt.path)
		if r.StatusCode != 200 || !strings.Contains(strings.ReplaceAll(string(r.Body), `": "`, `":"`), tt.want) {
			t.Errorf("%s: %d, want %s in %.400s", tt.path, r.StatusCode, tt.want, r.Body)
		}
	}
}
