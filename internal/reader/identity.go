package reader

import (
	"context"
	"errors"

	"github.com/inkpress/inkpress/store"
)

// Credited is author as the posts of a blog name them: on the site's own
// blog (site) an author who set no display name is credited as siteAuthor,
// the configured author, since an admin's account name ("Admin") is no
// byline. Elsewhere, or with a display name set, the author is unchanged.
func Credited(a *store.Author, site bool, siteAuthor string) *store.Author {
	if a == nil || !site || a.DisplayName != "" || siteAuthor == "" {
		return a
	}
	c := *a
	c.DisplayName = siteAuthor
	return &c
}

// isSite reports whether wsID is the site workspace (SiteWorkspace). Its
// id is looked up once: the site workspace is never deleted.
func (r *Reader) isSite(ctx context.Context, wsID int64) (bool, error) {
	if r.SiteWorkspace == "" {
		return false, nil
	}
	id := r.siteID.Load()
	if id == 0 {
		ws, err := r.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: &r.SiteWorkspace})
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		id = ws.ID
		r.siteID.Store(id)
	}
	return id == wsID, nil
}

// credit is Credited for an author of a post of wsID.
func (r *Reader) credit(ctx context.Context, wsID int64, a *store.Author) (*store.Author, error) {
	site, err := r.isSite(ctx, wsID)
	if err != nil {
		return nil, err
	}
	return Credited(a, site, r.SiteAuthor), nil
}

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
	type byline struct{ ws, author int64 }
	credited := map[byline]*store.Author{} // one copy each
	for _, ps := range lists {
		for _, p := range ps {
			a, ok := as[p.AuthorID]
			if !ok {
				p.Author = nil
				continue
			}
			key := byline{p.WorkspaceID, p.AuthorID}
			if c, ok := credited[key]; ok {
				p.Author = c
				continue
			}
			if p.Author, err = r.credit(ctx, p.WorkspaceID, a); err != nil {
				return err
			}
			credited[key] = p.Author
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
	if a, err = r.credit(ctx, wsID, a); err != nil {
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

// AuthorByID is the user's profile as the posts of workspace wsID credit
// them (store.ErrNotFound if none): for the preview of a post outside the
// read model.
func (r *Reader) AuthorByID(ctx context.Context, wsID, userID int64) (*store.Author, error) {
	a, err := r.Store.GetAuthor(ctx, store.FindAuthor{UserID: &userID})
	if err != nil {
		return nil, err
	}
	return r.credit(ctx, wsID, a)
}
