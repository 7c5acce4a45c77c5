// Package content holds the pure text rules of InkPress posts: slugs, plain
// text, excerpts, read time, HTML sanitising, banner-ad insertion and the
// normalising of keywords, tags and e-mail addresses.
//
// Everything here is a pure function (or uses a package-level value that is
// built once and only read afterwards), so it is safe for concurrent use and
// needs no store, clock or configuration.
package content
