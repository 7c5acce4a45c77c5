package site

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/feed"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/store"
)

// SitemapMax is the most URLs one sitemap file holds (the protocol's limit);
// above it /sitemap.xml becomes an index of pages. Tests lower it.
var SitemapMax = feed.MaxSitemapURLs

var feedTypes = map[string]string{
	"feed.xml":  "application/rss+xml; charset=utf-8",
	"feed.atom": "application/atom+xml; charset=utf-8",
	"feed.json": "application/feed+json; charset=utf-8",
}

// feed serves a blog's feed, or a category's (from the path or ?category=).
func (h *Handler) feed(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, category, name string) error {
	if category == "" {
		category = r.URL.Query().Get("category")
	}
	if category != "" && !content.ValidSlug(category) {
		return store.ErrNotFound
	}
	key := "feed:" + b.Origin + b.Prefix + "|" + category + "|" + name
	e, err := h.Cache.Get(b.Workspace.ID, key, func() (*cache.Entry, error) {
		return h.renderFeed(r.Context(), b, category, name)
	})
	if err != nil {
		return err
	}
	e.Write(w, r, "public, max-age=300")
	return nil
}

// feedURL is the address of a blog's feed (name is feed.xml, feed.atom or
// feed.json), or of one of its categories': the feed's self link and where
// old addresses redirect, so it must be an address route serves.
func feedURL(b *blogaddr.Blog, category, name string) string {
	switch {
	case category == "":
		return b.URL(b.Prefix + "/" + name)
	case b.Prefix == "":
		return b.URL("/" + category + "/" + name)
	default:
		return b.URL(b.Prefix + "/" + name + "?category=" + url.QueryEscape(category))
	}
}

// postIDName and feedIDName name a post and a feed by what never changes
// (numeric ids and the category's slug within its feed), for feed.UUID:
// readers and social schedulers key items by id, and a permalink changes
// with a custom domain or a new slug, which would make them post the whole
// feed again.
func postIDName(wsID, postID int64) string {
	return "post:" + strconv.FormatInt(wsID, 10) + ":" + strconv.FormatInt(postID, 10)
}

func feedIDName(wsID int64, category string) string {
	return "feed:" + strconv.FormatInt(wsID, 10) + ":" + category
}

func (h *Handler) renderFeed(ctx context.Context, b *blogaddr.Blog, category, name string) (*cache.Entry, error) {
	m, err := h.blogMeta(ctx, b)
	if err != nil {
		return nil, err
	}
	title, desc := m.title, m.desc
	if title == "" {
		title = h.Config.SiteName
	}
	link := b.URL(b.HomePath())
	fd, err := h.Reader.Feed(ctx, b.Workspace.ID, category, h.Config.FeedItems)
	if err != nil {
		return nil, err
	}
	if category != "" {
		title = title + " - " + fd.Names[category]
		link = b.URL(b.CategoryPath(category))
	}
	ch := h.channel(b, m, feedIDName(b.Workspace.ID, category), title, link, desc, feedURL(b, category, name))
	return h.feedEntry(b, ch, fd, name), nil
}

// channel describes a feed of the blog: idName names it for its stable id
// (feedIDName), self is its own address; the blog's marks and language.
func (h *Handler) channel(b *blogaddr.Blog, m *blogMeta, idName, title, link, desc, self string) feed.Channel {
	ch := feed.Channel{ID: feed.UUID(idName), Title: title, Link: link, Description: desc,
		SelfURL: self, Language: m.set.Lang()}
	m.feedMarks(h, &ch)
	return ch
}

// feedEntry writes the feed's posts in the format name asks for.
func (h *Handler) feedEntry(b *blogaddr.Blog, ch feed.Channel, fd *reader.Feed, name string) *cache.Entry {
	items := make([]feed.Item, 0, len(fd.Posts))
	var newest time.Time
	for _, p := range fd.Posts {
		permalink := b.URL(b.PostPath(p.Category, p.Slug))
		cat := fd.Names[p.Category]
		if cat == "" {
			cat = p.Category
		}
		it := feed.Item{ID: feed.UUID(postIDName(b.Workspace.ID, p.ID)), Title: p.Title, Link: permalink, Description: p.Excerpt,
			ContentHTML: content.AbsolutizeURLs(p.ContentHTML, permalink), Published: p.PublishedAt, Updated: p.UpdatedAt,
			Categories: append([]string{cat}, p.Tags...), Author: ch.Author}
		if p.Author != nil {
			it.Author = p.Author.Name()
		}
		if p.CoverImageURL != "" {
			it.ImageURL, it.ImageType, it.ImageLength = absolute(b, p.CoverImageURL), p.CoverImageType, p.CoverImageSize
		}
		items = append(items, it)
		if p.UpdatedAt.After(newest) {
			newest = p.UpdatedAt
		}
	}
	ch.Updated = newest
	var body []byte
	switch name {
	case "feed.atom":
		body = feed.Atom(ch, items)
	case "feed.json":
		body = feed.JSONFeed(ch, items)
	default:
		body = feed.RSS(ch, items)
	}
	return &cache.Entry{Body: body, ContentType: feedTypes[name], LastModified: newest}
}

// sitemap serves a blog's sitemap, or an index of pages above SitemapMax URLs.
func (h *Handler) sitemap(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog) error {
	pageNo := 0
	if v := r.URL.Query().Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return store.ErrNotFound
		}
		pageNo = n
	}
	key := "sitemap:" + b.Origin + b.Prefix + "|" + strconv.Itoa(pageNo)
	e, err := h.Cache.Get(b.Workspace.ID, key, func() (*cache.Entry, error) {
		urls, newest, err := h.sitemapURLs(r.Context(), b)
		if err != nil {
			return nil, err
		}
		self := b.URL(b.Prefix + "/sitemap.xml")
		pages := feed.Pages(len(urls), SitemapMax)
		var body []byte
		switch {
		case pageNo == 0 && pages <= 1:
			body = feed.Sitemap(urls)
		case pageNo == 0:
			locs := make([]string, pages)
			for i := range locs {
				locs[i] = self + "?page=" + strconv.Itoa(i+1)
			}
			body = feed.SitemapIndex(locs, newest)
		case pageNo <= pages:
			body = feed.Sitemap(feed.PageURLs(urls, pageNo, SitemapMax))
		default:
			return nil, store.ErrNotFound
		}
		return &cache.Entry{Body: body, ContentType: "application/xml; charset=utf-8", LastModified: newest}, nil
	})
	if err != nil {
		return err
	}
	e.Write(w, r, "public, max-age=300")
	return nil
}

func (h *Handler) sitemapURLs(ctx context.Context, b *blogaddr.Blog) ([]feed.URL, time.Time, error) {
	sm, err := h.Reader.Sitemap(ctx, b.Workspace.ID)
	if err != nil {
		return nil, time.Time{}, err
	}
	urls := make([]feed.URL, 0, len(sm.Posts)+len(sm.Categories)+3)
	urls = append(urls, feed.URL{Loc: b.URL(b.HomePath()), Priority: 1})
	if b.Prefix == "" && b.Workspace.Slug == h.Config.SiteWorkspace {
		urls = append(urls, feed.URL{Loc: b.URL("/posts"), Priority: 0.9}, feed.URL{Loc: b.URL("/about"), Priority: 0.8})
	}
	for _, c := range sm.Categories {
		urls = append(urls, feed.URL{Loc: b.URL(b.CategoryPath(c.Slug)), Priority: 0.8})
	}
	var newest time.Time
	for _, e := range sm.Posts {
		urls = append(urls, feed.URL{Loc: b.URL(b.PostPath(e.Category, e.Slug)), LastMod: e.UpdatedAt, Priority: 0.7})
		if e.UpdatedAt.After(newest) {
			newest = e.UpdatedAt
		}
	}
	return urls, newest, nil
}

// SitemapIndexPath is the main host's sitemap index: the site's sitemap and
// every workspace blog's, so robots.txt names one file, whatever the number
// of workspaces.
const SitemapIndexPath = "/sitemap_index.xml"

// robots names the sitemaps of the host: a custom domain its workspace's,
// the main host its sitemap index (one line per SitemapMax sitemaps, as an
// index may not list another index).
func (h *Handler) robots(w http.ResponseWriter, r *http.Request) error {
	b, err := h.Site.Root(r.Context(), r.Host)
	if err != nil {
		return err
	}
	e, err := h.Cache.Get(b.Workspace.ID, "robots:"+b.Origin, func() (*cache.Entry, error) {
		var s strings.Builder
		s.WriteString("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /onboarding\n\n")
		if b.Origin != h.Config.BaseURL {
			fmt.Fprintf(&s, "Sitemap: %s/sitemap.xml\n", b.Origin)
			return &cache.Entry{Body: []byte(s.String()), ContentType: "text/plain; charset=utf-8"}, nil
		}
		locs, err := h.sitemapLocs(r.Context())
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&s, "Sitemap: %s%s\n", h.Config.BaseURL, SitemapIndexPath)
		for p := 2; p <= feed.Pages(len(locs), SitemapMax); p++ {
			fmt.Fprintf(&s, "Sitemap: %s%s?page=%d\n", h.Config.BaseURL, SitemapIndexPath, p)
		}
		return &cache.Entry{Body: []byte(s.String()), ContentType: "text/plain; charset=utf-8"}, nil
	})
	if err != nil {
		return err
	}
	e.Write(w, r, "public, max-age=3600")
	return nil
}

// sitemapLocs lists the sitemaps of the main host: the site's, then every
// other workspace blog's.
func (h *Handler) sitemapLocs(ctx context.Context) ([]string, error) {
	all, err := h.Reader.Blogs(ctx)
	if err != nil {
		return nil, err
	}
	locs := make([]string, 0, len(all)+1)
	locs = append(locs, h.Config.BaseURL+"/sitemap.xml")
	for _, ws := range all {
		if ws.Slug != h.Config.SiteWorkspace {
			locs = append(locs, h.Config.BaseURL+"/blog/"+ws.Slug+"/sitemap.xml")
		}
	}
	return locs, nil
}

// sitemapIndex serves the main host's sitemap index, SitemapMax sitemaps a
// page (?page=2 and on); other hosts have none.
func (h *Handler) sitemapIndex(w http.ResponseWriter, r *http.Request) error {
	b, err := h.Site.Root(r.Context(), r.Host)
	if err != nil {
		return err
	}
	if b.Origin != h.Config.BaseURL {
		return store.ErrNotFound
	}
	pageNo := 1
	if v := r.URL.Query().Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return store.ErrNotFound
		}
		pageNo = n
	}
	e, err := h.Cache.Get(b.Workspace.ID, "sitemapindex|"+strconv.Itoa(pageNo), func() (*cache.Entry, error) {
		locs, err := h.sitemapLocs(r.Context())
		if err != nil {
			return nil, err
		}
		if pageNo > max(feed.Pages(len(locs), SitemapMax), 1) {
			return nil, store.ErrNotFound
		}
		from := min((pageNo-1)*SitemapMax, len(locs))
		to := min(from+SitemapMax, len(locs))
		return &cache.Entry{Body: feed.SitemapIndex(locs[from:to], time.Time{}), ContentType: "application/xml; charset=utf-8"}, nil
	})
	if err != nil {
		return err
	}
	e.Write(w, r, "public, max-age=3600")
	return nil
}

// legacyFunction keeps the addresses of the former serverless functions
// (/functions/v1/...) working as permanent redirects.
func (h *Handler) legacyFunction(w http.ResponseWriter, r *http.Request, segs []string) error {
	if len(segs) != 3 || segs[1] != "v1" {
		return store.ErrNotFound
	}
	q := r.URL.Query()
	switch segs[2] {
	case "serve-social-meta":
		category, slug := q.Get("category"), q.Get("slug")
		if !content.ValidSlug(category) || !validPostSlug(slug) {
			return store.ErrNotFound
		}
		b, err := h.blogOf(r, q.Get("workspace"))
		if err != nil {
			return err
		}
		if err := h.Reader.Exists(r.Context(), b.Workspace.ID, category, slug); err != nil {
			return err
		}
		http.Redirect(w, r, b.URL(b.PostPath(category, slug)), http.StatusMovedPermanently)
		return nil
	case "rss-feed":
		b, err := h.blogOf(r, q.Get("workspace"))
		if err != nil {
			return err
		}
		c := q.Get("category")
		if c != "" && !content.ValidSlug(c) {
			return store.ErrNotFound
		}
		http.Redirect(w, r, feedURL(b, c, "feed.xml"), http.StatusMovedPermanently)
		return nil
	}
	return store.ErrNotFound
}

func (h *Handler) blogOf(r *http.Request, slug string) (*blogaddr.Blog, error) {
	if slug == "" {
		return h.Site.Root(r.Context(), r.Host)
	}
	b, err := h.Site.BySlug(r.Context(), slug)
	if errors.Is(err, store.ErrNotFound) {
		// A blog's former address names the blog too: these only redirect.
		if b, err = h.Site.Moved(r.Context(), slug); errors.Is(err, store.ErrNotFound) {
			return nil, store.ErrNotFound
		}
	}
	return b, err
}
