package site_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
)

// A page a write changed keeps its last copy: when it cannot be made again
// (the database gone), its readers get that copy, marked stale, not an
// error; once the database answers, the write shows.
func TestChangedPageFallsBackToItsLastCopyWhenTheDatabaseFails(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_SSR", "true"), apptest.Env("INKPRESS_SSR_BUNDLE", ssrBundle(t)))
	ws := breadBlog(t, a)
	p := publish(t, a, ws, "Rye", "<p>Dark.</p>")
	drain(t, a)
	c := a.Client(t)
	if r := c.Get("/bread/" + p.Slug); r.StatusCode != http.StatusOK || !strings.Contains(string(r.Body), `<h1 class="app">Rye</h1>`) {
		t.Fatalf("before: %d", r.StatusCode)
	}
	if _, err := a.Posts.Update(ctx, ws.ID, p.ID, postsPatchTitle("Rye, darker")); err != nil {
		t.Fatal(err)
	}
	// The database stops answering: every query fails.
	if err := a.Store.SQL().Close(); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/bread/" + p.Slug, "/", "/bread"} {
		r := c.Get(path)
		if r.StatusCode != http.StatusOK {
			t.Fatalf("%s with the database gone: %d %s", path, r.StatusCode, r.Body)
		}
		if path == "/bread/"+p.Slug && (!strings.Contains(string(r.Body), `<h1 class="app">Rye</h1>`) || r.Header.Get("Warning") == "") {
			t.Errorf("%s: want the last copy marked stale, got Warning %q\n%s", path, r.Header.Get("Warning"), r.Body)
		}
	}
}

// With the database gone, what cannot be served from a copy answers 503
// with Retry-After: a readable page for a page, the JSON error for the API.
func TestOutageAnswers503WithRetryAfter(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	c.Get("/") // the site's blog is known
	if err := a.Store.SQL().Close(); err != nil {
		t.Fatal(err)
	}
	r := c.Get("/tech")
	if r.StatusCode != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" ||
		!strings.Contains(r.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(r.Body), "Back in a moment") {
		t.Errorf("page: %d Retry-After %q %s", r.StatusCode, r.Header.Get("Retry-After"), r.Body)
	}
	r = c.Get("/api/posts?category=tech")
	if r.StatusCode != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" || r.ErrorCode() != "unavailable" {
		t.Errorf("API: %d Retry-After %q %s", r.StatusCode, r.Header.Get("Retry-After"), r.Body)
	}
}
