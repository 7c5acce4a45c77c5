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
// screen: an image without max-width:100% or with a width attribute over
// mailhtml.ContentWidth (the cover, which spans the table, may be
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
			style := strings.ReplaceAll(attr(n, "style"), " ", "")
			switch n.Data {
			case "meta":
				viewport = viewport || attr(n, "name") == "viewport" && strings.Contains(attr(n, "content"), "width=device-width")
			case "img":
				if !strings.Contains(style, "max-width:100%") && !strings.Contains(style, "width:100%") {
					bad = append(bad, fmt.Sprintf("img %s has no max-width:100%%", attr(n, "src")))
				}
				if w := attr(n, "width"); w == "" {
					if attr(n, "height") == "" {
						bad = append(bad, fmt.Sprintf("img %s has no width or height attribute", attr(n, "src")))
					}
				} else if px, err := strconv.Atoi(w); err != nil || px > mailhtml.Width {
					bad = append(bad, fmt.Sprintf("img %s is %s wide", attr(n, "src"), w))
				} else if px > mailhtml.ContentWidth && !strings.Contains(style, "width:100%") {
					bad = append(bad, fmt.Sprintf("img %s is %d wide, over the column", attr(n, "src"), px))
				}
			case "table":
				if w := attr(n, "width"); w != "" && !strings.HasSuffix(w, "%") {
					if px, err := strconv.Atoi(w); err != nil || px > mailhtml.Width {
						bad = append(bad, fmt.Sprintf("table %s wide", w))
					} else if !strings.Contains(style, "width:100%") || !strings.Contains(style, "max-width:") {
						bad = append(bad, fmt.Sprintf("table %s wide without width:100%%;max-width", w))
					}
				}
			case "pre":
				if !strings.Contains(style, "white-space:pre-wrap") {
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
