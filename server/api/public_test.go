package api_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// The server render reads the public endpoints without HTTP (Read): its
// answer to every path is the HTTP answer, status and JSON, from the same
// read; a moved post is followed as a browser's fetch follows the
// redirect; anything outside the public reads is refused.
func TestReadAnswersAsHTTPDoes(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		ctx := context.Background()
		ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("site")})
		if err != nil {
			t.Fatal(err)
		}
		p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Keto basics", Content: "<p>Fat </script> first.</p>", Tags: []string{"Low carb"}}
		moved := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Moving post", Content: "<p>Here.</p>"}
		for _, p := range []*store.Post{p, moved} {
			if err := a.Posts.Create(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		oldSlug := moved.Slug
		if _, err := a.Posts.Update(ctx, ws.ID, moved.ID, posts.Patch{Slug: store.Ptr("moved-here")}); err != nil {
			t.Fatal(err)
		}
		c := a.Client(t)
		host := a.Config.BaseURL[len("http://"):]
		for _, path := range []string{
			"/api/site", "/api/plans", "/api/categories", "/api/categories?workspace=nope",
			"/api/posts", "/api/posts?category=keto&limit=6&sort=trending", "/api/posts?tag=low-carb", "/api/posts?tag=No%20pe",
			"/api/posts?q=keto", "/api/posts?category=nope", "/api/posts?limit=49", "/api/posts?sort=random",
			"/api/posts/keto/" + p.Slug, "/api/posts/keto/nope", "/api/posts/No%20pe/x", "/api/posts/keto/" + p.Slug + "?workspace=nope",
			"/api/blogs/site", "/api/blogs/nope", "/api/authors/nobody",
		} {
			r := c.Raw(http.MethodGet, path, host, nil, nil)
			status, body := a.Read(ctx, host, path)
			if status != r.StatusCode || !bytes.Equal(bytes.TrimSpace(body), bytes.TrimSpace(r.Body)) {
				t.Errorf("%s: Read = %d %s\nHTTP = %d %s", path, status, body, r.StatusCode, r.Body)
			}
		}

		// A moved post: HTTP redirects, Read answers from the new address.
		old := "/api/posts/keto/" + oldSlug
		if r := c.Raw(http.MethodGet, old, host, nil, nil); r.StatusCode != http.StatusMovedPermanently {
			t.Fatalf("HTTP %s = %d", old, r.StatusCode)
		}
		status, body := a.Read(ctx, host, old)
		if now := c.Raw(http.MethodGet, "/api/posts/keto/moved-here", host, nil, nil); status != http.StatusOK || !bytes.Equal(bytes.TrimSpace(body), bytes.TrimSpace(now.Body)) {
			t.Errorf("Read %s = %d %s, want the post at its new address", old, status, body)
		}

		// Private, unknown or foreign paths are refused, whatever HTTP would answer.
		for _, path := range []string{"/api/auth/me", "/api/workspace", "/api/workspace/posts", "/api/admin/posts", "/api/account",
			"/api/preview/1/token", "/api/nope", "/api/posts/", "/api/site/x", "//evil.example/api/site", "http://evil.example/api/site"} {
			if status, body := a.Read(ctx, host, path); status != http.StatusNotFound || !bytes.Contains(body, []byte(`"code":"not_found"`)) {
				t.Errorf("%s: %d %s, want 404 not_found", path, status, body)
			}
		}
	})
}

// TestTrendingIsThisWeeksMostRead: the trending list ("Most read this
// week") ranks by the views of the last seven days, not all-time ones.
func TestTrendingIsThisWeeksMostRead(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		ctx := context.Background()
		ws, err := a.Store.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Trends", Slug: "trends"})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Keto", Slug: "keto"}); err != nil {
			t.Fatal(err)
		}
		old := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Last month's hit", Content: "<p>Old.</p>"}
		fresh := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "This week's read", Content: "<p>New.</p>"}
		for _, p := range []*store.Post{old, fresh} {
			if err := a.Posts.Create(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		now := time.Now().Unix() / 3600
		var views []store.View
		for v := range 10 { // ten readers eight days ago
			views = append(views, store.View{PostID: old.ID, Hour: now - 8*24, Visitor: fmt.Sprint("old-", v)})
		}
		for v := range 2 { // two readers this hour
			views = append(views, store.View{PostID: fresh.ID, Hour: now, Visitor: fmt.Sprint("new-", v)})
		}
		if _, err := a.Store.AddViews(ctx, views); err != nil {
			t.Fatal(err)
		}
		a.Cache.Invalidate(ws.ID)
		var page contract.PostsPage
		a.Client(t).Get("/api/posts?workspace=trends&sort=trending&limit=4").JSON(t, &page)
		if len(page.Posts) != 2 || page.Posts[0].Title != "This week's read" || page.Posts[0].ViewCount != 2 || page.Posts[1].ViewCount != 10 {
			t.Fatalf("trending: %+v", page.Posts)
		}
	})
}
