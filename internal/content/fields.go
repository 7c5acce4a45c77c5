package content

import (
	"net/mail"
	"strings"
	"unicode/utf8"
)

const (
	// MaxTags caps the tags kept on one post.
	MaxTags = 10
	// MaxTagLen caps one tag, in characters (runes).
	MaxTagLen = 40
	// MaxEmailLen is the longest address SMTP allows (RFC 5321 path limit).
	MaxEmailLen = 254
)

// ParseKeywords splits the generate dialog's keyword field:
// comma-separated, trimmed, blanks dropped. Duplicates are dropped
// case-insensitively, keeping the first spelling. The result is never nil,
// so it encodes as [] in JSON.
func ParseKeywords(s string) []string {
	out := []string{}
	seen := map[string]bool{}
	for part := range strings.SplitSeq(s, ",") {
		kw := strings.TrimSpace(part)
		key := strings.ToLower(kw)
		if kw == "" || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, kw)
	}
	return out
}

// NormalizeTags cleans post tags: trimmed, leading '#' dropped (the UI shows
// tags as #tag, so "#seo" and "seo" are one tag), inner whitespace collapsed,
// lowercased, cut to MaxTagLen runes, blanks and duplicates dropped, at most
// MaxTags kept. The result is never nil.
func NormalizeTags(tags []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, t := range tags {
		if len(out) == MaxTags {
			break
		}
		t = strings.ToLower(collapseSpace(strings.TrimLeft(strings.TrimSpace(t), "#")))
		t = strings.TrimSpace(cutRunes(t, MaxTagLen))
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

// cutRunes returns at most the first n runes of s.
func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// NormalizeEmail trims and lowercases an address and reports whether it is
// a plain, deliverable-looking address: accepted by net/mail without any
// display name or quoting (the parsed address must equal the input), with
// a dot in the domain and at most 254 bytes. On failure it returns "".
func NormalizeEmail(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || len(s) > MaxEmailLen || !utf8.ValidString(s) {
		return "", false
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Name != "" || addr.Address != s {
		return "", false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	// A dot is required (no "user@localhost"); IP literals are refused.
	if !strings.Contains(domain, ".") || strings.HasSuffix(domain, ".") || strings.HasPrefix(domain, "[") {
		return "", false
	}
	return s, true
}
