package site

import (
	"cmp"
	"encoding/json"
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/server/frontend"
)

// Head is what a page's <head> says about it.
type Head struct {
	Title       string // page title without the site name; "" for the site name alone
	Description string
	Canonical   string // absolute URL
	Prev, Next  string // absolute URLs of a list's previous and next pages ("" at its ends)
	Image       string // absolute URL; "" for the default preview image
	Type        string // "website" or "article"
	RSS         string // absolute URL of the page's feed
	RSSTitle    string
	NoIndex     bool
	// BlogPage: a page of a blog that could not be read (an outage, an
	// unknown blog's address): it names no icon rather than the platform's.
	BlogPage   bool
	JSONLD     any // marshalled into a ld+json script when non-nil
	Published  time.Time
	Modified   time.Time
	ThemeColor string
	// Lang is the page's language, the <html> tag's lang ("" for English).
	Lang string
	// Dir is the direction of the page's texts ("rtl" for Arabic; "" is
	// left to right): the plain page's body is written in it.
	Dir string
	// RootBlog names the workspace served at this host's root when it is
	// not the site's (a custom domain), so the app renders that blog at once.
	RootBlog string
	// SiteName is the name of the blog the page belongs to, after its
	// title and in og:site_name ("" for the platform's name).
	SiteName string
	// Icon is the blog's browser icon, absolute ("" for the platform's);
	// IconSize its side in pixels when known (a drawn icon).
	Icon     string
	IconSize int
	// TouchIcon is the blog's home-screen icon (apple-touch-icon), absolute.
	TouchIcon string
	// DefaultImage is the blog's sharing image for a page without one,
	// absolute ("" for the platform's default preview image);
	// DefaultImageCard says it is a drawn card of 1200x630.
	DefaultImage     string
	DefaultImageCard bool
	// Preload is the page's largest image above the fold (see
	// PreloadImage), fetched with high priority before the app's code asks
	// for it; zero for none.
	Preload ImagePreload
}

// ImagePreload is an image a page asks for early, as its <img> will: the
// same src, srcset and sizes, so the browser uses what it preloaded.
type ImagePreload struct {
	URL    string // the img's src, as the page writes it
	SrcSet string
	Sizes  string
}

// The sizes of images by layout: the same strings as IMAGE_SIZES in
// web/src/lib/images.ts, where the layouts are described.
const (
	SizesCard3 = "(min-width: 80rem) 400px, (min-width: 64rem) calc((100vw - 5rem) / 3), (min-width: 40rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)"
	SizesCard4 = "(min-width: 80rem) 294px, (min-width: 64rem) calc((100vw - 6.5rem) / 4), (min-width: 40rem) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)"
	SizesCover = "(min-width: 48rem) 736px, calc(100vw - 2rem)"
)

// PreloadImage is the preload of a stored image's URL shown with sizes:
// with its variants' srcset when it has them (media.SrcSet), the URL
// alone otherwise, nothing for "".
func PreloadImage(url, sizes string) ImagePreload {
	if url == "" {
		return ImagePreload{}
	}
	srcset, ok := media.SrcSet(url)
	if !ok {
		return ImagePreload{URL: url}
	}
	return ImagePreload{URL: url, SrcSet: srcset, Sizes: sizes}
}

// PreloadLink is the <link rel="preload"> of p, escaped; "" for none.
func PreloadLink(p ImagePreload) string {
	if p.URL == "" {
		return ""
	}
	e := html.EscapeString
	var b strings.Builder
	b.WriteString(`<link rel="preload" as="image" href="`)
	b.WriteString(e(p.URL))
	b.WriteString(`"`)
	if p.SrcSet != "" {
		b.WriteString(` imagesrcset="`)
		b.WriteString(e(p.SrcSet))
		b.WriteString(`" imagesizes="`)
		b.WriteString(e(p.Sizes))
		b.WriteString(`"`)
	}
	b.WriteString(` fetchpriority="high">`)
	return b.String()
}

// SiteDescription is the site's own description, the default of every page.
const SiteDescription = "Made for marketers, built for creators, and ready for the future of social media."

// FullTitle is a page's full title (frontend.FullTitle: the app's rule too).
func FullTitle(title, siteName string) string { return frontend.FullTitle(title, siteName) }

// BlogPageTitle is the full title of a page of a blog (frontend.BlogPageTitle).
func BlogPageTitle(page, blogTitle, siteName string) string {
	return frontend.BlogPageTitle(page, blogTitle, siteName)
}

// renderHead writes the head tags. Every value is escaped here.
func (h *Handler) renderHead(hd Head) string {
	e := html.EscapeString
	siteName := h.Config.SiteName
	if hd.SiteName != "" {
		siteName = hd.SiteName
	}
	title := BlogPageTitle(hd.Title, hd.SiteName, h.Config.SiteName)
	if hd.Description == "" {
		hd.Description = SiteDescription
	}
	if hd.Type == "" {
		hd.Type = "website"
	}
	image := cmp.Or(hd.Image, hd.DefaultImage)
	// The size is said of the images whose size is known: the platform's
	// default and a blog's drawn card.
	knownSize := image == "" || (hd.Image == "" && hd.DefaultImageCard)
	if image == "" {
		image = h.Config.BaseURL + DefaultImagePath
	}
	var b strings.Builder
	b.Grow(2048)
	w := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
		b.WriteByte('\n')
	}
	w(`<title>`, e(title), `</title>`)
	w(`<meta name="description" content="`, e(hd.Description), `">`)
	if hd.NoIndex {
		w(`<meta name="robots" content="noindex">`)
	}
	if hd.Canonical != "" {
		w(`<link rel="canonical" href="`, e(hd.Canonical), `">`)
		w(`<meta property="og:url" content="`, e(hd.Canonical), `">`)
	}
	if hd.Prev != "" {
		w(`<link rel="prev" href="`, e(hd.Prev), `">`)
	}
	if hd.Next != "" {
		w(`<link rel="next" href="`, e(hd.Next), `">`)
	}
	w(`<meta property="og:site_name" content="`, e(siteName), `">`)
	w(`<meta property="og:type" content="`, e(hd.Type), `">`)
	w(`<meta property="og:title" content="`, e(title), `">`)
	w(`<meta property="og:description" content="`, e(hd.Description), `">`)
	w(`<meta property="og:image" content="`, e(image), `">`)
	if knownSize {
		w(`<meta property="og:image:width" content="1200">`)
		w(`<meta property="og:image:height" content="630">`)
	}
	if hd.Type == "article" && !hd.Published.IsZero() {
		w(`<meta property="article:published_time" content="`, hd.Published.UTC().Format(time.RFC3339), `">`)
		w(`<meta property="article:modified_time" content="`, hd.Modified.UTC().Format(time.RFC3339), `">`)
	}
	w(`<meta name="twitter:card" content="summary_large_image">`)
	w(`<meta name="twitter:title" content="`, e(title), `">`)
	w(`<meta name="twitter:description" content="`, e(hd.Description), `">`)
	w(`<meta name="twitter:image" content="`, e(image), `">`)
	if hd.RSS != "" {
		rt := hd.RSSTitle
		if rt == "" {
			rt = siteName
		}
		w(`<link rel="alternate" type="application/rss+xml" title="`, e(rt), `" href="`, e(hd.RSS), `">`)
	}
	if link := PreloadLink(hd.Preload); link != "" {
		w(link)
	}
	switch {
	case hd.Icon != "":
		// A blog's page names its own icon only: never the platform's.
		sizes := ""
		if hd.IconSize > 0 {
			sizes = ` type="image/png" sizes="` + strconv.Itoa(hd.IconSize) + "x" + strconv.Itoa(hd.IconSize) + `"`
		}
		w(`<link rel="icon"`, sizes, ` href="`, e(hd.Icon), `" `+frontend.BlogIconAttr+`>`)
	case hd.RootBlog == "" && !hd.BlogPage:
		// The platform's pages; a blog's page that cannot say its icon (an
		// outage) names none, and on a custom domain the browser asks that
		// domain's /favicon.ico: the blog's.
		w(`<link rel="icon" type="image/svg+xml" href="`, PlatformIconPath, `">`)
	}
	if hd.TouchIcon != "" {
		w(`<link rel="apple-touch-icon" href="`, e(hd.TouchIcon), `">`)
	}
	if hd.ThemeColor != "" {
		w(`<meta name="theme-color" content="`, e(hd.ThemeColor), `">`)
	}
	if hd.RootBlog != "" {
		w(`<meta name="`+frontend.RootBlogMeta+`" content="`, e(hd.RootBlog), `">`)
	}
	if hd.JSONLD != nil {
		// encoding/json escapes <, > and &, so the script cannot be closed early.
		if js, err := json.Marshal(hd.JSONLD); err == nil {
			w(`<script type="application/ld+json">`, string(js), `</script>`)
		}
	}
	return b.String()
}
