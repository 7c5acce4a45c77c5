package api

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"github.com/inkpress/inkpress/internal/newsletter"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/views"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// Tagline is the site's tagline.
const Tagline = "Insights for the Modern Generation"

// The public reads: what a reader without a session may GET. Each is one
// function of the host, the path's wildcards and the query, in one table
// that answers both HTTP (Routes, through servePublic) and the server
// render (Read), so the two cannot differ.

// readRequest is a public read without HTTP: the host it is asked on (a
// custom domain serves its blog at "/"), the path's wildcards and the query.
type readRequest struct {
	host  string
	path  map[string]string
	query url.Values
}

// readFunc answers a public read with a value the API sends as JSON, or a
// *cache.Entry holding that JSON already.
type readFunc func(ctx context.Context, q readRequest) (any, error)

// publicRead is a route of the table.
type publicRead struct {
	pattern string // a GET pattern of http.ServeMux: "/api/posts/{category}/{slug}"
	read    readFunc
	// afterHTTP, when set, runs after a successful answer over HTTP only
	// (a post's page view); the server render never counts.
	afterHTTP func(r *http.Request, q readRequest)
	// uncached, when set, says whether this request is answered without the
	// cache (a search): over HTTP it then waits for its client's turn.
	uncached func(q readRequest) bool
}

// publicReads is the table: every path the server render may ask for.
// GET /api/preview/{id}/{token} is public but a private link's, never
// rendered on the server: it is a plain handler (Routes).
func (h *Handler) publicReads() []publicRead {
	return []publicRead{
		{pattern: "/api/site", read: h.readSite},
		{pattern: "/api/plans", read: readPlans},
		{pattern: "/api/categories", read: h.readCategories},
		{pattern: "/api/posts", read: h.readPosts, uncached: func(q readRequest) bool { return q.query.Has("q") }},
		{pattern: "/api/posts/{category}/{slug}", read: h.readPost, afterHTTP: h.countView},
		{pattern: "/api/blogs/{workspace}", read: h.readBlog},
		{pattern: "/api/authors/{slug}", read: h.readAuthor},
	}
}

// wildcards are the names of a pattern's {wildcards}, in order.
func wildcards(pattern string) []string {
	var names []string
	for _, seg := range strings.Split(pattern, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			names = append(names, seg[1:len(seg)-1])
		}
	}
	return names
}

// match matches an escaped path against a pattern as http.ServeMux does:
// segment by segment, each unescaped, a wildcard taking one non-empty
// segment. It returns the wildcards' values.
func match(pattern, escapedPath string) (map[string]string, bool) {
	want, got := strings.Split(pattern, "/"), strings.Split(escapedPath, "/")
	if len(want) != len(got) {
		return nil, false
	}
	params := map[string]string{}
	for i, w := range want {
		seg, err := url.PathUnescape(got[i])
		if err != nil {
			return nil, false
		}
		if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") {
			if seg == "" {
				return nil, false
			}
			params[w[1:len(w)-1]] = seg
		} else if seg != w {
			return nil, false
		}
	}
	return params, true
}

// movedError: the read is at another address now (a post whose slug or
// category changed): HTTP redirects there, Read answers from there.
type movedError struct{ path string }

func (e *movedError) Error() string { return "moved to " + e.path }

// servePublic answers a public read over HTTP.
func (h *Handler) servePublic(pr publicRead) http.Handler {
	names := wildcards(pr.pattern)
	return handle(func(w http.ResponseWriter, r *http.Request) error {
		q := readRequest{host: r.Host, path: make(map[string]string, len(names)), query: r.URL.Query()}
		for _, n := range names {
			q.path[n] = r.PathValue(n)
		}
		if pr.uncached != nil && h.Turns != nil && pr.uncached(q) {
			done, err := h.Turns.Work(r.Context(), h.clientAddr(r))
			if err != nil {
				return busy(err)
			}
			defer done()
		}
		v, err := pr.read(r.Context(), q)
		if mv := (*movedError)(nil); errors.As(err, &mv) {
			u := url.URL{Path: mv.path, RawQuery: r.URL.RawQuery}
			http.Redirect(w, r, u.String(), http.StatusMovedPermanently)
			return nil
		}
		if err != nil {
			return err
		}
		if e, ok := v.(*cache.Entry); ok {
			e.Write(w, r, "no-cache")
		} else {
			_ = WriteJSON(w, http.StatusOK, v)
		}
		if pr.afterHTTP != nil {
			pr.afterHTTP(r, q)
		}
		return nil
	})
}

// notFoundAnswer is the API's answer to a path it does not serve.
var notFoundAnswer = mustJSON(ErrorResponse{Error: Errorf(http.StatusNotFound, "not_found", "No such API endpoint")})

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// Read answers a public read for the server render (an ssr.Fetcher): path
// is an API path with its query ("/api/posts?limit=6"), asked on host by a
// reader without a session. It calls the read the HTTP route calls and
// encodes its answer to JSON once (a cached answer is JSON already): no
// request, no response writer, no middleware. The status and body are what
// the HTTP answer would hold; a moved post is answered from its new address,
// as a browser's fetch follows the redirect. Any path outside the table
// (the session, the owner's and admin's data, a preview) is 404. ctx bounds
// the read: the render passes its own deadline.
func (h *Handler) Read(ctx context.Context, host, path string) (status int, body []byte) {
	return h.readPath(ctx, host, path, 1)
}

func (h *Handler) readPath(ctx context.Context, host, path string, redirects int) (int, []byte) {
	u, err := url.Parse(path)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" {
		return http.StatusNotFound, notFoundAnswer
	}
	for _, pr := range h.publicReads() {
		params, ok := match(pr.pattern, u.EscapedPath())
		if !ok {
			continue
		}
		v, err := pr.read(ctx, readRequest{host: host, path: params, query: u.Query()})
		if mv := (*movedError)(nil); errors.As(err, &mv) && redirects > 0 {
			return h.readPath(ctx, host, (&url.URL{Path: mv.path, RawQuery: u.RawQuery}).String(), redirects-1)
		}
		if err != nil {
			return readError(ctx, path, err)
		}
		if e, ok := v.(*cache.Entry); ok {
			return http.StatusOK, e.Body
		}
		b, err := json.Marshal(v)
		if err != nil {
			return readError(ctx, path, err)
		}
		return http.StatusOK, b
	}
	return http.StatusNotFound, notFoundAnswer
}

// readError is WriteError for Read. A read cut short by the render's
// deadline is not logged: the render fails and says so.
func readError(ctx context.Context, path string, err error) (int, []byte) {
	e := toError(err)
	if e == nil {
		if ctx.Err() == nil {
			slog.ErrorContext(ctx, "internal error", "err", err, "method", http.MethodGet, "path", path, "for", "server render")
		}
		e = errInternal()
	}
	return e.Status, mustJSON(ErrorResponse{Error: e})
}

func (h *Handler) readSite(ctx context.Context, q readRequest) (any, error) {
	blog, err := h.rootBlogSlug(ctx, q.host)
	if err != nil {
		return nil, err
	}
	return contract.SiteInfo{Name: h.Config.SiteName, Tagline: Tagline, SiteWorkspace: h.Config.SiteWorkspace,
		BaseURL: h.Config.BaseURL, Blog: blog, AIProvider: contract.AIProvider(h.Config.AIProvider)}, nil
}

// rootBlogSlug is the slug of the workspace whose custom domain host is
// (its blog is served at "/" there), else "".
func (h *Handler) rootBlogSlug(ctx context.Context, host string) (string, error) {
	if blogaddr.CustomHost(host, h.Config.BaseURL) == "" {
		return "", nil
	}
	b, err := h.Site.Root(ctx, host)
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

func readPlans(context.Context, readRequest) (any, error) {
	ps := plan.Public()
	out := contract.PlansResponse{Plans: make([]contract.Plan, len(ps)), TrialDays: plan.TrialDays,
		TrialPosts: plan.TrialPosts, TrialImages: plan.TrialImages}
	for i, p := range ps {
		out.Plans[i] = contract.Plan(p)
	}
	return out, nil
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

// blogFor resolves ?workspace= (default: the blog at host's root).
func (h *Handler) blogFor(ctx context.Context, host string, query url.Values) (*blogaddr.Blog, error) {
	var (
		b   *blogaddr.Blog
		err error
	)
	if slug := query.Get("workspace"); slug != "" {
		b, err = h.Site.BySlug(ctx, slug)
	} else {
		b, err = h.Site.Root(ctx, host)
	}
	return b, notFound(err, errBlogNotFound)
}

// cached answers from the workspace's cache (a *cache.Entry), rendering
// JSON on a miss; over HTTP the entry is sent with ETag revalidation.
func (h *Handler) cached(ctx context.Context, b *blogaddr.Blog, key string, fill func(ctx context.Context) (any, error)) (any, error) {
	e, err := h.Cache.Get(b.Workspace.ID, "api:"+b.Origin+b.Prefix+"|"+key, func() (*cache.Entry, error) {
		v, err := fill(ctx)
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
		return nil, err
	}
	return e, nil
}

func (h *Handler) readCategories(ctx context.Context, q readRequest) (any, error) {
	b, err := h.blogFor(ctx, q.host, q.query)
	if err != nil {
		return nil, err
	}
	return h.cached(ctx, b, "categories", func(ctx context.Context) (any, error) {
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

func summarize(b *blogaddr.Blog, p *store.Post, names map[string]string) contract.PostSummary {
	tags := p.Tags
	if tags == nil {
		tags = []string{}
	}
	return contract.PostSummary{ID: p.ID, Title: p.Title, Slug: p.Slug, Category: p.Category, CategoryName: categoryName(names, p.Category),
		Excerpt: p.Excerpt, CoverImageURL: p.CoverImageURL, Tags: tags, TagSlugs: tagSlugs(tags), ReadMinutes: p.ReadMinutes, PublishedAt: p.PublishedAt,
		UpdatedAt: p.UpdatedAt, ViewCount: p.ViewCount, WorkspaceSlug: b.Workspace.Slug, URL: b.PostPath(p.Category, p.Slug),
		Status: contract.PostStatus(cmp.Or(p.Status, store.PostPublished)), Author: toAuthorJSON(b, p.Author)}
}

func summaries(b *blogaddr.Blog, ps []*store.Post, names map[string]string) []contract.PostSummary {
	out := make([]contract.PostSummary, len(ps))
	for i, p := range ps {
		out[i] = summarize(b, p, names)
	}
	return out
}

func intParam(r *http.Request, name string, def, min, max int) (int, error) {
	return intValue(r.URL.Query(), name, def, min, max)
}

// intValue is the query's number name, def when absent.
func intValue(query url.Values, name string, def, min, max int) (int, error) {
	v := query.Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		return 0, Errorf(http.StatusBadRequest, "invalid_parameter", "%s must be a number from %d to %d", name, min, max)
	}
	return n, nil
}

func (h *Handler) readPosts(ctx context.Context, rq readRequest) (any, error) {
	b, err := h.blogFor(ctx, rq.host, rq.query)
	if err != nil {
		return nil, err
	}
	query := rq.query
	q := reader.ListQuery{Category: query.Get("category"), Order: reader.Latest}
	if q.Limit, err = intValue(query, "limit", reader.DefaultPageSize, 1, reader.MaxPageSize); err != nil {
		return nil, err
	}
	if q.Page, err = intValue(query, "page", 1, 1, reader.MaxPage); err != nil {
		return nil, err
	}
	switch query.Get("sort") {
	case "", "latest":
	case "trending":
		q.Order = reader.Trending
	default:
		return nil, Errorf(http.StatusBadRequest, "invalid_parameter", "sort must be latest or trending")
	}
	if q.Category != "" && !content.ValidSlug(q.Category) {
		return nil, errCategoryNotFound
	}
	if query.Has("q") {
		return h.searchPosts(ctx, b, query.Get("q"), q) // search.go
	}
	if q.Tag = query.Get("tag"); q.Tag != "" && !content.ValidSlug(q.Tag) {
		return contract.PostsPage{Posts: []contract.PostSummary{}, Page: q.Page}, nil
	}
	key := "posts|" + q.Category + "|" + q.Tag + "|" + q.Order + "|" + strconv.Itoa(q.Limit) + "|" + strconv.Itoa(q.Page)
	return h.cached(ctx, b, key, func(ctx context.Context) (any, error) {
		l, err := h.Reader.List(ctx, b.Workspace.ID, q)
		if err != nil {
			return nil, notFound(err, errCategoryNotFound)
		}
		return contract.PostsPage{Posts: summaries(b, l.Posts, l.Names), Page: l.Page, HasMore: l.HasMore}, nil
	})
}

// validPostPath: the category and slug can name a post.
func validPostPath(category, slug string) bool {
	return content.ValidSlug(category) && len(slug) <= 200 && !strings.ContainsAny(slug, "/\x00")
}

func (h *Handler) readPost(ctx context.Context, q readRequest) (any, error) {
	b, err := h.blogFor(ctx, q.host, q.query)
	if err != nil {
		return nil, err
	}
	category, slug := q.path["category"], q.path["slug"]
	if !validPostPath(category, slug) {
		return nil, errPostNotFound
	}
	v, err := h.cached(ctx, b, "post|"+category+"|"+slug, func(ctx context.Context) (any, error) {
		a, err := h.Reader.Article(ctx, b.Workspace.ID, category, slug)
		if err != nil {
			return nil, notFound(err, errPostNotFound)
		}
		return contract.PostResponse{Post: PostJSON(b, a.Post, a.Names, false), Related: summaries(b, a.Related, a.Names)}, nil
	})
	if errors.Is(err, errPostNotFound) {
		// A post whose slug or category changed: its new address.
		if to, merr := h.Reader.Moved(ctx, b.Workspace.ID, category, slug); merr == nil {
			return nil, &movedError{path: "/api/posts/" + to.Category + "/" + to.Slug}
		}
	}
	return v, err
}

// countView counts a post's page view: the SPA asks with view=1 when it
// navigates to a post on its own (a full page load was already counted by
// the HTML route).
func (h *Handler) countView(r *http.Request, q readRequest) {
	if q.query.Get("view") != "1" || views.IsBot(r.UserAgent()) || h.Views == nil {
		return
	}
	b, err := h.blogFor(r.Context(), q.host, q.query)
	if err != nil {
		return
	}
	if id := h.Reader.PostID(r.Context(), b.Workspace.ID, q.path["category"], q.path["slug"]); id != 0 {
		h.Views.Add(id, h.Config.ClientKey(r.RemoteAddr, r.Header.Get("X-Forwarded-For")), r.UserAgent())
	}
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
		p.Author, _ = h.Reader.AuthorByID(r.Context(), p.WorkspaceID, p.AuthorID) // a byline is not worth failing the preview
	}
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	return WriteJSON(w, http.StatusOK, contract.PreviewResponse{Post: PostJSON(b, p, names, false),
		Blog: contract.BlogWorkspace{Name: b.Workspace.Name, Slug: b.Workspace.Slug}, Settings: toPublicSettingsJSON(set)})
}

// PostJSON is the full post as the API shows it.
func PostJSON(b *blogaddr.Blog, p *store.Post, names map[string]string, owner bool) contract.Post {
	out := contract.Post{PostSummary: summarize(b, p, names), Content: p.ContentHTML, MetaTitle: p.MetaTitle,
		MetaDescription: p.MetaDescription, CanonicalURL: b.URL(b.PostPath(p.Category, p.Slug))}
	if owner {
		out.RawContent, out.Banners, out.CoverAlt = p.Content, toBanners(p.Banners), p.CoverAlt
		out.Newsletter, out.NewsletterNote = contract.PostNewsletter(p.Newsletter), newsletter.OwnerNote(p.NewsletterNote)
		out.NewsletterRecipients = p.NewsletterRecipients
		if p.Status == store.PostScheduled {
			out.PublishAt = &p.PublishedAt
		}
	}
	return out
}

func (h *Handler) readBlog(ctx context.Context, q readRequest) (any, error) {
	b, err := h.Site.BySlug(ctx, q.path["workspace"])
	if err != nil {
		return nil, notFound(err, errBlogNotFound)
	}
	return h.cached(ctx, b, "blog", func(ctx context.Context) (any, error) {
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
			Brand:      h.blogBrand(b, br, bl.Settings),
		}, nil
	})
}
