package content

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	xhtml "golang.org/x/net/html"
)

// policy is built once: bluemonday policies are safe for concurrent use
// once configured, and building one per call would recompile regexps. It is
// unexported so no caller can change the allow-list at run time.
var policy = newPolicy()

// imageSrc accepts absolute http(s) image URLs and the site's own uploads
// (root-relative /media/... paths); bluemonday then checks the URL parses.
var imageSrc = regexp.MustCompile(`^(?i:https?://[^/\s]|/media/[^\s])`)

// relWithAllowedToken matches a rel value holding at least one token of
// relAllowed.
var relWithAllowedToken = regexp.MustCompile(`(?i)(^|\s)(sponsored|nofollow|ugc|noopener|noreferrer)(\s|$)`)

// newPolicy is the allow-list of post HTML: headings, paragraphs, lists,
// links, images, figures, emphasis, code, blockquote and tables. Anything
// else (script, style, forms, object/embed, on* handlers, style attributes)
// is dropped; script/style content is dropped with the element.
//
// iframes pass this stage with only src and title so that rewrite (below)
// sees every one of them: it keeps the allowed video embeds and removes the
// rest together with their content.
func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements(
		"h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr",
		"ul", "ol", "li", "strong", "b", "em", "i", "u", "s", "mark", "sub", "sup",
		"code", "pre", "kbd", "samp", "blockquote", "figure", "figcaption", "span",
		"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
	)
	// URLs: http, https and mailto, or relative; never javascript: or data:.
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)

	p.AllowAttrs("href", "title").OnElements("a")
	// rel is filtered token by token in rewrite (bluemonday can only match
	// the whole value); it must hold an allowed token, so the filter never
	// leaves a link with no attribute at all.
	p.AllowAttrs("rel").Matching(relWithAllowedToken).OnElements("a")
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	// External links open in a new tab; bluemonday adds rel="noopener" too.
	p.AddTargetBlankToFullyQualifiedLinks(true)

	p.AllowAttrs("src").Matching(imageSrc).OnElements("img")
	p.AllowAttrs("alt", "title").OnElements("img")
	p.AllowAttrs("width", "height").Matching(bluemonday.Integer).OnElements("img")
	p.AllowAttrs("loading").Matching(regexp.MustCompile(`^(lazy|eager)$`)).OnElements("img")

	// Syntax highlighters read the language from class="language-go".
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^language-[A-Za-z0-9_+-]{1,40}$`)).OnElements("code")

	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("th", "td")
	p.AllowAttrs("start").Matching(bluemonday.Integer).OnElements("ol")

	p.AllowNoAttrs().OnElements("iframe")
	p.AllowAttrs("src", "title").OnElements("iframe")
	return p
}

// Sanitize cleans post HTML (from an AI provider or an editor) with the
// allow-list above, then applies the link and embed rules of rewrite. Run
// it before storing a post; banners are inserted afterwards at render time
// (their style attribute would not survive it). Sanitising its own output
// changes nothing.
func Sanitize(htmlText string) string {
	return rewrite(policy.Sanitize(htmlText))
}

// relAllowed are the link types an author may set: how search engines
// should treat the link (paid, user-generated, not endorsed) and what the
// target may learn. Other tokens (e.g. "me", "opener") are dropped.
var relAllowed = map[string]bool{
	"sponsored": true, "nofollow": true, "ugc": true, "noopener": true, "noreferrer": true,
}

// rewrite is the part of sanitising bluemonday cannot express, done on its
// output: rel tokens of links, and iframes, which are either an allowed
// video (rebuilt from scratch) or removed with their content. Every other
// token is copied byte for byte.
func rewrite(s string) string {
	if !strings.Contains(s, "<a") && !strings.Contains(s, "iframe") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	z := xhtml.NewTokenizer(strings.NewReader(s))
	var raw []byte // reused copy of a tag's source bytes
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return b.String()
		}
		// Copy first: Token() lowercases names inside the tokenizer's buffer.
		raw = append(raw[:0], z.Raw()...)
		if tt != xhtml.StartTagToken && tt != xhtml.SelfClosingTagToken && tt != xhtml.EndTagToken {
			b.Write(raw)
			continue
		}
		tok := z.Token()
		switch {
		case tok.Data == "iframe" && tt == xhtml.EndTagToken:
			// A stray end tag: the end of each iframe is consumed below.
		case tok.Data == "iframe":
			// The tokenizer reads an iframe's content as raw text up to
			// </iframe>, even after "<iframe/>": skip it all.
			for next := z.Next(); next != xhtml.ErrorToken && next != xhtml.EndTagToken; next = z.Next() {
			}
			if e, ok := parseEmbed(attrValue(tok, "src")); ok {
				b.WriteString(e.markup(attrValue(tok, "title")))
			}
		case tok.Data == "a" && tt != xhtml.EndTagToken && tidyRel(&tok):
			b.WriteString(tok.String())
		default:
			b.Write(raw)
		}
	}
}

func attrValue(tok xhtml.Token, key string) string {
	for _, a := range tok.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// tidyRel keeps only the allowed rel tokens of a link (lowercased, in the
// order written, once each) and adds noopener when the link opens a new
// tab, so the opened page gets no handle on this one. It reports whether
// the tag changed.
func tidyRel(tok *xhtml.Token) bool {
	relAt, blank := -1, false
	for i, a := range tok.Attr {
		switch a.Key {
		case "rel":
			relAt = i
		case "target":
			blank = a.Val == "_blank"
		}
	}
	var keep []string
	if relAt >= 0 {
		for _, t := range strings.Fields(strings.ToLower(tok.Attr[relAt].Val)) {
			if relAllowed[t] && !slices.Contains(keep, t) {
				keep = append(keep, t)
			}
		}
	}
	if blank && !slices.Contains(keep, "noopener") {
		keep = append(keep, "noopener")
	}
	rel := strings.Join(keep, " ")
	switch {
	case relAt < 0 && rel == "":
		return false
	case relAt < 0:
		tok.Attr = append(tok.Attr, xhtml.Attribute{Key: "rel", Val: rel})
	case rel == "":
		tok.Attr = slices.Delete(tok.Attr, relAt, relAt+1)
	case rel == tok.Attr[relAt].Val:
		return false
	default:
		tok.Attr[relAt].Val = rel
	}
	return true
}

// EmbedOrigins are the only origins post HTML may frame; the pages' CSP
// (frame-src) allows exactly these.
var EmbedOrigins = []string{"https://www.youtube-nocookie.com", "https://player.vimeo.com"}

var (
	youtubeID = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)
	vimeoID   = regexp.MustCompile(`^[0-9]{1,20}$`)
)

// embed is an allowed video: its provider ("youtube" or "vimeo") and the
// player URL it is always shown from.
type embed struct{ provider, src string }

// parseEmbed recognises the video URLs authors paste or editors emit
// (YouTube embed, watch and youtu.be links; Vimeo player and page links)
// and returns the canonical player URL. YouTube always plays from its
// no-cookie domain. Any other URL, or a malformed video id, is refused.
func parseEmbed(src string) (embed, bool) {
	u, err := url.Parse(strings.TrimSpace(src))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "") || u.User != nil || u.Port() != "" {
		return embed{}, false
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	youtube := host == "youtube.com" || host == "m.youtube.com"
	seg := strings.Split(strings.Trim(u.Path, "/"), "/")
	last := seg[len(seg)-1]
	switch {
	case (youtube || host == "youtube-nocookie.com") && len(seg) == 2 && seg[0] == "embed",
		host == "youtu.be" && len(seg) == 1:
		if youtubeID.MatchString(last) {
			return embed{"youtube", EmbedOrigins[0] + "/embed/" + last}, true
		}
	case youtube && u.Path == "/watch":
		if id := u.Query().Get("v"); youtubeID.MatchString(id) {
			return embed{"youtube", EmbedOrigins[0] + "/embed/" + id}, true
		}
	case host == "player.vimeo.com" && len(seg) == 2 && seg[0] == "video",
		host == "vimeo.com" && len(seg) == 1:
		if vimeoID.MatchString(last) {
			return embed{"vimeo", EmbedOrigins[1] + "/video/" + last}, true
		}
	}
	return embed{}, false
}

// markup is the one form an embed is stored in, whatever was written: a
// sandboxed, lazily loaded player inside <div class="embed"
// data-embed="...">. The policy drops every div, the editor's wrapper
// included, so the wrapper is always made here and sanitising stored HTML
// again gives the same bytes. Only the title comes from the author, with
// its whitespace collapsed for the same reason.
func (e embed) markup(title string) string {
	title = collapseSpace(title)
	if title == "" {
		title = map[string]string{"youtube": "YouTube video", "vimeo": "Vimeo video"}[e.provider]
	}
	return `<div class="embed" data-embed="` + e.provider + `"><iframe src="` + e.src +
		`" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"` +
		` allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen` +
		` loading="lazy" referrerpolicy="strict-origin-when-cross-origin" title="` + xhtml.EscapeString(title) +
		`" width="560" height="315" frameborder="0"></iframe></div>`
}
