package site_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
)

// A post whose publication time is still ahead is invisible to readers on
// every surface: API lists (latest, trending, by category), the API post,
// related posts, the HTML pages, feeds, the sitemap, legacy redirects and
// category counts.
func TestFuturePostIsInvisibleToReaders(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		ws := siteWS(t, a)
		if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Almanac", Slug: "almanac"}); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		public := &store.Post{WorkspaceID: ws.ID, Category: "almanac", Title: "Public almanac post", Content: "<p>Out now.</p>",
			PublishedAt: now.Add(-time.Hour), UpdatedAt: now.Add(-time.Hour)}
		// Many views: it would lead the trending list if it were visible.
		future := &store.Post{WorkspaceID: ws.ID, Category: "almanac", Title: "Future zqxj post", Content: "<p>Not yet.</p>",
			PublishedAt: now.Add(24 * time.Hour), UpdatedAt: now, ViewCount: 1000}
		for _, p := range []*store.Post{public, future} {
			if err := a.Posts.Create(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		c := a.Client(t)
		hidden := func(what, path string) {
			t.Helper()
			r := c.Get(path)
			if r.StatusCode != http.StatusOK {
				t.Fatalf("%s (%s): status %d %s", what, path, r.StatusCode, r.Body)
			}
			body := string(r.Body)
			if strings.Contains(body, future.Slug) || strings.Contains(body, future.Title) {
				t.Errorf("%s (%s) shows the future post", what, path)
			}
			if !strings.Contains(body, public.Slug) {
				t.Errorf("%s (%s) misses the public post", what, path)
			}
		}
		hidden("API list", "/api/posts?workspace=site")
		hidden("API trending", "/api/posts?workspace=site&sort=trending")
		hidden("API category list", "/api/posts?workspace=site&category=almanac")
		hidden("API related", "/api/posts/almanac/"+public.Slug+"?workspace=site")
		hidden("home page", "/")
		hidden("post list page", "/posts")
		hidden("category page", "/almanac")
		hidden("RSS", "/feed.xml")
		hidden("Atom", "/feed.atom")
		hidden("JSON Feed", "/feed.json")
		hidden("category RSS", "/almanac/feed.xml")
		hidden("sitemap", "/sitemap.xml")

		if r := c.Get("/api/posts/almanac/" + future.Slug + "?workspace=site&view=1"); r.StatusCode != http.StatusNotFound || r.ErrorCode() != "post_not_found" {
			t.Errorf("API post: status %d %s, want 404 post_not_found", r.StatusCode, r.Body)
		}
		if r := c.Get("/almanac/" + future.Slug); r.StatusCode != http.StatusNotFound {
			t.Errorf("HTML post page: status %d, want 404", r.StatusCode)
		}
		if r := c.Get("/functions/v1/serve-social-meta?category=almanac&slug=" + future.Slug); r.StatusCode != http.StatusNotFound {
			t.Errorf("legacy post redirect: status %d, want 404", r.StatusCode)
		}

		var trending struct {
			Posts []struct{ Slug string } `json:"posts"`
		}
		c.Get("/api/posts?workspace=site&sort=trending&limit=4").JSON(t, &trending)
		if len(trending.Posts) != 1 || trending.Posts[0].Slug != public.Slug {
			t.Errorf("trending = %+v, want only the public post", trending.Posts)
		}
		for _, path := range []string{"/api/categories?workspace=site", "/api/blogs/site"} {
			var got struct {
				Categories []struct {
					Slug      string `json:"slug"`
					PostCount int    `json:"postCount"`
				} `json:"categories"`
			}
			c.Get(path).JSON(t, &got)
			count := -1
			for _, cat := range got.Categories {
				if cat.Slug == "almanac" {
					count = cat.PostCount
				}
			}
			if count != 1 {
				t.Errorf("%s: almanac counts %d posts, want 1: %+v", path, count, got.Categories)
			}
		}
	})
}
