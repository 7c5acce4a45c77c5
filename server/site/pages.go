package site

import (
	"cmp"
	"context"
	"errors"
	"html"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/locale"
	"github.com/inkpress/inkpress/internal/pages"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/ssr"
	"github.com/inkpress/inkpress/internal/views"
	"github.com/inkpress/inkpress/server/frontend"
	"github.com/inkpress/inkpress/store"
)

// DefaultImagePath is the 1200x630 preview image used when a page has none.
const DefaultImagePath = "/og-default.png"

// How many posts the pages list for clients without JavaScript.
const (
	homePosts = reader.HomePageSize // a blog's home page
	listPosts = reader.ListPageSize // the site's post list, category, tag and search pages
)

// page is a rendered public page: its head, and its body twice over: the
// plain HTML the server writes itself (the small plain page, served while
// the renderers are busy or when a render failed) and the app's own
// rendering, when there is one.
type page struct {
	head Head
	body string
	app  *ssr.Page
	// postID is the post a post page shows (its views are counted).
	postID int64
}

// serveHTML answers a reader page as stored bytes: from the memory cache,
// else from the page store, else rendered now (a page never rendered
// before). A stale page (its blog changed since, or an earlier app build
// drew it) is served and queued for a render. A fill returning
// store.ErrNotFound yields the 404 page.
func (h *Handler) serveHTML(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, key string, fill func(ctx context.Context) (*page, error)) error {
	_, err := h.servePage(w, r, b, key, fill)
	return err
}

// servePage is serveHTML, also returning what it served (nil for a render
// job).
func (h *Handler) servePage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, key string, fill func(ctx context.Context) (*page, error)) (*cache.Entry, error) {
	ctx := r.Context()
	ws := b.Workspace.ID
	if job := jobOf(ctx); job != nil {
		return nil, h.renderJob(r, b, key, fill, job)
	}
	e, err := h.Cache.Get(ws, "html:"+key, func() (*cache.Entry, error) {
		if h.Pages != nil {
			p, err := h.Pages.Get(ctx, ws, key)
			if err == nil && p.Build == pages.Outdated {
				return h.remake(r, b, key, fill, p)
			}
			if err == nil {
				return storedEntry(p), nil
			}
			if !errors.Is(err, store.ErrNotFound) {
				slog.WarnContext(ctx, "stored page", "page", key, "err", err)
			}
		}
		return h.produce(r, b, key, fill, pages.ReasonDemand)
	})
	if err != nil {
		return nil, err
	}
	if h.Pages != nil && !e.NoStore && h.Pages.Stale(ws, e.Version, e.Build) {
		reason := pages.ReasonStale
		if e.Version >= h.Pages.Version(ws) {
			reason = pages.ReasonBuild
		}
		h.Pages.Refresh(ctx, ws, key, reason)
	}
	e.Write(w, r, "no-cache")
	return e, nil
}

// remake makes again a page a write changed, for its reader: the new page
// when it can be made, else its last copy (a database down or slow, the
// renderers busy), marked stale for the client and still queued for a
// render. A page gone (not found) is gone.
func (h *Handler) remake(r *http.Request, b *blogaddr.Blog, key string, fill func(ctx context.Context) (*page, error), old *store.RenderedPage) (*cache.Entry, error) {
	e, err := h.produce(r, b, key, fill, pages.ReasonDemand)
	if err == nil && !e.NoStore {
		return e, nil
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	if err != nil {
		slog.WarnContext(r.Context(), "remake a changed page: serving its last copy", "page", key, "err", err)
	}
	// Kept in memory (readers meanwhile do not wait on a render) until
	// the queued render replaces it.
	e = storedEntry(old)
	e.Stale = true
	return e, nil
}

// produce fills a page, has the app render it and stores it. A reader's
// render (reason demand) waits for an engine in the admission queue; when
// the queue is full, or the reader holds its share of it, the reader gets
// the plain page (not kept) and the page is queued for a background
// render. A render job waits until no reader waits.
func (h *Handler) produce(r *http.Request, b *blogaddr.Blog, key string, fill func(ctx context.Context) (*page, error), reason string) (*cache.Entry, error) {
	ctx := r.Context()
	ws := b.Workspace.ID
	if h.Admission != nil {
		// A turn to make the page: a reader's waits for its client's turn
		// (a crawler waits for its own pages, not everyone else); a render
		// job's comes after every reader's.
		client := ""
		if jobOf(ctx) == nil {
			client = h.client(r)
		}
		done, err := h.Admission.Work(ctx, client)
		if err != nil {
			return nil, err
		}
		defer done()
	}
	var version int64
	if h.Pages != nil {
		version = h.Pages.Version(ws)
	}
	p, err := fill(ctx)
	if err != nil {
		return nil, err
	}
	busy := false
	if h.SSR != nil {
		release, err := h.admit(r)
		switch {
		case errors.Is(err, pages.ErrBusy):
			busy = true
		case err != nil:
			return nil, err
		default:
			h.render(r, b, p)
			release()
			if p.app == nil {
				pages.RenderFailed()
			}
		}
	}
	e := h.entry(p)
	e.Version = version
	e.Prepare()
	if busy {
		pages.ServedPlain()
		e.NoStore = true
		if h.Pages != nil {
			h.Pages.Refresh(ctx, ws, key, pages.ReasonDemand)
		}
		return e, nil
	}
	if h.Pages == nil {
		return e, nil
	}
	pages.Rendered(reason)
	build := ""
	if h.SSR == nil || p.app != nil {
		build = h.Pages.Build
	}
	e.Build = build // a failed render is stored as outdated: tried again later
	rp := &store.RenderedPage{Key: key, WorkspaceID: ws, Status: e.Status, ContentType: e.ContentType, CSP: e.CSP,
		ETag: e.ETag, LastModified: e.LastModified, Body: e.Body, Gzip: e.Gzip, Version: version, Build: build, PostID: e.PostID}
	if err := h.Pages.Put(context.WithoutCancel(ctx), rp); err != nil {
		slog.ErrorContext(ctx, "store a rendered page", "page", key, "err", err)
	}
	if e.Gzip != nil {
		e.Body = nil // kept in memory as its gzip copy alone, as a page read from the store is
	}
	return e, nil
}

// admit takes an engine for a render: a reader's through the admission
// queue (its client's fair share), a job's when no reader waits.
func (h *Handler) admit(r *http.Request) (func(), error) {
	if h.Admission == nil {
		return func() {}, nil
	}
	if jobOf(r.Context()) == nil { // a reader's render; a job's reason may be demand too (a page once served plain)
		return h.Admission.Demand(r.Context(), h.client(r))
	}
	return h.Admission.Background(r.Context())
}

// client names the reader for fair shares (its address; X-Forwarded-For only
// from a trusted proxy).
func (h *Handler) client(r *http.Request) string {
	return h.Config.ClientKey(r.RemoteAddr, r.Header.Get("X-Forwarded-For"))
}

// storedEntry is a stored page as the memory cache keeps it.
func storedEntry(p *store.RenderedPage) *cache.Entry {
	return &cache.Entry{Body: p.Body, Gzip: p.Gzip, ContentType: p.ContentType, ETag: p.ETag, LastModified: p.LastModified,
		Status: p.Status, CSP: p.CSP, Version: p.Version, Build: p.Build, PostID: p.PostID}
}

// render has the app render the page on the server (internal/ssr). On
// failure the renderer logs why and the page keeps its plain body: a reader
// never gets an error for it. The address rendered keeps only the query
// parameters the pages read (the page's key holds them), so one stored page
// fits every reader of that address.
func (h *Handler) render(r *http.Request, b *blogaddr.Blog, p *page) {
	if h.SSR == nil {
		return
	}
	u := b.Origin + r.URL.EscapedPath()
	if n := r.URL.Query().Get("page"); n != "" {
		u += "?" + url.Values{"page": {n}}.Encode()
	}
	if app, err := h.SSR.Render(r.Context(), u); err == nil {
		p.app = app
	}
}

// entry renders a page into the app's HTML. The policy allows the page's
// own inline scripts (the JSON-LD) by hash; made once here, it travels
// with a cached body.
func (h *Handler) entry(p *page) *cache.Entry {
	head := h.renderHead(p.head)
	var body []byte
	if p.app != nil {
		// The blog's fonts are in the first paint (without the app's render, the app loads them itself).
		head += h.App.FontHead(p.app.Fonts...)
		body = h.App.Rendered(p.head.Lang, head, p.app.HTML, p.app.Data)
	} else {
		plain := p.body
		if p.head.Dir == "rtl" {
			plain = `<div dir="rtl">` + plain + `</div>`
		}
		body = h.App.Page(p.head.Lang, head, plain)
	}
	e := &cache.Entry{Body: body, ContentType: "text/html; charset=utf-8", Status: http.StatusOK, PostID: p.postID}
	if hs := inlineScriptHashes(body); len(hs) > 0 {
		e.CSP = ContentSecurityPolicy(h.Config, hs...)
	}
	return e
}

func (h *Handler) appPage(w http.ResponseWriter, r *http.Request, title string) {
	body := h.App.Page("", h.renderHead(Head{Title: title, NoIndex: true, Canonical: h.Config.BaseURL + r.URL.Path,
		RootBlog: h.hostBlog(r)}), "")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(body)
}

// rootBlog is the slug of b when b is served at a host's root but is not
// the site workspace (a custom domain), else "".
func (h *Handler) rootBlog(b *blogaddr.Blog) string {
	if b.Prefix == "" && b.Workspace.Slug != h.Config.SiteWorkspace {
		return b.Workspace.Slug
	}
	return ""
}

// hostBlog is rootBlog for the request's host (app pages and 404s).
func (h *Handler) hostBlog(r *http.Request) string {
	if blogaddr.CustomHost(r.Host, h.Config.BaseURL) == "" {
		return ""
	}
	b, err := h.Site.Root(r.Context(), r.Host)
	if err != nil {
		return ""
	}
	return h.rootBlog(b)
}

// notFound answers the app's 404 page with status 404. A missing page of a
// blog (at /blog/{slug}/... or a custom domain) wears that blog's frame: its
// language, its own icon (never the platform's), a link to its home.
func (h *Handler) notFound(w http.ResponseWriter, r *http.Request) {
	hd := Head{NoIndex: true, RootBlog: h.hostBlog(r)}
	t, home := locale.For(locale.Default), "/"
	if m := h.missingPagesBlog(r); m != nil {
		m.frame(&hd)
		t, home = m.text, m.b.HomePath()
	}
	hd.Title = t.Text("pageNotFound")
	lang, e := "", html.EscapeString
	if t.Lang() != locale.Default {
		lang = t.Lang()
	}
	body := h.App.Page(lang, h.renderHead(hd),
		`<main class="ssr" dir="`+t.Dir()+`"><h1>`+e(t.Text("oopsNotFound"))+`</h1><p><a href="`+e(home)+`">`+e(t.Text("returnHome"))+`</a></p></main>`)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusNotFound)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// missingPagesBlog is the blog a missing page was asked of: the blog at
// /blog/{slug}/... or at this custom domain's root; nil on the platform's
// own pages, for an unknown blog, or when the blog cannot be read.
func (h *Handler) missingPagesBlog(r *http.Request) *blogMeta {
	ctx := r.Context()
	var (
		b   *blogaddr.Blog
		err error
	)
	switch segs := segments(r.URL.Path); {
	case len(segs) >= 2 && segs[0] == "blog":
		b, err = h.Site.BySlug(ctx, segs[1])
	case h.hostBlog(r) != "":
		b, err = h.Site.Root(ctx, r.Host)
	default:
		return nil
	}
	if err != nil {
		return nil
	}
	m, err := h.blogMeta(ctx, b)
	if err != nil || m.platform() {
		return nil
	}
	return m
}

// blogInfo is the title and description of a blog's home page and feeds
// (the site's own blog at the root has no title of its own), with the
// blog's settings.
func (h *Handler) blogInfo(ctx context.Context, b *blogaddr.Blog) (title, desc string, set *store.Settings, err error) {
	set, err = h.Reader.Settings(ctx, b.Workspace)
	if err != nil {
		return "", "", nil, err
	}
	if b.Workspace.Slug == h.Config.SiteWorkspace && b.Prefix == "" {
		return "", SiteDescription, set, nil
	}
	title = set.BlogTitle
	if title == "" {
		title = b.Workspace.Name
	}
	desc = set.BlogDescription
	if desc == "" { // in the blog's language, as the rest of its pages
		desc = locale.For(set.Lang()).Text("articlesFrom", "blog", title)
	}
	return title, desc, set, nil
}

func (h *Handler) homePage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog) error {
	n, err := pageOf(w, r) // nav.go
	if err != nil {
		return handled(err)
	}
	return h.serveHTML(w, r, b, b.PageKey(b.HomePath())+pageKey(n), func(ctx context.Context) (*page, error) {
		m, err := h.blogMeta(ctx, b)
		if err != nil {
			return nil, err
		}
		l, err := h.listPage(ctx, b, reader.ListQuery{Order: reader.Latest, Limit: homePosts, Page: n})
		if err != nil {
			return nil, err
		}
		heading := m.title
		if heading == "" {
			heading = h.Config.SiteName
		}
		hd := Head{Description: m.desc, RSS: b.URL(b.Prefix + "/feed.xml"), RootBlog: h.rootBlog(b),
			RSSTitle: heading, ThemeColor: m.set.PrimaryColor}
		m.frame(&hd)
		pg := paged{path: b.HomePath(), n: n, more: l.HasMore}
		pg.apply(b, &hd, m.text)
		body := `<main class="ssr"><h1>` + html.EscapeString(heading) + `</h1><p>` + html.EscapeString(m.desc) + `</p>` + postList(b, m.text, l.Posts) + pg.links(m.text) + `</main>`
		return &page{head: hd, body: body}, nil
	})
}

func (h *Handler) staticPage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, name string) error {
	n := 1
	if name == "posts" {
		var err error
		if n, err = pageOf(w, r); err != nil { // nav.go
			return handled(err)
		}
	}
	return h.serveHTML(w, r, b, b.PageKey("/"+name)+pageKey(n), func(ctx context.Context) (*page, error) {
		hd := Head{Canonical: b.URL("/" + name), RSS: b.URL("/feed.xml")}
		var body string
		switch name {
		case "posts":
			hd.Title, hd.Description = frontend.TitleAllPosts, frontend.DescriptionAllPosts
			l, err := h.listPage(ctx, b, reader.ListQuery{Order: reader.Latest, Limit: listPosts, Page: n})
			if err != nil {
				return nil, err
			}
			hd.Preload = firstCard(l.Posts)
			en := locale.For(locale.Default) // the site's own pages
			pg := paged{path: "/posts", n: n, more: l.HasMore}
			pg.apply(b, &hd, en)
			body = `<main class="ssr"><h1>` + frontend.TitleAllPosts + `</h1>` + postList(b, en, l.Posts) + pg.links(en) + `</main>`
		case "about":
			hd.Title = "About"
			hd.Description = "About " + h.Config.SiteName + ": a personal blog on marketing, keto nutrition, fitness and technology."
			body = `<main class="ssr"><h1>About</h1><p>` + html.EscapeString(hd.Description) + `</p></main>`
		case "landing":
			hd.Title = "AI blog posts with artwork, hashtags and RSS for your socials"
			hd.Description = "Generate AI-written posts with AI images, host your blog and feed your social schedulers. 14-day free trial, no credit card."
			body = `<main class="ssr"><h1>` + html.EscapeString(hd.Title) + `</h1><p>` + html.EscapeString(hd.Description) + `</p><p><a href="/signup">Start your free trial</a></p></main>`
		}
		return &page{head: hd, body: body}, nil
	})
}

func (h *Handler) categoryPage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, slug string) error {
	if !content.ValidSlug(slug) {
		return store.ErrNotFound
	}
	n, err := pageOf(w, r) // nav.go
	if err != nil {
		return handled(err)
	}
	return h.serveHTML(w, r, b, b.PageKey(b.CategoryPath(slug))+pageKey(n), func(ctx context.Context) (*page, error) {
		c, err := h.Reader.Category(ctx, b.Workspace.ID, slug)
		if err != nil {
			return nil, err
		}
		m, err := h.blogMeta(ctx, b)
		if err != nil {
			return nil, err
		}
		l, err := h.listPage(ctx, b, reader.ListQuery{Category: slug, Order: reader.Latest, Limit: listPosts, Page: n})
		if err != nil {
			return nil, err
		}
		desc := c.Description
		if desc == "" {
			desc = c.Name + " articles"
		}
		feed := b.URL(b.Prefix + "/" + slug + "/feed.xml")
		if b.Prefix != "" {
			feed = b.URL(b.Prefix + "/feed.xml?category=" + slug)
		}
		hd := Head{Title: c.Name, Description: desc, RSS: feed, RSSTitle: c.Name, RootBlog: h.rootBlog(b), Preload: firstCard(l.Posts)}
		m.frame(&hd)
		pg := paged{path: b.CategoryPath(slug), n: n, more: l.HasMore}
		pg.apply(b, &hd, m.text)
		body := `<main class="ssr"><h1>` + html.EscapeString(c.Name) + `</h1><p>` + html.EscapeString(desc) + `</p>` + postList(b, m.text, l.Posts) + pg.links(m.text) + `</main>`
		return &page{head: hd, body: body}, nil
	})
}

func (h *Handler) postPage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, category, slug string) error {
	if !content.ValidSlug(category) || !validPostSlug(slug) {
		return store.ErrNotFound
	}
	e, err := h.servePage(w, r, b, b.PageKey(b.PostPath(category, slug)), func(ctx context.Context) (*page, error) {
		p, err := h.Reader.Post(ctx, b.Workspace.ID, category, slug)
		if err != nil {
			return nil, err
		}
		c, err := h.Reader.Category(ctx, b.Workspace.ID, category)
		catName := category
		if err == nil {
			catName = c.Name
		} else if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		m, err := h.blogMeta(ctx, b)
		if err != nil {
			return nil, err
		}
		pg := h.renderPost(m, p, catName)
		pg.postID = p.ID
		return pg, nil
	})
	if errors.Is(err, store.ErrNotFound) {
		// A post whose slug or category changed keeps its old address.
		if to, merr := h.Reader.Moved(r.Context(), b.Workspace.ID, category, slug); merr == nil {
			http.Redirect(w, r, b.PostPath(to.Category, to.Slug), http.StatusMovedPermanently)
			return nil
		}
	}
	if err != nil {
		return err
	}
	if r.Method == http.MethodGet && !views.IsBot(r.UserAgent()) && h.Views != nil && e != nil && e.PostID != 0 {
		h.Views.Add(e.PostID, h.Config.ClientKey(r.RemoteAddr, r.Header.Get("X-Forwarded-For")), r.UserAgent())
	}
	return nil
}

// validPostSlug accepts the slugs posts can have (lower-case letters,
// digits and hyphens) and nothing odd: no unicode, dots, NULs or path tricks.
func validPostSlug(s string) bool {
	if len(s) == 0 || len(s) > 200 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// previewPage shows a post through its private preview link, whatever its
// status: never cached, never indexed, no view counted.
func (h *Handler) previewPage(w http.ResponseWriter, r *http.Request, id, token string) error {
	postID, err := strconv.ParseInt(id, 10, 64)
	if err != nil || h.Posts == nil {
		return store.ErrNotFound
	}
	p, err := h.Posts.ByPreview(r.Context(), postID, token)
	if errors.Is(err, posts.ErrNotFound) {
		return store.ErrNotFound
	}
	if err != nil {
		return err
	}
	b, err := h.Site.ByID(r.Context(), p.WorkspaceID)
	if err != nil {
		return err
	}
	catName := p.Category
	if c, err := h.Reader.Category(r.Context(), b.Workspace.ID, p.Category); err == nil {
		catName = c.Name
	}
	m, err := h.blogMeta(r.Context(), b)
	if err != nil {
		return err
	}
	if p.AuthorID != 0 {
		// Drafts are not in the read model: the preview names its author itself.
		p.Author, _ = h.Reader.AuthorByID(r.Context(), p.WorkspaceID, p.AuthorID)
	}
	pg := h.renderPost(m, p, catName)
	pg.head.NoIndex, pg.head.RootBlog = true, h.rootBlog(b)
	pg.head.Title = frontend.PreviewTitle(pg.head.Title)
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Referrer-Policy", "no-referrer")
	h.entry(pg).Write(w, r, "private, no-store")
	return nil
}

func (h *Handler) renderPost(m *blogMeta, p *store.Post, catName string) *page {
	b := m.b
	e := html.EscapeString
	canonical := b.URL(b.PostPath(p.Category, p.Slug))
	image := absolute(b, p.CoverImageURL)
	title := p.MetaTitle
	if title == "" {
		title = p.Title
	}
	ld := map[string]any{
		"@context": "https://schema.org", "@type": "BlogPosting",
		"headline": p.Title, "description": p.MetaDescription,
		"datePublished": p.PublishedAt.UTC().Format(time.RFC3339), "dateModified": p.UpdatedAt.UTC().Format(time.RFC3339),
		"mainEntityOfPage": map[string]string{"@type": "WebPage", "@id": canonical},
		"author":           h.postAuthor(m, p),
		"publisher":        m.publisher(h),
		"keywords":         strings.Join(p.Tags, ", "),
		"articleSection":   catName,
		"wordCount":        p.WordCount,
	}
	ld["image"] = cmp.Or(image, m.shareImage(h))
	t := m.text
	var body strings.Builder
	body.WriteString(`<main class="ssr"><article><nav><a href="` + e(b.HomePath()) + `">` + e(t.Text("home")) + `</a> / <a href="` + e(b.CategoryPath(p.Category)) + `">` + e(catName) + `</a></nav>`)
	body.WriteString(`<h1>` + e(p.Title) + `</h1><p><time datetime="` + p.PublishedAt.UTC().Format(time.RFC3339) + `">` +
		e(t.LongDate(p.PublishedAt)) + `</time> · ` + e(t.Count("minRead", max(1, p.ReadMinutes))) + `</p>`)
	body.WriteString(byline(b, t, p.Author))
	if image != "" {
		body.WriteString(`<img src="` + e(image) + `" alt="` + e(p.Title) + `" width="1200" height="630">`)
	}
	body.WriteString(`<div class="prose-ink">` + p.ContentHTML + `</div>`)
	body.WriteString(tagLinks(b, p.Tags)) // nav.go
	body.WriteString(`</article></main>`)
	feed := b.URL(b.Prefix + "/" + p.Category + "/feed.xml")
	if b.Prefix != "" {
		feed = b.URL(b.Prefix + "/feed.xml?category=" + p.Category)
	}
	hd := Head{Title: title, Description: p.MetaDescription, Canonical: canonical, Image: image, Type: "article", RootBlog: h.rootBlog(b),
		RSS: feed, RSSTitle: catName, JSONLD: ld, Published: p.PublishedAt, Modified: p.UpdatedAt,
		Preload: PreloadImage(p.CoverImageURL, SizesCover)}
	m.frame(&hd)
	return &page{head: hd, body: body.String()}
}

// absolute makes a stored URL (often "/media/...") absolute on the blog's origin.
func absolute(b *blogaddr.Blog, u string) string {
	if u == "" || strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		return u
	}
	return b.Origin + "/" + strings.TrimPrefix(u, "/")
}

func postList(b *blogaddr.Blog, t *locale.Texts, ps []*store.Post) string {
	if len(ps) == 0 {
		return `<p>` + html.EscapeString(t.Text("noPostsYet")) + `</p>`
	}
	var s strings.Builder
	s.WriteString(`<ul>`)
	for _, p := range ps {
		s.WriteString(`<li><a href="` + html.EscapeString(b.PostPath(p.Category, p.Slug)) + `">` + html.EscapeString(p.Title) + `</a> <p>` +
			html.EscapeString(p.Excerpt) + `</p></li>`)
	}
	s.WriteString(`</ul>`)
	return s.String()
}

// firstCard is the preload of a list page's first card cover: the app
// fetches it first, at the same widths (a grid of three).
func firstCard(ps []*store.Post) ImagePreload {
	if len(ps) == 0 {
		return ImagePreload{}
	}
	return PreloadImage(ps[0].CoverImageURL, SizesCard3)
}
