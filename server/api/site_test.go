package api_test

import (
	"context"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
)

// GET /api/site names the blog served at "/" when the host is a workspace's
// custom domain, so the app renders that blog at the root.
func TestSiteNamesTheCustomDomainBlog(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := apptest.Start(t, "")
	ws, err := a.Store.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Custom Blog", Slug: "custom"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr("blog.example.org")}); err != nil {
		t.Fatal(err)
	}
	c := a.Client(t)
	for _, tc := range []struct{ host, want string }{
		{"", ""},                       // the base URL's host
		{"blog.example.org", "custom"}, // the custom domain
		{"BLOG.example.org:8443", "custom"},
		{"other.example.net", ""}, // an unknown host gets the site
		{"localhost", ""},
	} {
		r := c.Raw("GET", "/api/site", tc.host, nil, nil)
		if r.StatusCode != 200 {
			t.Fatalf("%q: status %d %s", tc.host, r.StatusCode, r.Body)
		}
		var got map[string]string
		r.JSON(t, &got)
		if v, ok := got["blog"]; !ok || v != tc.want {
			t.Fatalf("%q: blog = %q (present %v), want %q; %v", tc.host, v, ok, tc.want, got)
		}
		if got["name"] == "" || got["siteWorkspace"] != "site" {
			t.Fatalf("%q: site info %v", tc.host, got)
		}
	}
}

// The public reads answer their contract and their 400s and 404s.
func TestPublicReads(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		c := a.Client(t)
		ctx := context.Background()
		ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("site")})
		if err != nil {
			t.Fatal(err)
		}
		p := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Keto basics", Content: "<p>Fat first.</p>"}
		if err := a.Posts.Create(ctx, p); err != nil {
			t.Fatal(err)
		}
		post := "/api/posts/keto/" + p.Slug
		apptest.RunScenarios(t, c, []apptest.Scenario{
			{Name: "site", Method: "GET", URL: "/api/site", ExpectedStatus: 200,
				ExpectedContent: []string{`"tagline":"Insights for the Modern Generation"`, `"siteWorkspace":"site"`, `"blog":""`, `"aiProvider":"builtin"`}},
			{Name: "plans", Method: "GET", URL: "/api/plans", ExpectedStatus: 200,
				ExpectedContent: []string{`"plans":[{"id":"starter"`, `"trialDays":`, `"trialPosts":`, `"trialImages":`, `"maxCategories":`}},
			{Name: "categories", Method: "GET", URL: "/api/categories", ExpectedStatus: 200,
				ExpectedContent: []string{`"slug":"keto"`, `"postCount":1`, `"gradient":"linear-gradient(`}},
			{Name: "categories of an unknown blog", Method: "GET", URL: "/api/categories?workspace=nope", ExpectedStatus: 404, ExpectedCode: "blog_not_found"},
			{Name: "blog", Method: "GET", URL: "/api/blogs/site", ExpectedStatus: 200,
				ExpectedContent: []string{`"workspace":{"name":`, `"slug":"site"}`, `"settings":{"blogTitle":`, `"categories":[`}},
			{Name: "unknown blog", Method: "GET", URL: "/api/blogs/nope", ExpectedStatus: 404, ExpectedCode: "blog_not_found"},
			{Name: "list", Method: "GET", URL: "/api/posts?category=keto", ExpectedStatus: 200,
				ExpectedContent: []string{`"posts":[{"id":`, `"categoryName":"Keto"`, `"page":1`, `"hasMore":false`}},
			{Name: "list of an unknown category", Method: "GET", URL: "/api/posts?category=nope", ExpectedStatus: 404, ExpectedCode: "category_not_found"},
			{Name: "list of an invalid category", Method: "GET", URL: "/api/posts?category=No%20pe", ExpectedStatus: 404, ExpectedCode: "category_not_found"},
			{Name: "list of an unknown blog", Method: "GET", URL: "/api/posts?workspace=nope", ExpectedStatus: 404, ExpectedCode: "blog_not_found"},
			{Name: "limit too large", Method: "GET", URL: "/api/posts?limit=49", ExpectedStatus: 400, ExpectedCode: "invalid_parameter"},
			{Name: "page zero", Method: "GET", URL: "/api/posts?page=0", ExpectedStatus: 400, ExpectedCode: "invalid_parameter"},
			{Name: "unknown sort", Method: "GET", URL: "/api/posts?sort=random", ExpectedStatus: 400, ExpectedCode: "invalid_parameter"},
			{Name: "post", Method: "GET", URL: post, ExpectedStatus: 200,
				ExpectedContent:    []string{`"post":{"id":`, `"content":"\u003cp\u003eFat first.`, `"canonicalUrl":"` + a.URL + `/keto/` + p.Slug + `"`, `"related":[]`},
				NotExpectedContent: []string{`"rawContent"`, `"banners"`}},
			{Name: "unknown post", Method: "GET", URL: "/api/posts/keto/nope", ExpectedStatus: 404, ExpectedCode: "post_not_found"},
			{Name: "post in an invalid category", Method: "GET", URL: "/api/posts/No%20pe/" + p.Slug, ExpectedStatus: 404, ExpectedCode: "post_not_found"},
			{Name: "post of an unknown blog", Method: "GET", URL: post + "?workspace=nope", ExpectedStatus: 404, ExpectedCode: "blog_not_found"},
		})
	})
}
