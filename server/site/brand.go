package site

import (
	"cmp"
	"context"

	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/feed"
	"github.com/inkpress/inkpress/internal/locale"
	"github.com/inkpress/inkpress/internal/marks"
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
	// spec draws the blog's own marks where its owner uploaded none (not
	// on the site's own blog, which wears the platform's).
	spec marks.Spec
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
		whiteLabel: blog.WhiteLabel(b.Workspace, h.Config.SiteWorkspace), text: text, spec: marks.Spec{Name: title, Color: set.PrimaryColor}}, nil
}

// platform reports whether the blog wears the platform's marks: the site's
// own blog at the root.
func (m *blogMeta) platform() bool { return m.title == "" }

// mark is the absolute address of the blog's drawn image k ("" on the
// site's own blog).
func (m *blogMeta) mark(k marks.Kind) string {
	if m.platform() {
		return ""
	}
	return m.b.URL(marks.Path(m.b.Prefix, k, m.spec))
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
// title and in og:site_name, its icons, its default sharing image, its
// language and the direction its texts are written in. What the owner
// uploaded wins; until then the marks drawn from the blog's name and colour
// stand in. The site's own blog keeps the platform's.
func (m *blogMeta) frame(hd *Head) {
	hd.Dir = m.text.Dir()
	hd.SiteName = m.title
	hd.Lang = m.set.Lang()
	if m.platform() {
		return
	}
	if m.brand.FaviconURL != "" {
		hd.Icon = absolute(m.b, m.brand.FaviconURL)
		hd.TouchIcon = hd.Icon
	} else {
		hd.Icon, hd.IconSize = m.mark(marks.SmallIcon), marks.SmallIconSize
		hd.TouchIcon = m.mark(marks.TouchIcon)
	}
	if m.brand.SocialImageURL != "" {
		hd.DefaultImage = absolute(m.b, m.brand.SocialImageURL)
	} else {
		hd.DefaultImage, hd.DefaultImageCard = m.mark(marks.Card), true
	}
}

// shareImage is the blog's image for a page without one: its sharing
// image, else its drawn card (the platform's default on the site's blog).
func (m *blogMeta) shareImage(h *Handler) string {
	switch {
	case m.brand.SocialImageURL != "":
		return absolute(m.b, m.brand.SocialImageURL)
	case m.platform():
		return h.Config.BaseURL + DefaultImagePath
	}
	return m.mark(marks.Card)
}

// logo is the image that stands for the blog (structured data): its logo,
// else its icon, else the logo drawn from its name (the platform's icon on
// the site's own blog).
func (m *blogMeta) logo(h *Handler) string {
	switch {
	case m.brand.LogoURL != "":
		return absolute(m.b, m.brand.LogoURL)
	case m.brand.FaviconURL != "":
		return absolute(m.b, m.brand.FaviconURL)
	case m.platform():
		return h.Config.BaseURL + IconPath
	}
	return m.mark(marks.Logo)
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
// image) and icon, the ones drawn from its name where it has none (the
// platform's on the site's own blog); the blog is the author of its feed
// (the configured author on the site's own blog). A white-label blog's
// feeds leave the platform's name out of their generator.
func (m *blogMeta) feedMarks(h *Handler, ch *feed.Channel) {
	ch.ImageURL = absolute(m.b, cmp.Or(m.brand.LogoURL, m.brand.SocialImageURL))
	ch.IconURL = absolute(m.b, m.brand.FaviconURL)
	if m.platform() {
		ch.ImageURL = cmp.Or(ch.ImageURL, h.Config.BaseURL+DefaultImagePath)
		ch.IconURL = cmp.Or(ch.IconURL, h.Config.BaseURL+IconPath)
	} else {
		ch.ImageURL = cmp.Or(ch.ImageURL, m.mark(marks.Card))
		ch.IconURL = cmp.Or(ch.IconURL, m.mark(marks.Icon))
	}
	ch.WhiteLabel = m.whiteLabel
	ch.Author = m.title
	if ch.Author == "" {
		ch.Author = h.Config.AuthorName
	}
}
