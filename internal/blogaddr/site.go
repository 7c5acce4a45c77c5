// Package site answers "which blog is this request about, and where do its
// links point". The root routes belong to the site workspace, /blog/{slug}
// to any workspace, and a workspace's custom domain serves its blog at "/".
// Lookups are cached briefly: they sit on every public request. Once a
// lookup is known, no request waits on the database for it again: an
// expired answer is served while one background lookup refreshes it, so a
// slow or frozen database never stalls cached pages.
package blogaddr

import (
	"context"
	"errors"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Blog is a workspace as seen from one request.
type Blog struct {
	Workspace *store.Workspace
	// Prefix is the path the blog lives under: "" at the root (the site
	// workspace, or a custom domain), "/blog/{slug}" otherwise.
	Prefix string
	// Origin is scheme://host of the blog's canonical URLs.
	Origin string
	// Custom: the blog is served at its own (verified) domain.
	Custom bool
}

// PageKey names the blog's page at path (with its query) among stored
// pages: the path on the platform's own host, whatever the base URL is
// now; the whole address on a custom domain.
func (b *Blog) PageKey(path string) string {
	if b.Custom {
		return b.Origin + path
	}
	return path
}

// PostPath is the canonical path of a post.
func (b *Blog) PostPath(category, slug string) string {
	return b.Prefix + "/" + category + "/" + slug
}

// CategoryPath is the canonical path of a category page.
func (b *Blog) CategoryPath(category string) string { return b.Prefix + "/" + category }

// HomePath is the blog's home page path.
func (b *Blog) HomePath() string {
	if b.Prefix == "" {
		return "/"
	}
	return b.Prefix
}

// URL makes path absolute on the blog's origin.
func (b *Blog) URL(path string) string { return b.Origin + path }

// Store is what a Site reads: workspaces and their custom domains.
type Store interface {
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	GetDomain(ctx context.Context, workspaceID int64) (*store.Domain, error)
	FindDomain(ctx context.Context, name string) (*store.Domain, error)
}

// Site resolves blogs.
type Site struct {
	Store         Store
	BaseURL       string
	SiteWorkspace string
	TTL           time.Duration
	// Timeout bounds a background refresh (<= 0: 5 s).
	Timeout time.Duration
	// Now is the clock (tests); nil: time.Now.
	Now func() time.Time

	mu    sync.Mutex
	slugs map[string]cached
	// refreshing holds the keys a background lookup is refreshing now.
	refreshing map[string]bool
}

type cached struct {
	ws *store.Workspace
	// domain is ws's verified custom domain ("" when none).
	domain string
	at     time.Time
}

// New returns a Site resolving workspaces with a short-lived cache.
func New(s Store, baseURL, siteWorkspace string) *Site {
	return &Site{Store: s, BaseURL: baseURL, SiteWorkspace: siteWorkspace, TTL: 10 * time.Second, slugs: map[string]cached{}}
}

// Expire marks the cached lookups of a workspace as expired (another
// instance changed it): the next request is still served the answer it
// has, while a background lookup refreshes it.
func (s *Site) Expire(workspaceID int64) {
	s.mu.Lock()
	for k, c := range s.slugs {
		if c.ws != nil && c.ws.ID == workspaceID {
			c.at = time.Time{}
			s.slugs[k] = c
		}
	}
	s.mu.Unlock()
}

// Forget drops cached lookups (after a workspace changes).
func (s *Site) Forget() {
	s.mu.Lock()
	s.slugs = map[string]cached{}
	s.mu.Unlock()
}

func (s *Site) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// lookup resolves key with find (a workspace and its verified domain),
// through the cache. A known blog whose answer expired is served as it was
// while a background lookup refreshes it: the request does not wait on the
// database. An unknown one (or a name that was not found) is looked up now.
func (s *Site) lookup(ctx context.Context, key string, find func(context.Context) (*store.Workspace, string, error)) (cached, error) {
	s.mu.Lock()
	c, ok := s.slugs[key]
	fresh := ok && s.now().Sub(c.at) < s.TTL
	if ok && !fresh && c.ws != nil {
		if !s.refreshing[key] {
			if s.refreshing == nil {
				s.refreshing = map[string]bool{}
			}
			s.refreshing[key] = true
			go s.refresh(key, find)
		}
		fresh = true
	}
	s.mu.Unlock()
	if fresh {
		if c.ws == nil {
			return cached{}, store.ErrNotFound
		}
		return c, nil
	}
	ws, domain, err := find(ctx)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return cached{}, err
	}
	c = s.keep(key, ws, domain)
	if c.ws == nil {
		return cached{}, store.ErrNotFound
	}
	return c, nil
}

// refresh looks key up again in the background; on a failure (the
// database unreachable) the last answer stays and is tried again on a
// later request.
func (s *Site) refresh(key string, find func(context.Context) (*store.Workspace, string, error)) {
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	ws, domain, err := find(ctx)
	if err == nil || errors.Is(err, store.ErrNotFound) {
		s.keep(key, ws, domain)
	}
	s.mu.Lock()
	delete(s.refreshing, key)
	s.mu.Unlock()
}

// keep caches an answer (ws nil: not found) and returns it.
func (s *Site) keep(key string, ws *store.Workspace, domain string) cached {
	c := cached{ws: ws, domain: domain, at: s.now()}
	s.mu.Lock()
	if len(s.slugs) > 10000 {
		s.slugs = map[string]cached{}
	}
	s.slugs[key] = c
	s.mu.Unlock()
	return c
}

// byWorkspace finds a workspace and its verified custom domain.
func (s *Site) byWorkspace(f store.FindWorkspace) func(context.Context) (*store.Workspace, string, error) {
	return func(ctx context.Context) (*store.Workspace, string, error) {
		ws, err := s.Store.GetWorkspace(ctx, f)
		if err == nil && ws.Status == store.WorkspaceDeleting {
			return nil, "", store.ErrNotFound // offline while its owner's deletion can be undone
		}
		if err != nil || ws.CustomDomain == "" {
			return ws, "", err
		}
		d, err := s.Store.GetDomain(ctx, ws.ID)
		if errors.Is(err, store.ErrNotFound) || (err == nil && d.Status != store.DomainVerified) {
			return ws, "", nil
		}
		if err != nil {
			return nil, "", err
		}
		return ws, d.Name, nil
	}
}

// byDomain finds the workspace whose verified custom domain is name.
func (s *Site) byDomain(name string) func(context.Context) (*store.Workspace, string, error) {
	return func(ctx context.Context) (*store.Workspace, string, error) {
		d, err := s.Store.FindDomain(ctx, name)
		if err == nil && d.Status != store.DomainVerified {
			err = store.ErrNotFound
		}
		if err != nil {
			return nil, "", err
		}
		ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &d.WorkspaceID})
		if err == nil && ws.Status == store.WorkspaceDeleting {
			err = store.ErrNotFound
		}
		if err != nil {
			return nil, "", err
		}
		return ws, d.Name, nil
	}
}

// BySlug resolves /blog/{slug} (and the API's ?workspace=).
func (s *Site) BySlug(ctx context.Context, slug string) (*Blog, error) {
	c, err := s.bySlug(ctx, slug)
	if err != nil {
		return nil, err
	}
	if c.ws.Slug != slug { // a former address: Moved
		return nil, store.ErrNotFound
	}
	return s.blog(c), nil
}

// bySlug looks up the blog whose address is slug now or was before (the
// answer's Slug tells which).
func (s *Site) bySlug(ctx context.Context, slug string) (cached, error) {
	// No slug holds a NUL, and PostgreSQL refuses one in text (a 500).
	if slug == "" || len(slug) > 100 || strings.IndexByte(slug, 0) >= 0 {
		return cached{}, store.ErrNotFound
	}
	current, former := s.byWorkspace(store.FindWorkspace{Slug: &slug}), s.byWorkspace(store.FindWorkspace{Address: &slug})
	return s.lookup(ctx, "s:"+slug, func(ctx context.Context) (*store.Workspace, string, error) {
		ws, domain, err := current(ctx)
		if errors.Is(err, store.ErrNotFound) {
			return former(ctx)
		}
		return ws, domain, err
	})
}

// Moved resolves a blog's former address (/blog/{slug} of a blog that has
// another address now) to the blog at its address now: store.ErrNotFound
// when no blog had that address, or it is a blog's current one (BySlug).
// The same cached lookup as BySlug: once known, a reader never waits on the
// database for it.
func (s *Site) Moved(ctx context.Context, slug string) (*Blog, error) {
	c, err := s.bySlug(ctx, slug)
	if err != nil {
		return nil, err
	}
	if c.ws.Slug == slug {
		return nil, store.ErrNotFound
	}
	return s.blog(c), nil
}

// ByID resolves a workspace's blog by its id (a preview link names a post,
// whose workspace is known).
func (s *Site) ByID(ctx context.Context, id int64) (*Blog, error) {
	c, err := s.lookup(ctx, "i:"+strconv.FormatInt(id, 10), s.byWorkspace(store.FindWorkspace{ID: &id}))
	if err != nil {
		return nil, err
	}
	return s.blog(c), nil
}

// blog is a workspace's blog at its canonical address: the root of this
// site for the site workspace, the root of its verified custom domain
// (https) when it has one, /blog/{slug} on this site otherwise.
func (s *Site) blog(c cached) *Blog {
	switch {
	case c.ws.Slug == s.SiteWorkspace:
		return &Blog{Workspace: c.ws, Origin: s.BaseURL}
	case c.domain != "":
		return &Blog{Workspace: c.ws, Origin: "https://" + c.domain, Custom: true}
	}
	return &Blog{Workspace: c.ws, Prefix: "/blog/" + c.ws.Slug, Origin: s.BaseURL}
}

// Root resolves the blog served at "/" for a request host: the workspace
// whose verified custom domain it is, else the site workspace (a domain
// still pending or failed serves nothing of its blog).
func (s *Site) Root(ctx context.Context, host string) (*Blog, error) {
	if d := CustomHost(host, s.BaseURL); d != "" {
		c, err := s.lookup(ctx, "d:"+d, s.byDomain(d))
		if err == nil {
			return &Blog{Workspace: c.ws, Origin: "https://" + c.domain, Custom: true}, nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
	}
	return s.BySlug(ctx, s.SiteWorkspace)
}

// IsCustomDomain reports whether host is some workspace's verified custom domain.
func (s *Site) IsCustomDomain(ctx context.Context, host string) bool {
	d := CustomHost(host, s.BaseURL)
	if d == "" {
		return false
	}
	_, err := s.lookup(ctx, "d:"+d, s.byDomain(d))
	return err == nil
}

// CustomHost returns the lower-cased host without port when it differs from
// the base URL's host, else "".
func CustomHost(host, baseURL string) string {
	h := strings.ToLower(host)
	if hh, _, err := net.SplitHostPort(h); err == nil {
		h = hh
	}
	base := strings.ToLower(baseURL)
	base = strings.TrimPrefix(strings.TrimPrefix(base, "https://"), "http://")
	if bh, _, err := net.SplitHostPort(base); err == nil {
		base = bh
	}
	if h == "" || h == base || h == "localhost" || h == "127.0.0.1" || h == "::1" {
		return ""
	}
	return h
}

// PreviewPath is the address of a post's private preview (see
// posts.Service.Preview): it names the post and its current token.
func PreviewPath(postID int64, token string) string {
	return "/preview/" + strconv.FormatInt(postID, 10) + "/" + token
}
