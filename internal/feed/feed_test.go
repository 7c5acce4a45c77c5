package feed

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"html"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"
	"github.com/mmcdole/gofeed/atom"
	jsonfeed "github.com/mmcdole/gofeed/json"
	"github.com/mmcdole/gofeed/rss"
)

var (
	pub1 = time.Date(2025, 1, 5, 9, 30, 0, 0, time.UTC)
	upd1 = time.Date(2025, 1, 6, 10, 0, 0, 0, time.UTC)
	pub2 = time.Date(2025, 1, 3, 8, 0, 0, 0, time.FixedZone("CET", 3600))
)

// tricky holds everything XML and CDATA must survive.
const tricky = `<p>Fish &amp; chips: 1 < 2 && 3 > 2, "quoted" 'single'</p><pre>a[b[0]]>c ]]> end ]]]]> x</pre>`

func testChannel() Channel {
	return Channel{
		Title:       "Acme & Co <Blog>",
		Link:        "https://blog.example.com/blog/acme",
		Description: "Insights for the Modern Generation",
		SelfURL:     "https://blog.example.com/blog/acme/feed.xml",
		Language:    "en",
		ImageURL:    "https://blog.example.com/media/logo.png",
		IconURL:     "https://blog.example.com/icon.png",
		Updated:     upd1,
		Author:      "Acme Team",
	}
}

func testItems() []Item {
	return []Item{
		{
			Title:       "10 Keto Tips & Tricks",
			Link:        "https://blog.example.com/blog/acme/keto/10-keto-tips",
			Description: "Short excerpt with <html> & entities...",
			ContentHTML: tricky,
			Published:   pub1,
			Updated:     upd1,
			Categories:  []string{"keto", "nutrition & health"},
			ImageURL:    "https://cdn.example.com/covers/keto.png?v=2",
			ImageLength: 12345,
			Author:      "Jane Doe",
		},
		{
			Title:       "Second post",
			Link:        "https://blog.example.com/blog/acme/tech/second-post",
			Description: "Plain excerpt",
			ContentHTML: "<p>Hello</p>",
			Published:   pub2,
			Categories:  []string{"tech"},
			ImageURL:    "https://cdn.example.com/covers/tech",
			ImageType:   "image/webp",
		},
		{
			Title:       "No image",
			Link:        "https://blog.example.com/blog/acme/tech/no-image",
			Description: "",
			ContentHTML: "",
			Published:   pub2,
		},
	}
}

// parse runs gofeed with the original feed kept for format-level checks.
func parse(t *testing.T, data []byte) *gofeed.Feed {
	t.Helper()
	wellFormed(t, data)
	p := gofeed.NewParser()
	p.KeepOriginalFeed = true
	f, err := p.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("gofeed: %v\n%s", err, data)
	}
	return f
}

// wellFormed checks XML output with encoding/xml's strict decoder.
func wellFormed(t *testing.T, data []byte) {
	t.Helper()
	if len(data) > 0 && data[0] == '{' {
		return
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, data)
		}
	}
}

func eq[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}

func eqTime(t *testing.T, what string, got *time.Time, want time.Time) {
	t.Helper()
	if got == nil || !got.Equal(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func TestRSS(t *testing.T) {
	ch, items := testChannel(), testItems()
	out := RSS(ch, items)
	f := parse(t, out)
	eq(t, "type", f.FeedType, "rss")
	eq(t, "version", f.FeedVersion, "2.0")
	// RSS titles, categories and creators hold HTML, as descriptions do:
	// the plain text arrives escaped.
	eq(t, "title", html.UnescapeString(f.Title), ch.Title)
	eq(t, "link", f.Link, ch.Link)
	eq(t, "description", f.Description, ch.Description)
	eq(t, "language", f.Language, "en")
	eq(t, "generator", f.Generator, "InkPress")
	eq(t, "feed link (atom:link self)", f.FeedLink, ch.SelfURL)
	eqTime(t, "lastBuildDate", f.UpdatedParsed, upd1)
	eq(t, "image", f.Image, &gofeed.Image{URL: ch.ImageURL, Title: html.EscapeString(ch.Title)})
	if !bytes.Contains(out, []byte(`<atom:link href="https://blog.example.com/blog/acme/feed.xml" rel="self" type="application/rss+xml"/>`)) {
		t.Errorf("missing atom:link self")
	}
	if !bytes.Contains(out, []byte("<lastBuildDate>Mon, 06 Jan 2025 10:00:00 +0000</lastBuildDate>")) {
		t.Errorf("lastBuildDate not RFC1123Z")
	}

	raw := f.OriginalFeed().(*rss.Feed)
	eq(t, "raw image link", raw.Image.Link, ch.Link)
	if len(f.Items) != len(items) {
		t.Fatalf("items = %d, want %d", len(f.Items), len(items))
	}
	for i, want := range items {
		got, rawItem := f.Items[i], raw.Items[i]
		eq(t, "item title", html.UnescapeString(got.Title), want.Title)
		eq(t, "item link", got.Link, want.Link)
		eq(t, "item guid", got.GUID, want.Link)
		eq(t, "guid isPermaLink", rawItem.GUID.IsPermalink, "true")
		eqTime(t, "item pubDate", got.PublishedParsed, want.Published)
		// RSS descriptions hold HTML: the plain text arrives escaped.
		eq(t, "item description", html.UnescapeString(got.Description), want.Description)
		eq(t, "item content", got.Content, want.ContentHTML)
		wantCats := want.Categories
		if wantCats == nil {
			wantCats = []string(nil)
		}
		var gotCats []string
		for _, c := range got.Categories {
			gotCats = append(gotCats, html.UnescapeString(c))
		}
		eq(t, "item categories", gotCats, wantCats)
	}

	// Item 0: author and image with known length and guessed PNG type.
	eq(t, "author", f.Items[0].Authors[0].Name, "Jane Doe")
	eq(t, "enclosures 0", f.Items[0].Enclosures,
		[]*gofeed.Enclosure{{URL: items[0].ImageURL, Length: "12345", Type: "image/png"}})
	eq(t, "image 0", f.Items[0].Image.URL, items[0].ImageURL)
	media := f.Items[0].Extensions["media"]["content"][0].Attrs
	eq(t, "media:content", media, map[string]string{
		"url": items[0].ImageURL, "medium": "image", "type": "image/png", "fileSize": "12345",
	})
	// Item 1: explicit type, unknown length.
	eq(t, "enclosures 1", f.Items[1].Enclosures,
		[]*gofeed.Enclosure{{URL: items[1].ImageURL, Length: "0", Type: "image/webp"}})
	eq(t, "media:content 1", f.Items[1].Extensions["media"]["content"][0].Attrs, map[string]string{
		"url": items[1].ImageURL, "medium": "image", "type": "image/webp",
	})
	// Item 2: no image, no content.
	eq(t, "enclosures 2", len(f.Items[2].Enclosures), 0)
	if bytes.Count(out, []byte("<content:encoded>")) != 2 {
		t.Errorf("content:encoded must be omitted when empty")
	}
}

// A white-label blog's feeds do not name the platform as their generator.
func TestWhiteLabelFeedsNameNoGenerator(t *testing.T) {
	ch := testChannel()
	ch.WhiteLabel = true
	for name, out := range map[string][]byte{"rss": RSS(ch, testItems()), "atom": Atom(ch, testItems()), "json": JSONFeed(ch, testItems())} {
		if bytes.Contains(out, []byte(Generator)) {
			t.Errorf("%s: names %q", name, Generator)
		}
	}
}

func TestRSSCDATASplit(t *testing.T) {
	out := RSS(testChannel(), testItems()[:1])
	if !bytes.Contains(out, []byte("]]]]><![CDATA[>")) {
		t.Errorf("]]> not split:\n%s", out)
	}
	f := parse(t, out)
	eq(t, "content round trip", f.Items[0].Content, tricky)
}

func TestRSSInvalidCharacters(t *testing.T) {
	items := []Item{{
		Title:       "bell\x07 and bad \xff byte",
		Link:        "https://x.example/a",
		Description: "nul\x00",
		ContentHTML: "<p>form\x0cfeed</p>",
	}}
	f := parse(t, RSS(Channel{Title: "t", Link: "https://x.example"}, items))
	eq(t, "title", f.Items[0].Title, "bell\uFFFD and bad \uFFFD byte")
	eq(t, "description", f.Items[0].Description, "nul\uFFFD")
	eq(t, "content", f.Items[0].Content, "<p>form\uFFFDfeed</p>")
}

func TestRSSEmptyChannel(t *testing.T) {
	out := RSS(Channel{Title: "Empty", Link: "https://x.example", Description: "d"}, nil)
	f := parse(t, out)
	eq(t, "items", len(f.Items), 0)
	if bytes.Contains(out, []byte("lastBuildDate")) || bytes.Contains(out, []byte("<image>")) ||
		bytes.Contains(out, []byte("atom:link")) || bytes.Contains(out, []byte("<language>")) {
		t.Errorf("optional channel fields must be omitted:\n%s", out)
	}
}

func TestAtom(t *testing.T) {
	ch, items := testChannel(), testItems()
	f := parse(t, Atom(ch, items))
	eq(t, "type", f.FeedType, "atom")
	eq(t, "title", f.Title, ch.Title)
	eq(t, "description (subtitle)", f.Description, ch.Description)
	eq(t, "link", f.Link, ch.Link)
	eq(t, "feed link", f.FeedLink, ch.SelfURL)
	eq(t, "language", f.Language, "en")
	eq(t, "generator", f.Generator, "InkPress")
	eq(t, "author", f.Authors[0].Name, "Acme Team")
	eq(t, "logo", f.Image.URL, ch.ImageURL)
	eqTime(t, "updated", f.UpdatedParsed, upd1)

	raw := f.OriginalFeed().(*atom.Feed)
	eq(t, "id", raw.ID, ch.SelfURL)
	for i, want := range items {
		got, entry := f.Items[i], raw.Entries[i]
		eq(t, "entry id", entry.ID, want.Link)
		eq(t, "entry title", got.Title, want.Title)
		eq(t, "entry link", got.Link, want.Link)
		eqTime(t, "entry published", got.PublishedParsed, want.Published)
		wantUpd := want.Updated
		if wantUpd.IsZero() {
			wantUpd = want.Published
		}
		eqTime(t, "entry updated", got.UpdatedParsed, wantUpd)
		eq(t, "entry summary", entry.Summary, want.Description)
		eq(t, "entry content", got.Content, want.ContentHTML)
		if want.ContentHTML != "" {
			eq(t, "content type", entry.Content.Type, "html")
		}
		var terms []string
		for _, c := range entry.Categories {
			terms = append(terms, c.Term)
		}
		eq(t, "entry categories", terms, want.Categories)
		if want.Author == "" {
			// Atom entries inherit the feed author; none is repeated.
			eq(t, "entry authors", len(entry.Authors), 0)
		} else {
			eq(t, "entry author", got.Authors[0].Name, want.Author)
		}
	}
	eq(t, "enclosure 0", f.Items[0].Enclosures,
		[]*gofeed.Enclosure{{URL: items[0].ImageURL, Length: "12345", Type: "image/png"}})
	eq(t, "enclosure 1", f.Items[1].Enclosures,
		[]*gofeed.Enclosure{{URL: items[1].ImageURL, Type: "image/webp"}})
	eq(t, "enclosure 2", len(f.Items[2].Enclosures), 0)
}

func TestAtomMinimal(t *testing.T) {
	// No times, no author: updated falls back to the epoch and the entry
	// author to the feed title, so the document stays valid Atom.
	out := Atom(Channel{Title: "T", Link: "https://x.example"}, []Item{{Title: "a", Link: "https://x.example/a"}})
	f := parse(t, out)
	eqTime(t, "updated", f.UpdatedParsed, time.Unix(0, 0))
	eq(t, "entry author", f.Items[0].Authors[0].Name, "T")
	eq(t, "feed id", f.OriginalFeed().(*atom.Feed).ID, "https://x.example")
}

func TestJSONFeed(t *testing.T) {
	ch, items := testChannel(), testItems()
	out := JSONFeed(ch, items)
	if !json.Valid(out) {
		t.Fatalf("invalid JSON: %s", out)
	}
	f := parse(t, out)
	eq(t, "type", f.FeedType, "json")
	eq(t, "version", f.FeedVersion, JSONFeedVersion)
	eq(t, "title", f.Title, ch.Title)
	eq(t, "home page", f.Link, ch.Link)
	eq(t, "feed url", f.FeedLink, ch.SelfURL)
	eq(t, "description", f.Description, ch.Description)
	eq(t, "language", f.Language, "en")
	eq(t, "author", f.Authors[0].Name, "Acme Team")

	raw := f.OriginalFeed().(*jsonfeed.Feed)
	eq(t, "raw version", raw.Version, JSONFeedVersion)
	eq(t, "icon", raw.Icon, ch.IconURL)
	eq(t, "favicon", raw.Favicon, ch.IconURL)
	for i, want := range items {
		got, rawItem := f.Items[i], raw.Items[i]
		eq(t, "item id", rawItem.ID, want.Link)
		eq(t, "item url", got.Link, want.Link)
		eq(t, "item title", html.UnescapeString(got.Title), want.Title)
		eq(t, "item content_html", rawItem.ContentHTML, want.ContentHTML)
		eq(t, "item summary", rawItem.Summary, want.Description)
		eq(t, "item image", rawItem.Image, want.ImageURL)
		eqTime(t, "item published", got.PublishedParsed, want.Published)
		if want.Updated.IsZero() {
			eq(t, "item date_modified", rawItem.DateModified, "")
		} else {
			eqTime(t, "item modified", got.UpdatedParsed, want.Updated)
		}
		eq(t, "item tags", rawItem.Tags, want.Categories)
	}
	eq(t, "item author", f.Items[0].Authors[0].Name, "Jane Doe")
	if !bytes.Contains(out, []byte(`"content_html":"<p>Hello</p>"`)) {
		t.Errorf("HTML should not be \\u-escaped: %s", out)
	}
}

func TestJSONFeedEmpty(t *testing.T) {
	out := JSONFeed(Channel{Title: "T"}, nil)
	if !bytes.Contains(out, []byte(`"items":[]`)) {
		t.Errorf("items must be an empty array, got %s", out)
	}
}

func TestImageType(t *testing.T) {
	tests := []struct{ url, given, want string }{
		{"https://x/a.JPG", "", "image/jpeg"},
		{"https://x/a.png?w=10#f", "", "image/png"},
		{"https://x/a.webp", "", "image/webp"},
		{"https://x/a.gif", "", "image/gif"},
		{"https://x/a.svg", "", "image/svg+xml"},
		{"https://x/a", "", "image/jpeg"},
		{"https://x/a.png", "image/avif", "image/avif"},
	}
	for _, tt := range tests {
		if got := imageType(&Item{ImageURL: tt.url, ImageType: tt.given}); got != tt.want {
			t.Errorf("imageType(%q, %q) = %q, want %q", tt.url, tt.given, got, tt.want)
		}
	}
}

func TestEscapeMatchesEncodingXML(t *testing.T) {
	inputs := []string{
		"", "plain", `&<>"'`, "tab\tnl\ncr\r", "é ü 日本 💪", "bad \xff\xfe utf8",
		"ctl \x00\x01\x1f", "\uFFFD literal", "\uFFFE nonchar", "mixed & <b>é</b>\n",
		strings.Repeat("x&", 100),
	}
	for _, in := range inputs {
		var got, want bytes.Buffer
		escape(&got, in)
		if err := xml.EscapeText(&want, []byte(in)); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("escape(%q) = %q, xml.EscapeText = %q", in, got.String(), want.String())
		}
	}
}

func BenchmarkRSS50(b *testing.B) {
	ch := testChannel()
	items := make([]Item, 50)
	content := strings.Repeat("<p>Paragraph with some words &amp; a <a href=\"https://x.example/\">link</a>.</p>\n", 60)
	for i := range items {
		items[i] = testItems()[0]
		items[i].ContentHTML = content
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = RSS(ch, items)
	}
}
