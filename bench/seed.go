package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/ai/builtin"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/demo"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
)

// siteWorkspace is the server's default INKPRESS_SITE_WORKSPACE.
const siteWorkspace = "site"

// bodyTemplate is one derived ~800-word article that seeded posts reuse, so
// seeding costs inserts, not sanitising.
type bodyTemplate struct {
	post store.Post
	slug string
}

var topics = []struct {
	topic    string
	keywords []string
}{
	{"Building a content calendar that survives a busy quarter", []string{"content calendar", "social media"}},
	{"A beginner's first week on the keto diet", []string{"keto diet", "electrolytes"}},
	{"Strength training basics for busy professionals", []string{"strength training", "progressive overload"}},
	{"Choosing an AI writing assistant for your blog", []string{"AI writing", "workflow"}},
	{"Turning one blog post into a week of social media content", []string{"repurposing", "hashtags"}},
	{"Reading nutrition labels for hidden carbs", []string{"net carbs", "labels"}},
	{"Why recovery days make you stronger", []string{"recovery", "sleep"}},
	{"RSS feeds are the quiet engine of social scheduling", []string{"RSS", "automation"}},
	{"Affiliate marketing disclosures that build trust", []string{"affiliate marketing", "trust"}},
	{"Speeding up your website for readers on mobile", []string{"page speed", "mobile"}},
}

// deriveBodies writes n distinct short (~800-word) articles with the builtin
// AI writer and derives them once with posts.Derive.
func deriveBodies(ctx context.Context, n int) ([]bodyTemplate, error) {
	w := builtin.New()
	out := make([]bodyTemplate, 0, n)
	for i := range n {
		t := topics[i%len(topics)]
		art, err := w.Write(ctx, ai.WriteRequest{Topic: t.topic, InputMode: ai.ModeTitle, Keywords: t.keywords,
			Tone: ai.Tones()[i%3], Length: ai.LengthShort})
		if err != nil {
			return nil, err
		}
		p := store.Post{Title: art.Title, Content: art.HTML, MetaDescription: art.MetaDescription, Tags: art.Tags}
		posts.Derive(&p)
		out = append(out, bodyTemplate{post: p, slug: content.Slugify(p.Title)})
	}
	return out, nil
}

// seedInfo describes the seeded database in the report.
type seedInfo struct {
	Workspaces        int     `json:"workspaces"`
	PostsPerWorkspace int     `json:"postsPerWorkspace"`
	SitePosts         int     `json:"sitePosts"`
	TotalPosts        int     `json:"totalPosts"`
	DistinctBodies    int     `json:"distinctBodies"`
	WordsPerPost      int     `json:"wordsPerPost"`
	SeedSeconds       float64 `json:"seedSeconds"`
}

// seeded is what the load needs to know about the seeded database.
type seeded struct {
	info seedInfo
	// pagePaths are site post pages spread over the whole workspace.
	pagePaths []string
}

// seedMain creates the site workspace with its posts and the ws-N
// workspaces with theirs, all through the store (store.CreatePost).
func seedMain(ctx context.Context, db *database, o options, bodies []bodyTemplate) (*seeded, error) {
	start := time.Now()
	defer db.closeStore()
	s := db.store
	now := time.Now().UTC()
	site, err := demo.EnsureSiteWorkspace(ctx, s, siteWorkspace, "InkPress")
	if err != nil {
		return nil, err
	}
	sitePosts := newPosts(bodies, site.ID, siteCategories(), o.sitePosts, now)
	workers := 1 // SQLite has one writer: more goroutines only wait for the lock
	if db.kind == "postgres" {
		workers = 8 // PostgreSQL flushes concurrent commits together
	}
	if err := createPosts(ctx, s, sitePosts, workers); err != nil {
		return nil, err
	}
	for i := 1; i <= o.workspaces; i++ {
		if err := seedWorkspace(ctx, s, i, o.posts, bodies, now, workers); err != nil {
			return nil, err
		}
	}
	if err := db.settle(ctx); err != nil {
		return nil, err
	}
	return &seeded{
		info: seedInfo{Workspaces: o.workspaces, PostsPerWorkspace: o.posts, SitePosts: o.sitePosts,
			TotalPosts: o.sitePosts + o.workspaces*o.posts, DistinctBodies: len(bodies),
			WordsPerPost: bodies[0].post.WordCount, SeedSeconds: time.Since(start).Seconds()},
		pagePaths: spread(pagePaths(sitePosts), 50),
	}, nil
}

// seedScale fills a fresh database with n site posts through one bulk
// INSERT per 100 rows: 100k CreatePost round trips would dominate the run.
func seedScale(ctx context.Context, db *database, n int, bodies []bodyTemplate) ([]string, error) {
	defer db.closeStore()
	site, err := demo.EnsureSiteWorkspace(ctx, db.store, siteWorkspace, "InkPress")
	if err != nil {
		return nil, err
	}
	ps := newPosts(bodies, site.ID, siteCategories(), n, time.Now().UTC())
	if err := bulkInsert(ctx, db.store.SQL(), ps); err != nil {
		return nil, err
	}
	return pagePaths(ps), db.settle(ctx)
}

var workspaceCategories = []struct{ slug, name string }{
	{"news", "News"}, {"guides", "Guides"}, {"reviews", "Reviews"}, {"ideas", "Ideas"},
}

// seedWorkspace creates workspace ws-i with four categories and n posts.
func seedWorkspace(ctx context.Context, s store.Store, i, n int, bodies []bodyTemplate, now time.Time, workers int) error {
	id, cats, err := createBlog(ctx, s, i)
	if err != nil {
		return err
	}
	return createPosts(ctx, s, newPosts(bodies, id, cats, n, now), workers)
}

// createBlog creates workspace ws-i (a blog at /blog/ws-i) with four
// categories and returns its id and the categories' slugs.
func createBlog(ctx context.Context, s store.Store, i int) (int64, []string, error) {
	name := "Workspace " + strconv.Itoa(i)
	set := store.DefaultSettings(0, name)
	set.BlogDescription, set.OnboardingCompleted = "Benchmark blog number "+strconv.Itoa(i)+".", true
	ws, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: name, Slug: blogSlug(i),
		PlanTier: store.PlanProfessional, Settings: set})
	if err != nil {
		return 0, nil, fmt.Errorf("workspace %d: %w", i, err)
	}
	slugs := make([]string, 0, len(workspaceCategories))
	for _, c := range workspaceCategories {
		if err := s.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: c.name, Slug: c.slug,
			Description: c.name + " from " + name, ColorHex: "#6366f1"}); err != nil {
			return 0, nil, err
		}
		slugs = append(slugs, c.slug)
	}
	return ws.ID, slugs, nil
}

func blogSlug(i int) string { return "ws-" + strconv.Itoa(i) }

// seedBlogs creates blogs ws-1..ws-{blogs} through the store, each with
// four categories, and perBlog posts in each, inserted in bulk as
// seedScale does. It returns the post pages' paths (/blog/ws-N/{category}/{slug}),
// blog by blog.
func seedBlogs(ctx context.Context, db *database, blogs, perBlog int, bodies []bodyTemplate) ([]string, error) {
	defer db.closeStore()
	now := time.Now().UTC()
	ps := make([]*store.Post, 0, blogs*perBlog)
	paths := make([]string, 0, blogs*perBlog)
	for i := 1; i <= blogs; i++ {
		id, cats, err := createBlog(ctx, db.store, i)
		if err != nil {
			return nil, err
		}
		blog := newPosts(bodies, id, cats, perBlog, now)
		ps = append(ps, blog...)
		for _, p := range pagePaths(blog) {
			paths = append(paths, "/blog/"+blogSlug(i)+p)
		}
	}
	if err := bulkInsert(ctx, db.store.SQL(), ps); err != nil {
		return nil, err
	}
	return paths, db.settle(ctx)
}

func siteCategories() []string {
	out := make([]string, len(demo.SiteCategories))
	for i, c := range demo.SiteCategories {
		out[i] = c.Slug
	}
	return out
}

// newPosts builds n posts from the templates with distinct titles and
// slugs, categories in turn, one published every 47 minutes back from now
// and varied view counts.
func newPosts(bodies []bodyTemplate, wsID int64, cats []string, n int, now time.Time) []*store.Post {
	out := make([]*store.Post, n)
	for i := range out {
		t := &bodies[i%len(bodies)]
		p := t.post // shares the body strings: no copy of the content
		p.WorkspaceID, p.Category = wsID, cats[i%len(cats)]
		p.Title = t.post.Title + ", part " + strconv.Itoa(i+1)
		p.MetaTitle = p.Title
		p.Slug = t.slug + "-" + strconv.Itoa(i+1)
		p.PublishedAt = now.Add(-time.Duration(i+1) * 47 * time.Minute)
		p.UpdatedAt = p.PublishedAt
		p.ViewCount = int64(i * 7919 % 5000)
		p.CoverImageURL = "/media/" + strconv.FormatInt(wsID, 10) + "/covers/bench-" + strconv.Itoa(i%len(bodies)) + ".png"
		p.CoverImageType, p.CoverImageSize = "image/png", 61234
		out[i] = &p
	}
	return out
}

func pagePaths(ps []*store.Post) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = "/" + p.Category + "/" + p.Slug
	}
	return out
}

// spread picks n items evenly across list, so loads touch old and new rows.
func spread(list []string, n int) []string {
	if n >= len(list) {
		return list
	}
	out := make([]string, n)
	for i := range out {
		out[i] = list[i*len(list)/n]
	}
	return out
}

// createPosts inserts ps with store.CreatePost on a few goroutines.
func createPosts(ctx context.Context, s store.Store, ps []*store.Post, workers int) error {
	work := make(chan *store.Post)
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for p := range work {
				if err := s.CreatePost(ctx, p); err != nil {
					errs <- fmt.Errorf("post %s: %w", p.Slug, err)
					return
				}
			}
		})
	}
	var err error
feed:
	for _, p := range ps {
		select {
		case work <- p:
		case err = <-errs:
			break feed
		}
	}
	close(work)
	wg.Wait()
	if err == nil && len(errs) > 0 {
		err = <-errs
	}
	return err
}

// postColumns are blog_posts' columns as store.CreatePost writes them.
const postColumns = `workspace_id, category, title, slug, content, content_html, excerpt, cover_image_url,
	cover_image_type, cover_image_size, meta_title, meta_description, tags, banners, read_minutes, word_count,
	published_at, updated_at, view_count`

// bulkInsert writes ps in transactions of 5,000 rows, 100 rows per INSERT.
func bulkInsert(ctx context.Context, db *sql.DB, ps []*store.Post) error {
	const rowsPerInsert, rowsPerTx = 100, 5000
	for len(ps) > 0 {
		n := min(len(ps), rowsPerTx)
		if err := insertTx(ctx, db, ps[:n], rowsPerInsert); err != nil {
			return err
		}
		ps = ps[n:]
	}
	return nil
}

func insertTx(ctx context.Context, db *sql.DB, ps []*store.Post, perInsert int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	for len(ps) > 0 {
		n := min(len(ps), perInsert)
		q, args := insertStatement(ps[:n])
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return err
		}
		ps = ps[n:]
	}
	return tx.Commit()
}

// insertStatement is one multi-row INSERT with $n placeholders (both
// databases accept them).
func insertStatement(ps []*store.Post) (string, []any) {
	var b strings.Builder
	b.WriteString("INSERT INTO blog_posts (" + postColumns + ") VALUES ")
	args := make([]any, 0, len(ps)*19)
	for i, p := range ps {
		if i > 0 {
			b.WriteString(", ")
		}
		tags := "[]"
		if len(p.Tags) > 0 {
			js, _ := json.Marshal(p.Tags)
			tags = string(js)
		}
		row := []any{p.WorkspaceID, p.Category, p.Title, p.Slug, p.Content, p.ContentHTML, p.Excerpt,
			p.CoverImageURL, p.CoverImageType, p.CoverImageSize, p.MetaTitle, p.MetaDescription, tags, "[]",
			p.ReadMinutes, p.WordCount, p.PublishedAt.UnixMilli(), p.UpdatedAt.UnixMilli(), p.ViewCount}
		b.WriteByte('(')
		for j, v := range row {
			if j > 0 {
				b.WriteString(", ")
			}
			args = append(args, v)
			b.WriteString("$" + strconv.Itoa(len(args)))
		}
		b.WriteByte(')')
	}
	return b.String(), args
}

// blogSite is a fresh database of blogs ws-1..ws-N (seedBlogs) and a
// server on it.
type blogSite struct {
	db          *database
	srv         *process
	paths       []string // the post pages' paths
	seedSeconds float64
}

// openSite seeds a fresh database (named name) with blogs x perBlog posts
// and starts a server on it.
func openSite(ctx context.Context, o options, tmp, name string, blogs, perBlog int, bodies []bodyTemplate,
	rep *report) (*blogSite, error) {
	db, err := freshDatabase(ctx, o.db, tmp, name)
	if err != nil {
		return nil, err
	}
	if rep.DB == "" {
		rep.DB = db.kind
	}
	start := time.Now()
	paths, err := seedBlogs(ctx, db, blogs, perBlog, bodies)
	if err != nil {
		db.drop()
		return nil, fmt.Errorf("seed: %w", err)
	}
	took := time.Since(start)
	fmt.Printf("  seeded %d blogs x %d posts in %s\n", blogs, perBlog, took.Round(10*time.Millisecond))
	srv, err := startServer(ctx, o, db.url, tmp, "")
	if err != nil {
		db.drop()
		return nil, err
	}
	return &blogSite{db: db, srv: srv, paths: paths, seedSeconds: took.Seconds()}, nil
}

// close stops the server and drops the database.
func (s *blogSite) close() {
	s.srv.stop()
	s.db.drop()
}
