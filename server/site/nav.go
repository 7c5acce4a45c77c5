package site

import (
	"context"
	"errors"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/locale"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/server/frontend"
	"github.com/inkpress/inkpress/store"
)

// Reader navigation: tag pages and their feeds, the search page, and the
// ?page=N of every post list (see docs/product.md, "Reader navigation").

// navRoute serves the segments a blog reserves for its own pages
// (site.Reserved): /search, /tag/{tag} and /tag/{tag}/feed.{xml,atom,json}.
func (h *Handler) navRoute(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, segs []string) error {
	switch {
	case len(segs) == 1 && segs[0] == "search":
		return h.searchPage(w, r, b)
	case len(segs) == 1 && (segs[0] == "confirm" || segs[0] == "unsubscribe"):
		return h.subscriptionPage(w, r, b, segs[0]) // newsletter.go
	case len(segs) == 2 && segs[0] == "tag":
		return h.tagPage(w, r, b, segs[1])
	case len(segs) == 3 && segs[0] == "tag" && isFeedName(segs[2]):
		return h.tagFeed(w, r, b, segs[1], segs[2])
	}
	return store.ErrNotFound
}

// errRedirected tells a page's caller that the request was answered with a
// redirect (?page=1 goes to the list's own address).
var errRedirected = errors.New("redirected")

// pageOf reads a list's ?page=N: 1 when absent. ?page=1 is redirected
// (301) to the address without it, so each page has one address; any
// other value than a plain number from 2 to reader.MaxPage is not a page
// (store.ErrNotFound), nor is a page past the last.
func pageOf(w http.ResponseWriter, r *http.Request) (int, error) {
	vs, ok := r.URL.Query()["page"]
	if !ok {
		return 1, nil
	}
	if len(vs) == 1 && vs[0] == "1" {
		q := r.URL.Query()
		q.Del("page")
		http.Redirect(w, r, (&url.URL{Path: r.URL.Path, RawQuery: q.Encode()}).String(), http.StatusMovedPermanently)
		return 0, errRedirected
	}
	if len(vs) != 1 {
		return 0, store.ErrNotFound
	}
	n, err := strconv.Atoi(vs[0])
	if err != nil || n < 2 || n > reader.MaxPage || vs[0] != strconv.Itoa(n) {
		return 0, store.ErrNotFound
	}
	return n, nil
}

// handled turns errRedirected into a finished request.
func handled(err error) error {
	if errors.Is(err, errRedirected) {
		return nil
	}
	return err
}

// pageURL is the address of page n of the list at path; query holds the
// list's other parameters (a search's q).
func pageURL(path string, n int, query url.Values) string {
	q := url.Values{}
	for k, v := range query {
		q[k] = v
	}
	if n > 1 {
		q.Set("page", strconv.Itoa(n))
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// pageKey is the cache key suffix of page n.
func pageKey(n int) string {
	if n == 1 {
		return ""
	}
	return "?page=" + strconv.Itoa(n)
}

// paged is one page of a list as the page shows it: its head links,
// canonical, title and the plain links a crawler without JavaScript follows.
type paged struct {
	path  string     // the list's address (page 1)
	query url.Values // its other parameters
	n     int
	more  bool
}

// apply sets the head's canonical, prev and next (absolute) and numbers the
// title of a later page in the blog's language.
func (p paged) apply(b *blogaddr.Blog, hd *Head, t *locale.Texts) {
	hd.Canonical = b.URL(pageURL(p.path, p.n, p.query))
	if p.n > 1 {
		hd.Prev = b.URL(pageURL(p.path, p.n-1, p.query))
		hd.Title = frontend.PagedTitle(hd.Title, p.n, t)
	}
	if p.more {
		hd.Next = b.URL(pageURL(p.path, p.n+1, p.query))
	}
}

// links are the body's Previous and Next links.
func (p paged) links(t *locale.Texts) string {
	if p.n == 1 && !p.more {
		return ""
	}
	var s strings.Builder
	e := html.EscapeString
	s.WriteString(`<nav class="pager" aria-label="` + e(t.Text("pages")) + `">`)
	if p.n > 1 {
		s.WriteString(`<a rel="prev" href="` + e(pageURL(p.path, p.n-1, p.query)) + `">` + e(t.Text("previous")) + `</a> `)
	}
	if p.more {
		s.WriteString(`<a rel="next" href="` + e(pageURL(p.path, p.n+1, p.query)) + `">` + e(t.Text("next")) + `</a>`)
	}
	s.WriteString(`</nav>`)
	return s.String()
}

// listPage reads page n of a list; a page past the last is store.ErrNotFound
// (page 1 may be empty: the list's empty state).
func (h *Handler) listPage(ctx context.Context, b *blogaddr.Blog, q reader.ListQuery) (*reader.List, error) {
	l, err := h.Reader.List(ctx, b.Workspace.ID, q)
	if err != nil {
		return nil, err
	}
	if q.Page > 1 && len(l.Posts) == 0 {
		return nil, store.ErrNotFound
	}
	return l, nil
}

// tagPage lists the blog's public posts carrying a tag, newest first; a tag
// no public post carries has no page.
func (h *Handler) tagPage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, tag string) error {
	if !content.ValidSlug(tag) {
		return store.ErrNotFound
	}
	n, err := pageOf(w, r)
	if err != nil {
		return handled(err)
	}
	path := b.TagPath(tag)
	return h.serveHTML(w, r, b, b.PageKey(path)+pageKey(n), func(ctx context.Context) (*page, error) {
		l, err := h.listPage(ctx, b, reader.ListQuery{Tag: tag, Order: reader.Latest, Limit: listPosts, Page: n})
		if err != nil {
			return nil, err
		}
		if len(l.Posts) == 0 {
			return nil, store.ErrNotFound
		}
		m, err := h.blogMeta(ctx, b)
		if err != nil {
			return nil, err
		}
		name := reader.TagName(l.Posts, tag)
		if name == "" {
			name = tag
		}
		desc := m.text.Text("postsTagged", "tag", name)
		hd := Head{Title: frontend.TagTitle(name), Description: desc, RSS: b.URL(path + "/feed.xml"), RSSTitle: frontend.TagTitle(name), RootBlog: h.rootBlog(b),
			Preload: firstCard(l.Posts)}
		m.frame(&hd)
		pg := paged{path: path, n: n, more: l.HasMore}
		pg.apply(b, &hd, m.text)
		body := `<main class="ssr"><h1>#` + html.EscapeString(name) + `</h1><p>` + html.EscapeString(desc) + `</p>` +
			postList(b, m.text, l.Posts) + pg.links(m.text) + `</main>`
		return &page{head: hd, body: body}, nil
	})
}

// tagFeed serves a tag's RSS, Atom or JSON Feed (the blog's feed narrowed
// to the tag).
func (h *Handler) tagFeed(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, tag, name string) error {
	if !content.ValidSlug(tag) {
		return store.ErrNotFound
	}
	key := "feed:" + b.Origin + b.Prefix + "|tag:" + tag + "|" + name
	e, err := h.Cache.Get(b.Workspace.ID, key, func() (*cache.Entry, error) {
		ctx := r.Context()
		m, err := h.blogMeta(ctx, b)
		if err != nil {
			return nil, err
		}
		title, desc := m.title, m.desc
		fd, err := h.Reader.TagFeed(ctx, b.Workspace.ID, tag, h.Config.FeedItems)
		if err != nil {
			return nil, err
		}
		if title == "" {
			title = h.Config.SiteName
		}
		tagName := reader.TagName(fd.Posts, tag)
		if tagName == "" {
			tagName = tag
		}
		ch := h.channel(b, m, feedIDName(b.Workspace.ID, "tag:"+tag), title+" - #"+tagName, b.URL(b.TagPath(tag)), desc,
			b.URL(b.TagPath(tag)+"/"+name))
		return h.feedEntry(b, ch, fd, name), nil
	})
	if err != nil {
		return err
	}
	e.Write(w, r, "public, max-age=300")
	return nil
}

// searchPage shows the blog's public posts matching ?q= (see
// reader.Search). It is never cached (each text would take its own place)
// nor indexed; text over the limit answers 400 with the reason.
func (h *Handler) searchPage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog) error {
	n, err := pageOf(w, r)
	if err != nil {
		return handled(err)
	}
	ctx := r.Context()
	if h.Admission != nil { // made afresh every time: the client's turn
		done, err := h.Admission.Work(ctx, h.client(r))
		if err != nil {
			return err
		}
		defer done()
	}
	text := r.URL.Query().Get("q")
	m, err := h.blogMeta(ctx, b)
	if err != nil {
		return err
	}
	path, t := b.SearchPath(), m.text
	hd := Head{Title: t.Text("search"), NoIndex: true, RootBlog: h.rootBlog(b)}
	m.frame(&hd)
	e := html.EscapeString
	var body strings.Builder
	body.WriteString(`<main class="ssr"><h1>` + e(t.Text("search")) + `</h1><form role="search" method="get" action="` + e(path) + `">` +
		`<input type="search" name="q" aria-label="` + e(t.Text("searchPosts")) + `" maxlength="` + strconv.Itoa(content.MaxSearchLen) + `" value="` + e(text) + `">` +
		`<button type="submit">` + e(t.Text("search")) + `</button></form>`)
	status := http.StatusOK
	switch l, err := h.Reader.Search(ctx, b.Workspace.ID, text, listPosts, n); {
	case errors.Is(err, reader.ErrSearchTooLong):
		status = http.StatusBadRequest
		body.WriteString(`<p>` + e(reader.ErrSearchTooLong.Message) + `</p>`)
		hd.Canonical = b.URL(path)
	case err != nil:
		return err
	case n > 1 && len(l.Posts) == 0:
		return store.ErrNotFound
	case strings.TrimSpace(text) == "":
		body.WriteString(`<p>` + e(t.Text("searchPrompt")) + `</p>`)
		hd.Canonical = b.URL(path)
	default:
		hd.Title = t.Text("searchTitle", "q", text)
		pg := paged{path: path, query: url.Values{"q": {text}}, n: n, more: l.HasMore}
		pg.apply(b, &hd, t)
		if len(l.Posts) == 0 {
			body.WriteString(`<p>` + e(t.Text("noMatches")) + `</p>`)
		} else {
			body.WriteString(postList(b, t, l.Posts) + pg.links(t))
		}
	}
	body.WriteString(`</main>`)
	framed := body.String()
	// Search results are not rendered by the app's engines: the plain page
	// is cheap, and the app shows the results from the public API, so a
	// search flood never waits behind (or holds up) page renders.
	pg := &page{head: hd, body: framed}
	en := h.entry(pg)
	en.Status, en.ETag = status, cache.ETag(en.Body)
	en.Write(w, r, "no-cache")
	return nil
}

// tagLinks are links to the pages of a post's tags (those with a page).
func tagLinks(b *blogaddr.Blog, tags []string) string {
	var s strings.Builder
	for _, t := range tags {
		if slug := content.TagSlug(t); slug != "" {
			if s.Len() == 0 {
				s.WriteString(`<p class="tags">`)
			}
			s.WriteString(`<a rel="tag" href="` + html.EscapeString(b.TagPath(slug)) + `">#` + html.EscapeString(t) + `</a> `)
		}
	}
	if s.Len() > 0 {
		s.WriteString(`</p>`)
	}
	return s.String()
}
