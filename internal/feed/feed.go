package feed

import (
	"path"
	"strings"
	"time"
)

// Generator is the generator name written into every feed.
const Generator = "InkPress"

// Channel describes one feed: the site blog, a workspace blog or one of
// their categories. All URLs must be absolute.
type Channel struct {
	Title       string
	Link        string // the HTML page the feed belongs to
	Description string
	SelfURL     string // the feed's own URL (format-specific)
	Language    string // e.g. "en"; omitted when empty
	ImageURL    string // channel logo; omitted when empty
	Updated     time.Time
	Author      string
}

// Item is one post in a feed.
type Item struct {
	Title       string
	Link        string // permalink, also used as guid / id
	Description string // plain-text excerpt
	ContentHTML string // full HTML with absolute URLs
	Published   time.Time
	Updated     time.Time
	Categories  []string
	ImageURL    string // cover image; becomes enclosure / media:content
	ImageType   string // MIME type; guessed from the URL when empty
	ImageLength int64  // bytes; 0 when unknown
	Author      string
}

// updated is the channel's last change: Channel.Updated, or else the newest
// item time, so an unset field never shows the year 1.
func updated(ch Channel, items []Item) time.Time {
	if !ch.Updated.IsZero() {
		return ch.Updated
	}
	var t time.Time
	for i := range items {
		if u := itemUpdated(&items[i]); u.After(t) {
			t = u
		}
	}
	return t
}

// itemUpdated is the item's Updated time, falling back to Published.
func itemUpdated(it *Item) time.Time {
	if it.Updated.IsZero() {
		return it.Published
	}
	return it.Updated
}

// imageTypes maps image file extensions to MIME types for enclosures.
var imageTypes = map[string]string{
	".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png",
	".gif": "image/gif", ".webp": "image/webp", ".avif": "image/avif",
	".svg": "image/svg+xml",
}

// imageType returns the item's image MIME type, guessed from the URL's
// extension when not given. RSS requires a type on an enclosure, and AI
// images are most often JPEG, hence the fallback.
func imageType(it *Item) string {
	if it.ImageType != "" {
		return it.ImageType
	}
	p := it.ImageURL
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if t, ok := imageTypes[strings.ToLower(path.Ext(p))]; ok {
		return t
	}
	return "image/jpeg"
}

// estimateSize guesses the output size so the buffer grows once.
func estimateSize(items []Item) int {
	n := 2048
	for i := range items {
		n += 1024 + len(items[i].ContentHTML) + len(items[i].Description)
	}
	return n
}
