package feed

import (
	"crypto/sha1"
	"encoding/hex"
	"path"
	"strings"
	"time"
)

// Generator is the generator name written into every feed.
const Generator = "InkPress"

// MaxBytes bounds a feed document: items after the one that would take it
// past this size are left out, though the first item is always written.
// The item count is capped by the caller; this caps what large posts weigh.
var MaxBytes = 4 << 20

// Channel describes one feed: the site blog, a workspace blog or one of
// their categories. All URLs must be absolute.
type Channel struct {
	// ID is the Atom feed id; SelfURL (or Link) when empty. A stable id
	// (see UUID) keeps readers' subscriptions through a change of address.
	ID          string
	Title       string
	Link        string // the HTML page the feed belongs to
	Description string // plain text
	SelfURL     string // the feed's own URL (format-specific)
	Language    string // e.g. "en"; omitted when empty
	ImageURL    string // channel logo (any shape); omitted when empty
	IconURL     string // square icon (Atom icon, JSON Feed icon and favicon); omitted when empty
	Updated     time.Time
	Author      string
	// WhiteLabel leaves the generator (the platform's name) out.
	WhiteLabel bool
}

// Item is one post in a feed.
type Item struct {
	// ID is the item's guid / id. When empty the permalink stands in (and
	// the RSS guid says it is one), but then any change of domain or slug
	// makes readers and schedulers see a new item: callers should set a
	// stable id (see UUID).
	ID          string
	Title       string
	Link        string // permalink
	Description string // plain-text excerpt
	ContentHTML string // full HTML with absolute URLs
	Published   time.Time
	Updated     time.Time
	Categories  []string // written once each, ignoring case (see UniqueFold)
	ImageURL    string   // cover image; becomes enclosure / media:content
	ImageType   string   // MIME type; guessed from the URL when empty
	ImageLength int64    // bytes; 0 when unknown
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

// itemID is the item's id, or its permalink when it has none.
func itemID(it *Item) string {
	if it.ID != "" {
		return it.ID
	}
	return it.Link
}

// UniqueFold returns list without blank entries and without entries equal,
// ignoring case and surrounding space, to an earlier one; the first
// spelling wins. A category "Marketing" and a tag "marketing" would
// otherwise become two categories, and two hashtags in social schedulers.
func UniqueFold(list []string) []string {
	out := make([]string, 0, len(list))
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		dup := false
		for _, o := range out {
			if strings.EqualFold(o, s) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, s)
		}
	}
	return out
}

// uuidNamespace is the UUIDv5 namespace of InkPress ids: the UUIDv5 of
// "inkpress" in the URL namespace. Fixed forever: changing it changes every id.
var uuidNamespace = [16]byte{0x03, 0x2e, 0x27, 0x2d, 0x05, 0xe5, 0x5d, 0x74, 0xbf, 0x3f, 0x91, 0x20, 0xa5, 0x5e, 0xdc, 0x8b}

// UUID returns "urn:uuid:" and the name-based (version 5) UUID of name in
// the InkPress namespace: the same name always gives the same id, whatever
// the host, path or time. Callers name what does not change, such as a
// post's numeric id.
func UUID(name string) string {
	return "urn:uuid:" + uuidV5(uuidNamespace, name)
}

// uuidV5 is RFC 9562's name-based UUID with SHA-1.
func uuidV5(ns [16]byte, name string) string {
	h := sha1.New()
	h.Write(ns[:])
	h.Write([]byte(name))
	var u [16]byte
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x50 // version 5
	u[8] = u[8]&0x3f | 0x80 // RFC 9562 variant
	var b [36]byte
	hex.Encode(b[0:8], u[0:4])
	b[8] = '-'
	hex.Encode(b[9:13], u[4:6])
	b[13] = '-'
	hex.Encode(b[14:18], u[6:8])
	b[18] = '-'
	hex.Encode(b[19:23], u[8:10])
	b[23] = '-'
	hex.Encode(b[24:], u[10:])
	return string(b[:])
}
