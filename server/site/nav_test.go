package site_test

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// navBlog makes workspace slug with category "keto" and n public posts
// "Post 01".."Post n" (newest last), every even one tagged "Low Carb", an
// odd one "low-carb"; plus a draft and a future post with the same tag.
func navBlog(t *testing.T, a *apptest.App, slug string, n int) *store.Workspace {
	t.Helper()
	ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: &slug})
	if err != nil {
		ws, err = a.Store.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Blog " + slug, Slug: slug})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Keto", Slug: "keto"}); err != nil && !errors.Is(err, store.ErrConflict) {
		t.Fatal(err)
	}
	base := time.Now().Add(-time.Duration(n+1) * time.Hour)
	add := func(i int, title, status string, at time.Time, tags ...string) {
		p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: title, Slug: fmt.Sprintf("%s-%02d", status, i),
			Content: "<p>Body.</p>", ContentHTML: "<p>Body.</p>", Excerpt: "An excerpt about sleep.", Tags: tags, Status: status, PublishedAt: at}
		if err := a.Store.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	for i := 1; i <= n; i++ {
		tag := "Low Carb"
		if i%2 == 1 {
			tag = "low-carb"
			if i%4 == 1 {
				tag = "Protein"
			}
		}
		add(i, fmt.Sprintf("Post %02d", i), store.PostPublished, base.Add(time.Duration(i)*time.Hour), tag)
	}
	add(0, "Draft post", store.PostDraft, base, "Low Carb", "Hidden Tag")
	add(0, "Future post", store.PostPublished, time.Now().Add(time.Hour), "Low Carb", "Hidden Tag")
	return ws
}

var (
	listedRE = regexp.MustCompile(`<li><a href="[^"]*">([^<]*)</a>`)
	relRE    = regexp.MustCompile(`<(link|a) rel="(prev|next|canonical)" href="([^"]*)"`)
)

// listed is the titles a server page lists.
func listed(body []byte) []string {
	// Only the page's own list: a workspace blog's frame links its categories too.
	if i := bytes.Index(body, []byte(`<main`)); i >= 0 {
		body = body[i:]
	}
	if i := bytes.Index(body, []byte(`</main>`)); i >= 0 {
		body = body[:i]
	}
	var out []string
	for _, m := range listedRE.FindAllSubmatch(body, -1) {
		out = append(out, html.UnescapeString(string(m[1])))
	}
	return out
}

// rels maps "link prev", "a next", "link canonical"... to their hrefs.
func rels(body []byte) map[string]string {
	out := map[string]string{}
	for _, m := range relRE.FindAllSubmatch(body, -1) {
		out[string(m[1])+" "+string(m[2])] = html.UnescapeString(string(m[3]))
	}
	return out
}

func titles(from, to int) []string {
	var out []string
	for i := from; i >= to; i-- {
		out = append(out, fmt.Sprintf("Post %02d", i))
	}
	return out
}

func TestListsArePaged(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		navBlog(t, a, "nav", 30)
		navBlog(t, a, "site", 26)
		c := a.Client(t)
		for _, tc := range []struct {
			path      string
			want      []string
			prev, nxt string // paths; "" for none
		}{
			{"/blog/nav", titles(30, 19), "", "/blog/nav?page=2"},
			{"/blog/nav?page=2", titles(18, 7), "/blog/nav", "/blog/nav?page=3"},
			{"/blog/nav?page=3", titles(6, 1), "/blog/nav?page=2", ""},
			{"/blog/nav/keto", titles(30, 7), "", "/blog/nav/keto?page=2"},
			{"/blog/nav/keto?page=2", titles(6, 1), "/blog/nav/keto", ""},
			{"/", titles(26, 15), "", "/?page=2"},
			{"/?page=3", titles(2, 1), "/?page=2", ""},
			{"/posts?page=2", titles(2, 1), "/posts", ""},
			{"/keto?page=2", titles(2, 1), "/keto", ""},
		} {
			r := c.Get(tc.path)
			if r.StatusCode != http.StatusOK {
				t.Errorf("%s: %d", tc.path, r.StatusCode)
				continue
			}
			if got := listed(r.Body); !slices.Equal(got, tc.want) {
				t.Errorf("%s lists %v, want %v", tc.path, got, tc.want)
			}
			rl := rels(r.Body)
			if want := a.URL + tc.path; rl["link canonical"] != want {
				t.Errorf("%s: canonical %q, want %q", tc.path, rl["link canonical"], want)
			}
			for _, rel := range []struct{ name, want string }{{"prev", tc.prev}, {"next", tc.nxt}} {
				head, body := "", ""
				if rel.want != "" {
					head, body = a.URL+rel.want, rel.want
				}
				if rl["link "+rel.name] != head || rl["a "+rel.name] != body {
					t.Errorf("%s: rel %s head %q body %q, want %q and %q", tc.path, rel.name, rl["link "+rel.name], rl["a "+rel.name], head, body)
				}
			}
		}
		if r := c.Get("/blog/nav?page=2"); !strings.Contains(title(r.Body), "Page 2") {
			t.Errorf("page 2 title %q does not say so", title(r.Body))
		}
		// One address per page: page 1 is the list's own address.
		for path, want := range map[string]string{"/blog/nav?page=1": "/blog/nav", "/?page=1": "/", "/search?q=post&page=1": "/search?q=post"} {
			if r := c.Get(path); r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != want {
				t.Errorf("%s: %d %q, want 301 to %q", path, r.StatusCode, r.Header.Get("Location"), want)
			}
		}
		for _, path := range []string{"/blog/nav?page=4", "/blog/nav/keto?page=3", "/?page=4", "/blog/nav?page=0", "/blog/nav?page=-1",
			"/blog/nav?page=abc", "/blog/nav?page=2.5", "/blog/nav?page=02", "/blog/nav?page=+2", "/blog/nav?page=", "/blog/nav?page=99999999999",
			"/blog/nav?page=2&page=3", "/blog/nav/tag/low-carb?page=9", "/search?q=post&page=9"} {
			if r := c.Get(path); r.StatusCode != http.StatusNotFound {
				t.Errorf("%s: %d, want 404", path, r.StatusCode)
			}
		}
	})
}

func TestTagPagesAndFeeds(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		navBlog(t, a, "nav", 40)
		navBlog(t, a, "other", 3)
		c := a.Client(t)
		// A post's tags link to their pages.
		r := c.Get("/blog/nav/keto/published-02")
		if !strings.Contains(string(r.Body), `<a rel="tag" href="/blog/nav/tag/low-carb">#Low Carb</a>`) {
			t.Fatalf("post page has no tag link:\n%s", r.Body)
		}
		// "Low Carb" and "low-carb" are one tag; the draft and the future post are not listed.
		var want []string
		for i := 40; i >= 1; i-- {
			if i%4 != 1 {
				want = append(want, fmt.Sprintf("Post %02d", i))
			}
		}
		r = c.Get("/blog/nav/tag/low-carb")
		if r.StatusCode != 200 || !slices.Equal(listed(r.Body), want[:24]) || !strings.Contains(string(r.Body), "<h1>#Low Carb</h1>") {
			t.Fatalf("tag page: %d %v\n%s", r.StatusCode, listed(r.Body), r.Body)
		}
		if rl := rels(r.Body); rl["link canonical"] != a.URL+"/blog/nav/tag/low-carb" || rl["a next"] != "/blog/nav/tag/low-carb?page=2" {
			t.Errorf("tag page links %v", rl)
		}
		if meta := `<link rel="alternate" type="application/rss+xml" title="#Low Carb" href="` + a.URL + `/blog/nav/tag/low-carb/feed.xml">`; !strings.Contains(string(r.Body), meta) {
			t.Errorf("tag page names no feed")
		}
		if r := c.Get("/blog/nav/tag/low-carb?page=2"); !slices.Equal(listed(r.Body), want[24:]) {
			t.Errorf("tag page 2 = %v", listed(r.Body))
		}
		for _, path := range []string{"/blog/nav/tag/hidden-tag", "/blog/nav/tag/nothing", "/blog/nav/tag/Low%20Carb", "/blog/nav/tag",
			"/blog/nav/tag/low-carb/x", "/blog/nav/tag/hidden-tag/feed.xml", "/blog/nav/author", "/blog/nav/page"} {
			if r := c.Get(path); r.StatusCode != http.StatusNotFound {
				t.Errorf("%s: %d, want 404", path, r.StatusCode)
			}
		}
		// Another blog's tag page lists its own posts only.
		if got := listed(c.Get("/blog/other/tag/low-carb").Body); !slices.Equal(got, []string{"Post 03", "Post 02"}) {
			t.Errorf("other blog's tag page lists %v", got)
		}
		for _, name := range feedNames {
			path := "/blog/nav/tag/low-carb/" + name
			r := c.Get(path)
			if r.StatusCode != 200 {
				t.Fatalf("%s: %d", path, r.StatusCode)
			}
			f := parseFeed(t, path, r.Body)
			var got []string
			for _, it := range f.Items {
				got = append(got, it.Title)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s items %v, want %v", path, got, want)
			}
			if !strings.Contains(f.Title, "#Low Carb") || f.Link != a.URL+"/blog/nav/tag/low-carb" {
				t.Errorf("%s: title %q link %q", path, f.Title, f.Link)
			}
			if self := f.FeedLink; self != a.URL+path {
				t.Errorf("%s: self %q", path, self)
			}
		}
		// The site's blog has them at the root.
		navBlog(t, a, "site", 2)
		if r := c.Get("/tag/low-carb"); r.StatusCode != 200 || !slices.Equal(listed(r.Body), []string{"Post 02"}) {
			t.Errorf("/tag/low-carb: %d %v", r.StatusCode, listed(r.Body))
		}
		if r := c.Get("/tag/low-carb/feed.json"); r.StatusCode != 200 {
			t.Errorf("/tag/low-carb/feed.json: %d", r.StatusCode)
		}
	})
}

func TestSearchPageAndAPI(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		navBlog(t, a, "nav", 30)
		other := navBlog(t, a, "other", 3)
		c := a.Client(t)
		// A word of one character matches itself, longer ones the words they begin.
		for text, want := range map[string][]string{
			"post 20": {"Post 20"}, "Post 2": nil, "po 03": {"Post 03"}, "POST": titles(30, 7), "pos": titles(30, 7), "p": nil,
		} {
			r := c.Get("/blog/nav/search?q=" + url.QueryEscape(text))
			if got := listed(r.Body); r.StatusCode != 200 || !slices.Equal(got, want) {
				t.Errorf("search %q: %d %v, want %v", text, r.StatusCode, got, want)
			}
		}
		r := c.Get("/blog/nav/search?q=" + url.QueryEscape("post 20"))
		if !strings.Contains(string(r.Body), `<meta name="robots" content="noindex">`) || !strings.Contains(string(r.Body), `value="post 20"`) {
			t.Errorf("search page is indexable or lost its text")
		}
		r = c.Get("/blog/nav/search?q=protein")
		if got := listed(r.Body); len(got) != 8 || got[0] != "Post 29" {
			t.Errorf("tag search lists %v", got)
		}
		if rl := rels(r.Body); rl["a next"] != "" {
			t.Errorf("one page of results has a next link: %v", rl)
		}
		r = c.Get("/blog/nav/search?q=sleep") // every excerpt: 30 results, 24 a page
		if rl := rels(r.Body); rl["a next"] != "/blog/nav/search?page=2&q=sleep" || len(listed(r.Body)) != 24 {
			t.Errorf("search page 1: %v, %d listed", rl, len(listed(r.Body)))
		}
		if got := listed(c.Get("/blog/nav/search?page=2&q=sleep").Body); !slices.Equal(got, titles(6, 1)) {
			t.Errorf("search page 2 lists %v", got)
		}
		for text, wantText := range map[string]string{"": "Type a word or two", "zzzz": "No posts match your search."} {
			if r := c.Get("/blog/nav/search?q=" + text); r.StatusCode != 200 || !strings.Contains(string(r.Body), wantText) {
				t.Errorf("search %q: %d, missing %q", text, r.StatusCode, wantText)
			}
		}
		if r := c.Get("/blog/nav/search?q=" + strings.Repeat("x", 10000)); r.StatusCode != http.StatusBadRequest ||
			!strings.Contains(string(r.Body), "Search text is too long") {
			t.Errorf("long search: %d", r.StatusCode)
		}
		// The API: the same results, a page at a time; nothing of another blog.
		var page contract.PostsPage
		c.Get("/api/posts?workspace=nav&limit=5&q=post").JSON(t, &page)
		if len(page.Posts) != 5 || page.Posts[0].Title != "Post 30" || !page.HasMore {
			t.Fatalf("api search: %+v", page)
		}
		c.Get("/api/posts?workspace=nav&limit=5&page=6&q=post").JSON(t, &page)
		if len(page.Posts) != 5 || page.Posts[4].Title != "Post 01" || page.HasMore {
			t.Fatalf("api search page 6: %+v", page)
		}
		c.Get("/api/posts?workspace=other&q=post").JSON(t, &page)
		for _, p := range page.Posts {
			if p.WorkspaceSlug != other.Slug {
				t.Errorf("blog other's search found %s of %s", p.Title, p.WorkspaceSlug)
			}
		}
		c.Get("/api/posts?workspace=nav&q=hidden").JSON(t, &page)
		if len(page.Posts) != 0 {
			t.Errorf("search found unpublished posts: %+v", page.Posts)
		}
		if r := c.Get("/api/posts?workspace=nav&q=" + strings.Repeat("x", 201)); r.StatusCode != 400 || r.ErrorCode() != "search_too_long" {
			t.Errorf("long api search: %d %s", r.StatusCode, r.Body)
		}
		c.Get("/api/posts?workspace=nav&tag=protein").JSON(t, &page)
		if len(page.Posts) != 8 {
			t.Errorf("api tag list: %d posts", len(page.Posts))
		}
		// Hostile text is only words: answered, never an error, nothing changed.
		for _, text := range []string{`" OR 1=1 --`, `'; DROP TABLE blog_posts; --`, `NEAR(post 2)`, `*`, `^post`, `title:post`, `post"`, `東京`, "\u0000"} {
			q := url.QueryEscape(text)
			if r := c.Get("/blog/nav/search?q=" + q); r.StatusCode != 200 {
				t.Errorf("search page %q: %d", text, r.StatusCode)
			}
			if r := c.Get("/api/posts?workspace=nav&q=" + q); r.StatusCode != 200 {
				t.Errorf("api search %q: %d %s", text, r.StatusCode, r.Body)
			}
		}
		if n, err := a.Store.CountPosts(ctx, store.FindPost{}); err != nil || n != 30+2+3+2 {
			t.Errorf("posts after hostile searches: %d, %v", n, err)
		}
		// The site's blog at the root.
		navBlog(t, a, "site", 2)
		if got := listed(c.Get("/search?q=post").Body); !slices.Equal(got, titles(2, 1)) {
			t.Errorf("/search lists %v", got)
		}
	})
}

func TestReservedSegmentsAreNotCategories(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	c.SignUp("Nora", "nora@x.io", "secret123")
	for _, slug := range []string{"tag", "search", "author", "page"} {
		r := c.Do("POST", "/api/workspace/categories", map[string]string{"slug": slug, "name": "Some " + slug})
		if r.StatusCode != http.StatusBadRequest || !strings.Contains(string(r.Body), "taken by the blog's own pages") {
			t.Errorf("category %q: %d %s", slug, r.StatusCode, r.Body)
		}
	}
}
