package content

import (
	"html"
	"net/url"
	"strings"
)

// Banner is one banner ad slot, stored as structured data (never
// raw HTML from the browser); the markup is built by BannerHTML.
type Banner struct {
	ImageURL string
	LinkURL  string // optional; must satisfy ValidBannerLink to be used
	Text     string // optional alt text and caption
}

// MaxBanners is the number of banner slots a post has.
const MaxBanners = 3

// bannerSlots are the banner positions (docs/product.md): banner i goes after block after[i]
// when the body has at least minBlocks[i] blocks.
var bannerSlots = [MaxBanners]struct{ after, minBlocks int }{
	{3, 3}, {6, 7}, {9, 11},
}

// ValidBannerLink reports whether u is an absolute http(s) URL with a host,
// the only kind of link a banner may point to.
func ValidBannerLink(u string) bool {
	if u == "" || len(u) > 2048 || strings.ContainsAny(u, " \t\r\n") {
		return false
	}
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != "" && p.User == nil
}

// validBannerImage accepts absolute http(s) URLs and root-relative paths
// (local uploads such as /media/...), never javascript:, data: or "//host".
func validBannerImage(u string) bool {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		_, err := url.Parse(u)
		return err == nil && !strings.ContainsAny(u, " \t\r\n\\")
	}
	return ValidBannerLink(u)
}

// BannerHTML builds the markup of one banner: the image (width 550, scaled
// down on narrow screens) wrapped in a sponsored link when the banner has a
// valid link, plus a small caption when it has text. It returns "" when the
// image URL is unusable, so a broken banner is left out rather than shown.
func BannerHTML(b Banner) string {
	if !validBannerImage(b.ImageURL) {
		return ""
	}
	alt := strings.TrimSpace(b.Text)
	if alt == "" {
		alt = "Advertisement"
	}
	img := `<img src="` + html.EscapeString(b.ImageURL) + `" alt="` + html.EscapeString(alt) +
		`" width="550" style="max-width:100%;height:auto" loading="lazy">`

	var sb strings.Builder
	sb.WriteString(`<div class="banner-ad">`)
	if ValidBannerLink(b.LinkURL) {
		sb.WriteString(`<a href="` + html.EscapeString(b.LinkURL) + `" target="_blank" rel="sponsored noopener">`)
		sb.WriteString(img)
		sb.WriteString(`</a>`)
	} else {
		sb.WriteString(img)
	}
	if text := strings.TrimSpace(b.Text); text != "" {
		sb.WriteString(`<small class="banner-ad-caption">` + html.EscapeString(text) + `</small>`)
	}
	sb.WriteString(`</div>`)
	return sb.String()
}

// InsertBanners places banner i (0-based) after block 3, 6 or 9 of the body
// when the body has at least 3, 7 or 11 blocks. Extra
// banners beyond MaxBanners and banners with no usable image are skipped;
// a skipped banner leaves its slot empty instead of shifting the others.
// The body's own bytes are kept as they are; call it on sanitised HTML.
func InsertBanners(htmlText string, banners []Banner) string {
	if len(banners) == 0 {
		return htmlText
	}
	spans := blockSpans(htmlText)
	var sb strings.Builder
	last := 0
	for i, slot := range bannerSlots {
		if i >= len(banners) || len(spans) < slot.minBlocks {
			break
		}
		markup := BannerHTML(banners[i])
		if markup == "" {
			continue
		}
		at := spans[slot.after-1].end
		if sb.Len() == 0 {
			sb.Grow(len(htmlText) + MaxBanners*len(markup))
		}
		sb.WriteString(htmlText[last:at])
		sb.WriteString("\n")
		sb.WriteString(markup)
		last = at
	}
	if last == 0 {
		return htmlText
	}
	sb.WriteString(htmlText[last:])
	return sb.String()
}
