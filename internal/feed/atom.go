package feed

import (
	"bytes"
	"time"
)

// Atom writes an Atom 1.0 feed. The feed id is Channel.ID (else SelfURL,
// else Link) and each entry's id is Item.ID (else its permalink). Plain
// text goes into text constructs of type "text" and full HTML into content
// of type "html". Items past MaxBytes are left out.
func Atom(ch Channel, items []Item) []byte {
	var b bytes.Buffer
	b.Grow(estimateSize(items) + len(items)*256) // HTML is escaped, not CDATA
	b.WriteString(xmlHeader)
	b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom"`)
	if ch.Language != "" {
		attr(&b, "xml:lang", ch.Language)
	}
	b.WriteString(">\n")
	// updated is required everywhere; with no time at all use the epoch.
	feedUpdated := orEpoch(updated(ch, items))
	atomHead(&b, ch, feedUpdated)
	const end = "</feed>\n"
	for i := range items {
		mark := b.Len()
		atomEntry(&b, &items[i], ch, feedUpdated)
		if i > 0 && b.Len()+len(end) > MaxBytes {
			b.Truncate(mark)
			break
		}
	}
	b.WriteString(end)
	return b.Bytes()
}

func atomHead(b *bytes.Buffer, ch Channel, feedUpdated time.Time) {
	id := ch.ID
	if id == "" {
		id = ch.SelfURL
	}
	if id == "" {
		id = ch.Link
	}
	elem(b, "id", id)
	elem(b, "title", ch.Title)
	optElem(b, "subtitle", ch.Description)
	timeElem(b, "updated", feedUpdated, time.RFC3339)
	atomLink(b, "self", "application/atom+xml", ch.SelfURL, 0)
	atomLink(b, "alternate", "text/html", ch.Link, 0)
	if ch.Author != "" {
		atomAuthor(b, ch.Author)
	}
	optElem(b, "icon", ch.IconURL)
	optElem(b, "logo", ch.ImageURL)
	if !ch.WhiteLabel {
		elem(b, "generator", Generator)
	}
}

func atomEntry(b *bytes.Buffer, it *Item, ch Channel, feedUpdated time.Time) {
	b.WriteString("<entry>\n")
	elem(b, "id", itemID(it))
	elem(b, "title", it.Title)
	atomLink(b, "alternate", "text/html", it.Link, 0)
	if !it.Published.IsZero() {
		timeElem(b, "published", it.Published, time.RFC3339)
	}
	entryUpdated := itemUpdated(it)
	if entryUpdated.IsZero() {
		entryUpdated = feedUpdated
	}
	timeElem(b, "updated", entryUpdated, time.RFC3339)
	if it.Description != "" {
		b.WriteString(`<summary type="text">`)
		escape(b, it.Description)
		b.WriteString("</summary>\n")
	}
	if it.ContentHTML != "" {
		b.WriteString(`<content type="html">`)
		escape(b, it.ContentHTML)
		b.WriteString("</content>\n")
	}
	for _, c := range UniqueFold(it.Categories) {
		b.WriteString("<category")
		attr(b, "term", c)
		b.WriteString("/>\n")
	}
	// Atom requires an author on every entry unless the feed has one; the
	// feed title stands in when nobody is named.
	if it.Author != "" {
		atomAuthor(b, it.Author)
	} else if ch.Author == "" {
		atomAuthor(b, ch.Title)
	}
	if it.ImageURL != "" {
		atomLink(b, "enclosure", imageType(it), it.ImageURL, it.ImageLength)
	}
	b.WriteString("</entry>\n")
}

// atomLink writes <link rel type href [length]/>, or nothing without href.
func atomLink(b *bytes.Buffer, rel, typ, href string, length int64) {
	if href == "" {
		return
	}
	b.WriteString("<link")
	attr(b, "rel", rel)
	attr(b, "type", typ)
	attr(b, "href", href)
	if length > 0 {
		intAttr(b, "length", length)
	}
	b.WriteString("/>\n")
}

func atomAuthor(b *bytes.Buffer, name string) {
	b.WriteString("<author>")
	elem(b, "name", name)
	b.WriteString("</author>\n")
}

// orEpoch replaces the zero time, which Atom readers reject, with the epoch.
func orEpoch(t time.Time) time.Time {
	if t.IsZero() {
		return time.Unix(0, 0)
	}
	return t
}
