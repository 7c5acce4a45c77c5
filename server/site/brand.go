package site

import (
	"cmp"
	"context"

	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/feed"
	"github.com/inkpress/inkpress/internal/locale"
	"github.com/inkpress/inkpress/store"
)

// blogMeta is what every page and feed of a blog says about the blog: its
// name (the site's own blog keeps the platform's), description, settings
// and brand.
type blogMeta struct {
	b *blogaddr.Blog
	// title is the blog's name; "" on the site's own blog, whose pages
	// carry the platform's name.
	title, desc string
	set         *store.Settings
	brand       *store.Brand
	whiteLabel  bool
	// text is the reader's words in the blog's language; the site's own
	// blog wears the platform's frame, in English.
	text *locale.Texts
}

func (h *Handler) blogMeta(ctx context.Context, b *blogaddr.Blog) (*blogMeta, error) {
	title, desc, set, err := h.blogInfo(ctx, b)
	if err != nil {
		return nil, err
	}
	br, err := h.Reader.Brand(ctx, b.Workspace)
	if err != nil {
		return nil, err
	}
	text := locale.For(set.Lang())
	if b.Workspace.Slug == h.Config.SiteWorkspace {
		text = locale.For(locale.Default)
	}
	return &blogMeta{b: b, title: title, desc: desc, set: set, brand: br,
		whiteLabel: blog.WhiteLabel(b.Workspace, h.Config.SiteWorkspace), text: text}, nil
}

// name is the blog's name as a publisher: its title, or the configured
// publisher on the site's own blog.
func (m *blogMeta) name(h *Handler) string {
	if m.title == "" {
		return h.Config.PublisherName
	}
	return m.title
}

// frame sets the blog's part of a page's head: the name after the page's
// title and in og:site_name, its icon, its default sharing image, its
// language and the direction its texts are written in.
func (m *blogMeta) frame(hd *Head) {
	hd.Dir = m.text.Dir()
	hd.SiteName = m.title
	hd.Icon = absolute(m.b, m.brand.FaviconURL)
	hd.DefaultImage = absolute(m.b, m.brand.SocialImageURL)
	hd.Lang = m.set.Lang()
}

// logo is the image that stands for the blog (structured data, feeds): its
// logo, else its icon, else the platform's icon unless the blog is
// white-label ("" then).
func (m *blogMeta) logo(h *Handler) string {
	switch {
	case m.brand.LogoURL != "":
		return absolute(m.b, m.brand.LogoURL)
	case m.brand.FaviconURL != "":
		return absolute(m.b, m.brand.FaviconURL)
	case m.whiteLabel:
		return ""
	}
	return h.Config.BaseURL + IconPath
}

// publisher is the blog as a schema.org Organization.
func (m *blogMeta) publisher(h *Handler) map[string]any {
	org := map[string]any{"@type": "Organization", "name": m.name(h), "url": m.b.URL(m.b.HomePath())}
	if logo := m.logo(h); logo != "" {
		org["logo"] = map[string]string{"@type": "ImageObject", "url": logo}
	}
	return org
}

// person is an author as a schema.org Person, their page on this blog as url.
func person(b *blogaddr.Blog, a *store.Author) map[string]any {
	p := map[string]any{"@type": "Person", "name": a.Name(), "url": b.URL(b.AuthorPath(a.Slug))}
	if a.AvatarURL != "" {
		p["image"] = absolute(b, a.AvatarURL)
	}
	if len(a.Links) > 0 {
		same := make([]string, len(a.Links))
		for i, l := range a.Links {
			same[i] = l.URL
		}
		p["sameAs"] = same
	}
	if a.Bio != "" {
		p["description"] = a.Bio
	}
	return p
}

// feedMarks sets a feed's images and author: the blog's logo (or sharing
// image) and icon, the platform's where the blog has none and is not
// white-label; the blog is the author of its feed (the configured author on
// the site's own blog).
func (m *blogMeta) feedMarks(h *Handler, ch *feed.Channel) {
	ch.ImageURL = absolute(m.b, cmp.Or(m.brand.LogoURL, m.brand.SocialImageURL))
	ch.IconURL = absolute(m.b, m.brand.FaviconURL)
	if !m.whiteLabel {
		ch.ImageURL = cmp.Or(ch.ImageURL, h.Config.BaseURL+DefaultImagePath)
		ch.IconURL = cmp.Or(ch.IconURL, h.Config.BaseURL+IconPath)
	}
	ch.Author = m.title
	if ch.Author == "" {
		ch.Author = h.Config.AuthorName
	}
}
