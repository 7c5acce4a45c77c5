// Package site serves the public face as HTML the server has already filled
// in: every public route answers with the app's index.html whose head holds
// the right title, description, canonical URL, Open Graph, Twitter card, RSS
// alternate and (on posts) JSON-LD, plus readable content for clients that
// run no JavaScript. It also serves the feeds, sitemaps and robots.txt.
// Unknown routes answer the app's 404 page with HTTP status 404.
package site

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/internal/marks"
	"github.com/inkpress/inkpress/internal/pages"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/ssr"
	"github.com/inkpress/inkpress/internal/views"
	"github.com/inkpress/inkpress/server/frontend"
	"github.com/inkpress/inkpress/store"
)

// Handler serves public pages.
type Handler struct {
	Config *config.Config
	// Reader is every read of blog content: pages, feeds and sitemaps show
	// only what readers may see.
	Reader *reader.Reader
	Site   *blogaddr.Site
	Cache  *cache.Cache
	App    *frontend.App
	Views  *views.Counter
	// Posts opens preview links (the one page that shows unpublished posts).
	Posts *posts.Service
	// SSR renders public pages with the app (nil: the plain pages only).
	SSR *ssr.Renderer
	// Pages stores rendered reader pages (nil: pages live in the memory
	// cache only); Admission shares the engines between readers' renders
	// and render jobs (nil: no queue).
	Pages     *pages.Service
	Admission *pages.Admission
	// DefaultImage draws the default preview image once, on first request.
	DefaultImage func(ctx context.Context) ([]byte, string, error)
	// Marks gives the images drawn from a blog's name and colour (its card,
	// icons and logo) until its owner uploads their own.
	Marks *marks.Service

	ogOnce sync.Once
	ogImg  []byte
	ogType string
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if h.App.IsAsset(p) {
		h.App.ServeAsset(w, r)
		return
	}
	if len(p) > 1 && strings.HasSuffix(p, "/") {
		// Only plain local paths: "//host" or a backslash ("/\host", which
		// browsers read as "//host") would make this an open redirect.
		target := strings.TrimRight(p, "/")
		if target == "" || strings.HasPrefix(target, "//") || strings.ContainsAny(target, "\\\x00") {
			h.notFound(w, r)
			return
		}
		http.Redirect(w, r, (&url.URL{Path: target, RawQuery: r.URL.RawQuery}).String(), http.StatusMovedPermanently)
		return
	}
	// The app's own screens (frontend.Routes, the router's table too).
	if title, ok := frontend.ScreenTitle(p); ok {
		h.appPage(w, r, title)
		return
	}
	if err := h.route(w, r); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			h.notFound(w, r)
			return
		}
		if errors.Is(err, pages.ErrBusy) { // this client has many pages waiting to be made
			w.Header().Set("Retry-After", "5")
			http.Error(w, "Too many pages asked for at once. Try again in a few seconds.", http.StatusTooManyRequests)
			return
		}
		if r.Context().Err() != nil { // the reader left, or a render job's time ran out waiting for its turn
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if store.IsUnavailable(err) {
			slog.WarnContext(r.Context(), "public page unavailable", "path", p, "err", err)
			h.unavailable(w, r)
			return
		}
		slog.ErrorContext(r.Context(), "public page", "path", p, "err", err)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
	}
}

// route dispatches by path segments: /robots.txt, the main host's sitemap
// index, the default preview image, the legacy /functions/v1/... addresses, /blog/{slug}/... for any
// workspace's blog, and everything else for the blog at this host's root.
func (h *Handler) route(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	segs := segments(r.URL.Path)
	switch {
	case len(segs) == 1 && segs[0] == "robots.txt":
		return h.robots(w, r)
	case len(segs) == 1 && "/"+segs[0] == SitemapIndexPath:
		return h.sitemapIndex(w, r)
	case len(segs) == 1 && "/"+segs[0] == DefaultImagePath:
		return h.ogImage(w, r)
	case len(segs) >= 1 && segs[0] == "functions":
		return h.legacyFunction(w, r, segs)
	case len(segs) == 3 && segs[0] == "preview":
		return h.previewPage(w, r, segs[1], segs[2])
	case len(segs) >= 2 && segs[0] == "blog":
		b, err := h.Site.BySlug(ctx, segs[1])
		if errors.Is(err, store.ErrNotFound) {
			// A blog's former address: every page of it moved with the blog.
			if moved, merr := h.Site.Moved(ctx, segs[1]); merr == nil {
				return h.toPrefix(w, r, moved, segs[2:])
			}
		}
		if err != nil {
			return err
		}
		if b.Prefix == "" {
			// The site's own blog lives at the root, a blog with a verified
			// custom domain at its domain's root: /blog/{slug}/... is one
			// address too many for the same page.
			return h.toRoot(w, r, b, segs[2:])
		}
		return h.blogRoute(w, r, b, segs[2:])
	}
	b, err := h.Site.Root(ctx, r.Host)
	if err != nil {
		return err
	}
	return h.blogRoute(w, r, b, segs)
}

// toPrefix answers /blog/{former address}/rest with a 301 to the same page
// at the blog's address now (at its root when it is served at one), query
// kept: links, feeds, sitemaps and e-mails already sent keep working.
func (h *Handler) toPrefix(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, rest []string) error {
	if b.Prefix == "" {
		return h.toRoot(w, r, b, rest)
	}
	target := b.URL(strings.Join(append([]string{b.Prefix}, rest...), "/"))
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusMovedPermanently)
	return nil
}

// toRoot answers /blog/{slug}/rest of a blog served at a root (the site
// workspace, or a verified custom domain) with a 301 to the same page
// there, query kept: the blog's own address, which its pages name as
// canonical.
func (h *Handler) toRoot(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, rest []string) error {
	target := b.URL("/" + strings.Join(rest, "/"))
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusMovedPermanently)
	return nil
}

// blogRoute serves a blog's routes below its prefix: its home, feeds and
// sitemap, the site's own static pages (root only), category pages, author
// pages, a category's feeds and post pages.
func (h *Handler) blogRoute(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, segs []string) error {
	root := b.Prefix == ""
	switch {
	case len(segs) == 2 && segs[0] == "author":
		return h.authorPage(w, r, b, segs[1])
	case len(segs) >= 1 && blogaddr.Reserved(segs[0]):
		return h.navRoute(w, r, b, segs) // nav.go
	case len(segs) == 0:
		return h.homePage(w, r, b)
	case len(segs) == 1 && root && ("/"+segs[0] == IconPath || "/"+segs[0] == FaviconPath):
		return h.rootIcon(w, r, b, "/"+segs[0] == FaviconPath) // marks.go
	case len(segs) == 1 && isMarkFile(segs[0]):
		return h.markImage(w, r, b, segs[0]) // marks.go
	case len(segs) == 1 && isFeedName(segs[0]):
		return h.feed(w, r, b, "", segs[0])
	case len(segs) == 1 && segs[0] == "sitemap.xml":
		return h.sitemap(w, r, b)
	case len(segs) == 1 && root && b.Workspace.Slug == h.Config.SiteWorkspace && staticPage(segs[0]):
		return h.staticPage(w, r, b, segs[0])
	case len(segs) == 1:
		return h.categoryPage(w, r, b, segs[0])
	case len(segs) == 2 && isFeedName(segs[1]):
		return h.feed(w, r, b, segs[0], segs[1])
	case len(segs) == 2:
		return h.postPage(w, r, b, segs[0], segs[1])
	}
	return store.ErrNotFound
}

func segments(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

func isFeedName(s string) bool { return s == "feed.xml" || s == "feed.atom" || s == "feed.json" }

func staticPage(s string) bool { return s == "posts" || s == "about" || s == "landing" }

func (h *Handler) ogImage(w http.ResponseWriter, r *http.Request) error {
	h.ogOnce.Do(func() {
		if h.DefaultImage != nil {
			h.ogImg, h.ogType, _ = h.DefaultImage(r.Context())
		}
	})
	if h.ogImg == nil {
		return store.ErrNotFound
	}
	w.Header().Set("Content-Type", h.ogType)
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write(h.ogImg)
	return nil
}

// unavailable answers 503 with Retry-After and a small readable page
// (the app's frame needs nothing from the database): an outage, not a
// broken page.
func (h *Handler) unavailable(w http.ResponseWriter, r *http.Request) {
	// The blog cannot be read: a blog's page names no icon rather than the
	// platform's.
	hd := Head{Title: "Back in a moment", NoIndex: true, RootBlog: h.hostBlog(r), BlogPage: strings.HasPrefix(r.URL.Path, "/blog/")}
	body := h.App.Page("", h.renderHead(hd),
		`<main class="ssr"><h1>Back in a moment</h1><p>This page cannot be shown right now. Please try again in a minute.</p><p><a href="/">Return to Home</a></p></main>`)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Retry-After", strconv.Itoa(store.RetryAfterSeconds))
	w.WriteHeader(http.StatusServiceUnavailable)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
