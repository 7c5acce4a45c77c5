package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// deskPost is the owner's view of a post as the desk endpoints answer it.
type deskPost struct {
	Post contract.Post `json:"post"`
}

// write creates a post by hand and returns it.
func (c *ownerClient) write(in map[string]any) contract.Post {
	c.t.Helper()
	var out deskPost
	c.mustJSON(http.MethodPost, "/api/workspace/posts", in, http.StatusCreated, &out)
	return out.Post
}

func (c *ownerClient) patch(id int64, in map[string]any) contract.Post {
	c.t.Helper()
	var out deskPost
	c.mustJSON(http.MethodPatch, fmt.Sprintf("/api/workspace/posts/%d", id), in, http.StatusOK, &out)
	return out.Post
}

func handPost(title, status string) map[string]any {
	return map[string]any{"title": title, "content": "<h2>Why</h2><p>" + title + " explained in a few words.</p>",
		"category": "keto", "tags": []string{"diet"}, "status": status}
}

// surfaces reports on which reader surfaces of the blog a post is seen.
func surfaces(t *testing.T, anon *apptest.Client, ws string, p contract.Post, other contract.Post) map[string]bool {
	t.Helper()
	seen := map[string]bool{}
	seen["page"] = anon.Get("/blog/"+ws+"/keto/"+p.Slug).StatusCode == http.StatusOK
	seen["api"] = anon.Get("/api/posts/keto/"+p.Slug+"?workspace="+ws).StatusCode == http.StatusOK
	seen["feed"] = strings.Contains(string(anon.Get("/blog/"+ws+"/feed.xml").Body), p.Title)
	seen["sitemap"] = strings.Contains(string(anon.Get("/blog/"+ws+"/sitemap.xml").Body), "/"+p.Slug)
	seen["list"] = strings.Contains(string(anon.Get("/api/posts?workspace="+ws).Body), p.Title)
	seen["trending"] = strings.Contains(string(anon.Get("/api/posts?sort=trending&workspace="+ws).Body), p.Title)
	seen["related"] = strings.Contains(string(anon.Get("/api/posts/keto/"+other.Slug+"?workspace="+ws).Body), p.Title)
	seen["home page"] = strings.Contains(string(anon.Get("/blog/"+ws).Body), p.Title)
	seen["category page"] = strings.Contains(string(anon.Get("/blog/"+ws+"/keto").Body), p.Title)
	return seen
}

// categoryCount is the public post count of the blog's keto category.
func categoryCount(t *testing.T, anon *apptest.Client, ws string) int {
	t.Helper()
	var b contract.BlogResponse
	anon.Get("/api/blogs/"+ws).JSON(t, &b)
	for _, c := range b.Categories {
		if c.Slug == "keto" {
			return c.PostCount
		}
	}
	t.Fatalf("no keto category in %+v", b.Categories)
	return 0
}

func TestDraftsAndScheduledPostsAreSeenOnNoReaderSurface(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Olivia", "olivia@example.com", "keto")
		ws := c.ws.Slug
		anon := e.app.Client(t)
		other := c.write(handPost("Always There", "published"))
		posts := map[string]contract.Post{
			"draft":     c.write(handPost("Secret Draft", "draft")),
			"scheduled": c.write(map[string]any{"title": "Tomorrow's News", "content": "<p>Soon.</p>", "category": "keto", "status": "scheduled", "publishAt": time.Now().Add(time.Hour)}),
			"published": c.write(handPost("Live Post", "published")),
		}
		for status, p := range posts {
			if string(p.Status) != status {
				t.Fatalf("%s post has status %q", status, p.Status)
			}
			for surface, seen := range surfaces(t, anon, ws, p, other) {
				if want := status == "published"; seen != want {
					t.Errorf("%s post on %s: seen %v, want %v", status, surface, seen, want)
				}
			}
		}
		if n := categoryCount(t, anon, ws); n != 2 {
			t.Errorf("category count = %d, want 2 (the published posts only)", n)
		}

		// Unpublishing hides a post everywhere at once (the caches drop);
		// publishing the draft shows it everywhere.
		c.patch(posts["published"].ID, map[string]any{"status": "draft"})
		c.patch(posts["draft"].ID, map[string]any{"status": "published"})
		for surface, seen := range surfaces(t, anon, ws, posts["published"], other) {
			if seen {
				t.Errorf("unpublished post still on %s", surface)
			}
		}
		for surface, seen := range surfaces(t, anon, ws, posts["draft"], other) {
			if !seen {
				t.Errorf("published draft missing from %s", surface)
			}
		}
		if n := categoryCount(t, anon, ws); n != 2 {
			t.Errorf("category count after the swap = %d, want 2", n)
		}

		// The owner sees every status, and filters by one.
		var list contract.OwnerPostsResponse
		c.mustJSON(http.MethodGet, "/api/workspace/posts?status=draft", nil, http.StatusOK, &list)
		if list.Total != 1 || list.Posts[0].Title != "Live Post" || list.Posts[0].Status != contract.PostDraft {
			t.Errorf("drafts = %+v", list)
		}
		c.mustJSON(http.MethodGet, "/api/workspace/posts", nil, http.StatusOK, &list)
		if list.Total != 4 {
			t.Errorf("all posts = %d, want 4", list.Total)
		}
		// "As readers see them": the published posts only, counted as the blog counts them.
		c.mustJSON(http.MethodGet, "/api/workspace/posts?status=public", nil, http.StatusOK, &list)
		if list.Total != 2 || len(list.Posts) != 2 {
			t.Errorf("public posts = %+v, want the 2 published", list)
		}
		for _, p := range list.Posts {
			if p.Status != contract.PostPublished {
				t.Errorf("public list holds %q (%s)", p.Title, p.Status)
			}
		}
		c.mustFail(http.MethodGet, "/api/workspace/posts?status=live", nil, http.StatusBadRequest, "invalid_parameter")
		var dash contract.WorkspaceResponse
		c.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &dash)
		if dash.Drafts != 1 {
			t.Errorf("dashboard drafts = %d, want 1", dash.Drafts)
		}
		// Writing by hand used no AI quota.
		if u := c.usage(); u.PostsGenerated != 0 {
			t.Errorf("hand-written posts counted %d generations", u.PostsGenerated)
		}
	})
}

// TestScheduledPostsPublishOnceAcrossInstances runs two app instances on
// one database: each scheduler run publishes what is due, and every post
// is published by exactly one of them.
func TestScheduledPostsPublishOnceAcrossInstances(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		// Instances share the database and, on SQLite, the data directory.
		second := apptest.Start(t, e.app.Config.DatabaseURL, apptest.Env("INKPRESS_DATA_DIR", e.app.Config.DataDir))
		c := e.owner("Olivia", "olivia@example.com", "keto")
		anon := e.app.Client(t)
		const n = 20
		var ids []int64
		for i := 0; i < n; i++ {
			p := c.write(map[string]any{"title": fmt.Sprintf("Due post %d", i), "content": "<p>Soon.</p>", "category": "keto",
				"status": "scheduled", "publishAt": time.Now().Add(time.Hour)})
			ids = append(ids, p.ID)
		}
		// Warm the blog's cached home page, then make the posts due.
		if strings.Contains(string(anon.Get("/blog/"+c.ws.Slug).Body), "Due post") {
			t.Fatal("scheduled posts on the blog before their time")
		}
		ctx := context.Background()
		for _, id := range ids {
			p, err := e.store.GetPost(ctx, store.FindPost{ID: &id})
			if err != nil {
				t.Fatal(err)
			}
			p.PublishedAt = time.Now().Add(-time.Second)
			if err := e.store.UpdatePost(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		type result struct {
			got []store.Published
			err error
		}
		results := make(chan result, 2)
		for _, a := range []*apptest.App{e.app, second} {
			go func() {
				got, err := a.Posts.PublishDue(ctx)
				results <- result{got, err}
			}()
		}
		seen := map[int64]int{}
		for range 2 {
			r := <-results
			if r.err != nil {
				t.Fatal(r.err)
			}
			for _, p := range r.got {
				seen[p.ID]++
			}
		}
		for _, id := range ids {
			if seen[id] != 1 {
				t.Errorf("post %d published %d times, want once", id, seen[id])
			}
		}
		// Nothing is due any more, and the blog shows them: the publishing
		// instance dropped its cached page and told the other one, which
		// hears of it on its next poll of changed workspaces.
		if again, err := second.Posts.PublishDue(ctx); err != nil || len(again) != 0 {
			t.Errorf("second run published %d (%v), want none", len(again), err)
		}
		deadline := time.Now().Add(time.Minute)
		for !strings.Contains(string(anon.Get("/blog/"+c.ws.Slug).Body), "Due post 19") {
			if time.Now().After(deadline) {
				t.Fatal("published posts missing from the blog's home page")
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
}

func TestChangedAddressesRedirectToTheNewOne(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Olivia", "olivia@example.com", "keto", "fitness")
		ws := c.ws.Slug
		anon := e.app.Client(t)
		p := c.write(handPost("Moving Post", "published"))
		old := "/blog/" + ws + "/keto/" + p.Slug
		if anon.Get(old).StatusCode != http.StatusOK {
			t.Fatal("post not live")
		}
		p = c.patch(p.ID, map[string]any{"slug": "Moved Here"})
		if p.Slug != "moved-here" {
			t.Fatalf("slug = %q, want moved-here", p.Slug)
		}
		p = c.patch(p.ID, map[string]any{"category": "fitness"})
		now := "/blog/" + ws + "/fitness/moved-here"
		for _, from := range []string{old, "/blog/" + ws + "/keto/moved-here"} {
			r := anon.Get(from)
			if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != now {
				t.Errorf("GET %s = %d to %q, want 301 to %s", from, r.StatusCode, r.Header.Get("Location"), now)
			}
		}
		if r := anon.Get(now); r.StatusCode != http.StatusOK {
			t.Errorf("new address = %d", r.StatusCode)
		}
		r := anon.Get("/api/posts/keto/" + strings.TrimPrefix(old, "/blog/"+ws+"/keto/") + "?workspace=" + ws)
		if r.StatusCode != http.StatusMovedPermanently || !strings.HasPrefix(r.Header.Get("Location"), "/api/posts/fitness/moved-here?") {
			t.Errorf("API old address = %d to %q", r.StatusCode, r.Header.Get("Location"))
		}
		// A draft's old address is never public: no redirect once unpublished.
		c.patch(p.ID, map[string]any{"status": "draft"})
		if r := anon.Get(old); r.StatusCode != http.StatusNotFound {
			t.Errorf("old address of an unpublished post = %d, want 404", r.StatusCode)
		}
		// Another workspace's addresses are its own.
		other := e.owner("Oscar", "oscar@example.com", "keto")
		if r := anon.Get("/blog/" + other.ws.Slug + "/keto/" + strings.TrimPrefix(old, "/blog/"+ws+"/keto/")); r.StatusCode != http.StatusNotFound {
			t.Errorf("another blog redirected: %d", r.StatusCode)
		}
	})
}

func TestRevisionsKeepEverySavedVersion(t *testing.T) {
	t.Parallel()
	e := newOwnerEnv(t, "", nil, nil)
	c := e.owner("Olivia", "olivia@example.com", "keto")
	p := c.write(handPost("First Title", "draft"))
	c.patch(p.ID, map[string]any{"title": "Second Title"})
	c.patch(p.ID, map[string]any{"content": "<p>Third body.</p>"})
	c.patch(p.ID, map[string]any{"tags": []string{"x"}}) // no title or body change: no revision
	var revs contract.RevisionsResponse
	c.mustJSON(http.MethodGet, fmt.Sprintf("/api/workspace/posts/%d/revisions", p.ID), nil, http.StatusOK, &revs)
	if len(revs.Revisions) != 3 || revs.Revisions[0].Title != "Second Title" || revs.Revisions[2].Title != "First Title" {
		t.Fatalf("revisions = %+v", revs.Revisions)
	}
	first := revs.Revisions[2]
	var out deskPost
	c.mustJSON(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/revisions/%d/restore", p.ID, first.ID), nil, http.StatusOK, &out)
	if out.Post.Title != "First Title" || !strings.Contains(out.Post.RawContent, "First Title explained") {
		t.Errorf("restored = %q %q", out.Post.Title, out.Post.RawContent)
	}
	c.mustJSON(http.MethodGet, fmt.Sprintf("/api/workspace/posts/%d/revisions", p.ID), nil, http.StatusOK, &revs)
	if len(revs.Revisions) != 4 || revs.Revisions[0].Title != "First Title" {
		t.Errorf("the restore is not the newest revision: %+v", revs.Revisions)
	}

	// Another post's revision, another workspace's post: not found, nothing changes.
	q := c.write(handPost("Other Post", "draft"))
	c.mustFail(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/revisions/%d/restore", q.ID, first.ID), nil, http.StatusNotFound, "revision_not_found")
	intruder := e.owner("Mallory", "mallory@example.com", "keto")
	intruder.mustFail(http.MethodGet, fmt.Sprintf("/api/workspace/posts/%d/revisions", p.ID), nil, http.StatusNotFound, "post_not_found")
	intruder.mustFail(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/revisions/%d/restore", p.ID, first.ID), nil, http.StatusNotFound, "post_not_found")

	// Only the newest revisions are kept: as many as the plan says.
	keep := plan.Get(store.PlanStarter).Posts().Revisions
	for i := 0; i < keep+5; i++ {
		c.patch(q.ID, map[string]any{"title": fmt.Sprintf("Take %d", i)})
	}
	c.mustJSON(http.MethodGet, fmt.Sprintf("/api/workspace/posts/%d/revisions", q.ID), nil, http.StatusOK, &revs)
	if len(revs.Revisions) != keep || revs.Revisions[0].Title != fmt.Sprintf("Take %d", keep+4) {
		t.Errorf("kept %d revisions, newest %q", len(revs.Revisions), revs.Revisions[0].Title)
	}
}

func TestPreviewLinks(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Olivia", "olivia@example.com", "keto")
		p := c.write(handPost("Unseen Draft", "draft"))
		if p.PreviewURL == "" || p.PreviewExpiresAt == nil || p.PreviewExpiresAt.Before(time.Now().Add(6*24*time.Hour)) {
			t.Fatalf("preview = %q until %v", p.PreviewURL, p.PreviewExpiresAt)
		}
		path := strings.TrimPrefix(p.PreviewURL, "http://blog.test")
		anon := e.app.Client(t) // no session: a reviewer
		r := anon.Get(path)
		body := string(r.Body)
		if r.StatusCode != http.StatusOK || !strings.Contains(body, "Unseen Draft") || !strings.Contains(body, `<meta name="robots" content="noindex">`) ||
			r.Header.Get("X-Robots-Tag") == "" || !strings.Contains(r.Header.Get("Cache-Control"), "no-store") {
			t.Fatalf("preview page = %d %v: %.300s", r.StatusCode, r.Header, body)
		}
		api := anon.Get("/api" + path)
		var pr contract.PreviewResponse
		api.JSON(t, &pr)
		if api.StatusCode != http.StatusOK || pr.Post.Title != "Unseen Draft" || pr.Blog.Slug != c.ws.Slug {
			t.Errorf("preview API = %d %+v", api.StatusCode, pr.Blog)
		}
		// Opening the preview counts no view.
		got, _ := e.store.GetPost(context.Background(), store.FindPost{ID: &p.ID})
		if got.ViewCount != 0 {
			t.Errorf("preview counted %d views", got.ViewCount)
		}

		// The same link is given while it lasts; a token of another post,
		// another workspace's post or a made-up one opens nothing.
		again := c.patch(p.ID, map[string]any{"title": "Unseen Draft 2"})
		if again.PreviewURL != p.PreviewURL {
			t.Errorf("preview link changed on save: %q", again.PreviewURL)
		}
		q := c.write(handPost("Second Draft", "draft"))
		other := e.owner("Oscar", "oscar@example.com", "keto")
		o := other.write(handPost("Oscar Draft", "draft"))
		token := path[strings.LastIndex(path, "/")+1:]
		for _, bad := range []string{
			fmt.Sprintf("/preview/%d/%s", q.ID, token),
			fmt.Sprintf("/preview/%d/%s", o.ID, token),
			fmt.Sprintf("/preview/%d/%s", p.ID, strings.Repeat("A", len(token))),
			fmt.Sprintf("/preview/%d/short", p.ID), "/preview/x/" + token,
		} {
			if r := anon.Get(bad); r.StatusCode != http.StatusNotFound || strings.Contains(string(r.Body), "Draft") {
				t.Errorf("GET %s = %d", bad, r.StatusCode)
			}
			if r := anon.Get("/api" + bad); r.StatusCode != http.StatusNotFound {
				t.Errorf("GET /api%s = %d", bad, r.StatusCode)
			}
		}
		// An expired link opens nothing; the owner then gets a fresh one.
		if err := e.store.SetPostPreview(context.Background(), c.ws.ID, p.ID, token, time.Now().Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		if r := anon.Get(path); r.StatusCode != http.StatusNotFound {
			t.Errorf("expired preview = %d", r.StatusCode)
		}
		var fresh deskPost
		c.mustJSON(http.MethodGet, fmt.Sprintf("/api/workspace/posts/%d", p.ID), nil, http.StatusOK, &fresh)
		if fresh.Post.PreviewURL == p.PreviewURL {
			t.Error("expired preview link handed out again")
		}
		if r := anon.Get(strings.TrimPrefix(fresh.Post.PreviewURL, "http://blog.test")); r.StatusCode != http.StatusOK {
			t.Errorf("fresh preview = %d", r.StatusCode)
		}
	})
}

// "New link" ends the post's preview link at once and hands out another;
// only the post's owner may, and another's or a missing post is a 404.
func TestNewPreviewLinkEndsTheOldOne(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Olivia", "olivia@example.com", "keto")
		p := c.write(handPost("Shared Draft", "draft"))
		old := strings.TrimPrefix(p.PreviewURL, "http://blog.test")
		anon := e.app.Client(t)
		if r := anon.Get(old); r.StatusCode != http.StatusOK {
			t.Fatalf("preview before = %d", r.StatusCode)
		}
		var next deskPost
		c.mustJSON(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/preview", p.ID), nil, http.StatusOK, &next)
		if next.Post.PreviewURL == "" || next.Post.PreviewURL == p.PreviewURL || next.Post.PreviewExpiresAt == nil ||
			next.Post.Title != "Shared Draft" {
			t.Fatalf("new link = %q until %v", next.Post.PreviewURL, next.Post.PreviewExpiresAt)
		}
		for _, path := range []string{old, "/api" + old} {
			if r := anon.Get(path); r.StatusCode != http.StatusNotFound {
				t.Errorf("old link %s after a new one = %d", path, r.StatusCode)
			}
		}
		if r := anon.Get(strings.TrimPrefix(next.Post.PreviewURL, "http://blog.test")); r.StatusCode != http.StatusOK {
			t.Errorf("new link = %d", r.StatusCode)
		}
		// Opening the post again keeps the new link.
		var again deskPost
		c.mustJSON(http.MethodGet, fmt.Sprintf("/api/workspace/posts/%d", p.ID), nil, http.StatusOK, &again)
		if again.Post.PreviewURL != next.Post.PreviewURL {
			t.Errorf("link after reopening = %q, want %q", again.Post.PreviewURL, next.Post.PreviewURL)
		}
		other := e.owner("Oscar", "oscar@example.com", "keto")
		other.mustFail(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/preview", p.ID), nil, http.StatusNotFound, "post_not_found")
		c.mustFail(http.MethodPost, "/api/workspace/posts/999999/preview", nil, http.StatusNotFound, "post_not_found")
		if r := anon.Get(strings.TrimPrefix(next.Post.PreviewURL, "http://blog.test")); r.StatusCode != http.StatusOK {
			t.Errorf("new link after another owner's try = %d", r.StatusCode)
		}
	})
}

func TestDeskRefusesBadInputAndChangesNothing(t *testing.T) {
	t.Parallel()
	e := newOwnerEnv(t, "", nil, nil)
	c := e.owner("Olivia", "olivia@example.com", "keto")
	p := c.write(handPost("Stable Post", "published"))
	taken := c.write(handPost("Taken Slug", "draft"))
	big := "<p>" + strings.Repeat("word ", 120000) + "</p>"
	url := fmt.Sprintf("/api/workspace/posts/%d", p.ID)
	cases := []struct {
		name   string
		method string
		path   string
		body   map[string]any
		status int
		code   string
	}{
		{"schedule in the past", http.MethodPatch, url, map[string]any{"status": "scheduled", "publishAt": time.Now().Add(-time.Hour)}, 400, "validation"},
		{"schedule without a time", http.MethodPatch, url, map[string]any{"status": "scheduled"}, 400, "validation"},
		{"publishAt without scheduled", http.MethodPatch, url, map[string]any{"publishAt": time.Now().Add(time.Hour)}, 400, "validation"},
		{"publish in the future", http.MethodPatch, url, map[string]any{"status": "published", "publishAt": time.Now().Add(time.Hour)}, 400, "validation"},
		{"unknown status", http.MethodPatch, url, map[string]any{"status": "live"}, 400, "validation"},
		{"unknown category", http.MethodPatch, url, map[string]any{"category": "nope"}, 400, "invalid_category"},
		{"slug taken", http.MethodPatch, url, map[string]any{"slug": taken.Slug}, 409, "slug_taken"},
		{"blank slug", http.MethodPatch, url, map[string]any{"slug": "!!!"}, 400, "validation"},
		{"content over the cap", http.MethodPatch, url, map[string]any{"content": big}, 413, "content_too_large"},
		{"blank title", http.MethodPatch, url, map[string]any{"title": "  "}, 400, "validation"},
		{"cover not uploaded here", http.MethodPatch, url, map[string]any{"coverImageUrl": "https://evil.example/x.png"}, 400, "invalid_image"},
		{"cover and library image", http.MethodPatch, url, map[string]any{"coverImageUrl": "/media/x.png", "mediaId": 1}, 400, "validation"},
		{"new post without category", http.MethodPost, "/api/workspace/posts", map[string]any{"title": "T", "content": "<p>x</p>"}, 400, "validation"},
		{"new post in unknown category", http.MethodPost, "/api/workspace/posts", map[string]any{"title": "T", "content": "<p>x</p>", "category": "nope"}, 400, "invalid_category"},
		{"new post with a taken slug", http.MethodPost, "/api/workspace/posts", map[string]any{"title": "T", "content": "<p>x</p>", "category": "keto", "slug": taken.Slug}, 409, "slug_taken"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.t = t
			if msg := c.mustFail(tc.method, tc.path, tc.body, tc.status, tc.code); msg == "" {
				t.Errorf("%s: no message", tc.name)
			}
		})
	}
	c.t = t
	var after deskPost
	c.mustJSON(http.MethodGet, url, nil, http.StatusOK, &after)
	if after.Post.Title != "Stable Post" || after.Post.Status != contract.PostPublished || after.Post.Slug != p.Slug || after.Post.Category != "keto" {
		t.Errorf("a refused change changed the post: %+v", after.Post.PostSummary)
	}
	if n := c.postCount(); n != 2 {
		t.Errorf("refused posts were stored: %d posts", n)
	}
	// Another workspace's post cannot be read or changed.
	intruder := e.owner("Mallory", "mallory@example.com", "keto")
	intruder.mustFail(http.MethodGet, url, nil, http.StatusNotFound, "post_not_found")
	intruder.mustFail(http.MethodPatch, url, map[string]any{"title": "Owned"}, http.StatusNotFound, "post_not_found")
}

func TestAnEmbedFromAnotherHostIsRemovedAndAllowedOnesKept(t *testing.T) {
	t.Parallel()
	e := newOwnerEnv(t, "", nil, nil)
	c := e.owner("Olivia", "olivia@example.com", "keto")
	p := c.write(map[string]any{"title": "Embeds", "category": "keto", "status": "published", "content": `<p>Watch <a href="https://shop.example/x" rel="sponsored">this</a>.</p>` +
		`<div data-embed="youtube"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>` +
		`<iframe src="https://evil.example/embed/1"></iframe>`})
	for _, want := range []string{`rel="sponsored`, `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ`, `sandbox=`} {
		if !strings.Contains(p.RawContent, want) {
			t.Errorf("content lacks %q: %s", want, p.RawContent)
		}
	}
	if strings.Contains(p.RawContent, "evil.example") {
		t.Errorf("an embed from another host was kept: %s", p.RawContent)
	}
}

func TestAdminsRunTheSiteWorkspace(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		admin := e.admin("root@example.com")
		var dash contract.WorkspaceResponse
		admin.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &dash)
		if !dash.Site || dash.Workspace.Slug != e.app.Config.SiteWorkspace || !dash.Usage.Unlimited {
			t.Fatalf("admin's desk = %+v site %v usage %+v", dash.Workspace, dash.Site, dash.Usage)
		}
		var me contract.Me
		admin.mustJSON(http.MethodGet, "/api/auth/me", nil, http.StatusOK, &me)
		if me.Workspace == nil || me.Workspace.Slug != e.app.Config.SiteWorkspace || !me.OnboardingCompleted {
			t.Fatalf("admin's me = %+v", me)
		}
		var cats []contract.Category
		var catsResp struct {
			Categories []contract.Category `json:"categories"`
		}
		admin.mustJSON(http.MethodGet, "/api/workspace/categories", nil, http.StatusOK, &catsResp)
		cats = catsResp.Categories
		slugs := map[string]bool{}
		for _, c := range cats {
			slugs[c.Slug] = true
		}
		for _, s := range []string{"marketing", "keto", "fitness", "tech"} {
			if !slugs[s] {
				t.Errorf("site category %q missing from the admin's desk: %v", s, slugs)
			}
		}
		// The admin edits a post of the blog at "/".
		var list contract.OwnerPostsResponse
		admin.mustJSON(http.MethodGet, "/api/workspace/posts", nil, http.StatusOK, &list)
		anon := e.app.Client(t)
		p := admin.write(map[string]any{"title": "From The Desk", "content": "<p>Hello readers.</p>", "category": "tech", "status": "published"})
		if r := anon.Get("/tech/" + p.Slug); r.StatusCode != http.StatusOK {
			t.Errorf("admin's post at the root = %d", r.StatusCode)
		}
		if !strings.Contains(string(anon.Get("/feed.xml").Body), "From The Desk") {
			t.Error("admin's post missing from /feed.xml")
		}
		admin.patch(p.ID, map[string]any{"title": "From The Desk, Edited"})
		if !strings.Contains(string(anon.Get("/tech/"+p.Slug).Body), "From The Desk, Edited") {
			t.Error("the edit is not on the root blog")
		}
	})
}

func TestAIPostsCanStopAtADraft(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Olivia", "olivia@example.com", "keto")
		anon := e.app.Client(t)
		ctx := context.Background()

		// The generate dialog's "Save as draft".
		req := genReq("keto", "Fasting for beginners")
		req["status"] = "draft"
		var g struct {
			Post contract.Post `json:"post"`
		}
		c.mustGenerate(req, &g)
		if g.Post.Status != contract.PostDraft || anon.Get("/blog/"+c.ws.Slug+"/keto/"+g.Post.Slug).StatusCode != http.StatusNotFound {
			t.Errorf("generated draft: status %q", g.Post.Status)
		}
		req["status"] = "scheduled"
		c.mustFailGenerate(req, http.StatusBadRequest, "invalid_status")

		// A scheduled generation follows the review setting: on, it leaves
		// a draft; the scheduler run also publishes hand-written posts
		// whose time has come.
		c.mustJSON(http.MethodPut, "/api/workspace/settings", map[string]any{"blogTitle": "Olivia", "reviewAiPosts": true}, http.StatusOK, nil)
		item := &store.PlannedPost{WorkspaceID: c.ws.ID, Category: "keto", Topic: "Keto snacks", InputMode: "topic",
			GenerateAt: time.Now().Add(-time.Minute), Frequency: store.FrequencyOnce, Status: store.PlanPending}
		if err := e.store.CreatePlanned(ctx, []*store.PlannedPost{item}, 0); err != nil {
			t.Fatal(err)
		}
		due := c.write(map[string]any{"title": "Due Now", "content": "<p>x</p>", "category": "keto", "status": "scheduled",
			"publishAt": time.Now().Add(time.Hour)})
		p, _ := e.store.GetPost(ctx, store.FindPost{ID: &due.ID})
		p.PublishedAt = time.Now().Add(-time.Second)
		if err := e.store.UpdatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		if _, err := e.app.Scheduler.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		got, err := e.store.GetPlanned(ctx, c.ws.ID, item.ID)
		if err != nil || got.PostID == 0 {
			t.Fatalf("scheduled item not processed: %+v %v", got, err)
		}
		post, _ := e.store.GetPost(ctx, store.FindPost{ID: &got.PostID})
		if post.Status != store.PostDraft {
			t.Errorf("scheduled generation under review = %q, want draft", post.Status)
		}
		// The scheduled generation ran as a job of the workspace.
		var jobs contract.JobsResponse
		c.mustJSON(http.MethodGet, "/api/workspace/jobs", nil, http.StatusOK, &jobs)
		if len(jobs.Jobs) == 0 || jobs.Jobs[0].Topic != "Keto snacks" || jobs.Jobs[0].Status != contract.JobSucceeded ||
			jobs.Jobs[0].PostID == nil || *jobs.Jobs[0].PostID != got.PostID {
			t.Errorf("jobs = %+v, want the scheduled item's job first", jobs.Jobs)
		}
		var dash contract.WorkspaceResponse
		c.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &dash)
		if dash.Drafts != 2 || !dash.Settings.ReviewAIPosts {
			t.Errorf("dashboard drafts = %d review %v, want 2 and on", dash.Drafts, dash.Settings.ReviewAIPosts)
		}
		if r := anon.Get("/blog/" + c.ws.Slug + "/keto/" + due.Slug); r.StatusCode != http.StatusOK {
			t.Errorf("due scheduled post after the scheduler run = %d", r.StatusCode)
		}
	})
}

func TestANewAICoverCountsOneImage(t *testing.T) {
	t.Parallel()
	e := newOwnerEnv(t, "", nil, nil)
	c := e.owner("Olivia", "olivia@example.com", "keto")
	p := c.write(handPost("Cover Me", "draft"))
	var out contract.CoverResponse
	c.mustJSON(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/cover", p.ID), nil, http.StatusOK, &out)
	if out.Post.CoverImageURL == "" || out.Usage.ImagesGenerated != 1 || c.usage().ImagesGenerated != 1 || c.usage().PostsGenerated != 0 {
		t.Fatalf("cover %q, usage %+v", out.Post.CoverImageURL, out.Usage)
	}

	// When drawing fails the post keeps its cover and the image goes back.
	broken := newOwnerEnv(t, "", nil, failingIllustrator{})
	b := broken.owner("Bo", "bo@example.com", "keto")
	q := b.write(handPost("No Luck", "draft"))
	b.mustFail(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/cover", q.ID), nil, http.StatusBadGateway, "provider_error")
	if u := b.usage(); u.ImagesGenerated != 0 {
		t.Errorf("a failed cover counted %d images", u.ImagesGenerated)
	}
	// Another workspace's post gets no cover.
	intruder := e.owner("Mallory", "mallory@example.com", "keto")
	intruder.mustFail(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/cover", p.ID), nil, http.StatusNotFound, "post_not_found")
}

// A live post's new AI cover waits for Update: readers keep the old cover
// until the owner's update names the new one; the alt text stays.
func TestANewAICoverOfALivePostWaitsForUpdate(t *testing.T) {
	t.Parallel()
	e := newOwnerEnv(t, "", nil, nil)
	c := e.owner("Olivia", "olivia@example.com", "keto")
	in := handPost("Live Cover", "published")
	in["coverAlt"] = "A bowl of eggs"
	p := c.write(in)
	var first contract.CoverResponse
	c.mustJSON(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/cover", p.ID), nil, http.StatusOK, &first)
	// Live now with a cover, as an owner's update makes it.
	p = c.patch(p.ID, map[string]any{"coverImageUrl": first.CoverImageURL})
	if p.CoverImageURL != first.CoverImageURL || p.CoverAlt != "A bowl of eggs" {
		t.Fatalf("after the first update: cover %q alt %q", p.CoverImageURL, p.CoverAlt)
	}

	var out contract.CoverResponse
	c.mustJSON(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/cover", p.ID), nil, http.StatusOK, &out)
	if out.Applied || out.CoverImageURL == "" || out.CoverImageURL == p.CoverImageURL || out.Post.CoverImageURL != p.CoverImageURL {
		t.Fatalf("new cover of a live post: applied %v, new %q, post's %q (was %q)", out.Applied, out.CoverImageURL, out.Post.CoverImageURL, p.CoverImageURL)
	}
	if out.Usage.ImagesGenerated != 2 {
		t.Errorf("images counted %d, want 2", out.Usage.ImagesGenerated)
	}
	anon := e.app.Client(t)
	var pub contract.PostResponse
	anon.Get("/api/posts/keto/"+p.Slug+"?workspace="+c.ws.Slug).JSON(t, &pub)
	if pub.Post.CoverImageURL != p.CoverImageURL {
		t.Errorf("readers see cover %q before Update, want the old %q", pub.Post.CoverImageURL, p.CoverImageURL)
	}
	updated := c.patch(p.ID, map[string]any{"coverImageUrl": out.CoverImageURL})
	if updated.CoverImageURL != out.CoverImageURL || updated.CoverAlt != "A bowl of eggs" {
		t.Errorf("after Update: cover %q alt %q", updated.CoverImageURL, updated.CoverAlt)
	}
	anon.Get("/api/posts/keto/"+p.Slug+"?workspace="+c.ws.Slug).JSON(t, &pub)
	if pub.Post.CoverImageURL != out.CoverImageURL {
		t.Errorf("readers see cover %q after Update, want %q", pub.Post.CoverImageURL, out.CoverImageURL)
	}

	// A draft takes its new cover at once.
	d := c.write(handPost("Draft Cover", "draft"))
	c.mustJSON(http.MethodPost, fmt.Sprintf("/api/workspace/posts/%d/cover", d.ID), nil, http.StatusOK, &out)
	if !out.Applied || out.Post.CoverImageURL != out.CoverImageURL {
		t.Errorf("draft's new cover: applied %v, post's %q, new %q", out.Applied, out.Post.CoverImageURL, out.CoverImageURL)
	}
}
