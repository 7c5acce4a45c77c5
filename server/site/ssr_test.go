package site_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
)

// fakeBundle renders post pages the way the app's bundle does, in passes
// that ask the API (in process) for the page's post, and breaks on a post
// whose title says BOMB. It runs in the real engine.
const fakeBundle = `
var InkpressSSR = (function () {
  var path, post, site, asked
  return {
    begin: function (j) { path = /^https?:\/\/[^/]+([^?]*)/.exec(JSON.parse(j).url)[1]; post = site = null; asked = false },
    pass: function () {
      var segs = path.split('/').filter(Boolean)
      if (!asked) {
        asked = true
        fetch('/api/site').then(function (r) { return r.json() }).then(function (d) { site = d })
        if (segs.length === 2) fetch('/api/posts/' + segs[0] + '/' + segs[1]).then(function (r) { return r.json() }).then(function (d) { post = d.post })
        return { html: '', fetching: 2 }
      }
      if (post && post.title.indexOf('BOMB') >= 0) throw new Error('cannot render this post')
      return { html: '<h1 class="app">' + (post ? post.title.replace(/</g, '&lt;') : site.name) + '</h1>', fetching: 0 }
    },
    data: function () { return JSON.stringify({ site: site, post: post }) },
  }
})()
`

func ssrBundle(t *testing.T) string {
	dir := t.TempDir()
	for name, js := range map[string]string{"polyfills.js": "", "entry-server.js": fakeBundle} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(js), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Public pages are the app's own rendering with their data in the page; a
// post the renderer cannot render still gets its plain page, never an error.
func TestServerRenderedPages(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		ws := siteWS(t, a)
		if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Bread", Slug: "bread"}); err != nil {
			t.Fatal(err)
		}
		now := time.Now().Add(-time.Hour)
		fine := &store.Post{WorkspaceID: ws.ID, Category: "bread", Title: "Rye </script><script>alert(1)</script>", Content: "<p>Dark.</p>",
			PublishedAt: now, UpdatedAt: now}
		bomb := &store.Post{WorkspaceID: ws.ID, Category: "bread", Title: "BOMB loaf", Content: "<p>Boom.</p>", PublishedAt: now, UpdatedAt: now}
		for _, p := range []*store.Post{fine, bomb} {
			if err := a.Posts.Create(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		c := a.Client(t)

		r := c.Get("/bread/" + fine.Slug)
		body := string(r.Body)
		if r.StatusCode != http.StatusOK {
			t.Fatalf("status %d", r.StatusCode)
		}
		for _, want := range []string{
			`<div id="root" data-ssr><h1 class="app">Rye &lt;/script>&lt;script>alert(1)&lt;/script></h1>`,
			`<script id="inkpress-data" type="application/json">{"site":{"name":"InkPress"`,
			`"title":"Rye \u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"`,
			`<title>Rye &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | InkPress</title>`, // the head is still the server's
		} {
			if !strings.Contains(body, want) {
				t.Errorf("post page lacks %s\n%s", want, body)
			}
		}
		if strings.Contains(body, "<script>alert(1)") {
			t.Error("a post's title broke out of its element")
		}
		if strings.Contains(body, `<main class="ssr">`) {
			t.Error("the plain page was served along with the app's")
		}

		r = c.Get("/bread/" + bomb.Slug)
		body = string(r.Body)
		if r.StatusCode != http.StatusOK {
			t.Fatalf("a post the renderer cannot render: status %d", r.StatusCode)
		}
		if strings.Contains(body, "data-ssr") || strings.Contains(body, "inkpress-data") || !strings.Contains(body, `<h1>BOMB loaf</h1>`) {
			t.Errorf("want the plain page:\n%s", body)
		}

		// The home page renders too (no post: the site's name from /api/site).
		if r := c.Get("/"); !strings.Contains(string(r.Body), `<div id="root" data-ssr><h1 class="app">InkPress</h1>`) {
			t.Errorf("home page:\n%s", r.Body)
		}
	}, apptest.Env("INKPRESS_SSR", "true"), apptest.Env("INKPRESS_SSR_BUNDLE", ssrBundle(t)))
}
