package blogaddr_test

import (
	"testing"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/store"
)

func TestCustomHost(t *testing.T) {
	for _, tc := range []struct{ host, base, want string }{
		{"inkpress.io", "https://inkpress.io", ""},
		{"INKPRESS.io:443", "https://inkpress.io", ""},
		{"127.0.0.1:8080", "http://127.0.0.1:8080", ""},
		{"localhost:3000", "https://inkpress.io", ""},
		{"[::1]:8080", "https://inkpress.io", ""},
		{"", "https://inkpress.io", ""},
		{"Blog.Example.org", "https://inkpress.io", "blog.example.org"},
		{"blog.example.org:8443", "http://inkpress.io:8080", "blog.example.org"},
	} {
		if got := blogaddr.CustomHost(tc.host, tc.base); got != tc.want {
			t.Errorf("CustomHost(%q, %q) = %q, want %q", tc.host, tc.base, got, tc.want)
		}
	}
}

func TestBlogPaths(t *testing.T) {
	ws := &store.Workspace{Slug: "jane"}
	for _, tc := range []struct {
		b                    blogaddr.Blog
		home, category, post string
	}{
		{blogaddr.Blog{Workspace: ws, Origin: "https://inkpress.io"}, "https://inkpress.io/", "https://inkpress.io/keto", "https://inkpress.io/keto/fat"},
		{blogaddr.Blog{Workspace: ws, Prefix: "/blog/jane", Origin: "https://inkpress.io"}, "https://inkpress.io/blog/jane",
			"https://inkpress.io/blog/jane/keto", "https://inkpress.io/blog/jane/keto/fat"},
	} {
		b := tc.b
		if got := b.URL(b.HomePath()); got != tc.home {
			t.Errorf("home = %q, want %q", got, tc.home)
		}
		if got := b.URL(b.CategoryPath("keto")); got != tc.category {
			t.Errorf("category = %q, want %q", got, tc.category)
		}
		if got := b.URL(b.PostPath("keto", "fat")); got != tc.post {
			t.Errorf("post = %q, want %q", got, tc.post)
		}
	}
}
