package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/site"
	"github.com/inkpress/inkpress/internal/views"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// Tagline is the site's tagline (seed section 1).
const Tagline = "Insights for the Modern Generation"

func (h *Handler) getSite(w http.ResponseWriter, r *http.Request) error {
	blog, err := h.rootBlogSlug(r)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, map[string]string{
		"name": h.Config.SiteName, "tagline": Tagline, "siteWorkspace": h.Config.SiteWorkspace, "baseUrl": h.Config.BaseURL,
		"blog": blog,
	})
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
	return WriteJSON(w, http.StatusOK, map[string]any{
		"plans": plan.Public(), "trialDays": plan.TrialDays, "trialPosts": plan.TrialPosts, "trialImages": plan.TrialImages,
	})
}

var (
	errBlogNotFound     = Errorf(http.StatusNotFound, "blog_not_found", "Blog not found")
	errPostNotFound     = Errorf(http.StatusNotFound, "post_not_found", "Post not found")
	errCategoryNotFound = Errorf(http.StatusNotFound, "category_not_found", "Category not found")
)

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
	if errors.Is(err, store.ErrNotFound) {
		return nil, errBlogNotFound
	}
	return b, err
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
		cats, err := h.Store.ListCategories(ctx, b.Workspace.ID)
		if err == nil {
			cats, err = h.withCounts(ctx, b.Workspace.ID, cats)
		}
		if err != nil {
			return nil, err
		}
		return map[string]any{"categories": toCategoriesJSON(cats)}, nil
	})
}

// categoryNames maps slug -> name for a workspace.
func (h *Handler) categoryNames(ctx context.Context, wsID int64) (map[string]string, error) {
	cats, err := h.Store.ListCategories(ctx, wsID)
	if err != nil {
		return nil, err
	}
	m := make(map[string]string, len(cats))
	for _, c := range cats {
		m[c.Slug] = c.Name
	}
	return m, nil
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
		Excerpt: p.Excerpt, CoverImageURL: p.CoverImageURL, Tags: tags, ReadMinutes: p.ReadMinutes, PublishedAt: p.PublishedAt,
		UpdatedAt: p.UpdatedAt, ViewCount: p.ViewCount, WorkspaceSlug: b.Workspace.Slug, URL: b.PostPath(p.Category, p.Slug)}
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
	q := r.URL.Query()
	limit, err := intParam(r, "limit", 12, 1, 48)
	if err != nil {
		return err
	}
	page, err := intParam(r, "page", 1, 1, 100000)
	if err != nil {
		return err
	}
	order := store.OrderLatest
	switch q.Get("sort") {
	case "", "latest":
	case "trending":
		order = store.OrderTrending
	default:
		return Errorf(http.StatusBadRequest, "invalid_parameter", "sort must be latest or trending")
	}
	category := q.Get("category")
	if category != "" && !content.ValidSlug(category) {
		return errCategoryNotFound
	}
	key := "posts|" + category + "|" + order + "|" + strconv.Itoa(limit) + "|" + strconv.Itoa(page)
	return h.serveCached(w, r, b, key, func(ctx context.Context) (any, error) {
		f := store.FindPost{WorkspaceID: &b.Workspace.ID, Order: order, Limit: limit + 1, Offset: (page - 1) * limit,
			Light: true, PublishedBefore: store.Ptr(time.Now())}
		if category != "" {
			if _, err := h.Store.GetCategory(ctx, b.Workspace.ID, category); errors.Is(err, store.ErrNotFound) {
				return nil, errCategoryNotFound
			} else if err != nil {
				return nil, err
			}
			f.Category = &category
		}
		ps, err := h.Store.ListPosts(ctx, f)
		if err != nil {
			return nil, err
		}
		names, err := h.categoryNames(ctx, b.Workspace.ID)
		if err != nil {
			return nil, err
		}
		hasMore := len(ps) > limit
		if hasMore {
			ps = ps[:limit]
		}
		return map[string]any{"posts": summaries(b, ps, names), "page": page, "hasMore": hasMore}, nil
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
	var postID int64
	err = h.serveCached(w, r, b, "post|"+category+"|"+slug, func(ctx context.Context) (any, error) {
		p, err := h.Store.GetPost(ctx, store.FindPost{WorkspaceID: &b.Workspace.ID, Category: &category, Slug: &slug})
		if errors.Is(err, store.ErrNotFound) {
			return nil, errPostNotFound
		}
		if err != nil {
			return nil, err
		}
		names, err := h.categoryNames(ctx, b.Workspace.ID)
		if err != nil {
			return nil, err
		}
		related, err := h.Store.ListPosts(ctx, store.FindPost{WorkspaceID: &b.Workspace.ID, Category: &category,
			ExcludeSlug: &slug, Limit: 3, Light: true})
		if err != nil {
			return nil, err
		}
		return map[string]any{"post": PostJSON(b, p, names, false), "related": summaries(b, related, names)}, nil
	})
	if err != nil {
		return err
	}
	// The SPA asks with view=1 when it navigates to a post on its own (a
	// full page load was already counted by the HTML route).
	if r.URL.Query().Get("view") == "1" && !views.IsBot(r.UserAgent()) && h.Views != nil {
		if postID = h.Site.PostID(r.Context(), h.Cache, b, category, slug); postID != 0 {
			h.Views.Add(postID)
		}
	}
	return nil
}

// PostJSON is the full post as the API shows it.
func PostJSON(b *site.Blog, p *store.Post, names map[string]string, owner bool) contract.Post {
	out := contract.Post{PostSummary: summarize(b, p, names), Content: p.ContentHTML, MetaTitle: p.MetaTitle,
		MetaDescription: p.MetaDescription, CanonicalURL: b.URL(b.PostPath(p.Category, p.Slug))}
	if owner {
		out.RawContent, out.Banners = p.Content, toBanners(p.Banners)
	}
	return out
}

func (h *Handler) getBlog(w http.ResponseWriter, r *http.Request) error {
	b, err := h.Site.BySlug(r.Context(), r.PathValue("workspace"))
	if errors.Is(err, store.ErrNotFound) {
		err = errBlogNotFound
	}
	if err != nil {
		return err
	}
	return h.serveCached(w, r, b, "blog", func(ctx context.Context) (any, error) {
		set, err := h.Store.GetSettings(ctx, b.Workspace.ID)
		if errors.Is(err, store.ErrNotFound) {
			set, err = store.DefaultSettings(b.Workspace.ID, b.Workspace.Name), nil
		}
		if err != nil {
			return nil, err
		}
		cats, err := h.Store.ListCategories(ctx, b.Workspace.ID)
		if err == nil {
			cats, err = h.withCounts(ctx, b.Workspace.ID, cats)
		}
		if err != nil {
			return nil, err
		}
		return map[string]any{
			"workspace":  map[string]string{"name": b.Workspace.Name, "slug": b.Workspace.Slug},
			"settings":   toSettingsJSON(set),
			"categories": toCategoriesJSON(cats),
		}, nil
	})
}

func (h *Handler) subscribe(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Email     string `json:"email"`
		Workspace string `json:"workspace"`
	}
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	email, ok := content.NormalizeEmail(in.Email)
	if !ok {
		return Errorf(http.StatusBadRequest, "invalid_email", "Please enter a valid email address")
	}
	var wsID int64
	if in.Workspace != "" {
		b, err := h.Site.BySlug(r.Context(), in.Workspace)
		if err != nil {
			return errBlogNotFound
		}
		wsID = b.Workspace.ID
	}
	err := func() error { // no workspace named: the blog at this host's root (its custom domain's, else the site workspace)
		if wsID == 0 {
			b, err := h.blogFor(r)
			if err != nil {
				return err
			}
			wsID = b.Workspace.ID
		}
		return h.Store.CreateSubscriber(r.Context(), email, wsID)
	}()
	if errors.Is(err, store.ErrConflict) {
		return Errorf(http.StatusConflict, "already_subscribed", "This email is already on our list!")
	}
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, map[string]bool{"ok": true})
}
