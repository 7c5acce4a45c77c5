package site_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// parsedHead is what a page's <head> says, read with an HTML parser.
type parsedHead struct {
	title  string
	meta   map[string]string // property or name -> content
	links  map[string]string // rel -> href (the last of each)
	jsonLD map[string]any
}

func parseHead(t *testing.T, body []byte) parsedHead {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	h := parsedHead{meta: map[string]string{}, links: map[string]string{}}
	attr := func(n *html.Node, k string) string {
		for _, a := range n.Attr {
			if a.Key == k {
				return a.Val
			}
		}
		return ""
	}
	var walk func(n *html.Node, inHead bool)
	walk = func(n *html.Node, inHead bool) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "head":
				inHead = true
			case "title":
				if inHead && n.FirstChild != nil {
					h.title = n.FirstChild.Data
				}
			case "meta":
				if inHead {
					h.meta[attr(n, "property")+attr(n, "name")] = attr(n, "content")
				}
			case "link":
				if inHead {
					h.links[attr(n, "rel")] = attr(n, "href")
				}
			case "script":
				if inHead && attr(n, "type") == "application/ld+json" && n.FirstChild != nil {
					if err := json.Unmarshal([]byte(n.FirstChild.Data), &h.jsonLD); err != nil {
						t.Fatalf("json-ld: %v", err)
					}
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inHead)
		}
	}
	walk(doc, false)
	return h
}

// identityBlog is Olivia's blog "Olivia Writes" with a post of hers (no
// cover) and a draft, her profile filled in and the blog's brand set.
func identityBlog(t *testing.T, a *apptest.App) (*store.Workspace, *store.Post) {
	t.Helper()
	c := a.Client(t)
	c.SignUp("Olivia Stone", "olivia@example.com", "secret123")
	u, err := a.Store.GetUserByEmail(ctx, "olivia@example.com")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Olivia Writes"}); r.StatusCode != 200 {
		t.Fatalf("settings: %d %s", r.StatusCode, r.Body)
	}
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Keto", Slug: "keto"}); err != nil {
		t.Fatal(err)
	}
	p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Fat first", MetaTitle: "Fat first, always", Content: "<p>Why fat comes first.</p>",
		AuthorID: u.ID}
	draft := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Unfinished thoughts", Content: "<p>Later.</p>", Status: store.PostDraft}
	for _, p := range []*store.Post{p, draft} {
		if err := a.Posts.Create(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Store.SetBrand(ctx, ws.ID, &store.Brand{LogoURL: "/media/logo.png", FaviconURL: "/media/icon.png",
		SocialImageURL: "/media/share.png"}); err != nil {
		t.Fatal(err)
	}
	author, err := a.Store.GetAuthor(ctx, store.FindAuthor{UserID: &u.ID})
	if err != nil {
		t.Fatal(err)
	}
	author.Bio, author.AvatarURL = "Cooks keto, writes about it.", "/media/olivia.png"
	author.Links = []store.SocialLink{{Network: "x", URL: "https://x.com/olivia"}, {Network: "github", URL: "https://github.com/olivia"}}
	if err := a.Store.UpdateAuthor(ctx, author); err != nil {
		t.Fatal(err)
	}
	a.Cache.Invalidate(ws.ID)
	if err := a.Pages.DropAll(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	return ws, p
}

func TestBlogPagesCarryTheBlogsNameAndItsAuthor(t *testing.T) {
	a, c := start(t)
	ws, p := identityBlog(t, a)
	home := a.URL + "/blog/" + ws.Slug
	r := c.Get("/blog/" + ws.Slug + "/keto/" + p.Slug)
	if r.StatusCode != 200 {
		t.Fatalf("post page: %d", r.StatusCode)
	}
	h := parseHead(t, r.Body)
	if h.title != "Fat first, always | Olivia Writes" {
		t.Errorf("title %q", h.title)
	}
	if h.meta["og:site_name"] != "Olivia Writes" || h.meta["og:title"] != h.title {
		t.Errorf("og:site_name %q, og:title %q", h.meta["og:site_name"], h.meta["og:title"])
	}
	if h.meta["og:image"] != a.URL+"/media/share.png" || h.meta["twitter:image"] != a.URL+"/media/share.png" {
		t.Errorf("a post without a cover shares the blog's image, got %q", h.meta["og:image"])
	}
	if h.links["icon"] != a.URL+"/media/icon.png" {
		t.Errorf("icon %q", h.links["icon"])
	}
	pub, _ := h.jsonLD["publisher"].(map[string]any)
	logo, _ := pub["logo"].(map[string]any)
	if pub["@type"] != "Organization" || pub["name"] != "Olivia Writes" || pub["url"] != home || logo["url"] != a.URL+"/media/logo.png" {
		t.Errorf("publisher %v", pub)
	}
	author, _ := h.jsonLD["author"].(map[string]any)
	same, _ := author["sameAs"].([]any)
	if author["@type"] != "Person" || author["name"] != "Olivia Stone" || author["url"] != home+"/author/olivia-stone" ||
		author["image"] != a.URL+"/media/olivia.png" || len(same) != 2 || same[0] != "https://x.com/olivia" {
		t.Errorf("author %v", author)
	}
	if !strings.Contains(string(r.Body), `By <a href="/blog/`+ws.Slug+`/author/olivia-stone" rel="author">Olivia Stone</a>`) {
		t.Error("no byline for clients without JavaScript")
	}

	for path, want := range map[string]string{"": "Olivia Writes", "/keto": "Keto | Olivia Writes"} {
		if h := parseHead(t, c.Get("/blog/"+ws.Slug+path).Body); h.title != want || h.meta["og:site_name"] != "Olivia Writes" {
			t.Errorf("%q: title %q, og:site_name %q", path, h.title, h.meta["og:site_name"])
		}
	}

	// Without images of its own, the ones drawn from its name (never the
	// platform's: see marks_test.go).
	if err := a.Store.SetBrand(ctx, ws.ID, &store.Brand{}); err != nil {
		t.Fatal(err)
	}
	a.Cache.Invalidate(ws.ID)
	if err := a.Pages.DropAll(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	h = parseHead(t, c.Get("/blog/"+ws.Slug+"/keto/"+p.Slug).Body)
	if !strings.HasPrefix(h.meta["og:image"], home+"/card.png?v=") || !strings.HasPrefix(h.links["icon"], home+"/icon-32.png?v=") {
		t.Errorf("without a brand: og:image %q, icon %q", h.meta["og:image"], h.links["icon"])
	}
	pub, _ = h.jsonLD["publisher"].(map[string]any)
	if logo, _ := pub["logo"].(map[string]any); !strings.HasPrefix(logo["url"].(string), home+"/logo.png?v=") {
		t.Errorf("publisher logo without a brand: %v", pub["logo"])
	}
}

func TestSiteBlogKeepsThePlatformsName(t *testing.T) {
	a, c := start(t)
	p := firstPost(t, a, siteWS(t, a).ID)
	h := parseHead(t, c.Get("/"+p.Category+"/"+p.Slug).Body)
	if !strings.HasSuffix(h.title, " | InkPress") || h.meta["og:site_name"] != "InkPress" {
		t.Errorf("title %q, og:site_name %q", h.title, h.meta["og:site_name"])
	}
	if pub, _ := h.jsonLD["publisher"].(map[string]any); pub["name"] != "InkPress" || pub["url"] != a.URL+"/" {
		t.Errorf("publisher %v", pub)
	}
	if h := parseHead(t, c.Get("/").Body); h.title != "InkPress" {
		t.Errorf("home title %q", h.title)
	}
}

func TestBlogFeedsCarryTheBlogsName(t *testing.T) {
	a, c := start(t)
	ws, _ := identityBlog(t, a)
	for _, name := range []string{"feed.xml", "feed.atom", "feed.json"} {
		f := parseFeed(t, name, c.Get("/blog/"+ws.Slug+"/"+name).Body)
		if f.Title != "Olivia Writes" {
			t.Errorf("%s: title %q", name, f.Title)
		}
		if len(f.Items) != 1 || len(f.Items[0].Authors) == 0 || f.Items[0].Authors[0].Name != "Olivia Stone" {
			t.Errorf("%s: items %d, want 1 by Olivia Stone", name, len(f.Items))
		}
	}
}

// taggedPost adds Olivia's public post "Low carb breakfasts", tagged
// "Low Carb", to identityBlog's blog.
func taggedPost(t *testing.T, a *apptest.App, ws *store.Workspace) {
	t.Helper()
	tagged := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Low carb breakfasts", Content: "<p>Eggs, mostly.</p>",
		Tags: []string{"Low Carb"}, AuthorID: ws.UserID}
	if err := a.Posts.Create(ctx, tagged); err != nil {
		t.Fatal(err)
	}
}

// TestTagFeedsCreditThePostsAuthor: a tag's feeds name each post's author
// as the blog's feeds do, not the blog.
func TestTagFeedsCreditThePostsAuthor(t *testing.T) {
	a, c := start(t)
	ws, _ := identityBlog(t, a)
	taggedPost(t, a, ws)
	for _, name := range []string{"feed.xml", "feed.atom", "feed.json"} {
		path := "/blog/" + ws.Slug + "/tag/low-carb/" + name
		f := parseFeed(t, path, c.Get(path).Body)
		if len(f.Items) != 1 || len(f.Items[0].Authors) != 1 || f.Items[0].Authors[0].Name != "Olivia Stone" {
			t.Errorf("%s: want 1 item by Olivia Stone, got %d items", path, len(f.Items))
			for _, it := range f.Items {
				for _, au := range it.Authors {
					t.Logf("%s: author %q", it.Title, au.Name)
				}
			}
		}
	}
}

// TestSearchResultsCarryBylines: search results name their author as the
// other lists do.
func TestSearchResultsCarryBylines(t *testing.T) {
	a, c := start(t)
	ws, _ := identityBlog(t, a)
	taggedPost(t, a, ws)
	var page contract.PostsPage
	c.Get("/api/posts?workspace="+ws.Slug+"&q=breakfasts").JSON(t, &page)
	if len(page.Posts) != 1 || page.Posts[0].Author == nil || page.Posts[0].Author.Name != "Olivia Stone" ||
		page.Posts[0].Author.Slug != "olivia-stone" {
		t.Errorf("search results carry no byline: %+v", page.Posts)
	}
}

func TestAuthorPage(t *testing.T) {
	a, c := start(t)
	ws, p := identityBlog(t, a)
	other, _ := otherBlog(t, a)
	r := c.Get("/blog/" + ws.Slug + "/author/olivia-stone")
	if r.StatusCode != 200 {
		t.Fatalf("author page: %d", r.StatusCode)
	}
	body := string(r.Body)
	if !strings.Contains(body, p.Title) || strings.Contains(body, "Unfinished thoughts") || strings.Contains(body, "Other workspace zqxj post") {
		t.Error("the author page lists other than the author's public posts on this blog")
	}
	h := parseHead(t, r.Body)
	if h.title != "Olivia Stone | Olivia Writes" || h.links["canonical"] != a.URL+"/blog/"+ws.Slug+"/author/olivia-stone" {
		t.Errorf("title %q, canonical %q", h.title, h.links["canonical"])
	}
	entity, _ := h.jsonLD["mainEntity"].(map[string]any)
	if h.jsonLD["@type"] != "ProfilePage" || entity["@type"] != "Person" || entity["name"] != "Olivia Stone" {
		t.Errorf("json-ld %v", h.jsonLD)
	}
	for _, path := range []string{"/blog/" + ws.Slug + "/author/nobody", "/blog/" + other.Slug + "/author/olivia-stone",
		"/blog/" + ws.Slug + "/author/Bad%20Slug"} {
		if r := c.Get(path); r.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", path, r.StatusCode)
		}
	}
	// The site's own blog names its authors at the root.
	admin := firstPost(t, a, siteWS(t, a).ID)
	au, err := a.Store.GetAuthor(ctx, store.FindAuthor{UserID: &admin.AuthorID})
	if err != nil {
		t.Fatalf("site post's author: %v", err)
	}
	if r := c.Get("/author/" + au.Slug); r.StatusCode != 200 || !slices.Contains([]string{"InkPress Editorial | InkPress"}, parseHead(t, r.Body).title) {
		t.Errorf("/author/%s: %d %q", au.Slug, r.StatusCode, parseHead(t, r.Body).title)
	}
}
