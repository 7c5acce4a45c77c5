package feed

import (
	"bytes"
	"encoding/xml"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
	htmlatom "golang.org/x/net/html/atom"

	"github.com/mmcdole/gofeed/atom"
	jsonfeed "github.com/mmcdole/gofeed/json"
	"github.com/mmcdole/gofeed/rss"
)

// markup is plain text that looks like HTML: readers must show it as is.
const markup = `<img src=x onerror=alert(1)> Fish & chips <b>x</b> &lt;`

// render parses s as an HTML fragment, the way a reader renders a field
// that holds HTML, and returns the elements and the text it yields.
func render(t *testing.T, s string) (elems []string, text string) {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(s), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: htmlatom.Div})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			elems = append(elems, n.Data)
		}
		if n.Type == html.TextNode {
			sb.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return elems, sb.String()
}

func TestPlainTextStaysPlainInReaders(t *testing.T) {
	ch := testChannel()
	ch.Description = markup
	items := []Item{{ID: "urn:uuid:1", Title: "t", Link: "https://x.example/a", Description: markup, ContentHTML: "<p>ok</p>"}}

	// RSS 2.0 readers render description as HTML.
	f := parse(t, RSS(ch, items))
	for what, got := range map[string]string{"channel description": f.Description, "item description": f.Items[0].Description} {
		if elems, text := render(t, got); len(elems) != 0 || text != markup {
			t.Errorf("rss %s %q renders elements %v and text %q", what, got, elems, text)
		}
	}

	// Atom carries the text in text constructs of type text.
	out := Atom(ch, items)
	f = parse(t, out)
	raw := f.OriginalFeed().(*atom.Feed)
	var types struct {
		Subtitle struct {
			Type string `xml:"type,attr"`
		} `xml:"subtitle"`
		Summary struct {
			Type string `xml:"type,attr"`
		} `xml:"entry>summary"`
	}
	if err := xml.Unmarshal(out, &types); err != nil {
		t.Fatal(err)
	}
	if types.Subtitle.Type != "" && types.Subtitle.Type != "text" || types.Summary.Type != "text" {
		t.Errorf("atom text types %+v", types)
	}
	eq(t, "atom subtitle", raw.Subtitle, markup)
	eq(t, "atom summary", raw.Entries[0].Summary, markup)

	// JSON Feed's description and summary are plain text.
	f = parse(t, JSONFeed(ch, items))
	jf := f.OriginalFeed().(*jsonfeed.Feed)
	eq(t, "json description", jf.Description, markup)
	eq(t, "json summary", jf.Items[0].Summary, markup)
}

// RSS readers render title, category and dc:creator as HTML too (after
// one XML decode), so plain text in them must come out as the same text.
func TestRSSTextFieldsStayPlainInReaders(t *testing.T) {
	ch := testChannel()
	ch.Title = markup
	ch.ImageURL = "https://x.example/logo.png"
	items := []Item{{ID: "urn:uuid:1", Title: markup, Link: "https://x.example/a", Author: markup,
		Categories: []string{markup}, Description: "d"}}
	var doc struct {
		Channel struct {
			Title string `xml:"title"`
			Image struct {
				Title string `xml:"title"`
			} `xml:"image"`
			Item struct {
				Title    string `xml:"title"`
				Creator  string `xml:"http://purl.org/dc/elements/1.1/ creator"`
				Category string `xml:"category"`
			} `xml:"item"`
		} `xml:"channel"`
	}
	if err := xml.Unmarshal(RSS(ch, items), &doc); err != nil {
		t.Fatal(err)
	}
	c := doc.Channel
	for what, got := range map[string]string{"channel title": c.Title, "image title": c.Image.Title,
		"item title": c.Item.Title, "dc:creator": c.Item.Creator, "category": c.Item.Category} {
		if elems, text := render(t, got); len(elems) != 0 || text != markup {
			t.Errorf("rss %s %q renders elements %v and text %q", what, got, elems, text)
		}
	}
}

func TestUniqueFold(t *testing.T) {
	tests := []struct{ in, want []string }{
		{nil, []string{}},
		{[]string{"Marketing", "marketing"}, []string{"Marketing"}},
		{[]string{"marketing", "Social Media", "MARKETING", "social media", " Social Media "}, []string{"marketing", "Social Media"}},
		{[]string{"", "  ", "a", "A ", "b"}, []string{"a", "b"}},
		{[]string{"Été", "ÉTÉ", "ete"}, []string{"Été", "ete"}},
		{[]string{"Keto", "Ketogenic"}, []string{"Keto", "Ketogenic"}},
	}
	for _, tt := range tests {
		eq(t, "UniqueFold("+strings.Join(tt.in, "|")+")", UniqueFold(tt.in), tt.want)
	}
	// Every format writes the unique list.
	items := []Item{{Title: "t", Link: "https://x.example/a", Categories: []string{"Marketing", "marketing", "Tips", "TIPS"}}}
	for name, out := range map[string][]byte{"rss": RSS(testChannel(), items), "atom": Atom(testChannel(), items), "json": JSONFeed(testChannel(), items)} {
		eq(t, name+" categories", parse(t, out).Items[0].Categories, []string{"Marketing", "Tips"})
	}
}

func TestUUID(t *testing.T) {
	// RFC 9562's example: the DNS namespace and "www.example.com".
	dns := [16]byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
	eq(t, "uuidV5", uuidV5(dns, "www.example.com"), "2ed6657d-e927-568b-95e1-2665a8aea6a2")
	eq(t, "UUID", UUID("post:3:17"), "urn:uuid:0aea03ec-db29-5303-8301-66c424268e07")
	if UUID("post:3:17") == UUID("post:3:18") {
		t.Error("two names share a UUID")
	}
}

func TestStableIDs(t *testing.T) {
	ch := testChannel()
	ch.ID = UUID("feed:1")
	items := testItems()[:1]
	items[0].ID = UUID("post:1:1")

	f := parse(t, RSS(ch, items))
	guid := f.OriginalFeed().(*rss.Feed).Items[0].GUID
	eq(t, "rss guid", guid.Value, items[0].ID)
	eq(t, "rss guid isPermaLink", guid.IsPermalink, "false")
	eq(t, "rss link", f.Items[0].Link, items[0].Link)

	f = parse(t, Atom(ch, items))
	raw := f.OriginalFeed().(*atom.Feed)
	eq(t, "atom feed id", raw.ID, ch.ID)
	eq(t, "atom entry id", raw.Entries[0].ID, items[0].ID)
	eq(t, "atom link", f.Items[0].Link, items[0].Link)

	f = parse(t, JSONFeed(ch, items))
	eq(t, "json id", f.OriginalFeed().(*jsonfeed.Feed).Items[0].ID, items[0].ID)
	eq(t, "json url", f.Items[0].Link, items[0].Link)
}

func TestMaxBytes(t *testing.T) {
	defer func(n int) { MaxBytes = n }(MaxBytes)
	MaxBytes = 64 << 10
	big := strings.Repeat("<p>"+strings.Repeat("word & more ", 80)+"</p>\n", 17) // about 16 KiB
	items := make([]Item, 10)
	for i := range items {
		items[i] = Item{ID: UUID("post:" + string(rune('a'+i))), Title: "Post", Link: "https://x.example/p", Description: "d", ContentHTML: big}
	}
	ch := testChannel()
	for name, write := range map[string]func(Channel, []Item) []byte{"rss": RSS, "atom": Atom, "json": JSONFeed} {
		out := write(ch, items)
		if len(out) > MaxBytes {
			t.Errorf("%s: %d bytes, above %d", name, len(out), MaxBytes)
		}
		f := parse(t, out)
		if len(f.Items) < 2 || len(f.Items) == len(items) {
			t.Errorf("%s: %d items of %d", name, len(f.Items), len(items))
		}
		// The cap leaves out whole items: the next one would not have fit.
		one := len(write(ch, items[:1])) - len(write(ch, nil))
		if len(out)+one <= MaxBytes {
			t.Errorf("%s: %d bytes and %d items; one more item of %d bytes would have fit", name, len(out), len(f.Items), one)
		}
		// One item larger than the cap is still written.
		huge := []Item{items[0]}
		huge[0].ContentHTML = strings.Repeat(big, 5)
		if f := parse(t, write(ch, huge)); len(f.Items) != 1 {
			t.Errorf("%s: an item above the cap was left out", name)
		}
	}
	// The document still closes properly.
	if out := RSS(ch, items); !bytes.HasSuffix(out, []byte("</channel>\n</rss>\n")) {
		t.Error("rss not closed")
	}
	if regexp.MustCompile(`\]\}\n$`).FindIndex(JSONFeed(ch, items)) == nil {
		t.Error("json not closed")
	}
}
