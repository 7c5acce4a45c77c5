package content

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// urlAttrs are the attributes holding one URL that a feed reader must be
// able to follow without knowing the page the HTML came from.
var urlAttrs = map[string]bool{"href": true, "src": true, "poster": true, "cite": true}

// AbsolutizeURLs rewrites relative href/src (and poster/cite) values in an
// HTML fragment to absolute URLs resolved against baseURL, because feed
// readers and social schedulers show content outside the site where
// "/media/x.png" means nothing. baseURL should be the post's permalink so
// "#section" and "img.png" resolve as they do on the page. Tags that need
// no change are copied byte for byte; an unusable baseURL (not absolute)
// leaves the HTML unchanged.
func AbsolutizeURLs(htmlText, baseURL string) string {
	base, err := url.Parse(baseURL)
	if err != nil || !base.IsAbs() || base.Host == "" {
		return htmlText
	}
	if !strings.Contains(htmlText, "=") {
		return htmlText // no attributes at all
	}
	var b strings.Builder
	b.Grow(len(htmlText) + len(htmlText)/8)
	z := html.NewTokenizer(strings.NewReader(htmlText))
	var raw []byte // reused copy of a tag's source bytes
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			b.Write(z.Raw())
			continue
		}
		// Copy first: Token() lowercases names inside the tokenizer's buffer.
		raw = append(raw[:0], z.Raw()...)
		tok := z.Token()
		if absolutizeAttrs(tok.Attr, base) {
			b.WriteString(tok.String())
		} else {
			b.Write(raw)
		}
	}
}

// absolutizeAttrs resolves relative URL attributes in place and reports
// whether any changed.
func absolutizeAttrs(attrs []html.Attribute, base *url.URL) bool {
	changed := false
	for i, a := range attrs {
		if a.Namespace != "" || !urlAttrs[a.Key] {
			continue
		}
		v := strings.TrimSpace(a.Val)
		ref, err := url.Parse(v)
		if v == "" || err != nil || ref.IsAbs() {
			continue // empty, unparseable or already absolute (incl. mailto:)
		}
		attrs[i].Val = base.ResolveReference(ref).String()
		changed = true
	}
	return changed
}
