package feed

import (
	"bytes"
	"encoding/xml"
	"io"
	"testing"
)

// FuzzXMLWellFormed checks that any text in any field still yields
// well-formed RSS, Atom and sitemap XML.
func FuzzXMLWellFormed(f *testing.F) {
	f.Add("title", "<p>a ]]> b</p>", "https://x.example/?a=1&b=2")
	f.Add("\x00\xff", "]]]]>>", "\"'<>")
	f.Fuzz(func(t *testing.T, text, html, link string) {
		ch := Channel{Title: text, Link: link, Description: text, SelfURL: link, ImageURL: link, Author: text}
		items := []Item{{Title: text, Link: link, Description: text, ContentHTML: html,
			Categories: []string{text}, ImageURL: link, ImageType: text, Author: text}}
		for name, out := range map[string][]byte{
			"rss": RSS(ch, items), "atom": Atom(ch, items),
			"sitemap": Sitemap([]URL{{Loc: link, Priority: 0.5}}), "index": SitemapIndex([]string{link}, testChannel().Updated),
		} {
			d := xml.NewDecoder(bytes.NewReader(out))
			for {
				_, err := d.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s not well-formed: %v\n%s", name, err, out)
				}
			}
		}
	})
}
