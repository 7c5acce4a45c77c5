package site_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
)

// TestNewsletterFormWorksWithoutJavaScript: the newsletter form posted by
// a browser without scripts (same origin, so no CSRF header; the pages'
// form itself: e2e/tests/newsletter-nojs.spec.ts) signs the address up and
// answers a page saying so, with a link back. Other sites' posts and bad
// input change nothing.
func TestNewsletterFormWorksWithoutJavaScript(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		ws, _ := otherBlog(t, a)
		c := a.Client(t)
		subscribers := func() int {
			subs, err := a.Store.ListSubscribers(ctx, store.FindSubscribers{WorkspaceID: ws.ID})
			if err != nil {
				t.Fatal(err)
			}
			return len(subs)
		}
		post := func(site string, form url.Values) *apptest.Response {
			h := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}, "Sec-Fetch-Site": {site}}
			if site == "cross-site" {
				h.Set("Origin", "https://evil.example")
			}
			return c.Raw(http.MethodPost, "/api/subscribers/form", "", strings.NewReader(form.Encode()), h)
		}
		for _, tc := range []struct {
			name, site string
			form       url.Values
			status     int
			says       []string
		}{
			{"another site's form", "cross-site", url.Values{"email": {"a@example.com"}, "workspace": {ws.Slug}}, 403, nil},
			{"no address", "same-origin", url.Values{"workspace": {ws.Slug}, "back": {"/blog/" + ws.Slug + "/keto"}}, 400,
				[]string{"<h1>Error</h1>", "Please enter a valid email address", `<a href="/blog/` + ws.Slug + `/keto">Back to Other Blog</a>`}},
			{"a malformed address", "same-origin", url.Values{"email": {"not-an-address"}, "workspace": {ws.Slug}}, 400,
				[]string{"Please enter a valid email address"}},
			{"an unknown blog", "same-origin", url.Values{"email": {"a@example.com"}, "workspace": {"no-such-blog"}}, 404, nil},
		} {
			r := post(tc.site, tc.form)
			if r.StatusCode != tc.status {
				t.Errorf("%s: %d, want %d: %s", tc.name, r.StatusCode, tc.status, r.Body)
			}
			for _, s := range tc.says {
				if !strings.Contains(string(r.Body), s) {
					t.Errorf("%s: the page lacks %q: %s", tc.name, s, r.Body)
				}
			}
		}
		if n := subscribers(); n != 0 {
			t.Fatalf("refused forms stored %d subscribers", n)
		}
		// The JSON endpoint still wants its token.
		if r := c.Raw(http.MethodPost, "/api/subscribers", "", strings.NewReader(`{"email":"b@example.com"}`),
			http.Header{"Content-Type": {"application/json"}, "Sec-Fetch-Site": {"same-origin"}}); r.StatusCode != http.StatusForbidden {
			t.Errorf("JSON sign-up without the CSRF token: %d", r.StatusCode)
		}

		r := post("same-origin", url.Values{"email": {" reader@example.com "}, "workspace": {ws.Slug}, "back": {"//evil.example/x"}})
		if r.StatusCode != http.StatusOK || r.Header.Get("Cache-Control") != "no-store" ||
			!strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("sign-up: %d %s %s", r.StatusCode, r.Header.Get("Content-Type"), r.Body)
		}
		for _, s := range []string{"<h1>Success!</h1>", "Check your inbox to confirm your subscription.",
			`<a href="/blog/` + ws.Slug + `">Back to Other Blog</a>`} { // another host's address is never the way back
			if !strings.Contains(string(r.Body), s) {
				t.Errorf("sign-up page lacks %q: %s", s, r.Body)
			}
		}
		subs, _ := a.Store.ListSubscribers(ctx, store.FindSubscribers{WorkspaceID: ws.ID})
		if len(subs) != 1 || subs[0].Email != "reader@example.com" || subs[0].Status != store.SubscriberPending {
			t.Fatalf("subscribers after the form: %+v", subs)
		}
	})
}
