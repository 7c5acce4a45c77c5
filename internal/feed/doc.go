// Package feed writes RSS 2.0, Atom 1.0, JSON Feed 1.1, sitemaps and
// sitemap indexes from plain values. It knows nothing about the store: the
// caller maps posts to Channel/Item/URL values (with absolute URLs and
// sanitised, absolutized HTML) and serves the bytes.
//
// The XML writers build output with a pre-sized bytes.Buffer and explicit
// escaping instead of encoding/xml's reflection-based Marshal: they run on
// every cache miss, for feeds of 50 full posts and sitemaps of 10,000+ URLs.
package feed
