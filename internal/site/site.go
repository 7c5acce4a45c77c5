// Package site answers "which blog is this request about, and where do its
// links point". The root routes belong to the site workspace, /blog/{slug}
// to any workspace, and a workspace's custom domain serves its blog at "/".
// Lookups are cached briefly: they sit on every public request.
package site

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

// Site resolves blogs.
type Site struct {
	Store         store.Store
	BaseURL       string
	SiteWorkspace string
	TTL           time.Duration

	mu    sync.Mutex
	slugs map[string]cached
}

type cached struct {
	ws *store.Workspace
	at time.Time
}

// New returns a Site resolving workspaces with a short-lived cache.
func New(s store.Store, baseURL, siteWorkspace string) *Site {
	return &Site{Store: s, BaseURL: baseURL, SiteWorkspace: siteWorkspace, TTL: 10 * time.Second, slugs: map[string]cached{}}
}

// Forget drops cached lookups (after a workspace changes).
func (s *Site) Forget() {
	s.mu.Lock()
	s.slugs = map[string]cached{}
	s.mu.Unlock()
}

func (s *Site) lookup(ctx context.Context, key string, find store.FindWorkspace) (*store.Workspace, error) {
	s.mu.Lock()
	c, ok := s.slugs[key]
	s.mu.Unlock()
	if ok && time.Since(c.at) < s.TTL {
		if c.ws == nil {
			return nil, store.ErrNotFound
		}
		return c.ws, nil
	}
	ws, err := s.Store.GetWorkspace(ctx, find)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		if ok && c.ws != nil {
			// The database is unreachable: the last answer keeps cached
			// pages of this blog served meanwhile.
			return c.ws, nil
		}
		return nil, err
	}
	s.mu.Lock()
	if len(s.slugs) > 10000 {
		s.slugs = map[string]cached{}
	}
	s.slugs[key] = cached{ws: ws, at: time.Now()}
	s.mu.Unlock()
	if ws == nil {
		return nil, store.ErrNotFound
	}
	return ws, nil
}

// BySlug resolves /blog/{slug} (and the API's ?workspace=).
func (s *Site) BySlug(ctx context.Context, slug string) (*Blog, error) {
	if slug == "" || len(slug) > 100 {
		return nil, store.ErrNotFound
	}
	ws, err := s.lookup(ctx, "s:"+slug, store.FindWorkspace{Slug: &slug})
	if err != nil {
		return nil, err
	}
	return s.blog(ws), nil
}

// ByID resolves a workspace's blog by its id (a preview link names a post,
// whose workspace is known).
func (s *Site) ByID(ctx context.Context, id int64) (*Blog, error) {
	ws, err := s.lookup(ctx, "i:"+strconv.FormatInt(id, 10), store.FindWorkspace{ID: &id})
	if err != nil {
		return nil, err
	}
	return s.blog(ws), nil
}

// blog is ws's blog at its address on this site: the root for the site
// workspace, /blog/{slug} for the others.
func (s *Site) blog(ws *store.Workspace) *Blog {
	if ws.Slug == s.SiteWorkspace {
		return &Blog{Workspace: ws, Origin: s.BaseURL}
	}
	return &Blog{Workspace: ws, Prefix: "/blog/" + ws.Slug, Origin: s.BaseURL}
}

// Root resolves the blog served at "/" for a request host: the workspace
// whose custom domain it is, else the site workspace.
func (s *Site) Root(ctx context.Context, host string) (*Blog, error) {
	if d := CustomHost(host, s.BaseURL); d != "" {
		ws, err := s.lookup(ctx, "d:"+d, store.FindWorkspace{CustomDomain: &d})
		if err == nil {
			return &Blog{Workspace: ws, Origin: "https://" + d}, nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
	}
	return s.BySlug(ctx, s.SiteWorkspace)
}

// IsCustomDomain reports whether host is some workspace's custom domain.
func (s *Site) IsCustomDomain(ctx context.Context, host string) bool {
	d := CustomHost(host, s.BaseURL)
	if d == "" {
		return false
	}
	_, err := s.lookup(ctx, "d:"+d, store.FindWorkspace{CustomDomain: &d})
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
