package site_test

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/store"

	"github.com/inkpress/inkpress/server/site"
)

func TestFrameWrap(t *testing.T) {
	base := site.Frame{
		Title: "Olivia Writes", HomePath: "/blog/olivia", SearchPath: "/blog/olivia/search",
		FeedURL: "https://inkpress.dev/blog/olivia/feed.xml", Template: "template-2", Color: "#f43f5e",
		Categories: []site.FrameLink{{Name: "Keto", Path: "/blog/olivia/keto"}},
		Social:     []site.FrameSocial{{Network: "x", URL: "https://x.com/olivia"}, {Network: "mastodon", URL: "https://mastodon.social/@o"}},
		Platform:   "InkPress", PlatformURL: "https://inkpress.dev/", Year: 2026,
	}
	with := func(change func(f *site.Frame)) site.Frame {
		f := base
		change(&f)
		return f
	}
	cases := []struct {
		name      string
		frame     site.Frame
		want, not []string
	}{
		{"everything", base, []string{
			`<header class="ssr-frame" data-template="template-2" style="--brand:#f43f5e;--brand-strong:#f43f5e">`,
			`<a class="ssr-frame-home" href="/blog/olivia">Olivia Writes</a>`,
			`<form class="ssr-frame-search" role="search" method="get" action="/blog/olivia/search">`,
			`name="q"`,
			`<nav aria-label="Blog categories"><ul><li><a href="/blog/olivia/keto">Keto</a></li></ul></nav>`,
			`<main>MAIN</main>`,
			`<a href="https://x.com/olivia" rel="me noopener" target="_blank">X</a>`,
			`<a href="https://mastodon.social/@o" rel="me noopener" target="_blank">Mastodon</a>`,
			`<a href="https://inkpress.dev/blog/olivia/feed.xml">RSS feed</a>`,
			`© 2026 Olivia Writes`,
			`Powered by <a href="https://inkpress.dev/">InkPress</a>`,
		}, []string{"LOGIN", "SIGNUP"}},
		{"white-label hides the platform", with(func(f *site.Frame) { f.WhiteLabel = true }),
			[]string{`© 2026 Olivia Writes`, `RSS feed`}, []string{"Powered by", "InkPress"}},
		{"logo replaces the title, which is its alt", with(func(f *site.Frame) { f.LogoURL = "/media/7/logo.png" }),
			[]string{`<a class="ssr-frame-home" href="/blog/olivia"><img src="/media/7/logo.png" alt="Olivia Writes" height="40"></a>`}, nil},
		{"hostile title and names are escaped", with(func(f *site.Frame) {
			f.Title = `<script>alert(1)</script>"`
			f.Categories = []site.FrameLink{{Name: `<b>x</b>`, Path: `/blog/olivia/x"onclick="y`}}
			f.LogoURL = `https://cdn.example/l.png" onerror="alert(1)`
		}), []string{
			`alt="&lt;script&gt;alert(1)&lt;/script&gt;&#34;"`, `© 2026 &lt;script&gt;alert(1)&lt;/script&gt;&#34;`,
			`href="/blog/olivia/x&#34;onclick=&#34;y">&lt;b&gt;x&lt;/b&gt;</a>`, `src="https://cdn.example/l.png&#34; onerror=&#34;alert(1)"`,
		}, []string{"<script>", `<b>`, `" onerror="`}},
		{"hostile URLs are dropped", with(func(f *site.Frame) {
			f.Social = []site.FrameSocial{{Network: "x", URL: "javascript:alert(1)"}, {Network: "github", URL: "//evil.example"},
				{Network: "website", URL: " JavaScript:alert(2)"}, {Network: "nope", URL: "https://me.example"}}
			f.FeedURL = "data:text/html,hi"
			f.LogoURL = "javascript:alert(3)"
			f.HomePath = `/\evil.example`
			f.Color = "red;background:url(x)"
			f.PlatformURL = "javascript:alert(4)"
		}), []string{`<a class="ssr-frame-home" href="/">Olivia Writes</a>`, `<a href="https://me.example" rel="me noopener" target="_blank">Website</a>`,
			`Powered by <a href="/">InkPress</a>`, `<header class="ssr-frame" data-template="template-2">`},
			[]string{"javascript", "evil", "data:", "RSS feed", "<img", "style="}},
		{"no categories, links or search", with(func(f *site.Frame) { f.Categories, f.Social, f.SearchPath = nil, nil, "" }),
			nil, []string{"<nav", "Social links", "<form"}},
		{"unknown template is Modern", with(func(f *site.Frame) { f.Template = "x" }), []string{`data-template="template-1"`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.frame.Wrap(`<main>MAIN</main>`)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("missing %s\nin %s", w, got)
				}
			}
			for _, n := range c.not {
				if strings.Contains(got, n) {
					t.Errorf("has %s\nin %s", n, got)
				}
			}
		})
	}
}

// A workspace blog's pages wear its own frame without JavaScript; the
// site's own blog keeps the platform's (drawn by the app).
func TestWorkspaceBlogPagesWearTheirFrame(t *testing.T) {
	a, c := start(t)
	ws, p := otherBlog(t, a)
	for _, path := range []string{"/blog/other", "/blog/other/keto", "/blog/other/keto/" + p.Slug} {
		body := string(c.Get(path).Body)
		for _, want := range []string{
			`<a class="ssr-frame-home" href="/blog/other">Other Blog</a>`,
			`action="/blog/other/search"`,
			`<li><a href="/blog/other/keto">Keto</a></li>`,
			`<a href="` + a.URL + `/blog/other/feed.xml">RSS feed</a>`,
			`Powered by <a href="` + a.Config.BaseURL + `/">InkPress</a>`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: missing %s", path, want)
			}
		}
		main := body[strings.Index(body, `<div id="root">`):]
		for _, chrome := range []string{"LOGIN", "SIGNUP", "/admin/login", "/admin/signup"} {
			if strings.Contains(main, chrome) {
				t.Errorf("%s: platform chrome %q", path, chrome)
			}
		}
	}
	// On its custom domain the frame's links are root-relative.
	if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr("blog.example.org")}); err != nil {
		t.Fatal(err)
	}
	body := string(c.Raw("GET", "/keto", "blog.example.org", nil, nil).Body)
	if !strings.Contains(body, `<a class="ssr-frame-home" href="/">Other Blog</a>`) || !strings.Contains(body, `action="/search"`) {
		t.Errorf("custom domain frame: %s", body)
	}
	sp := firstPost(t, a, siteWS(t, a).ID)
	for _, path := range []string{"/", "/" + sp.Category, "/" + sp.Category + "/" + sp.Slug} {
		if strings.Contains(string(c.Get(path).Body), "ssr-frame") {
			t.Errorf("%s: the site's blog wears a workspace frame", path)
		}
	}
}
