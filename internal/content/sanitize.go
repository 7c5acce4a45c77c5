package content

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// policy is built once: bluemonday policies are safe for concurrent use
// once configured, and building one per call would recompile regexps. It is
// unexported so no caller can change the allow-list at run time.
var policy = newPolicy()

// newPolicy is the allow-list of post HTML: headings, paragraphs, lists,
// links, images, emphasis, code, blockquote and tables. Anything else
// (script, style, iframe, forms, on* handlers, style attributes) is dropped;
// script/style/iframe content is dropped with the element.
func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements(
		"h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr",
		"ul", "ol", "li", "strong", "b", "em", "i", "u", "s",
		"code", "pre", "blockquote", "figure", "figcaption", "span",
		"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
	)
	// URLs: http, https and mailto, or relative; never javascript: or data:.
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)

	p.AllowAttrs("href", "title").OnElements("a")
	// External links open in a new tab; bluemonday adds rel="noopener" too.
	p.AddTargetBlankToFullyQualifiedLinks(true)

	p.AllowAttrs("src", "alt", "title").OnElements("img")
	p.AllowAttrs("width", "height").Matching(bluemonday.Integer).OnElements("img")
	p.AllowAttrs("loading").Matching(regexp.MustCompile(`^(lazy|eager)$`)).OnElements("img")

	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("th", "td")
	p.AllowAttrs("start").Matching(bluemonday.Integer).OnElements("ol")
	return p
}

// Sanitize cleans post HTML (from an AI provider or an editor) with the
// allow-list above. Run it before storing a post; banners are inserted
// afterwards at render time (their style attribute would not survive it).
func Sanitize(htmlText string) string {
	return policy.Sanitize(htmlText)
}
