package api_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/store"
)

func TestOnCustomDomain(t *testing.T) {
	for _, tc := range []struct {
		method, path string
		want         bool
	}{
		{"GET", "/api/site", true},
		{"HEAD", "/api/posts", true},
		{"GET", "/api/posts/keto/fat-first", true},
		{"GET", "/api/categories", true},
		{"GET", "/api/authors/jane", true},
		{"GET", "/api/auth/me", true},
		{"POST", "/api/subscribers", true},
		{"POST", "/api/subscribers/confirm", true},
		{"POST", api.OneClickPath, true},
		{"POST", "/api/posts", false},
		{"POST", "/api/auth/login", false},
		{"POST", "/api/auth/signup", false},
		{"POST", "/api/auth/logout", false},
		{"POST", "/api/auth/password/reset", false},
		{"GET", "/api/account", false},
		{"GET", "/api/workspace", false},
		{"GET", "/api/admin/workspaces", false},
		{"GET", "/api/preview/1/token", false},
		{"GET", "/api/subscribers", false},
		{"GET", "/api/posts/keto/fat-first/extra", false},
	} {
		if got := api.OnCustomDomain(tc.method, tc.path); got != tc.want {
			t.Errorf("OnCustomDomain(%s %s) = %v, want %v", tc.method, tc.path, got, tc.want)
		}
	}
}

// On a tenant's custom domain only its blog's public side answers: an
// admin's session from the platform is not accepted, no login or session
// cookie happens there, and the app's screens are sent to the platform.
func TestCustomDomainServesOnlyTheBlog(t *testing.T) {
	ctx := context.Background()
	a := apptest.Start(t, "", apptest.Env("INKPRESS_ADMIN_EMAIL", "boss@example.com"), apptest.Env("INKPRESS_ADMIN_PASSWORD", "bosspass"))
	ws, err := a.Store.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Custom Blog", Slug: "custom"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr("blog.example.org")}); err != nil {
		t.Fatal(err)
	}
	const host = "blog.example.org"
	admin := a.Client(t)
	wantStatus(t, admin.Do("POST", "/api/auth/login", map[string]string{"email": "boss@example.com", "password": "bosspass"}), http.StatusOK, "")
	wantStatus(t, admin.Get("/api/admin/workspaces"), http.StatusOK, "")
	// Requests below carry the platform's cookies (the session's too),
	// as a tenant who collected the cookie would send them.
	base, _ := url.Parse(a.Config.BaseURL)
	var cookies []string
	hasSession := false
	for _, ck := range admin.HTTP.Jar.Cookies(base) {
		hasSession = hasSession || ck.Name == api.SessionCookie
		cookies = append(cookies, ck.Name+"="+ck.Value)
	}
	if !hasSession {
		t.Fatal("no session cookie on the platform")
	}
	withSession := func(h http.Header) http.Header {
		if h == nil {
			h = http.Header{}
		}
		h.Set("Cookie", strings.Join(cookies, "; "))
		return h
	}

	// The platform's session is not accepted on the tenant's domain.
	r := admin.Raw("GET", "/api/admin/workspaces", host, nil, withSession(nil))
	wantStatus(t, r, http.StatusNotFound, "not_found")
	r = admin.Raw("GET", "/api/auth/me", host, nil, withSession(nil))
	wantStatus(t, r, http.StatusOK, "")
	if strings.Contains(string(r.Body), "boss@example.com") {
		t.Fatalf("/api/auth/me on the custom domain knows the admin: %s", r.Body)
	}

	// No login there, and no session cookie set.
	h := withSession(http.Header{"Content-Type": {"application/json"}, "X-CSRF-Token": {csrfOf(t, admin)}})
	r = admin.Raw("POST", "/api/auth/login", host, strings.NewReader(`{"email":"boss@example.com","password":"bosspass"}`), h)
	wantStatus(t, r, http.StatusNotFound, "not_found")
	for _, ck := range r.Cookies() {
		if ck.Name == api.SessionCookie {
			t.Fatalf("session cookie set on the custom domain: %v", ck)
		}
	}

	// The app's screens and other blogs' addresses go to the platform.
	for _, p := range []string{"/login", "/admin/login", "/dashboard", "/dashboard/posts", "/admin", "/reset-password?token=x", "/blog/site"} {
		r := admin.Raw("GET", p, host, nil, nil)
		if r.StatusCode != http.StatusFound || r.Header.Get("Location") != a.Config.BaseURL+p {
			t.Fatalf("GET %s on the custom domain: %d to %q", p, r.StatusCode, r.Header.Get("Location"))
		}
	}

	// The blog's public side answers.
	for _, p := range []string{"/", "/feed.xml", "/sitemap.xml", "/robots.txt", "/api/site", "/api/posts", "/api/categories"} {
		if r := admin.Raw("GET", p, host, nil, withSession(nil)); r.StatusCode != http.StatusOK {
			t.Fatalf("GET %s on the custom domain: %d %s", p, r.StatusCode, r.Body)
		}
	}
	h = withSession(http.Header{"Content-Type": {"application/json"}, "X-CSRF-Token": {csrfOf(t, admin)}})
	r = admin.Raw("POST", "/api/subscribers", host, strings.NewReader(`{"email":"reader@example.com"}`), h)
	wantStatus(t, r, http.StatusAccepted, "")

	// The platform's host is unchanged.
	wantStatus(t, admin.Get("/api/admin/workspaces"), http.StatusOK, "")
}
