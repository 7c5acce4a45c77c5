package site

import (
	"context"
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/palette"
	"github.com/inkpress/inkpress/internal/social"
)

// Frame is a workspace blog's own header and footer around its
// server-rendered pages: the blog's marks and links, never the platform's
// (the site's own blog keeps the platform's frame, drawn by the app).
type Frame struct {
	Title       string // the blog's name: the header's text, the logo's alt and the © line
	LogoURL     string // replaces the title in the header ("" for none)
	HomePath    string // the blog's home page
	SearchPath  string // where the search form sends its GET (?q=)
	FeedURL     string
	Categories  []FrameLink
	Social      []FrameSocial
	WhiteLabel  bool   // hides "Powered by {Platform}"
	Template    string // template-1, -2 or -3: the CSS varies the frame a little
	Color       string // the blog's primary colour (#hex), else the default
	Platform    string // the platform's name, in "Powered by ..."
	PlatformURL string
	Year        int
}

// FrameLink is a link of the header's navigation.
type FrameLink struct{ Name, Path string }

// FrameSocial is one of the owner's profiles in the footer.
type FrameSocial struct{ Network, URL string }

// safeURL keeps a link target that can only navigate: http(s) addresses
// and paths on this host; anything else (javascript:, data:, "//host") is "".
func safeURL(u string) string {
	u = strings.TrimSpace(u)
	lower := strings.ToLower(u)
	switch {
	case strings.HasPrefix(lower, "https://"), strings.HasPrefix(lower, "http://"):
		return u
	case strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") && !strings.Contains(u, `\`):
		return u
	}
	return ""
}

// Wrap puts the blog's header before and its footer after a page's
// <main>. Every value is escaped here; link targets that are not http(s)
// or local paths are dropped.
func (f Frame) Wrap(main string) string {
	e := html.EscapeString
	var b strings.Builder
	b.Grow(len(main) + 2048)
	tpl := f.Template
	if tpl != "template-2" && tpl != "template-3" {
		tpl = "template-1"
	}
	style := ""
	if palette.Valid(f.Color) {
		style = ` style="--brand:` + f.Color + `;--brand-strong:` + f.Color + `"`
	}
	home := safeURL(f.HomePath)
	if home == "" {
		home = "/"
	}
	b.WriteString(`<header class="ssr-frame" data-template="` + tpl + `"` + style + `><div class="ssr-frame-top">`)
	b.WriteString(`<a class="ssr-frame-home" href="` + e(home) + `">`)
	if logo := safeURL(f.LogoURL); logo != "" {
		b.WriteString(`<img src="` + e(logo) + `" alt="` + e(f.Title) + `" height="40">`)
	} else {
		b.WriteString(e(f.Title))
	}
	b.WriteString(`</a>`)
	if search := safeURL(f.SearchPath); search != "" {
		b.WriteString(`<form class="ssr-frame-search" role="search" method="get" action="` + e(search) + `">` +
			`<label class="sr-only" for="ssr-q">Search</label><input id="ssr-q" type="search" name="q" required placeholder="Search">` +
			`<button type="submit">Search</button></form>`)
	}
	b.WriteString(`</div>`)
	var cats []string
	for _, c := range f.Categories {
		if p := safeURL(c.Path); p != "" {
			cats = append(cats, `<li><a href="`+e(p)+`">`+e(c.Name)+`</a></li>`)
		}
	}
	if len(cats) > 0 {
		b.WriteString(`<nav aria-label="Blog categories"><ul>` + strings.Join(cats, "") + `</ul></nav>`)
	}
	b.WriteString(`</header>`)
	b.WriteString(main)
	b.WriteString(`<footer class="ssr-frame" data-template="` + tpl + `"` + style + `>`)
	var links []string
	for _, s := range f.Social {
		u := safeURL(s.URL)
		if u == "" || strings.HasPrefix(u, "/") {
			continue
		}
		name := social.Label(s.Network)
		links = append(links, `<li><a href="`+e(u)+`" rel="me noopener" target="_blank">`+e(name)+`</a></li>`)
	}
	if len(links) > 0 {
		b.WriteString(`<ul aria-label="Social links">` + strings.Join(links, "") + `</ul>`)
	}
	if feed := safeURL(f.FeedURL); feed != "" {
		b.WriteString(`<p><a href="` + e(feed) + `">RSS feed</a></p>`)
	}
	b.WriteString(`<p>© ` + strconv.Itoa(f.Year) + ` ` + e(f.Title) + `</p>`)
	if !f.WhiteLabel && f.Platform != "" {
		platform := safeURL(f.PlatformURL)
		if platform == "" {
			platform = "/"
		}
		b.WriteString(`<p class="ssr-frame-powered">Powered by <a href="` + e(platform) + `">` + e(f.Platform) + `</a></p>`)
	}
	b.WriteString(`</footer>`)
	return b.String()
}

// framed wraps a page's <main> in its blog's frame, except on the site's
// own blog, whose pages keep the platform's frame.
func (h *Handler) framed(ctx context.Context, m *blogMeta, main string) (string, error) {
	b := m.b
	if b.Workspace.Slug == h.Config.SiteWorkspace {
		return main, nil
	}
	cats, err := h.Reader.Categories(ctx, b.Workspace.ID)
	if err != nil {
		return "", err
	}
	f := Frame{
		Title: m.title, LogoURL: absolute(b, m.brand.LogoURL), HomePath: b.HomePath(), SearchPath: b.SearchPath(),
		FeedURL: b.URL(b.Prefix + "/feed.xml"), WhiteLabel: m.whiteLabel,
		Template: m.set.TemplateID, Color: m.set.PrimaryColor,
		Platform: h.Config.SiteName, PlatformURL: h.Config.BaseURL + "/", Year: time.Now().Year(),
	}
	for _, c := range cats {
		f.Categories = append(f.Categories, FrameLink{Name: c.Name, Path: b.CategoryPath(c.Slug)})
	}
	for _, l := range m.brand.SocialLinks {
		f.Social = append(f.Social, FrameSocial{Network: l.Network, URL: l.URL})
	}
	return f.Wrap(main), nil
}
