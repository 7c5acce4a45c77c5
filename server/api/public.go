package api

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/site"
	"github.com/inkpress/inkpress/internal/views"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// Tagline is the site's tagline.
const Tagline = "Insights for the Modern Generation"

func (h *Handler) getSite(w http.ResponseWriter, r *http.Request) error {
	blog, err := h.rootBlogSlug(r)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.SiteInfo{Name: h.Config.SiteName, Tagline: Tagline,
		SiteWorkspace: h.Config.SiteWorkspace, BaseURL: h.Config.BaseURL, Blog: blog, AIProvider: contract.AIProvider(h.Config.AIProvider)})
}

// rootBlogSlug is the slug of the workspace whose custom domain the request's
// host is (its blog is served at "/" there), else "".
func (h *Handler) rootBlogSlug(r *http.Request) (string, error) {
	if site.CustomHost(r.Host, h.Config.BaseURL) == "" {
		return "", nil
	}
	b, err := h.Site.Root(r.Context(), r.Host)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if b.Workspace.Slug == h.Config.SiteWorkspace {
		return "", nil
	}
	return b.Workspace.Slug, nil
}

func (h *Handler) getPlans(w http.ResponseWriter, r *http.Request) error {
	ps := plan.Public()
	out := contract.PlansResponse{Plans: make([]contract.Plan, len(ps)), TrialDays: plan.TrialDays,
		TrialPosts: plan.TrialPosts, TrialImages: plan.TrialImages}
	for i, p := range ps {
		out.Plans[i] = contract.Plan(p)
	}
	return WriteJSON(w, http.StatusOK, out)
}

var (
	errBlogNotFound     = Errorf(http.StatusNotFound, "blog_not_found", "Blog not found")
	errPostNotFound     = Errorf(http.StatusNotFound, "post_not_found", "Post not found")
	errCategoryNotFound = Errorf(http.StatusNotFound, "category_not_found", "Category not found")
)

// notFound turns the read model's store.ErrNotFound into the endpoint's 404.
func notFound(err, as error) error {
	if errors.Is(err, store.ErrNotFound) {
		return as
	}
	return err
}

// blogFor resolves ?workspace= (default: the blog at this host's root).
func (h *Handler) blogFor(r *http.Request) (*site.Blog, error) {
	var (
		b   *site.Blog
		err error
	)
	if slug := r.URL.Query().Get("workspace"); slug != "" {
		b, err = h.Site.BySlug(r.Context(), slug)
	} else {
		b, err = h.Site.Root(r.Context(), r.Host)
	}
	return b, notFound(err, errBlogNotFound)
}

// serveCached answers from the workspace's cache, rendering JSON on a miss,
// with ETag revalidation.
func (h *Handler) serveCached(w http.ResponseWriter, r *http.Request, b *site.Blog, key string, fill func(ctx context.Context) (any, error)) error {
	e, err := h.Cache.Get(b.Workspace.ID, "api:"+b.Origin+b.Prefix+"|"+key, func() (*cache.Entry, error) {
		v, err := fill(r.Context())
		if err != nil {
			return nil, err
		}
		body, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		return &cache.Entry{Body: append(body, '\n'), ContentType: "application/json; charset=utf-8"}, nil
	})
	if err != nil {
		return err
	}
	e.Write(w, r, "no-cache")
	return nil
}

func (h *Handler) getCategories(w http.ResponseWriter, r *http.Request) error {
	b, err := h.blogFor(r)
	if err != nil {
		return err
	}
	return h.serveCached(w, r, b, "categories", func(ctx context.Context) (any, error) {
		cats, err := h.Reader.Categories(ctx, b.Workspace.ID)
		if err != nil {
			return nil, err
		}
		return contract.CategoriesResponse{Categories: toCategoriesJSON(cats)}, nil
	})
}

// categoryNames maps slug -> name for a workspace.
func (h *Handler) categoryNames(ctx context.Context, wsID int64) (map[string]string, error) {
	return h.Reader.CategoryNames(ctx, wsID)
}

func categoryName(names map[string]string, slug string) string {
	if n, ok := names[slug]; ok {
		return n
	}
	if slug == "" {
		return ""
	}
	return strings.ToUpper(slug[:1]) + slug[1:]
}

func summarize(b *site.Blog, p *store.Post, names map[string]string) contract.PostSummary {
	tags := p.Tags
	if tags == nil {
		tags = []string{}
	}
	return contract.PostSummary{ID: p.ID, Title: p.Title, Slug: p.Slug, Category: p.Category, CategoryName: categoryName(names, p.Category),
		Excerpt: p.Excerpt, CoverImageURL: p.CoverImageURL, Tags: tags, TagSlugs: tagSlugs(tags), ReadMinutes: p.ReadMinutes, PublishedAt: p.PublishedAt,
		UpdatedAt: p.UpdatedAt, ViewCount: p.ViewCount, WorkspaceSlug: b.Workspace.Slug, URL: b.PostPath(p.Category, p.Slug),
		Status: contract.PostStatus(cmp.Or(p.Status, store.PostPublished)), Author: toAuthorJSON(b, p.Author)}
}

func summaries(b *site.Blog, ps []*store.Post, names map[string]string) []contract.PostSummary {
	out := make([]contract.PostSummary, len(ps))
	for i, p := range ps {
		out[i] = summarize(b, p, names)
	}
	return out
}

func intParam(r *http.Request, name string, def, min, max int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		return 0, Errorf(http.StatusBadRequest, "invalid_parameter", "%s must be a number from %d to %d", name, min, max)
	}
	return n, nil
}

func (h *Handler) listPosts(w http.ResponseWriter, r *http.Request) error {
	b, err := h.blogFor(r)
	if err != nil {
		return err
	}
	q := reader.ListQuery{Category: r.URL.Query().Get("category"), Order: reader.Latest}
	if q.Limit, err = intParam(r, "limit", reader.DefaultPageSize, 1, reader.MaxPageSize); err != nil {
		return err
	}
	if q.Page, err = intParam(r, "page", 1, 1, reader.MaxPage); err != nil {
		return err
	}
	switch r.URL.Query().Get("sort") {
	case "", "latest":
	case "trending":
		q.Order = reader.Trending
	default:
		return Errorf(http.StatusBadRequest, "invalid_parameter", "sort must be latest or trending")
	}
	if q.Category != "" && !content.ValidSlug(q.Category) {
		return errCategoryNotFound
	}
	if r.URL.Query().Has("q") {
		return h.searchPosts(w, r, b, q) // search.go
	}
	if q.Tag = r.URL.Query().Get("tag"); q.Tag != "" && !content.ValidSlug(q.Tag) {
		return WriteJSON(w, http.StatusOK, contract.PostsPage{Posts: []contract.PostSummary{}, Page: q.Page})
	}
	key := "posts|" + q.Category + "|" + q.Tag + "|" + q.Order + "|" + strconv.Itoa(q.Limit) + "|" + strconv.Itoa(q.Page)
	return h.serveCached(w, r, b, key, func(ctx context.Context) (any, error) {
		l, err := h.Reader.List(ctx, b.Workspace.ID, q)
		if err != nil {
			return nil, notFound(err, errCategoryNotFound)
		}
		return contract.PostsPage{Posts: summaries(b, l.Posts, l.Names), Page: l.Page, HasMore: l.HasMore}, nil
	})
}

func (h *Handler) getPost(w http.ResponseWriter, r *http.Request) error {
	b, err := h.blogFor(r)
	if err != nil {
		return err
	}
	category, slug := r.PathValue("category"), r.PathValue("slug")
	if !content.ValidSlug(category) || len(slug) > 200 || strings.ContainsAny(slug, "/\x00") {
		return errPostNotFound
	}
	err = h.serveCached(w, r, b, "post|"+category+"|"+slug, func(ctx context.Context) (any, error) {
		a, err := h.Reader.Article(ctx, b.Workspace.ID, category, slug)
		if err != nil {
			return nil, notFound(err, errPostNotFound)
		}
		return contract.PostResponse{Post: PostJSON(b, a.Post, a.Names, false), Related: summaries(b, a.Related, a.Names)}, nil
	})
	if errors.Is(err, errPostNotFound) {
		// A post whose slug or category changed: its new address.
		if to, merr := h.Reader.Moved(r.Context(), b.Workspace.ID, category, slug); merr == nil {
			u := url.URL{Path: "/api/posts/" + to.Category + "/" + to.Slug, RawQuery: r.URL.RawQuery}
			http.Redirect(w, r, u.String(), http.StatusMovedPermanently)
			return nil
		}
	}
	if err != nil {
		return err
	}
	// The SPA asks with view=1 when it navigates to a post on its own (a
	// full page load was already counted by the HTML route).
	if r.URL.Query().Get("view") == "1" && !views.IsBot(r.UserAgent()) && h.Views != nil {
		if id := h.Reader.PostID(r.Context(), b.Workspace.ID, category, slug); id != 0 {
			h.Views.Add(id, h.Config.ClientAddr(r.RemoteAddr, r.Header.Get("X-Forwarded-For")), r.UserAgent())
		}
	}
	return nil
}

// getPreview is a post through its private preview link, for the app's
// preview page: never cached, no view counted.
func (h *Handler) getPreview(w http.ResponseWriter, r *http.Request) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return posts.ErrNotFound
	}
	p, err := h.Posts.ByPreview(r.Context(), id, r.PathValue("token"))
	if err != nil {
		return err
	}
	b, err := h.Site.ByID(r.Context(), p.WorkspaceID)
	if err != nil {
		return err
	}
	names, err := h.categoryNames(r.Context(), b.Workspace.ID)
	if err != nil {
		return err
	}
	set, err := h.Reader.Settings(r.Context(), b.Workspace)
	if err != nil {
		return err
	}
	if p.AuthorID != 0 {
		p.Author, _ = h.Reader.AuthorByID(r.Context(), p.AuthorID) // a byline is not worth failing the preview
	}
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	return WriteJSON(w, http.StatusOK, contract.PreviewResponse{Post: PostJSON(b, p, names, false),
		Blog: contract.BlogWorkspace{Name: b.Workspace.Name, Slug: b.Workspace.Slug}, Settings: toPublicSettingsJSON(set)})
}

// PostJSON is the full post as the API shows it.
func PostJSON(b *site.Blog, p *store.Post, names map[string]string, owner bool) contract.Post {
	out := contract.Post{PostSummary: summarize(b, p, names), Content: p.ContentHTML, MetaTitle: p.MetaTitle,
		MetaDescription: p.MetaDescription, CanonicalURL: b.URL(b.PostPath(p.Category, p.Slug))}
	if owner {
		out.RawContent, out.Banners, out.CoverAlt = p.Content, toBanners(p.Banners), p.CoverAlt
		out.Newsletter, out.NewsletterNote = contract.PostNewsletter(p.Newsletter), p.NewsletterNote
		out.NewsletterRecipients = p.NewsletterRecipients
		if p.Status == store.PostScheduled {
			out.PublishAt = &p.PublishedAt
		}
	}
	return out
}

func (h *Handler) getBlog(w http.ResponseWriter, r *http.Request) error {
	b, err := h.Site.BySlug(r.Context(), r.PathValue("workspace"))
	if err != nil {
		return notFound(err, errBlogNotFound)
	}
	return h.serveCached(w, r, b, "blog", func(ctx context.Context) (any, error) {
		bl, err := h.Reader.Blog(ctx, b.Workspace)
		if err != nil {
			return nil, err
		}
		br, err := h.Reader.Brand(ctx, b.Workspace)
		if err != nil {
			return nil, err
		}
		return contract.BlogResponse{
			Workspace:  contract.BlogWorkspace{Name: b.Workspace.Name, Slug: b.Workspace.Slug},
			Settings:   toPublicSettingsJSON(bl.Settings),
			Categories: toCategoriesJSON(bl.Categories),
			Brand:      h.blogBrand(b, br),
		}, nil
	})
}
