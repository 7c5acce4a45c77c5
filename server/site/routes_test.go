package site_test

import (
	"bytes"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/site"
	"github.com/inkpress/inkpress/store"
)

func TestFullTitle(t *testing.T) {
	tests := []struct{ title, want string }{
		{"", "InkPress"},
		{"InkPress", "InkPress"},
		{"About", "About | InkPress"},
		{"Keto – Olivia Writes", "Keto – Olivia Writes | InkPress"},
		// The site's name once, never "Keto – InkPress | InkPress".
		{"Keto – InkPress", "Keto – InkPress"},
		{"Keto | InkPress", "Keto | InkPress"},
		{"Why I moved to InkPress", "Why I moved to InkPress | InkPress"},
	}
	for _, tt := range tests {
		if got := site.FullTitle(tt.title, "InkPress"); got != tt.want {
			t.Errorf("FullTitle(%q) = %q, want %q", tt.title, got, tt.want)
		}
	}
	// A page of a workspace's blog carries the blog's name; the site's own
	// blog (no title of its own) the platform's.
	for _, tt := range []struct{ page, blog, want string }{
		{"Keto", "Olivia Writes", "Keto | Olivia Writes"},
		{"", "Olivia Writes", "Olivia Writes"},
		{"Olivia Writes", "Olivia Writes", "Olivia Writes"},
		{"Keto", "InkPress", "Keto | InkPress"},
		{"Keto", " ", "Keto | InkPress"},
		{"", "", "InkPress"},
	} {
		if got := site.BlogPageTitle(tt.page, tt.blog, "InkPress"); got != tt.want {
			t.Errorf("BlogPageTitle(%q, %q) = %q, want %q", tt.page, tt.blog, got, tt.want)
		}
	}
}

func title(body []byte) string {
	s := string(body)
	i, j := strings.Index(s, "<title>"), strings.Index(s, "</title>")
	if i < 0 || j < i {
		return ""
	}
	return s[i+len("<title>") : j]
}

// TestSiteBlogLivesAtTheRoot: /blog/{site workspace}/... answers a 301 to
// the same page at the root, and category pages name their blog once.
func TestSiteBlogLivesAtTheRoot(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	for path, want := range map[string]string{
		"/blog/site":                     a.URL + "/",
		"/blog/site/keto":                a.URL + "/keto",
		"/blog/site/keto/some-post":      a.URL + "/keto/some-post",
		"/blog/site/feed.xml?category=x": a.URL + "/feed.xml?category=x",
	} {
		r := c.Get(path)
		if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != want {
			t.Errorf("%s: %d %q, want 301 %q", path, r.StatusCode, r.Header.Get("Location"), want)
		}
	}
	if r := c.Get("/keto"); r.StatusCode != 200 || title(r.Body) != "Keto | InkPress" {
		t.Errorf("/keto: %d %q", r.StatusCode, title(r.Body))
	}

	ws, err := a.Store.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Olivia", Slug: "olivia"})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Keto", Slug: "keto"}); err != nil {
		t.Fatal(err)
	}
	if err := a.Store.UpdateSettings(ctx, &store.Settings{WorkspaceID: ws.ID, BlogTitle: "Olivia Writes", TemplateID: "template-1",
		PrimaryColor: "#10b981", FontFamily: "Inter", OnboardingCompleted: true}); err != nil {
		t.Fatal(err)
	}
	// The app's title for the same page (web/src/routes/BlogCategory.tsx).
	if r := c.Get("/blog/olivia/keto"); r.StatusCode != 200 || title(r.Body) != "Keto | Olivia Writes" {
		t.Errorf("/blog/olivia/keto: %d %q", r.StatusCode, title(r.Body))
	}
}

// TestAdminAndFavicon: /admin is the app (which goes on to the dashboard),
// and /favicon.ico is the site's square icon, cached for long.
func TestAdminAndFavicon(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	r := c.Get("/admin")
	if r.StatusCode != 200 || !strings.Contains(r.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(r.Body), `content="noindex"`) {
		t.Errorf("/admin: %d %s", r.StatusCode, r.Header.Get("Content-Type"))
	}
	for _, method := range []string{"GET", "HEAD"} {
		r = c.Raw(method, "/favicon.ico", "", nil, nil)
		if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("%s /favicon.ico: %d %s", method, r.StatusCode, r.Header.Get("Content-Type"))
		}
		if cc := r.Header.Get("Cache-Control"); cc != "public, max-age=604800" {
			t.Errorf("%s /favicon.ico: Cache-Control %q", method, cc)
		}
	}
	r = c.Get("/favicon.ico")
	cfg, err := png.DecodeConfig(bytes.NewReader(r.Body))
	if err != nil || cfg.Width != cfg.Height {
		t.Errorf("/favicon.ico: %v %dx%d", err, cfg.Width, cfg.Height)
	}
	if icon := c.Get(site.IconPath); !bytes.Equal(icon.Body, r.Body) {
		t.Error("/favicon.ico differs from the icon")
	}
}
