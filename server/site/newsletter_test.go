package site_test

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
)

// The newsletter's link pages answer on every blog, in its frame, never
// indexed or cached; the unsubscribe page works without JavaScript.
func TestSubscriptionPages(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	otherBlog(t, a)
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"/confirm?token=abc", []string{"<h1>Confirm your subscription</h1>"}},
		{"/blog/other/confirm?token=abc", []string{"Press the button to get new posts of Other Blog by e-mail."}},
		{"/blog/other/unsubscribe?token=a%22b", []string{"<h1>Unsubscribe</h1>", `<form method="post" action="/api/subscribers/one-click?token=a%22b">`,
			`name="List-Unsubscribe" value="One-Click"`, "Other Blog"}},
		{"/unsubscribe?token=t", []string{`action="/api/subscribers/one-click?token=t"`}},
	} {
		r := c.Get(tc.path)
		body := string(r.Body)
		if r.StatusCode != 200 || !strings.Contains(body, `<meta name="robots" content="noindex">`) || r.Header.Get("Cache-Control") != "private, no-store" ||
			r.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Fatalf("%s: %d %v", tc.path, r.StatusCode, r.Header)
		}
		for _, w := range tc.want {
			if !strings.Contains(body, w) {
				t.Fatalf("%s lacks %q", tc.path, w)
			}
		}
		if strings.Contains(body, `a"b`) {
			t.Fatalf("%s reflects the token unescaped", tc.path)
		}
	}
	// The site's own blog lives at the root.
	if r := c.Get("/blog/site/unsubscribe?token=t"); r.StatusCode != 301 || !strings.HasSuffix(r.Header.Get("Location"), "/unsubscribe?token=t") {
		t.Fatalf("/blog/site/unsubscribe: %d %s", r.StatusCode, r.Header.Get("Location"))
	}
}
