package api

import (
	"cmp"
	"context"
	"net/http"

	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/marks"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

func toLinksJSON(ls []store.SocialLink) []contract.SocialLink {
	out := make([]contract.SocialLink, len(ls))
	for i, l := range ls {
		out[i] = contract.SocialLink{Network: contract.SocialNetwork(l.Network), URL: l.URL}
	}
	return out
}

func storeLinks(ls []contract.SocialLink) []store.SocialLink {
	out := make([]store.SocialLink, len(ls))
	for i, l := range ls {
		out[i] = store.SocialLink{Network: string(l.Network), URL: l.URL}
	}
	return out
}

// toAuthorJSON is an author as readers of b see them (nil for none).
func toAuthorJSON(b *blogaddr.Blog, a *store.Author) *contract.Author {
	if a == nil {
		return nil
	}
	return &contract.Author{Slug: a.Slug, Name: a.Name(), Bio: a.Bio, AvatarURL: a.AvatarURL, Links: toLinksJSON(a.Links),
		URL: b.URL(b.AuthorPath(a.Slug))}
}

// blogBrand is b's brand as its readers get it, set its settings. Its
// icon is the owner's, else the one drawn from the blog's name and colour
// (none on the site's own blog, which wears the platform's).
func (h *Handler) blogBrand(b *blogaddr.Blog, br *store.Brand, set *store.Settings) contract.BlogBrand {
	icon := br.FaviconURL
	if icon == "" && b.Workspace.Slug != h.Config.SiteWorkspace {
		icon = b.URL(marks.Path(b.Prefix, marks.SmallIcon, marks.Spec{Name: cmp.Or(set.BlogTitle, b.Workspace.Name), Color: set.PrimaryColor}))
	}
	return contract.BlogBrand{LogoURL: br.LogoURL, FaviconURL: br.FaviconURL, IconURL: icon, SocialImageURL: br.SocialImageURL,
		SocialLinks: toLinksJSON(br.SocialLinks), WhiteLabel: blog.WhiteLabel(b.Workspace, h.Config.SiteWorkspace),
		FeedURL: b.URL(b.Prefix + "/feed.xml"), HomeURL: b.URL(b.HomePath())}
}

// readAuthor is an author's page on a blog: the author and a page of their
// public posts there (404 author_not_found when they wrote none there).
func (h *Handler) readAuthor(ctx context.Context, q readRequest) (any, error) {
	b, err := h.blogFor(ctx, q.host, q.query)
	if err != nil {
		return nil, err
	}
	slug := q.path["slug"]
	if len(slug) > 100 {
		return nil, errAuthorNotFound
	}
	limit, err := intValue(q.query, "limit", reader.DefaultPageSize, 1, reader.MaxPageSize)
	if err != nil {
		return nil, err
	}
	page, err := intValue(q.query, "page", 1, 1, reader.MaxPage)
	if err != nil {
		return nil, err
	}
	key := "author|" + slug + "|" + itoa(limit) + "|" + itoa(page)
	return h.cached(ctx, b, key, func(ctx context.Context) (any, error) {
		l, err := h.Reader.Author(ctx, b.Workspace.ID, slug, page, limit)
		if err != nil {
			return nil, notFound(err, errAuthorNotFound)
		}
		return contract.AuthorPage{Author: *toAuthorJSON(b, l.Author), Posts: summaries(b, l.Posts, l.Names), Page: l.Page,
			HasMore: l.HasMore}, nil
	})
}

var errAuthorNotFound = Errorf(http.StatusNotFound, "author_not_found", "Author not found")

func (h *Handler) getBrand(w http.ResponseWriter, r *http.Request, o *owner) error {
	br, err := h.Blog.Brand(r.Context(), o.ws)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.BrandResponse{Brand: h.brandSettings(o.ws, br)})
}

func (h *Handler) putBrand(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.BrandInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	br, err := h.Blog.UpdateBrand(r.Context(), o.ws, blog.BrandInput{LogoURL: in.LogoURL, FaviconURL: in.FaviconURL,
		SocialImageURL: in.SocialImageURL, SocialLinks: storeLinks(in.SocialLinks)})
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.BrandResponse{Brand: h.brandSettings(o.ws, br)})
}

func (h *Handler) brandSettings(ws *store.Workspace, br *store.Brand) contract.BrandSettings {
	return contract.BrandSettings{LogoURL: br.LogoURL, FaviconURL: br.FaviconURL, SocialImageURL: br.SocialImageURL,
		SocialLinks: toLinksJSON(br.SocialLinks), WhiteLabel: blog.WhiteLabel(ws, h.Config.SiteWorkspace)}
}
