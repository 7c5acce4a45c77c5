// Package social holds the social networks a blog or an author links to
// and a reader shares a post on: their names, their share pages and what a
// profile link may be. The app gets the same table and a table of this
// package's answers from tools/tsgen (web/src/api/shared.gen.ts).
package social

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
)

// Network is a site a profile link may name.
type Network struct {
	ID    string // the value links carry ("website" for any other site)
	Label string // its name as readers see it
	// Share is the network's page that shares an address ({url}, with
	// {title}), "" when it has none.
	Share string
	// Compose is its page that posts a whole text ({text}), "" when it has
	// none (LinkedIn and Facebook take only an address: they read the
	// preview from the page).
	Compose string
}

// Website is the network of a link to any other site.
const Website = "website"

// Networks are offered in this order by the forms.
var Networks = []Network{
	{ID: Website, Label: "Website"},
	{ID: "x", Label: "X", Share: "https://twitter.com/intent/tweet?url={url}&text={title}",
		Compose: "https://twitter.com/intent/tweet?text={text}"},
	{ID: "linkedin", Label: "LinkedIn", Share: "https://www.linkedin.com/sharing/share-offsite/?url={url}"},
	{ID: "facebook", Label: "Facebook", Share: "https://www.facebook.com/sharer/sharer.php?u={url}"},
	{ID: "instagram", Label: "Instagram"},
	{ID: "youtube", Label: "YouTube"},
	{ID: "github", Label: "GitHub"},
	{ID: "mastodon", Label: "Mastodon"},
	{ID: "bluesky", Label: "Bluesky"},
}

// IDs are the networks' ids, in order.
func IDs() []string {
	ids := make([]string, len(Networks))
	for i, n := range Networks {
		ids[i] = n.ID
	}
	return ids
}

// Find is the network id names.
func Find(id string) (Network, bool) {
	for _, n := range Networks {
		if n.ID == id {
			return n, true
		}
	}
	return Network{}, false
}

// Label is the name readers see for network id: Website's for an unknown
// one.
func Label(id string) string {
	if n, ok := Find(id); ok {
		return n.Label
	}
	return Networks[0].Label
}

// ShareURL is the address that shares pageURL (titled title) on network
// id, "" when it has no share page.
func ShareURL(id, pageURL, title string) string {
	n, _ := Find(id)
	return fill(n.Share, map[string]string{"{url}": pageURL, "{title}": title})
}

// ComposeURL is the address that posts text on network id, "" when it has
// no such page.
func ComposeURL(id, text string) string {
	n, _ := Find(id)
	return fill(n.Compose, map[string]string{"{text}": text})
}

// fill puts each value, encoded as a URI component, in place of its key.
func fill(pattern string, values map[string]string) string {
	for k, v := range values {
		pattern = strings.ReplaceAll(pattern, k, encodeURIComponent(v))
	}
	return pattern
}

// encodeURIComponent is JavaScript's: everything but A-Z a-z 0-9 - _ . ! ~
// * ' ( ) is percent-encoded as UTF-8.
func encodeURIComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte("0123456789ABCDEF"[c>>4])
		b.WriteByte("0123456789ABCDEF"[c&15])
	}
	return b.String()
}

// MaxLinkURL is the longest profile link, in bytes.
const MaxLinkURL = 500

// ValidLink reports whether s may be a profile link: an absolute https
// address with a host (and a port, if any, browsers accept), at most
// MaxLinkURL long, without credentials, spaces or control characters.
// Links are shown to every reader and followed from the blog, so nothing
// but https is taken (no javascript:, data: or plain http).
func ValidLink(s string) bool {
	if s == "" || len(s) > MaxLinkURL || strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return false
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil || strings.HasPrefix(u.Host, ".") {
		return false
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n > 65535 {
			return false
		}
	}
	return true
}
