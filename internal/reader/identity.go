package reader

import (
	"context"

	"github.com/inkpress/inkpress/store"
)

// Brand is the blog's brand: its marks and the owner's links.
func (r *Reader) Brand(ctx context.Context, ws *store.Workspace) (*store.Brand, error) {
	return r.Store.GetBrand(ctx, ws.ID)
}

// withAuthors fills each post's Author from its AuthorID (nil when the
// post has no author or the author no profile), with one query.
func (r *Reader) withAuthors(ctx context.Context, lists ...[]*store.Post) error {
	seen := map[int64]bool{}
	var ids []int64
	for _, ps := range lists {
		for _, p := range ps {
			if p.AuthorID != 0 && !seen[p.AuthorID] {
				seen[p.AuthorID] = true
				ids = append(ids, p.AuthorID)
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	as, err := r.Store.ListAuthors(ctx, ids)
	if err != nil {
		return err
	}
	for _, ps := range lists {
		for _, p := range ps {
			p.Author = as[p.AuthorID]
		}
	}
	return nil
}

// AuthorList is one page of an author's public posts on one blog.
type AuthorList struct {
	Author *store.Author
	List
}

// Author reads the author with the slug and one page of their public posts
// on the workspace's blog, newest first. An unknown author, or one with no
// public post on this blog, is store.ErrNotFound: an author page exists
// only where the author wrote.
func (r *Reader) Author(ctx context.Context, wsID int64, slug string, page, limit int) (*AuthorList, error) {
	a, err := r.Store.GetAuthor(ctx, store.FindAuthor{Slug: &slug})
	if err != nil {
		return nil, err
	}
	f := posts(wsID)
	f.AuthorID = &a.UserID
	if n, err := r.Store.CountPosts(ctx, f); err != nil {
		return nil, err
	} else if n == 0 {
		return nil, store.ErrNotFound
	}
	nm, err := r.CategoryNames(ctx, wsID)
	if err != nil {
		return nil, err
	}
	f.Order, f.Limit, f.Offset, f.Light = Latest, limit+1, (page-1)*limit, true
	ps, err := r.Store.ListPosts(ctx, f)
	if err != nil {
		return nil, err
	}
	hasMore := len(ps) > limit
	if hasMore {
		ps = ps[:limit]
	}
	for _, p := range ps {
		p.Author = a
	}
	return &AuthorList{Author: a, List: List{Posts: ps, Names: nm, Page: page, HasMore: hasMore}}, nil
}

// AuthorByID is the user's profile (store.ErrNotFound if none): for the
// preview of a post outside the read model.
func (r *Reader) AuthorByID(ctx context.Context, userID int64) (*store.Author, error) {
	return r.Store.GetAuthor(ctx, store.FindAuthor{UserID: &userID})
}
