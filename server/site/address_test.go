package site_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
)

// TestBlogAddressChange: a blog moves to the address its owner chooses;
// every reader surface of the former address answers 301 to the same page
// at the new one (query kept), feed item ids stay, the stored pages move,
// refusals change nothing, and the former address can be taken back.
func TestBlogAddressChange(t *testing.T) {
	storedApp(t, func(t *testing.T, a *apptest.App) {
		c := a.Client(t)
		c.SignUp("Jane Doe", "jane@example.com", "secret123")
		u, err := a.Store.GetUserByEmail(ctx, "jane@example.com")
		if err != nil {
			t.Fatal(err)
		}
		ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
		if err != nil || ws.Slug != "jane-doe" {
			t.Fatalf("workspace %+v, %v", ws, err)
		}
		if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Keto", Slug: "keto"}); err != nil {
			t.Fatal(err)
		}
		p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Fat first", Content: "<p>Why fat comes first.</p>",
			Tags: []string{"Habits"}, AuthorID: u.ID}
		if err := a.Posts.Create(ctx, p); err != nil {
			t.Fatal(err)
		}
		author, err := a.Store.GetAuthor(ctx, store.FindAuthor{UserID: &u.ID})
		if err != nil {
			t.Fatal(err)
		}
		// Another blog, which had an address before the one it has.
		other := a.Client(t)
		other.SignUp("Olivia Stone", "olivia@example.com", "secret123")
		if r := other.Do("PUT", "/api/workspace/address", map[string]string{"address": "olivia-writes"}); r.StatusCode != http.StatusOK {
			t.Fatalf("olivia's change: %d %s", r.StatusCode, r.Body)
		}

		pages := []string{"", "/keto", "/keto/" + p.Slug, "/tag/habits", "/author/" + author.Slug, "/search?q=fat"}
		feeds := []string{"/feed.xml", "/feed.atom", "/feed.json", "/keto/feed.xml", "/feed.xml?category=keto", "/tag/habits/feed.xml", "/sitemap.xml"}
		links := []string{"/confirm?token=abc123", "/unsubscribe?token=abc123"}
		for _, path := range append(append([]string{}, pages...), feeds...) {
			if r := c.Get("/blog/jane-doe" + path); r.StatusCode != http.StatusOK {
				t.Fatalf("before: %s: %d", path, r.StatusCode)
			}
		}
		drain(t, a)
		ids := map[string][]string{}
		for _, name := range feedNames {
			_, items, _ := feedIDs(t, name, c.Get("/blog/jane-doe/"+name).Body)
			ids[name] = items
		}

		// Refusals: a clear message, the right status, nothing changed.
		for _, tc := range []struct {
			address string
			status  int
			code    string
			message string
		}{
			{"admin", 400, "address_reserved", `The address "admin" is reserved: please choose another one`},
			{"site", 400, "address_reserved", `The address "site" is reserved: please choose another one`},
			{"Bad Address!", 400, "address_invalid", "A blog address may only hold lowercase letters, numbers and single dashes, from 2 to 60 characters"},
			{"", 400, "address_required", "Please enter a blog address"},
			{"olivia-writes", 409, "address_taken", `The address "olivia-writes" is taken: please choose another one`},
			{"olivia-stone", 409, "address_taken", `The address "olivia-stone" is taken: please choose another one`}, // olivia's former address
		} {
			r := c.Do("PUT", "/api/workspace/address", map[string]string{"address": tc.address})
			var e struct {
				Error struct{ Code, Message string } `json:"error"`
			}
			r.JSON(t, &e)
			if r.StatusCode != tc.status || e.Error.Code != tc.code || e.Error.Message != tc.message {
				t.Errorf("%q: %d %+v", tc.address, r.StatusCode, e.Error)
			}
		}
		if got, _ := a.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &ws.ID}); got.Slug != "jane-doe" {
			t.Fatalf("a refusal moved the blog to %q", got.Slug)
		}

		r := c.Do("PUT", "/api/workspace/address", map[string]string{"address": " Quiet-Desk "})
		var moved struct {
			Workspace struct{ Slug string } `json:"workspace"`
			BlogURL   string                `json:"blogUrl"`
		}
		r.JSON(t, &moved)
		if r.StatusCode != http.StatusOK || moved.Workspace.Slug != "quiet-desk" || moved.BlogURL != a.URL+"/blog/quiet-desk" {
			t.Fatalf("change: %d %s", r.StatusCode, r.Body)
		}

		// Stored pages moved with the blog: rendered at the new address, none left at the old.
		// Every page but the search (never stored) was stored, so each is queued.
		if n := queued(t, a); n < len(pages)-1 {
			t.Errorf("%d pages queued at the new address", n)
		}
		if n := drain(t, a); n < int64(len(pages)-1) {
			t.Errorf("%d pages rendered at the new address", n)
		}
		keys, err := a.Pages.Store.PageKeys(ctx, ws.ID, 1000)
		if err != nil {
			t.Fatal(err)
		}
		atNew := 0
		for _, k := range keys {
			if strings.HasPrefix(k, "/blog/jane-doe") {
				t.Errorf("a page is still stored at the former address: %s", k)
			}
			if strings.HasPrefix(k, "/blog/quiet-desk") {
				atNew++
			}
		}
		if atNew == 0 {
			t.Errorf("no page stored at the new address: %q", keys)
		}

		reader := a.Client(t)
		for _, path := range append(append(append([]string{}, pages...), feeds...), links...) {
			r := reader.Get("/blog/jane-doe" + path)
			if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != a.URL+"/blog/quiet-desk"+path {
				t.Errorf("former %s: %d to %q", path, r.StatusCode, r.Header.Get("Location"))
			}
		}
		for _, path := range append(append([]string{}, pages...), feeds...) {
			if r := reader.Get("/blog/quiet-desk" + path); r.StatusCode != http.StatusOK {
				t.Errorf("new %s: %d", path, r.StatusCode)
			}
		}
		if r := reader.Get("/functions/v1/rss-feed?workspace=jane-doe"); r.StatusCode != http.StatusMovedPermanently ||
			r.Header.Get("Location") != a.URL+"/blog/quiet-desk/feed.xml" {
			t.Errorf("legacy feed: %d to %q", r.StatusCode, r.Header.Get("Location"))
		}
		// The pages name the new address; feed items keep their ids.
		if body := string(reader.Get("/blog/quiet-desk/keto/" + p.Slug).Body); strings.Contains(body, "/blog/jane-doe") ||
			!strings.Contains(body, "/blog/quiet-desk/keto/"+p.Slug) {
			t.Error("the post page still names the former address")
		}
		for _, name := range feedNames {
			_, items, _ := feedIDs(t, name, reader.Get("/blog/quiet-desk/"+name).Body)
			if len(items) != 1 || strings.Join(items, " ") != strings.Join(ids[name], " ") {
				t.Errorf("%s: item ids %q became %q", name, ids[name], items)
			}
		}
		// The blog takes its first address back; the second now redirects.
		if r := c.Do("PUT", "/api/workspace/address", map[string]string{"address": "jane-doe"}); r.StatusCode != http.StatusOK {
			t.Fatalf("take back: %d %s", r.StatusCode, r.Body)
		}
		if r := reader.Get("/blog/quiet-desk/keto?page=2"); r.StatusCode != http.StatusMovedPermanently ||
			r.Header.Get("Location") != a.URL+"/blog/jane-doe/keto?page=2" {
			t.Errorf("after taking back: %d to %q", r.StatusCode, r.Header.Get("Location"))
		}
		if r := reader.Get("/blog/jane-doe"); r.StatusCode != http.StatusOK {
			t.Errorf("taken back: %d", r.StatusCode)
		}
		// No blog had this address: still a 404.
		if r := reader.Get("/blog/never-was"); r.StatusCode != http.StatusNotFound {
			t.Errorf("unknown address: %d", r.StatusCode)
		}
	})
}
