// Package mailhtmltest checks e-mail HTML the way a phone shows it: by
// parsing it, never by matching strings.
package mailhtmltest

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/inkpress/inkpress/internal/mailhtml"
)

// Widths reports what in h could make a message wider than a phone's
// screen: an image with a width attribute whose style is not fluid
// (width:100% with a max-width: max-width:100% alone leaves the fixed
// width as the smallest width of the tables around it), one without a
// width attribute and without max-width:100%, one with a width attribute
// over mailhtml.ContentWidth (the cover, which spans the table, may be
// mailhtml.Width), a table wider than mailhtml.Width or a fixed-width
// table without a fluid style, and a missing viewport.
func Widths(h string) []string {
	doc, err := html.Parse(strings.NewReader(h))
	if err != nil {
		return []string{err.Error()}
	}
	var bad []string
	viewport := false
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			style := declarations(attr(n, "style"))
			fluid := style["width"] == "100%" && style["max-width"] != ""
			switch n.Data {
			case "meta":
				viewport = viewport || attr(n, "name") == "viewport" && strings.Contains(attr(n, "content"), "width=device-width")
			case "img":
				if attr(n, "width") != "" && !fluid {
					bad = append(bad, fmt.Sprintf("img %s has a width but not width:100%%;max-width", attr(n, "src")))
				} else if attr(n, "width") == "" && style["max-width"] != "100%" && style["width"] != "100%" {
					bad = append(bad, fmt.Sprintf("img %s has no max-width:100%%", attr(n, "src")))
				}
				if w := attr(n, "width"); w == "" {
					if attr(n, "height") == "" {
						bad = append(bad, fmt.Sprintf("img %s has no width or height attribute", attr(n, "src")))
					}
				} else if px, err := strconv.Atoi(w); err != nil || px > mailhtml.Width {
					bad = append(bad, fmt.Sprintf("img %s is %s wide", attr(n, "src"), w))
				} else if px > mailhtml.ContentWidth && style["width"] != "100%" {
					bad = append(bad, fmt.Sprintf("img %s is %d wide, over the column", attr(n, "src"), px))
				}
			case "table":
				if w := attr(n, "width"); w != "" && !strings.HasSuffix(w, "%") {
					if px, err := strconv.Atoi(w); err != nil || px > mailhtml.Width {
						bad = append(bad, fmt.Sprintf("table %s wide", w))
					} else if !fluid {
						bad = append(bad, fmt.Sprintf("table %s wide without width:100%%;max-width", w))
					}
				}
			case "pre":
				if style["white-space"] != "pre-wrap" {
					bad = append(bad, "pre without white-space:pre-wrap")
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if !viewport {
		bad = append(bad, "no viewport meta")
	}
	return bad
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// declarations are the properties of an inline style, lowercased, with
// their values (spaces dropped).
func declarations(style string) map[string]string {
	d := map[string]string{}
	for _, decl := range strings.Split(style, ";") {
		if k, v, ok := strings.Cut(decl, ":"); ok {
			d[strings.ToLower(strings.TrimSpace(k))] = strings.ReplaceAll(strings.TrimSpace(v), " ", "")
		}
	}
	return d
}
