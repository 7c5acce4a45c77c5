package api_test

import (
	"context"
	"testing"

	"github.com/inkpress/inkpress/internal/app/apptest"
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
