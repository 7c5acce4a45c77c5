// Package reader answers "what does a reader see" of a blog: its settings,
// its categories with their post counts, lists of posts, a post with its
// related posts, feed items and sitemap entries. The JSON API and the HTML
// pages, feeds and sitemaps both read through it, so they show the same
// posts. Which posts readers may see is decided by Public alone.
package reader

import (
	"context"
	"errors"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/store"
)

// Paging of the public post lists.
const (
	DefaultPageSize = 12
	MaxPageSize     = 48
	// MaxPage bounds ?page= so the offset stays a sane number.
	MaxPage = 100000
	// RelatedPosts is how many posts of the same category a post shows.
	RelatedPosts = 3
)

// Orders of the public post lists.
const (
	Latest   = store.OrderLatest   // newest first
	Trending = store.OrderTrending // most read this week first (TrendingFrom)
)

// TrendingFrom is the first day whose views rank the trending list at now:
// "this week" is today and the six days before it (UTC).
func TrendingFrom(now time.Time) int64 { return store.Day(now) - (store.TrendingDays - 1) }

// Public narrows f to the posts readers may see: published ones whose
// publication time has come (never drafts or scheduled posts). Every
// reader query goes through it.
func Public(f store.FindPost) store.FindPost {
	f.Status = store.Ptr(store.PostPublished)
	f.PublishedBefore = store.Ptr(time.Now())
	return f
}

// Shown reports whether readers see p: the rule of Public for one post in
// hand (published, its time come).
func Shown(p *store.Post, now time.Time) bool {
	return p.Status == store.PostPublished && !p.PublishedAt.After(now)
}

// Store is what the Reader reads: only reads, no write of the store is in
// it. Posts and their search, categories, the blogs' workspaces, settings
// and brand, and authors.
type Store interface {
	GetPost(ctx context.Context, f store.FindPost) (*store.Post, error)
	ListPosts(ctx context.Context, f store.FindPost) ([]*store.Post, error)
	CountPosts(ctx context.Context, f store.FindPost) (int, error)
	ListSitemapEntries(ctx context.Context, f store.FindPost) ([]store.SitemapEntry, error)
	PostRedirect(ctx context.Context, workspaceID int64, at store.PostAddress) (int64, error)
	store.SearchStore

	GetCategory(ctx context.Context, workspaceID int64, slug string) (*store.Category, error)
	ListCategories(ctx context.Context, workspaceID int64) ([]*store.Category, error)
	CountPostsByCategory(ctx context.Context, f store.FindPost) (map[string]int, error)

	ListWorkspaces(ctx context.Context) ([]*store.Workspace, error)
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	SettingsReader
	GetBrand(ctx context.Context, workspaceID int64) (*store.Brand, error)

	GetAuthor(ctx context.Context, f store.FindAuthor) (*store.Author, error)
	ListAuthors(ctx context.Context, ids []int64) (map[int64]*store.Author, error)
}

// SettingsReader reads a workspace's saved settings (see SettingsOf).
type SettingsReader interface {
	GetSettings(ctx context.Context, workspaceID int64) (*store.Settings, error)
}

// Reader reads blogs as their readers see them.
type Reader struct {
	Store Store
	// Cache keeps post ids for view counting (see PostID).
	Cache *cache.Cache
	// SiteWorkspace is the slug of the platform's own blog, whose authors
	// without a display name are credited as SiteAuthor (see Credited).
	SiteWorkspace, SiteAuthor string

	siteID atomic.Int64
}

// New returns a Reader over s.
func New(s Store, c *cache.Cache) *Reader { return &Reader{Store: s, Cache: c} }

// posts is the public FindPost of a workspace.
func posts(wsID int64) store.FindPost { return Public(store.FindPost{WorkspaceID: &wsID}) }

// Settings are the blog's settings as readers see them (see SettingsOf).
func (r *Reader) Settings(ctx context.Context, ws *store.Workspace) (*store.Settings, error) {
	return SettingsOf(ctx, r.Store, ws)
}

// SettingsOf is the workspace's saved settings, or a fresh workspace's
// defaults when it has saved none (the owner's views read them so too).
func SettingsOf(ctx context.Context, st SettingsReader, ws *store.Workspace) (*store.Settings, error) {
	set, err := st.GetSettings(ctx, ws.ID)
	if errors.Is(err, store.ErrNotFound) {
		return store.DefaultSettings(ws.ID, ws.Name), nil
	}
	return set, err
}

// CategoryNames maps the workspace's category slugs to their names.
func (r *Reader) CategoryNames(ctx context.Context, wsID int64) (map[string]string, error) {
	cats, err := r.Store.ListCategories(ctx, wsID)
	if err != nil {
		return nil, err
	}
	return names(cats), nil
}

func names(cats []*store.Category) map[string]string {
	m := make(map[string]string, len(cats))
	for _, c := range cats {
		m[c.Slug] = c.Name
	}
	return m
}

// Categories lists the workspace's categories, each with its count of
// public posts.
func (r *Reader) Categories(ctx context.Context, wsID int64) ([]*store.Category, error) {
	cats, err := r.Store.ListCategories(ctx, wsID)
	if err != nil {
		return nil, err
	}
	counts, err := r.Store.CountPostsByCategory(ctx, posts(wsID))
	if err != nil {
		return nil, err
	}
	for _, c := range cats {
		c.PostCount = counts[c.Slug]
	}
	return cats, nil
}

// Category is one category of the workspace (store.ErrNotFound if none).
func (r *Reader) Category(ctx context.Context, wsID int64, slug string) (*store.Category, error) {
	return r.Store.GetCategory(ctx, wsID, slug)
}

// Blog is a blog's front matter: how it looks and what it files posts under.
type Blog struct {
	Settings   *store.Settings
	Categories []*store.Category // with public post counts
}

// Blog reads the workspace's settings (or defaults) and categories.
func (r *Reader) Blog(ctx context.Context, ws *store.Workspace) (*Blog, error) {
	set, err := r.Settings(ctx, ws)
	if err != nil {
		return nil, err
	}
	cats, err := r.Categories(ctx, ws.ID)
	if err != nil {
		return nil, err
	}
	return &Blog{Settings: set, Categories: cats}, nil
}

// ListQuery selects one page of a blog's public posts.
type ListQuery struct {
	Category string // "" for every category
	Tag      string // a tag's URL segment (content.TagSlug); "" for every post
	Order    string // Latest or Trending
	Limit    int    // posts per page
	Page     int    // from 1
}

// List is one page of posts (without their bodies).
type List struct {
	Posts   []*store.Post
	Names   map[string]string // category slug -> name
	Page    int
	HasMore bool
}

// List reads one page of public posts; an unknown category is
// store.ErrNotFound.
func (r *Reader) List(ctx context.Context, wsID int64, q ListQuery) (*List, error) {
	nm, err := r.CategoryNames(ctx, wsID)
	if err != nil {
		return nil, err
	}
	f := posts(wsID)
	f.Order, f.Limit, f.Offset, f.Light = q.Order, q.Limit+1, (q.Page-1)*q.Limit, true
	if q.Order == Trending {
		f.TrendingFrom = TrendingFrom(time.Now())
	}
	if q.Category != "" {
		if _, ok := nm[q.Category]; !ok {
			return nil, store.ErrNotFound
		}
		f.Category = &q.Category
	}
	if q.Tag != "" {
		f.Tag = &q.Tag
	}
	ps, err := r.Store.ListPosts(ctx, f)
	if err != nil {
		return nil, err
	}
	l := page1(ps, nm, q.Limit, q.Page) // nav.go
	if err := r.withAuthors(ctx, l.Posts); err != nil {
		return nil, err
	}
	return l, nil
}

// Latest lists the n newest public posts (without their bodies), of one
// category unless category is "".
func (r *Reader) Latest(ctx context.Context, wsID int64, category string, n int) ([]*store.Post, error) {
	f := posts(wsID)
	f.Order, f.Limit, f.Light = Latest, n, true
	if category != "" {
		f.Category = &category
	}
	ps, err := r.Store.ListPosts(ctx, f)
	if err != nil {
		return nil, err
	}
	return ps, r.withAuthors(ctx, ps)
}

// Post is a public post (store.ErrNotFound if there is none).
func (r *Reader) Post(ctx context.Context, wsID int64, category, slug string) (*store.Post, error) {
	f := posts(wsID)
	f.Category, f.Slug = &category, &slug
	p, err := r.Store.GetPost(ctx, f)
	if err != nil {
		return nil, err
	}
	return p, r.withAuthors(ctx, []*store.Post{p})
}

// Article is a post as its page shows it.
type Article struct {
	Post    *store.Post
	Related []*store.Post     // newest public posts of the same category, without bodies
	Names   map[string]string // category slug -> name
}

// Article reads a public post with its related posts (store.ErrNotFound if
// there is no such post).
func (r *Reader) Article(ctx context.Context, wsID int64, category, slug string) (*Article, error) {
	p, err := r.Post(ctx, wsID, category, slug)
	if err != nil {
		return nil, err
	}
	nm, err := r.CategoryNames(ctx, wsID)
	if err != nil {
		return nil, err
	}
	f := posts(wsID)
	f.Category, f.ExcludeSlug, f.Order, f.Limit, f.Light = &category, &slug, Latest, RelatedPosts, true
	related, err := r.Store.ListPosts(ctx, f)
	if err == nil {
		err = r.withAuthors(ctx, related)
	}
	if err != nil {
		return nil, err
	}
	return &Article{Post: p, Related: related, Names: nm}, nil
}

// Feed is what a feed lists.
type Feed struct {
	Posts []*store.Post     // whole posts, newest first
	Names map[string]string // category slug -> name
}

// Feed reads the n newest public posts, of one category unless category is
// "" (an unknown category is store.ErrNotFound).
func (r *Reader) Feed(ctx context.Context, wsID int64, category string, n int) (*Feed, error) {
	nm, err := r.CategoryNames(ctx, wsID)
	if err != nil {
		return nil, err
	}
	f := posts(wsID)
	f.Order, f.Limit = Latest, n
	if category != "" {
		if _, ok := nm[category]; !ok {
			return nil, store.ErrNotFound
		}
		f.Category = &category
	}
	return r.feed(ctx, f, nm)
}

// feed reads the posts of f with their authors: every feed (the blog's, a
// category's, a tag's) credits each post to its author the same way.
func (r *Reader) feed(ctx context.Context, f store.FindPost, nm map[string]string) (*Feed, error) {
	ps, err := r.Store.ListPosts(ctx, f)
	if err == nil {
		err = r.withAuthors(ctx, ps)
	}
	if err != nil {
		return nil, err
	}
	return &Feed{Posts: ps, Names: nm}, nil
}

// Sitemap is what a blog's sitemap lists.
type Sitemap struct {
	Categories []*store.Category
	Posts      []store.SitemapEntry // last updated first
}

// Sitemap reads the workspace's categories and public posts.
func (r *Reader) Sitemap(ctx context.Context, wsID int64) (*Sitemap, error) {
	entries, err := r.Store.ListSitemapEntries(ctx, posts(wsID))
	if err != nil {
		return nil, err
	}
	cats, err := r.Store.ListCategories(ctx, wsID)
	if err != nil {
		return nil, err
	}
	return &Sitemap{Categories: cats, Posts: entries}, nil
}

// Moved returns the address a public post has now when category/slug was
// its address before (store.ErrNotFound when it was no public post's).
func (r *Reader) Moved(ctx context.Context, wsID int64, category, slug string) (store.PostAddress, error) {
	id, err := r.Store.PostRedirect(ctx, wsID, store.PostAddress{Category: category, Slug: slug})
	if err != nil {
		return store.PostAddress{}, err
	}
	f := posts(wsID)
	f.ID, f.Limit, f.Light = &id, 1, true
	ps, err := r.Store.ListPosts(ctx, f)
	if err != nil {
		return store.PostAddress{}, err
	}
	if len(ps) == 0 || (ps[0].Category == category && ps[0].Slug == slug) {
		return store.PostAddress{}, store.ErrNotFound
	}
	return store.PostAddress{Category: ps[0].Category, Slug: ps[0].Slug}, nil
}

// Exists reports store.ErrNotFound unless the public post exists.
func (r *Reader) Exists(ctx context.Context, wsID int64, category, slug string) error {
	_, err := r.find(ctx, wsID, category, slug)
	return err
}

// find is a light lookup of a public post (GetPost always reads the body).
func (r *Reader) find(ctx context.Context, wsID int64, category, slug string) (*store.Post, error) {
	f := posts(wsID)
	f.Category, f.Slug, f.Limit, f.Light = &category, &slug, 1, true
	ps, err := r.Store.ListPosts(ctx, f)
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, store.ErrNotFound
	}
	return ps[0], nil
}

// PostID resolves a public post's id through the workspace's cache, so
// counting a view of a cached page costs no query. It returns 0 when there
// is no such post.
func (r *Reader) PostID(ctx context.Context, wsID int64, category, slug string) int64 {
	e, err := r.Cache.Get(wsID, "id:"+category+"/"+slug, func() (*cache.Entry, error) {
		p, err := r.find(ctx, wsID, category, slug)
		if err != nil {
			return nil, err
		}
		return &cache.Entry{Body: []byte(strconv.FormatInt(p.ID, 10))}, nil
	})
	if err != nil {
		return 0
	}
	id, _ := strconv.ParseInt(string(e.Body), 10, 64)
	return id
}

// Blogs lists every workspace, for the sitemaps robots.txt names.
func (r *Reader) Blogs(ctx context.Context) ([]*store.Workspace, error) {
	return r.Store.ListWorkspaces(ctx)
}
