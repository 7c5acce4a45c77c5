package pages

import (
	"context"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/store"
)

// Changes turns the domain's writes into page renders: the pages a change
// shows on are queued for a render, each keeping its last copy (served,
// marked outdated) until then, unless it is gone; the workspace's other pages turn stale (served, and rendered
// again when read).
type Changes struct {
	Pages *Service
	Blogs interface {
		ByID(ctx context.Context, id int64) (*blogaddr.Blog, error)
	}
	Authors interface {
		GetAuthor(ctx context.Context, f store.FindAuthor) (*store.Author, error)
	}
	// SiteWorkspace is the slug of the blog at the site's root (it has the
	// /posts list too).
	SiteWorkspace string
}

// blog is the changed workspace's blog; a failure to read it is logged (the
// change's pages stay as they are until their next refresh).
func (c *Changes) blog(ctx context.Context, workspaceID int64) (*blogaddr.Blog, bool) {
	b, err := c.Blogs.ByID(ctx, workspaceID)
	if err != nil {
		c.Pages.logger().ErrorContext(ctx, "pages: blog of a change", "workspace", workspaceID, "err", err)
		return nil, false
	}
	return b, true
}

// PostsChanged is told of posts as they were before and after a write
// (created, edited, published, unpublished, deleted): each one that readers
// could see drops its pages.
func (c *Changes) PostsChanged(ctx context.Context, workspaceID int64, posts ...*store.Post) {
	if c == nil {
		return
	}
	b, ok := c.blog(ctx, workspaceID)
	if !ok {
		return
	}
	root := b.Prefix == "" && b.Workspace.Slug == c.SiteWorkspace
	// A post's own page shown before and after the write (at one address)
	// is stale; one shown only before or after is gone (deleted,
	// unpublished, moved) or new.
	own := map[string]int{}
	for _, p := range posts {
		if p != nil && reader.Shown(p, time.Now()) {
			own[b.PageKey(b.PostPath(p.Category, p.Slug))]++
		}
	}
	var keys, gone []string
	seen := map[string]bool{}
	for _, p := range posts {
		if p == nil || !reader.Shown(p, time.Now()) {
			continue
		}
		author := ""
		if p.AuthorID != 0 && c.Authors != nil {
			if a, err := c.Authors.GetAuthor(ctx, store.FindAuthor{UserID: &p.AuthorID}); err == nil {
				author = a.Slug
			}
		}
		for i, k := range PostPages(b, root, p, author) {
			if seen[k] {
				continue
			}
			seen[k] = true
			if i == 0 && own[k] < 2 {
				gone = append(gone, k)
			} else {
				keys = append(keys, k)
			}
		}
	}
	c.Pages.Drop(ctx, workspaceID, keys, gone)
}

// BlogChanged is told of a change every page of the blog shows (its name,
// look, categories, an author's profile, its address): the home page is
// dropped and every stored page queued again.
func (c *Changes) BlogChanged(ctx context.Context, workspaceID int64) {
	if c == nil {
		return
	}
	b, ok := c.blog(ctx, workspaceID)
	if !ok {
		return
	}
	c.Pages.Drop(ctx, workspaceID, []string{b.PageKey(b.HomePath())}, nil)
	c.Pages.RefreshAll(ctx, workspaceID)
}

// CategoryGone is told of a deleted category: its page leaves the store, so
// no reader is served it (its posts' pages are PostsChanged's).
func (c *Changes) CategoryGone(ctx context.Context, workspaceID int64, slug string) {
	if c == nil {
		return
	}
	b, ok := c.blog(ctx, workspaceID)
	if !ok {
		return
	}
	c.Pages.Drop(ctx, workspaceID, nil, []string{b.PageKey(b.CategoryPath(slug))})
}

// PostPages are the keys (Blog.PageKey) of the pages a post shows on: its own, its
// blog's home, its category's and tags' first pages, its author's page, and
// the site's /posts list for the blog at the site's root. Deeper list pages
// and other posts' related lists change only indirectly: they turn stale.
func PostPages(b *blogaddr.Blog, siteRoot bool, p *store.Post, authorSlug string) []string {
	keys := []string{b.PageKey(b.PostPath(p.Category, p.Slug)), b.PageKey(b.HomePath()), b.PageKey(b.CategoryPath(p.Category))}
	if siteRoot {
		keys = append(keys, b.PageKey("/posts"))
	}
	for _, t := range p.Tags {
		if s := content.TagSlug(t); s != "" {
			keys = append(keys, b.PageKey(b.TagPath(s)))
		}
	}
	if authorSlug != "" {
		keys = append(keys, b.PageKey(b.AuthorPath(authorSlug)))
	}
	return keys
}

// AddressChanged is told that a blog's address moved from /blog/{old} to
// the one it has now: its pages stored under the old address are removed
// (that address only redirects now) and the same pages are queued at the
// new one, before anything else. A blog served at a root (the site's, a
// custom domain's) keeps its pages' addresses: its pages are refreshed like
// after any blog-wide change.
func (c *Changes) AddressChanged(ctx context.Context, workspaceID int64, old string) {
	if c == nil {
		return
	}
	b, ok := c.blog(ctx, workspaceID)
	if !ok {
		return
	}
	if b.Prefix == "" {
		c.BlogChanged(ctx, workspaceID)
		return
	}
	c.Pages.Move(ctx, workspaceID, "/blog/"+old, b.Prefix)
}
