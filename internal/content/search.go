package content

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Search text limits: longer text is refused rather than cut, so a reader
// is never shown results for words they did not type; the term cap bounds
// the work of one query.
const (
	MaxSearchLen   = 200 // characters
	MaxSearchTerms = 10
)

// SearchTerms splits a reader's search text into lower-case words: runs of
// letters, digits and combining marks in any script. Everything else
// (quotes, operators, punctuation) only separates words, so what a reader
// types is never read as query syntax by a database. Repeated words count
// once and at most MaxSearchTerms are kept.
func SearchTerms(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !isWordRune(r) }) {
		w = strings.ToLower(w)
		if seen[w] || !strings.ContainsFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) {
			continue
		}
		seen[w] = true
		out = append(out, w)
		if len(out) == MaxSearchTerms {
			break
		}
	}
	return out
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)
}

// SearchTooLong reports whether text passes MaxSearchLen characters.
func SearchTooLong(text string) bool { return utf8.RuneCountInString(text) > MaxSearchLen }

// TagSlug is the URL segment of a tag (a post's tags are free text): the
// post slug rule (Slugify), so "Low Carb" and "low-carb" are one tag. A tag
// in a script Slugify cannot spell gets "tag-" and a hash of the tag; a tag
// without any letter or digit has no page ("").
func TagSlug(tag string) string {
	if !strings.ContainsFunc(tag, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) {
		return ""
	}
	s := Slugify(tag)
	if h, ok := strings.CutPrefix(s, fallbackSlug+"-"); ok && s == hashSlug(tag) {
		return "tag-" + h
	}
	return s
}
