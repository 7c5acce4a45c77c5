package site_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"image/png"
	"net/url"
	"strings"
	"testing"

	"github.com/mmcdole/gofeed"
	"github.com/mmcdole/gofeed/atom"
	jsonfeed "github.com/mmcdole/gofeed/json"
	"github.com/mmcdole/gofeed/rss"
	"golang.org/x/net/html"
	htmlatom "golang.org/x/net/html/atom"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/feed"
	"github.com/inkpress/inkpress/store"
)

var feedNames = []string{"feed.xml", "feed.atom", "feed.json"}

// feedBlog starts an app without demo content whose site blog has category
// "marketing" (named "Marketing") holding one post, and a second workspace
// "other" with category "keto" holding one post, on dbURL ("" for SQLite).
func feedBlog(t *testing.T, dbURL string) (*apptest.App, *apptest.Client, *store.Workspace, *store.Post) {
	t.Helper()
	a := apptest.Start(t, dbURL)
	site := siteWS(t, a)
	// The site workspace starts with its categories, "marketing" among them.
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: site.ID, Name: "Marketing", Slug: "marketing"}); err != nil && !errors.Is(err, store.ErrConflict) {
		t.Fatal(err)
	}
	p := &store.Post{WorkspaceID: site.ID, Category: "marketing", Title: "Hashtags that work",
		Content: "<p>Hashtags are cheap.</p>", Tags: []string{"marketing", "Social Media", "social media", "MARKETING"}}
	if err := a.Posts.Create(ctx, p); err != nil {
		t.Fatal(err)
	}
	otherBlog(t, a)
	ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("other")})
	if err != nil {
		t.Fatal(err)
	}
	return a, a.Client(t), ws, p
}

// fetch requests an absolute URL of the app or of a custom domain.
func fetch(t *testing.T, a *apptest.App, c *apptest.Client, abs string) *apptest.Response {
	t.Helper()
	if rest, ok := strings.CutPrefix(abs, a.URL); ok {
		return c.Get(rest)
	}
	u, err := url.Parse(abs)
	if err != nil || u.Host == "" {
		t.Fatalf("not an absolute URL: %q", abs)
	}
	return c.Raw("GET", u.RequestURI(), u.Host, nil, nil)
}

func parseFeed(t *testing.T, where string, body []byte) *gofeed.Feed {
	t.Helper()
	p := gofeed.NewParser()
	p.KeepOriginalFeed = true
	f, err := p.ParseString(string(body))
	if err != nil {
		t.Fatalf("%s: %v\n%s", where, err, body)
	}
	return f
}

// TestFeedSelfLinksAnswerTheSameFeed requests every feed's declared self
// link and expects that very feed back.
func TestFeedSelfLinksAnswerTheSameFeed(t *testing.T) {
	a, c, ws, _ := feedBlog(t, "")
	if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr("blog.example.org")}); err != nil {
		t.Fatal(err)
	}
	a.Cache.Invalidate(ws.ID)
	var feeds []string
	for _, name := range feedNames {
		feeds = append(feeds, a.URL+"/"+name, a.URL+"/marketing/"+name, a.URL+"/"+name+"?category=marketing",
			a.URL+"/blog/other/"+name, a.URL+"/blog/other/"+name+"?category=keto",
			"https://blog.example.org/"+name, "https://blog.example.org/keto/"+name)
	}
	for _, u := range feeds {
		r := fetch(t, a, c, u)
		if strings.HasPrefix(u, a.URL+"/blog/other/") {
			// The blog lives on its verified domain: its address here sends
			// readers there, path and query kept.
			want := "https://blog.example.org/" + strings.TrimPrefix(u, a.URL+"/blog/other/")
			if r.StatusCode != 301 || r.Header.Get("Location") != want {
				t.Errorf("%s: %d to %q, want 301 to %s", u, r.StatusCode, r.Header.Get("Location"), want)
				continue
			}
			r = fetch(t, a, c, want)
		}
		if r.StatusCode != 200 {
			t.Errorf("%s: %d", u, r.StatusCode)
			continue
		}
		self := parseFeed(t, u, r.Body).FeedLink
		if self == "" {
			t.Errorf("%s declares no self link", u)
			continue
		}
		again := fetch(t, a, c, self)
		if again.StatusCode != 200 || !bytes.Equal(again.Body, r.Body) {
			t.Errorf("%s declares self link %s, which answers %d with another body", u, self, again.StatusCode)
		}
	}
}

// hostile is post text a reader must see as text, never as markup.
const hostile = `<img src=x onerror=alert(1)> & <b>bold</b>`

// htmlElements parses s as an HTML fragment, as a feed reader renders a
// field holding HTML, and returns the elements it holds and its text.
func htmlElements(t *testing.T, s string) (elems []string, text string) {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(s), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: htmlatom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			elems = append(elems, n.Data)
			for _, at := range n.Attr {
				if strings.HasPrefix(at.Key, "on") {
					elems = append(elems, n.Data+"["+at.Key+"]")
				}
			}
		case html.TextNode:
			sb.WriteString(n.Data)
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return elems, sb.String()
}

// TestFeedTextStaysTextInReaders puts markup, as text, into a blog's
// description and a post's excerpt, and renders what an independent parser
// yields the way readers do: HTML fields must render to that same text with
// no element, plain-text fields must hold the text as is.
func TestFeedTextStaysTextInReaders(t *testing.T) {
	a, c, ws, _ := feedBlog(t, "")
	if err := a.Store.UpdateSettings(ctx, &store.Settings{WorkspaceID: ws.ID, BlogTitle: "Blog", BlogDescription: hostile,
		TemplateID: "template-1", PrimaryColor: "#10b981", FontFamily: "Inter", OnboardingCompleted: true}); err != nil {
		t.Fatal(err)
	}
	p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Markup as text",
		Content: `<p>` + html.EscapeString(hostile) + `</p><img src="/x.png" onerror="alert(2)"><script>alert(3)</script>`}
	if err := a.Posts.Create(ctx, p); err != nil {
		t.Fatal(err)
	}
	if p.Excerpt != hostile {
		t.Fatalf("excerpt %q, want the text %q", p.Excerpt, hostile)
	}
	a.Cache.Invalidate(ws.ID)

	// asHTML checks a field readers render as HTML.
	asHTML := func(where, got string) {
		t.Helper()
		if elems, text := htmlElements(t, got); len(elems) != 0 || text != hostile {
			t.Errorf("%s renders elements %v and text %q, want only the text %q", where, elems, text, hostile)
		}
	}
	// asText checks a field readers show as plain text.
	asText := func(where, got string) {
		t.Helper()
		if got != hostile {
			t.Errorf("%s = %q, want the text %q", where, got, hostile)
		}
	}
	// safeContent checks full HTML content: markup is fine, active markup is not.
	safeContent := func(where, got string) {
		t.Helper()
		elems, text := htmlElements(t, got)
		for _, e := range elems {
			if e == "script" || strings.Contains(e, "[on") {
				t.Errorf("%s renders %s", where, e)
			}
		}
		if !strings.Contains(text, hostile) {
			t.Errorf("%s lost the text: %q", where, text)
		}
	}

	// The post made here is the one titled so, whatever the publication
	// times' precision.
	find := func(f *gofeed.Feed) int {
		t.Helper()
		for i, it := range f.Items {
			if it.Title == p.Title {
				return i
			}
		}
		t.Fatalf("%s: no item %q", f.FeedType, p.Title)
		return 0
	}

	f := parseFeed(t, "rss", c.Get("/blog/other/feed.xml").Body)
	// RSS 2.0 description elements hold HTML.
	asHTML("rss channel description", f.Description)
	it := f.Items[find(f)]
	asHTML("rss item description", it.Description)
	safeContent("rss content:encoded", it.Content)

	atomBody := c.Get("/blog/other/feed.atom").Body
	f = parseFeed(t, "atom", atomBody)
	i := find(f)
	raw := f.OriginalFeed().(*atom.Feed)
	// Atom says what each text construct holds.
	check := func(where, typ, got string) {
		t.Helper()
		switch typ {
		case "", "text":
			asText(where, got)
		case "html":
			asHTML(where, got)
		default:
			t.Errorf("%s has type %q", where, typ)
		}
	}
	// gofeed keeps no type of subtitle and summary: read it from the XML.
	var types struct {
		Subtitle struct {
			Type string `xml:"type,attr"`
		} `xml:"subtitle"`
		Entries []struct {
			Summary struct {
				Type string `xml:"type,attr"`
			} `xml:"summary"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(atomBody, &types); err != nil || len(types.Entries) <= i {
		t.Fatal(err)
	}
	check("atom subtitle", types.Subtitle.Type, raw.Subtitle)
	check("atom summary", types.Entries[i].Summary.Type, raw.Entries[i].Summary)
	if raw.Entries[i].Content.Type != "html" {
		t.Errorf("atom content type %q", raw.Entries[i].Content.Type)
	}
	safeContent("atom content", raw.Entries[i].Content.Value)

	f = parseFeed(t, "json", c.Get("/blog/other/feed.json").Body)
	i = find(f)
	jf := f.OriginalFeed().(*jsonfeed.Feed)
	// JSON Feed: description and summary are plain text; content_html is HTML.
	asText("json description", jf.Description)
	asText("json summary", jf.Items[i].Summary)
	safeContent("json content_html", jf.Items[i].ContentHTML)
}

// TestFeedCategoriesAreNotRepeated: a category named "Marketing" and the
// tags "marketing", "MARKETING", "Social Media" and "social media" (which
// the post keeps as "marketing" and "social media") give two categories,
// in every format.
func TestFeedCategoriesAreNotRepeated(t *testing.T) {
	a, c, _, p := feedBlog(t, "")
	want := []string{"Marketing", "social media"}
	for _, name := range feedNames {
		f := parseFeed(t, name, c.Get("/"+name).Body)
		var got []string
		for _, it := range f.Items {
			if strings.HasSuffix(it.Link, "/"+p.Slug) {
				got = it.Categories
			}
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s categories %q, want %q", name, got, want)
		}
	}
	_ = a
}

// feedIDs returns the feed's id and its items' ids (RSS guids, Atom ids,
// JSON Feed ids) and whether the RSS guids claim to be permalinks.
func feedIDs(t *testing.T, name string, body []byte) (string, []string, bool) {
	t.Helper()
	f := parseFeed(t, name, body)
	var ids []string
	permalink := false
	feedID := ""
	switch raw := f.OriginalFeed().(type) {
	case *rss.Feed:
		for _, it := range raw.Items {
			if it.GUID == nil {
				t.Fatalf("%s: item without guid", name)
			}
			ids = append(ids, it.GUID.Value)
			permalink = permalink || it.GUID.IsPermalink != "false"
		}
	case *atom.Feed:
		feedID = raw.ID
		for _, e := range raw.Entries {
			ids = append(ids, e.ID)
		}
	case *jsonfeed.Feed:
		for _, it := range raw.Items {
			ids = append(ids, it.ID)
		}
	}
	return feedID, ids, permalink
}

// TestFeedIDsSurviveDomainAndSlugChanges: a custom domain, a renamed slug
// and the feed's address leave every id as it was, so RSS-to-social tools
// do not post the whole feed again.
func TestFeedIDsSurviveDomainAndSlugChanges(t *testing.T) {
	apptest.EachDB(t, testFeedIDsSurvive)
}

func testFeedIDsSurvive(t *testing.T, dbURL string) {
	a, c, ws, _ := feedBlog(t, dbURL)
	type ids struct {
		feed  string
		items []string
	}
	read := func(host, path string) map[string]ids {
		t.Helper()
		out := map[string]ids{}
		for _, name := range feedNames {
			r := c.Raw("GET", path+name, host, nil, nil)
			if r.StatusCode != 200 {
				t.Fatalf("%s%s on %q: %d", path, name, host, r.StatusCode)
			}
			f, items, permalink := feedIDs(t, name, r.Body)
			if permalink {
				t.Errorf("%s: guid isPermaLink is not false", name)
			}
			for _, id := range items {
				if strings.Contains(id, "example.org") || strings.Contains(id, "127.0.0.1") || strings.Contains(id, "keto") {
					t.Errorf("%s: id %q depends on the address", name, id)
				}
			}
			out[name] = ids{f, items}
		}
		return out
	}
	before := read("", "/blog/other/")
	if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr("blog.example.org")}); err != nil {
		t.Fatal(err)
	}
	p := firstPost(t, a, ws.ID)
	p.Slug = "a-new-slug"
	if err := a.Store.UpdatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	a.Cache.Invalidate(ws.ID)
	after := read("blog.example.org", "/")
	for _, name := range feedNames {
		b, af := before[name], after[name]
		if len(b.items) != 1 || strings.Join(b.items, " ") != strings.Join(af.items, " ") {
			t.Errorf("%s: item ids %q became %q", name, b.items, af.items)
		}
		if b.feed != af.feed {
			t.Errorf("%s: feed id %q became %q", name, b.feed, af.feed)
		}
	}
	// The link follows the new address while the id stays.
	f := parseFeed(t, "rss", c.Raw("GET", "/feed.xml", "blog.example.org", nil, nil).Body)
	if f.Items[0].Link != "https://blog.example.org/keto/a-new-slug" {
		t.Errorf("link %q", f.Items[0].Link)
	}
	// Two posts never share an id.
	_, items, _ := feedIDs(t, "feed.xml", c.Get("/feed.xml").Body)
	if len(items) != 1 || items[0] == before["feed.xml"].items[0] {
		t.Errorf("site post id %q equals the other workspace's %q", items, before["feed.xml"].items)
	}
}

// TestFeedIconIsSquare: the JSON Feed icon and favicon are a square image
// served by the app, not the 1200x630 preview.
func TestFeedIconIsSquare(t *testing.T) {
	a, c, _, _ := feedBlog(t, "")
	var jf struct {
		Icon    string `json:"icon"`
		Favicon string `json:"favicon"`
	}
	for _, path := range []string{"/feed.json", "/blog/other/feed.json"} {
		if err := json.Unmarshal(c.Get(path).Body, &jf); err != nil {
			t.Fatal(err)
		}
		for what, u := range map[string]string{"icon": jf.Icon, "favicon": jf.Favicon} {
			if u == "" {
				t.Fatalf("%s: no %s", path, what)
			}
			r := fetch(t, a, c, u)
			if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/png" {
				t.Fatalf("%s %s %s: %d %s", path, what, u, r.StatusCode, r.Header.Get("Content-Type"))
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(r.Body))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != cfg.Height || cfg.Width < 64 {
				t.Errorf("%s %s is %dx%d, want a square of at least 64", path, what, cfg.Width, cfg.Height)
			}
		}
	}
}

// TestFeedSizeIsCapped: many large posts make a feed of at most
// feed.MaxBytes that still holds the newest posts.
func TestFeedSizeIsCapped(t *testing.T) {
	a, c, _, _ := feedBlog(t, "")
	site := siteWS(t, a)
	para := "<p>" + strings.Repeat("Words that fill a long post & more. ", 100) + "</p>"
	big := strings.Repeat(para, 120) // about 480 KB as stored, under the post cap
	for i := range 12 {
		p := &store.Post{WorkspaceID: site.ID, Category: "marketing", Title: "Long post " + string(rune('a'+i)), Content: big}
		if err := a.Posts.Create(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range feedNames {
		r := c.Get("/" + name)
		if r.StatusCode != 200 {
			t.Fatalf("%s: %d", name, r.StatusCode)
		}
		if len(r.Body) > feed.MaxBytes {
			t.Errorf("%s is %d bytes, above %d", name, len(r.Body), feed.MaxBytes)
		}
		f := parseFeed(t, name, r.Body)
		if len(f.Items) < 2 || !strings.HasPrefix(f.Items[0].Title, "Long post") {
			t.Errorf("%s holds %d items, first %q", name, len(f.Items), f.Items[0].Title)
		}
	}
}
