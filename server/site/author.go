package site

import (
	"context"
	"html"
	"net/http"
	"strings"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/locale"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/social"
	"github.com/inkpress/inkpress/store"
)

// postAuthor is a post's author in its structured data: the author as a
// Person, or, for a post without one, the blog (the configured author on
// the site's own blog).
func (h *Handler) postAuthor(m *blogMeta, p *store.Post) map[string]any {
	if p.Author != nil {
		return person(m.b, p.Author)
	}
	if m.title == "" {
		return map[string]any{"@type": "Person", "name": h.Config.AuthorName}
	}
	return map[string]any{"@type": "Organization", "name": m.title, "url": m.b.URL(m.b.HomePath())}
}

// byline is a post's author line for clients without JavaScript.
func byline(b *blogaddr.Blog, t *locale.Texts, a *store.Author) string {
	if a == nil {
		return ""
	}
	e := html.EscapeString
	var s strings.Builder
	s.WriteString(`<p class="byline">`)
	if a.AvatarURL != "" {
		s.WriteString(`<img src="` + e(absolute(b, a.AvatarURL)) + `" alt="" width="40" height="40"> `)
	}
	by, name, _ := strings.Cut(t.Text("byAuthor"), "{name}")
	s.WriteString(e(by) + `<a href="` + e(b.AuthorPath(a.Slug)) + `" rel="author">` + e(a.Name()) + `</a>` + e(name) + `</p>`)
	return s.String()
}

// authorPage is an author's page on a blog: who they are and their public
// posts there, newest first. An author with no post on this blog has no
// page on it (404).
func (h *Handler) authorPage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, slug string) error {
	if !content.ValidSlug(slug) {
		return store.ErrNotFound
	}
	return h.serveHTML(w, r, b, b.PageKey(b.AuthorPath(slug)), func(ctx context.Context) (*page, error) {
		l, err := h.Reader.Author(ctx, b.Workspace.ID, slug, 1, reader.DefaultPageSize)
		if err != nil {
			return nil, err
		}
		m, err := h.blogMeta(ctx, b)
		if err != nil {
			return nil, err
		}
		a := l.Author
		e := html.EscapeString
		canonical := b.URL(b.AuthorPath(a.Slug))
		desc := a.Bio
		if desc == "" {
			desc = "Articles by " + a.Name() + " on " + m.name(h) + "."
		}
		ld := map[string]any{"@context": "https://schema.org", "@type": "ProfilePage", "url": canonical,
			"mainEntity": person(b, a), "isPartOf": map[string]any{"@type": "WebSite", "name": m.name(h), "url": b.URL(b.HomePath())}}
		var body strings.Builder
		body.WriteString(`<main class="ssr"><header>`)
		if a.AvatarURL != "" {
			body.WriteString(`<img src="` + e(absolute(b, a.AvatarURL)) + `" alt="" width="96" height="96">`)
		}
		body.WriteString(`<h1>` + e(a.Name()) + `</h1>`)
		if a.Bio != "" {
			body.WriteString(`<p>` + e(a.Bio) + `</p>`)
		}
		if len(a.Links) > 0 {
			body.WriteString(`<ul>`)
			for _, ln := range a.Links {
				body.WriteString(`<li><a href="` + e(ln.URL) + `" rel="me noopener" target="_blank">` + e(social.Label(ln.Network)) + `</a></li>`)
			}
			body.WriteString(`</ul>`)
		}
		body.WriteString(`</header>` + postList(b, m.text, l.Posts) + `</main>`)
		hd := Head{Title: a.Name(), Description: desc, Canonical: canonical, Type: "profile", RootBlog: h.rootBlog(b),
			RSS: b.URL(b.Prefix + "/feed.xml"), JSONLD: ld}
		if a.AvatarURL != "" {
			hd.Image = absolute(b, a.AvatarURL)
		}
		m.frame(&hd)
		return &page{head: hd, body: body.String()}, nil
	})
}
