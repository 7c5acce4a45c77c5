package site_test

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/frontend"
	"github.com/inkpress/inkpress/server/site"
	"github.com/inkpress/inkpress/store"
)

// TestEveryRouteAnswers loads every route of frontend.Routes, the table the
// app's router is generated from, as a reload would: a reader's page and
// an app screen answer 200 with the app's HTML (a screen with a plain,
// noindex head and its title), a file 200, a reserved address 404. A route
// the router declares and the server does not answer fails here.
func TestEveryRouteAnswers(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	c.SignUp("Olivia Stone", "olivia@example.com", "secret123")
	u, err := a.Store.GetUserByEmail(ctx, "olivia@example.com")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
	if err != nil {
		t.Fatal(err)
	}
	siteSlug := a.Config.SiteWorkspace
	siteWS, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: &siteSlug})
	if err != nil {
		t.Fatal(err)
	}
	// The same category, post, tag and author in the site's blog (at the
	// root) and in Olivia's (below /blog/{workspace}).
	var post *store.Post
	for _, w := range []*store.Workspace{siteWS, ws} {
		if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: w.ID, Name: "Keto", Slug: "keto"}); err != nil && !errors.Is(err, store.ErrConflict) {
			t.Fatal(err)
		}
		post = &store.Post{WorkspaceID: w.ID, Category: "keto", Title: "Fat first", Slug: "fat-first",
			Content: "<p>Why fat comes first.</p>", Tags: []string{"Low Carb"}, AuthorID: u.ID}
		if err := a.Posts.Create(ctx, post); err != nil {
			t.Fatal(err)
		}
	}
	author, err := a.Store.GetAuthor(ctx, store.FindAuthor{UserID: &u.ID})
	if err != nil {
		t.Fatal(err)
	}
	token, _, err := a.Posts.Preview(ctx, post)
	if err != nil {
		t.Fatal(err)
	}
	samples := map[string]string{
		"{workspace}": ws.Slug, "{category}": "keto", "{slug}": "fat-first", "{tag}": "low-carb",
		"{feed}": "feed.xml", "{id}": strconv.FormatInt(post.ID, 10), "{token}": token,
		"*": "no-such-page",
	}
	if strings.Contains(author.Slug, "/") || author.Slug == "" {
		t.Fatalf("author slug %q", author.Slug)
	}

	for _, r := range frontend.Routes {
		segs := strings.Split(r.Pattern, "/")
		for i, s := range segs {
			if strings.HasPrefix(s, "{") || s == "*" {
				v, ok := samples[s]
				if s == "{slug}" && i > 0 && segs[i-1] == "author" {
					v, ok = author.Slug, true
				}
				if !ok {
					t.Fatalf("%s: no sample value for %s", r.Pattern, s)
				}
				segs[i] = v
			}
		}
		path := strings.Join(segs, "/")
		t.Run(r.Name, func(t *testing.T) {
			res := c.Get(path)
			body := string(res.Body)
			appHTML := strings.Contains(res.Header.Get("Content-Type"), "text/html") && strings.Contains(body, `<div id="`+frontend.RootID+`"`)
			switch r.Kind {
			case frontend.Page:
				if res.StatusCode != http.StatusOK || !appHTML {
					t.Errorf("GET %s = %d %s, want 200 with the app's HTML", path, res.StatusCode, res.Header.Get("Content-Type"))
				}
			case frontend.Screen:
				want := "<title>" + site.FullTitle(r.Title, a.Config.SiteName) + "</title>"
				if res.StatusCode != http.StatusOK || !appHTML || !strings.Contains(body, `<meta name="robots" content="noindex">`) || !strings.Contains(body, want) {
					t.Errorf("GET %s = %d, want 200 with the app's HTML, noindex and %s: %.300s", path, res.StatusCode, want, body)
				}
			case frontend.File:
				if res.StatusCode != http.StatusOK || appHTML {
					t.Errorf("GET %s = %d %s, want 200 with the server's file", path, res.StatusCode, res.Header.Get("Content-Type"))
				}
			case frontend.Missing:
				if res.StatusCode != http.StatusNotFound {
					t.Errorf("GET %s = %d, want 404", path, res.StatusCode)
				}
			}
		})
	}
}
