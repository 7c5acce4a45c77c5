package feed

import (
	"bytes"
	"encoding/json"
	"time"
)

// JSONFeedVersion is the JSON Feed version written by JSONFeed.
const JSONFeedVersion = "https://jsonfeed.org/version/1.1"

type jsonFeed struct {
	Version     string       `json:"version"`
	Title       string       `json:"title"`
	HomePageURL string       `json:"home_page_url,omitempty"`
	FeedURL     string       `json:"feed_url,omitempty"`
	Description string       `json:"description,omitempty"`
	Icon        string       `json:"icon,omitempty"`
	Favicon     string       `json:"favicon,omitempty"`
	Language    string       `json:"language,omitempty"`
	Authors     []jsonAuthor `json:"authors,omitempty"`
	Items       []jsonItem   `json:"items"` // always empty: see JSONFeed
}

type jsonItem struct {
	ID            string       `json:"id"`
	URL           string       `json:"url,omitempty"`
	Title         string       `json:"title,omitempty"`
	ContentHTML   string       `json:"content_html"`
	Summary       string       `json:"summary,omitempty"`
	Image         string       `json:"image,omitempty"`
	DatePublished string       `json:"date_published,omitempty"`
	DateModified  string       `json:"date_modified,omitempty"`
	Tags          []string     `json:"tags,omitempty"`
	Authors       []jsonAuthor `json:"authors,omitempty"`
}

type jsonAuthor struct {
	Name string `json:"name"`
}

// JSONFeed writes a JSON Feed 1.1 document. content_html is always present
// because the spec requires content_html or content_text on every item;
// description and summary are plain text by the spec. Icon and favicon are
// the channel's square IconURL. Items past MaxBytes are left out.
func JSONFeed(ch Channel, items []Item) []byte {
	f := jsonFeed{
		Version:     JSONFeedVersion,
		Title:       ch.Title,
		HomePageURL: ch.Link,
		FeedURL:     ch.SelfURL,
		Description: ch.Description,
		Icon:        ch.IconURL,
		Favicon:     ch.IconURL,
		Language:    ch.Language,
		Authors:     authors(ch.Author),
		Items:       []jsonItem{},
	}
	var b bytes.Buffer
	b.Grow(estimateSize(items))
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "<p>" stays readable; JSON does not need \u003c
	// Encode cannot fail: the values hold only strings, slices and structs
	// (invalid UTF-8 is replaced, not rejected). Items is the last field and
	// empty, so the document ends in `[]}` and a newline: the items are
	// encoded one by one in between, to stop at MaxBytes.
	const end = "]}\n"
	_ = enc.Encode(f)
	b.Truncate(b.Len() - len(end))
	for i := range items {
		it := &items[i]
		mark := b.Len()
		if i > 0 {
			b.WriteByte(',')
		}
		_ = enc.Encode(jsonItem{
			ID:            itemID(it),
			URL:           it.Link,
			Title:         it.Title,
			ContentHTML:   it.ContentHTML,
			Summary:       it.Description,
			Image:         it.ImageURL,
			DatePublished: rfc3339(it.Published),
			DateModified:  rfc3339(it.Updated),
			Tags:          UniqueFold(it.Categories),
			Authors:       authors(it.Author),
		})
		b.Truncate(b.Len() - 1) // Encode's newline
		if i > 0 && b.Len()+len(end) > MaxBytes {
			b.Truncate(mark)
			break
		}
	}
	b.WriteString(end)
	return b.Bytes()
}

func authors(name string) []jsonAuthor {
	if name == "" {
		return nil
	}
	return []jsonAuthor{{Name: name}}
}

// rfc3339 formats t in UTC, or returns "" for the zero time so the field is
// omitted.
func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
