package reader

import (
	"context"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
)

// Page sizes of the lists readers page through with ?page=N: a blog's
// home, and the other lists (all posts, a category, a tag, a search). The
// server's pages and the app list the same posts on page N.
const (
	HomePageSize = 12
	ListPageSize = 24
)

// ErrSearchTooLong refuses search text over content.MaxSearchLen characters.
var ErrSearchTooLong = apperr.Newf(apperr.Invalid, "search_too_long",
	"Search text is too long (at most %d characters)", content.MaxSearchLen)

// Search reads one page of the blog's public posts that match text (every
// word, in the title, excerpt or tags; see store.SearchStore): title
// matches first, then newest first. Text without words finds nothing.
func (r *Reader) Search(ctx context.Context, wsID int64, text string, limit, page int) (*List, error) {
	if content.SearchTooLong(text) {
		return nil, ErrSearchTooLong
	}
	nm, err := r.CategoryNames(ctx, wsID)
	if err != nil {
		return nil, err
	}
	f := posts(wsID)
	f.Limit, f.Offset, f.Light = limit+1, (page-1)*limit, true
	ps, err := r.Store.SearchPosts(ctx, f, content.SearchTerms(text))
	if err != nil {
		return nil, err
	}
	l := page1(ps, nm, limit, page)
	// Results carry bylines like every other list.
	if err := r.withAuthors(ctx, l.Posts); err != nil {
		return nil, err
	}
	return l, nil
}

// page1 cuts one page of limit posts from ps (read with one more, which
// tells whether there is a next page).
func page1(ps []*store.Post, nm map[string]string, limit, page int) *List {
	hasMore := len(ps) > limit
	if hasMore {
		ps = ps[:limit]
	}
	return &List{Posts: ps, Names: nm, Page: page, HasMore: hasMore}
}

// TagName is how the tag whose URL segment is slug is written on the
// newest of ps that carries it ("" when none does).
func TagName(ps []*store.Post, slug string) string {
	for _, p := range ps {
		for _, t := range p.Tags {
			if content.TagSlug(t) == slug {
				return t
			}
		}
	}
	return ""
}

// TagFeed reads the n newest public posts carrying the tag whose URL
// segment is slug (store.ErrNotFound when none does).
func (r *Reader) TagFeed(ctx context.Context, wsID int64, slug string, n int) (*Feed, error) {
	nm, err := r.CategoryNames(ctx, wsID)
	if err != nil {
		return nil, err
	}
	f := posts(wsID)
	f.Order, f.Limit, f.Tag = Latest, n, &slug
	fd, err := r.feed(ctx, f, nm)
	if err != nil {
		return nil, err
	}
	if len(fd.Posts) == 0 {
		return nil, store.ErrNotFound
	}
	return fd, nil
}
