package api_test

import (
	"net/http"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
)

// A NUL character in any JSON string is refused with 400 before any
// service sees it (PostgreSQL refuses it in text columns, which was a 500),
// with or without a session, and changes nothing.
func TestNULInJSONIsRefused(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		anon := a.Client(t)
		owner := a.Client(t)
		owner.SignUp("Nul Owner", "nul@example.com", "secret12")
		if r := owner.Do("POST", "/api/workspace/categories", map[string]string{"name": "Keto", "slug": "keto"}); r.StatusCode != 201 {
			t.Fatalf("category: %d %s", r.StatusCode, r.Body)
		}
		const nul = "a\x00b"
		bad := func(name string, as *apptest.Client, method, url string, body any) apptest.Scenario {
			return apptest.Scenario{Name: name, As: as, Method: method, URL: url, Body: body,
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_json", ExpectedContent: []string{"NUL"}}
		}
		apptest.RunScenarios(t, anon, []apptest.Scenario{
			bad("sign-up name", anon, "POST", "/api/auth/signup", map[string]string{"name": nul, "email": "x@example.com", "password": "secret12"}),
			bad("sign-up email", anon, "POST", "/api/auth/signup", map[string]string{"name": "X", "email": "x\x00@example.com", "password": "secret12"}),
			bad("login email", anon, "POST", "/api/auth/login", map[string]string{"email": "nul\x00@example.com", "password": "secret12"}),
			bad("forgotten password", anon, "POST", "/api/auth/password/forgot", map[string]string{"email": "nul\x00@example.com"}),
			bad("subscribe", anon, "POST", "/api/subscribers", map[string]string{"email": "r\x00@example.com", "workspace": "nul-owner"}),
			bad("post title", owner, "POST", "/api/workspace/posts", map[string]any{"title": nul, "content": "<p>x</p>", "category": "keto"}),
			bad("post content", owner, "POST", "/api/workspace/posts", map[string]any{"title": "T", "content": "<p>" + nul + "</p>", "category": "keto"}),
			bad("category name", owner, "POST", "/api/workspace/categories", map[string]string{"name": nul, "slug": "nul"}),
			bad("settings", owner, "PUT", "/api/workspace/settings", map[string]any{"blogTitle": nul}),
		})
		// Nothing was stored.
		var posts struct {
			Posts []any `json:"posts"`
		}
		owner.Get("/api/workspace/posts").JSON(t, &posts)
		if len(posts.Posts) != 0 {
			t.Fatalf("refused posts were stored: %d", len(posts.Posts))
		}
		if r := anon.Do("POST", "/api/auth/login", map[string]string{"email": "x@example.com", "password": "secret12"}); r.StatusCode != http.StatusUnauthorized {
			t.Fatalf("a refused sign-up made an account: %d %s", r.StatusCode, r.Body)
		}
	})
}

// A NUL character in an address's text (%00) never reaches PostgreSQL,
// which answered 500: a blog slug is simply not found, an owner's list
// filter is refused. (Reader search text with one is answered like any
// hostile text: server/site's TestSearchPageAndAPI.)
func TestNULInAddresses(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		anon := a.Client(t)
		owner := a.Client(t)
		owner.SignUp("Nul Owner", "nul@example.com", "secret12")
		apptest.RunScenarios(t, anon, []apptest.Scenario{
			{Name: "blog slug", Method: "GET", URL: "/blog/a%00b", ExpectedStatus: http.StatusNotFound},
			{Name: "public posts' workspace", Method: "GET", URL: "/api/posts?workspace=a%00", ExpectedStatus: http.StatusNotFound, ExpectedCode: "blog_not_found"},
			{Name: "owner's post search", As: owner, Method: "GET", URL: "/api/workspace/posts?search=a%00b", ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_parameter"},
			{Name: "owner's post category", As: owner, Method: "GET", URL: "/api/workspace/posts?category=a%00b", ExpectedStatus: http.StatusBadRequest, ExpectedCode: "invalid_parameter"},
		})
	})
}
