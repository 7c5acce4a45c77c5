package feed

import (
	"bytes"
	"time"
)

// RSS writes an RSS 2.0 feed with the atom (self link), content (full HTML
// in content:encoded), media (cover image as media:content, which social
// schedulers read) and dc (item author names) namespaces.
func RSS(ch Channel, items []Item) []byte {
	var b bytes.Buffer
	b.Grow(estimateSize(items))
	b.WriteString(xmlHeader)
	b.WriteString(`<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"` +
		` xmlns:content="http://purl.org/rss/1.0/modules/content/"` +
		` xmlns:media="http://search.yahoo.com/mrss/"` +
		` xmlns:dc="http://purl.org/dc/elements/1.1/">` + "\n<channel>\n")
	rssChannel(&b, ch, items)
	const end = "</channel>\n</rss>\n"
	for i := range items {
		mark := b.Len()
		rssItem(&b, &items[i])
		if i > 0 && b.Len()+len(end) > MaxBytes {
			b.Truncate(mark)
			break
		}
	}
	b.WriteString(end)
	return b.Bytes()
}

// Readers treat RSS 2.0's title, category and dc:creator as HTML, as they
// do description, so those are written with htmlTextElem too: a title of
// "<img onerror>" shows those characters, never a live element.
func rssChannel(b *bytes.Buffer, ch Channel, items []Item) {
	htmlTextElem(b, "title", ch.Title)
	elem(b, "link", ch.Link)
	htmlTextElem(b, "description", ch.Description)
	optElem(b, "language", ch.Language)
	if t := updated(ch, items); !t.IsZero() {
		timeElem(b, "lastBuildDate", t, time.RFC1123Z)
	}
	if ch.SelfURL != "" {
		b.WriteString("<atom:link")
		attr(b, "href", ch.SelfURL)
		b.WriteString(` rel="self" type="application/rss+xml"/>` + "\n")
	}
	if !ch.WhiteLabel {
		elem(b, "generator", Generator)
	}
	if ch.ImageURL != "" {
		b.WriteString("<image>\n")
		elem(b, "url", ch.ImageURL)
		htmlTextElem(b, "title", ch.Title)
		elem(b, "link", ch.Link)
		b.WriteString("</image>\n")
	}
}

func rssItem(b *bytes.Buffer, it *Item) {
	b.WriteString("<item>\n")
	htmlTextElem(b, "title", it.Title)
	elem(b, "link", it.Link)
	if id := itemID(it); id != "" {
		if it.ID != "" {
			b.WriteString(`<guid isPermaLink="false">`)
		} else {
			b.WriteString(`<guid isPermaLink="true">`)
		}
		escape(b, id)
		b.WriteString("</guid>\n")
	}
	if !it.Published.IsZero() {
		timeElem(b, "pubDate", it.Published, time.RFC1123Z)
	}
	// RSS <author> must be an e-mail address; dc:creator carries a name.
	if it.Author != "" {
		htmlTextElem(b, "dc:creator", it.Author)
	}
	for _, c := range UniqueFold(it.Categories) {
		htmlTextElem(b, "category", c)
	}
	htmlTextElem(b, "description", it.Description)
	if it.ContentHTML != "" {
		b.WriteString("<content:encoded>")
		cdata(b, it.ContentHTML)
		b.WriteString("</content:encoded>\n")
	}
	if it.ImageURL != "" {
		rssImage(b, it)
	}
	b.WriteString("</item>\n")
}

// rssImage writes the cover image both as an enclosure (length is required
// by RSS; 0 means unknown) and as media:content.
func rssImage(b *bytes.Buffer, it *Item) {
	typ := imageType(it)
	b.WriteString("<enclosure")
	attr(b, "url", it.ImageURL)
	intAttr(b, "length", max(it.ImageLength, 0))
	attr(b, "type", typ)
	b.WriteString("/>\n<media:content")
	attr(b, "url", it.ImageURL)
	b.WriteString(` medium="image"`)
	attr(b, "type", typ)
	if it.ImageLength > 0 {
		intAttr(b, "fileSize", it.ImageLength)
	}
	b.WriteString("/>\n")
}
