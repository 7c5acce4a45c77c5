package site_test

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
)

var ldScript = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

// directives splits a Content-Security-Policy into directive -> sources.
func directives(csp string) map[string][]string {
	out := map[string][]string{}
	for _, d := range strings.Split(csp, ";") {
		f := strings.Fields(d)
		if len(f) > 0 {
			out[f[0]] = f[1:]
		}
	}
	return out
}

func has(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

// Every HTML answer carries a strict CSP (no inline or eval script, no
// plugins, no <base>, framing by the site only) and a Permissions-Policy;
// a post page's JSON-LD block is allowed by its hash, cached or not. An
// http base URL gets no HSTS.
func TestHTMLPagesCarryCSPAndPermissionsPolicy(t *testing.T) {
	a, c := start(t)
	p := firstPost(t, a, siteWS(t, a).ID)
	postPath := "/" + p.Category + "/" + p.Slug
	for _, path := range []string{"/", "/posts", "/" + p.Category, postPath, postPath, "/login", "/dashboard", "/no/such/page/here"} {
		r := c.Get(path)
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("%s: content type %q", path, r.Header.Get("Content-Type"))
		}
		csp := r.Header.Get("Content-Security-Policy")
		d := directives(csp)
		for name, want := range map[string]string{"object-src": "'none'", "base-uri": "'none'", "frame-ancestors": "'self'",
			"default-src": "'self'", "connect-src": "'self'", "form-action": "'self'"} {
			if !has(d[name], want) {
				t.Fatalf("%s: %s lacks %s: %q", path, name, want, csp)
			}
		}
		if !has(d["script-src"], "'self'") || has(d["script-src"], "'unsafe-inline'") || has(d["script-src"], "'unsafe-eval'") {
			t.Fatalf("%s: script-src %q", path, d["script-src"])
		}
		for _, m := range ldScript.FindAllStringSubmatch(string(r.Body), -1) {
			sum := sha256.Sum256([]byte(m[1]))
			if h := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !has(d["script-src"], h) {
				t.Fatalf("%s: JSON-LD hash %s not in script-src %q", path, h, d["script-src"])
			}
		}
		if path == postPath && !ldScript.Match(r.Body) {
			t.Fatalf("post page without JSON-LD")
		}
		pp := r.Header.Get("Permissions-Policy")
		for _, f := range []string{"camera=()", "microphone=()", "geolocation=()"} {
			if !strings.Contains(pp, f) {
				t.Fatalf("%s: Permissions-Policy %q lacks %s", path, pp, f)
			}
		}
		if r.Header.Get("Strict-Transport-Security") != "" {
			t.Fatalf("%s: HSTS on an http base URL", path)
		}
	}
}

// An https base URL turns HSTS on, for pages and the API alike; the S3
// public origin may serve images.
func TestHSTSWithHTTPSBaseURL(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_BASE_URL", "https://blog.example"),
		apptest.Env("INKPRESS_S3_PUBLIC_URL", "http://cdn.example:9000/bucket"))
	for _, path := range []string{"/", "/api/auth/me"} {
		w := httptest.NewRecorder()
		a.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, "https://blog.example"+path, nil))
		if got := w.Header().Get("Strict-Transport-Security"); got != "max-age=31536000; includeSubDomains" {
			t.Fatalf("%s: HSTS %q", path, got)
		}
	}
	w := httptest.NewRecorder()
	a.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, "https://blog.example/", nil))
	if img := directives(w.Header().Get("Content-Security-Policy"))["img-src"]; !has(img, "http://cdn.example:9000") {
		t.Fatalf("img-src %q lacks the S3 public origin", img)
	}
}

// Frames come only from the two video players post HTML may embed. Every
// page allows them, not only a post with an embed, because the app moves
// between pages without reloading and keeps the first page's policy.
func TestFrameSrcAllowsOnlyTheEmbeddedPlayers(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	ws := siteWS(t, a)
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Tech", Slug: "tech"}); err != nil && !errors.Is(err, store.ErrConflict) {
		t.Fatal(err)
	}
	p := &store.Post{WorkspaceID: ws.ID, Category: "tech", Title: "A talk worth watching",
		Content: `<p>Watch this.</p><div data-embed="youtube"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>` +
			`<iframe src="https://player.vimeo.com/video/76979871"></iframe>`}
	if err := a.Posts.Create(ctx, p); err != nil {
		t.Fatal(err)
	}
	postPath := "/" + p.Category + "/" + p.Slug
	want := []string{"https://www.youtube-nocookie.com", "https://player.vimeo.com"}
	for _, path := range []string{postPath, "/", "/login"} {
		r := c.Get(path)
		got := directives(r.Header.Get("Content-Security-Policy"))["frame-src"]
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("%s: frame-src %q, want %q", path, got, want)
		}
		if path != postPath {
			continue
		}
		// The page's frames are exactly those the policy allows.
		frames := regexp.MustCompile(`<iframe src="(https://[^/"]+)/`).FindAllStringSubmatch(string(r.Body), -1)
		if len(frames) != 2 {
			t.Fatalf("post page has %d frames, want 2: %s", len(frames), r.Body)
		}
		for _, f := range frames {
			if !has(got, f[1]) {
				t.Fatalf("frame from %s not in frame-src %q", f[1], got)
			}
		}
	}
}
