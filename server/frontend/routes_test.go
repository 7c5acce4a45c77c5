package frontend

import (
	"strings"
	"testing"
)

func TestMatch(t *testing.T) {
	for _, tt := range []struct {
		pattern, path string
		want          bool
	}{
		{"/", "/", true},
		{"/", "/x", false},
		{"/login", "/login", true},
		{"/login", "/login/x", false},
		{"/login", "/logi", false},
		{"/{category}", "/keto", true},
		{"/{category}", "/", false},
		{"/{category}/{slug}", "/keto/fat", true},
		{"/{category}/{slug}", "/keto/", false},
		{"/{category}/{slug}", "/keto", false},
		{"/dashboard/posts/{id}", "/dashboard/posts/42", true},
		{"/dashboard/posts/{id}", "/dashboard/posts/new", false},
		{"/dashboard/posts/{id}", "/dashboard/posts/", false},
		{"/dashboard/posts/{id}", "/dashboard/posts/1234567890123456789", true},
		{"/dashboard/posts/{id}", "/dashboard/posts/12345678901234567890", false},
		{"/dashboard/posts/{id}", "/dashboard/posts/4/2", false},
		{"/dashboard/*", "/dashboard/nope", true},
		{"/dashboard/*", "/dashboard/a/b", true},
		{"/dashboard/*", "/dashboard", false},
		{"/dashboard/*", "/dashboard/", false},
		{"/*", "/anything/at/all", true},
		{"/*", "/", false},
	} {
		if got := Match(tt.pattern, tt.path); got != tt.want {
			t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

func TestScreenTitle(t *testing.T) {
	for _, tt := range []struct {
		path, title string
		ok          bool
	}{
		{"/login", "Login", true},
		{"/dashboard/subscribers", "Subscribers", true},
		{"/admin/subscribers", "Subscribers", true},
		{"/dashboard/posts/new", "New post", true},
		{"/dashboard/posts/7", "Edit post", true},
		{"/dashboard/posts/seven", "", false},
		{"/dashboard/nope", "", false},
		{"/", "", false},
		{"/posts", "", false},
		{"/keto/fat-first", "", false},
	} {
		title, ok := ScreenTitle(tt.path)
		if title != tt.title || ok != tt.ok {
			t.Errorf("ScreenTitle(%q) = %q, %v; want %q, %v", tt.path, title, ok, tt.title, tt.ok)
		}
	}
}

func TestRouterPath(t *testing.T) {
	for pattern, want := range map[string]string{
		"/":                                   "/",
		"/dashboard/posts/{id}":               "/dashboard/posts/:id",
		"/blog/{workspace}/{category}/{slug}": "/blog/:workspace/:category/:slug",
		"/admin/*":                            "/admin/*",
	} {
		if got := RouterPath(pattern); got != want {
			t.Errorf("RouterPath(%q) = %q, want %q", pattern, got, want)
		}
	}
}

// The table is well formed: names and patterns once each, a title for
// every screen and only for screens, patterns the matcher understands.
func TestRoutesTable(t *testing.T) {
	names, patterns := map[string]bool{}, map[string]bool{}
	for _, r := range Routes {
		if names[r.Name] || patterns[r.Pattern] {
			t.Errorf("%s %s: named or declared twice", r.Name, r.Pattern)
		}
		names[r.Name], patterns[r.Pattern] = true, true
		if (r.Kind == Screen) != (r.Title != "") {
			t.Errorf("%s: a title belongs to screens only (kind %d, title %q)", r.Name, r.Kind, r.Title)
		}
		if !strings.HasPrefix(r.Pattern, "/") || (r.Pattern != "/" && strings.HasSuffix(r.Pattern, "/")) {
			t.Errorf("%s: pattern %q is not a clean absolute path", r.Name, r.Pattern)
		}
		if strings.Contains(r.Pattern, "*") && (r.Kind != Missing || !strings.HasSuffix(r.Pattern, "/*")) {
			t.Errorf("%s: only a Missing route ends in /*", r.Name)
		}
	}
}
