package mailhtml

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/k3a/html2text"
	"golang.org/x/net/html"
)

// Body prepares a post's sanitised body for an e-mail, token by token:
// the blog's relative links and images become absolute on origin; every
// image fits the content column (a width attribute of at most
// ContentWidth, width:100% up to it), so a large picture cannot widen the
// message past a phone's screen; preformatted text wraps for the same
// reason; and a video player, which no mail client plays, becomes a
// linked thumbnail (YouTube) or a link to the video.
func Body(body, origin string) string {
	origin = strings.TrimRight(origin, "/")
	var b strings.Builder
	b.Grow(len(body) + len(body)/8)
	z := html.NewTokenizer(strings.NewReader(body))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return b.String()
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			b.Write(z.Raw())
			continue
		}
		raw := string(z.Raw()) // Token() lowercases names inside the tokenizer's buffer
		tok := z.Token()
		switch tok.Data {
		case "img":
			setAttr(&tok, "src", absolute(attr(tok, "src"), origin))
			fitImage(&tok)
			b.WriteString(tok.String())
		case "a":
			if h := attr(tok, "href"); h != "" {
				setAttr(&tok, "href", absolute(h, origin))
			}
			b.WriteString(tok.String())
		case "pre":
			setAttr(&tok, "style", "white-space:pre-wrap;word-wrap:break-word;")
			b.WriteString(tok.String())
		case "figure":
			// Browsers and mail clients indent a figure by 40 px each side:
			// its image would sit off the column and its caption off centre.
			setAttr(&tok, "style", "margin:0 0 16px;")
			b.WriteString(tok.String())
		case "figcaption":
			setAttr(&tok, "style", "margin:8px 0 0;text-align:center;font-size:14px;color:#64748b;")
			b.WriteString(tok.String())
		case "iframe":
			// Its content is raw text up to </iframe>: skip it all.
			if tt == html.StartTagToken {
				for next := z.Next(); next != html.ErrorToken && next != html.EndTagToken; next = z.Next() {
				}
			}
			b.WriteString(videoLink(attr(tok, "src"), attr(tok, "title")))
		default:
			b.WriteString(raw)
		}
	}
}

func attr(tok html.Token, key string) string {
	for _, a := range tok.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// setAttr sets key to val (val "" removes it).
func setAttr(tok *html.Token, key, val string) {
	for i, a := range tok.Attr {
		if a.Key == key {
			if val == "" {
				tok.Attr = append(tok.Attr[:i], tok.Attr[i+1:]...)
			} else {
				tok.Attr[i].Val = val
			}
			return
		}
	}
	if val != "" {
		tok.Attr = append(tok.Attr, html.Attribute{Key: key, Val: val})
	}
}

// absolute makes a site-relative address ("/media/...") absolute on origin;
// any other is left as it is.
func absolute(u, origin string) string {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		return origin + u
	}
	return u
}

// fitImage gives an image a width attribute of at most ContentWidth (the
// height scaled with it) and a style that shrinks it with the screen:
// width:100% up to that width. max-width:100% alone is not enough: inside
// the layout's tables a picture's fixed width sets the table's smallest
// width, and the message stays that wide on a phone's narrower screen.
func fitImage(tok *html.Token) {
	w, werr := strconv.Atoi(strings.TrimSpace(attr(*tok, "width")))
	h, herr := strconv.Atoi(strings.TrimSpace(attr(*tok, "height")))
	switch {
	case werr != nil || w <= 0:
		// Unknown width: the column's, and the height follows the picture.
		setAttr(tok, "width", strconv.Itoa(ContentWidth))
		setAttr(tok, "height", "")
	case w > ContentWidth:
		setAttr(tok, "width", strconv.Itoa(ContentWidth))
		if herr == nil && h > 0 {
			setAttr(tok, "height", strconv.Itoa(h*ContentWidth/w))
		} else {
			setAttr(tok, "height", "")
		}
	}
	setAttr(tok, "style", fluid(attr(*tok, "width"))+"height:auto;border:0;")
}

// fluid is the style of an image width pixels wide at most that shrinks
// with the screen (Outlook, which ignores it, keeps the width attribute).
func fluid(width string) string {
	return "width:100%;max-width:" + width + "px;"
}

var (
	youtubeEmbed = regexp.MustCompile(`^https://www\.youtube(?:-nocookie)?\.com/embed/([A-Za-z0-9_-]{11})$`)
	vimeoEmbed   = regexp.MustCompile(`^https://player\.vimeo\.com/video/([0-9]{1,20})$`)
)

// watchText is a video link's words: "▶ Watch {title} on {site}", without
// naming the site twice when the title does ("YouTube video").
func watchText(title, site string) string {
	if strings.Contains(strings.ToLower(title), strings.ToLower(site)) {
		return "▶ Watch " + title
	}
	return "▶ Watch " + title + " on " + site
}

// videoLink is what a mail shows for a video player of the body: its
// thumbnail linked to the video (YouTube publishes one at a fixed
// address), or a link; an address that is no web page shows nothing.
func videoLink(src, title string) string {
	title = strings.Join(strings.Fields(title), " ")
	if title == "" {
		title = "the video"
	}
	e := html.EscapeString
	if m := youtubeEmbed.FindStringSubmatch(src); m != nil {
		watch := "https://www.youtube.com/watch?v=" + m[1]
		return `<p><a href="` + e(watch) + `"><img src="https://i.ytimg.com/vi/` + m[1] + `/hqdefault.jpg" alt="` +
			e("Play "+title) + `" width="` + strconv.Itoa(ContentWidth) + `" style="` + fluid(strconv.Itoa(ContentWidth)) + `height:auto;border:0;display:block;"></a>` +
			`<a href="` + e(watch) + `">` + e(watchText(title, "YouTube")) + `</a></p>`
	}
	if m := vimeoEmbed.FindStringSubmatch(src); m != nil {
		return `<p><a href="https://vimeo.com/` + m[1] + `">` + e(watchText(title, "Vimeo")) + `</a></p>`
	}
	if u, err := url.Parse(src); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
		return `<p><a href="` + e(src) + `">▶ Watch ` + e(title) + `</a></p>`
	}
	return ""
}

// voids are the elements without an end tag.
var voids = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// Cut returns the longest run of body's top-level elements that fits in
// max bytes, and whether anything was left out. A body is only ever cut
// between two top-level blocks, so what is kept is well formed; a first
// block larger than max leaves nothing.
func Cut(body string, max int) (string, bool) {
	if len(body) <= max {
		return body, false
	}
	z := html.NewTokenizer(strings.NewReader(body))
	depth, n, end := 0, 0, 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return body[:end], true
		}
		n += len(z.Raw())
		if n > max {
			return body[:end], true
		}
		switch tt {
		case html.StartTagToken:
			if name, _ := z.TagName(); !voids[string(name)] {
				depth++
			}
		case html.EndTagToken:
			if depth > 0 {
				depth--
			}
		}
		if depth == 0 {
			end = n
		}
	}
}

var blankLines = regexp.MustCompile(`\n{3,}`)

// Text is the plain-text twin of an e-mail's HTML: paragraphs and
// headings on lines of their own, list items as " - item", and each
// link's address after its text.
func Text(h string) string {
	t := html2text.HTML2TextWithOptions(h, html2text.WithUnixLineBreaks(), html2text.WithLinksInnerText(), html2text.WithListSupport())
	lines := strings.Split(t, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimSpace(blankLines.ReplaceAllString(strings.Join(lines, "\n"), "\n\n"))
}
