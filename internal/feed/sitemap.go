package feed

import (
	"bytes"
	"strconv"
	"time"
)

// MaxSitemapURLs is the sitemaps.org limit of URLs in one sitemap file;
// beyond it the site serves a sitemap index of PageURLs pages.
const MaxSitemapURLs = 50000

const sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"

// URL is one sitemap entry.
type URL struct {
	Loc      string    // absolute URL
	LastMod  time.Time // zero = omitted
	Priority float64   // 0 = omitted; written with one decimal, capped at 1
}

// Sitemap writes a sitemaps.org 0.9 urlset. lastmod is written as a full
// W3C datetime (RFC 3339, UTC) because posts carry an updated_at time and
// crawlers use the finer value; priority has one decimal ("1.0", "0.7").
func Sitemap(urls []URL) []byte {
	var b bytes.Buffer
	b.Grow(128 + len(urls)*(100+avgLocLen(urls)))
	b.WriteString(xmlHeader)
	b.WriteString(`<urlset xmlns="` + sitemapNS + `">` + "\n")
	for i := range urls {
		u := &urls[i]
		b.WriteString("<url><loc>")
		escape(&b, u.Loc)
		b.WriteString("</loc>")
		if !u.LastMod.IsZero() {
			b.WriteString("<lastmod>")
			b.Write(u.LastMod.UTC().AppendFormat(b.AvailableBuffer(), time.RFC3339))
			b.WriteString("</lastmod>")
		}
		if u.Priority > 0 {
			b.WriteString("<priority>")
			b.Write(strconv.AppendFloat(b.AvailableBuffer(), min(u.Priority, 1), 'f', 1, 64))
			b.WriteString("</priority>")
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

// avgLocLen samples the first URLs to size the buffer for the rest.
func avgLocLen(urls []URL) int {
	n := min(len(urls), 16)
	if n == 0 {
		return 0
	}
	total := 0
	for i := range n {
		total += len(urls[i].Loc)
	}
	return total / n
}

// SitemapIndex writes a sitemap index listing the sitemap files at locs,
// each with lastMod (omitted when zero).
func SitemapIndex(locs []string, lastMod time.Time) []byte {
	var b bytes.Buffer
	b.Grow(128 + len(locs)*128)
	b.WriteString(xmlHeader)
	b.WriteString(`<sitemapindex xmlns="` + sitemapNS + `">` + "\n")
	for _, loc := range locs {
		b.WriteString("<sitemap><loc>")
		escape(&b, loc)
		b.WriteString("</loc>")
		if !lastMod.IsZero() {
			b.WriteString("<lastmod>")
			b.Write(lastMod.UTC().AppendFormat(b.AvailableBuffer(), time.RFC3339))
			b.WriteString("</lastmod>")
		}
		b.WriteString("</sitemap>\n")
	}
	b.WriteString("</sitemapindex>\n")
	return b.Bytes()
}

// Pages is the number of sitemap files needed for n URLs at perPage each
// (perPage <= 0 means MaxSitemapURLs). It is 0 for n <= 0.
func Pages(n, perPage int) int {
	if perPage <= 0 {
		perPage = MaxSitemapURLs
	}
	if n <= 0 {
		return 0
	}
	return (n + perPage - 1) / perPage
}

// PageURLs returns page number page (1-based) of urls split into pages of
// perPage (perPage <= 0 means MaxSitemapURLs), or nil when the page does not
// exist. The result shares urls' backing array but cannot append into it.
func PageURLs(urls []URL, page, perPage int) []URL {
	if perPage <= 0 {
		perPage = MaxSitemapURLs
	}
	if page < 1 || page > Pages(len(urls), perPage) {
		return nil
	}
	start := (page - 1) * perPage
	end := min(start+perPage, len(urls))
	return urls[start:end:end]
}
