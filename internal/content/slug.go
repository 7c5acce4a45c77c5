package content

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

const (
	// MaxSlugLen caps Slugify output so URLs stay readable and fit an index.
	MaxSlugLen = 80
	// MaxValidSlugLen is the longest URL segment ValidSlug accepts. It is
	// larger than MaxSlugLen because a post slug may carry a "-{timestamp}"
	// suffix added on collision.
	MaxValidSlugLen = 100
	// fallbackSlug is used when a title has no usable characters at all.
	fallbackSlug = "post"
)

// transliterations covers letters that Unicode decomposition cannot reduce
// to ASCII (they have no combining-mark form).
var transliterations = map[rune]string{
	'ß': "ss", 'æ': "ae", 'Æ': "ae", 'œ': "oe", 'Œ': "oe",
	'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l", 'đ': "d", 'Đ': "d",
	'þ': "th", 'Þ': "th", 'ð': "d", 'Ð': "d", 'ı': "i",
}

// Slugify applies the slug rule for post and workspace slugs: the
// lowercased text with every run of non-alphanumerics turned into one dash
// and the edge dashes trimmed. Accented Latin letters are transliterated
// (é -> e) rather than turned into dashes; other non-ASCII letters count as
// separators. The result is capped at MaxSlugLen, cut at a dash when one is
// available, and is "post" when nothing usable remains.
func Slugify(s string) string {
	if !isASCII(s) {
		// NFD splits "é" into "e" + U+0301 so the mark can be dropped below.
		s = norm.NFD.String(s)
	}
	var b strings.Builder
	b.Grow(min(len(s), MaxSlugLen+8))
	pendingDash := false
	for _, r := range s {
		switch {
		case isASCIIAlnum(r):
			flushDash(&b, &pendingDash)
			b.WriteByte(byte(lowerASCII(r)))
		case unicode.Is(unicode.Mn, r):
			// Combining mark left by NFD: part of the previous letter.
		case transliterations[r] != "":
			flushDash(&b, &pendingDash)
			b.WriteString(transliterations[r])
		default:
			pendingDash = b.Len() > 0
		}
		if b.Len() > MaxSlugLen {
			break
		}
	}
	return capSlug(b.String())
}

// flushDash writes the one dash that stands for a run of separators, just
// before the next alphanumeric, so trailing runs never produce a dash.
func flushDash(b *strings.Builder, pendingDash *bool) {
	if *pendingDash {
		b.WriteByte('-')
		*pendingDash = false
	}
}

// capSlug shortens s to MaxSlugLen, preferring to cut at a dash so no word
// is chopped in half, and maps an empty slug to the fallback.
func capSlug(s string) string {
	if len(s) > MaxSlugLen {
		if s[MaxSlugLen] == '-' {
			s = s[:MaxSlugLen]
		} else if i := strings.LastIndexByte(s[:MaxSlugLen], '-'); i > 0 {
			s = s[:i]
		} else {
			s = s[:MaxSlugLen]
		}
	}
	s = strings.Trim(s, "-")
	if s == "" {
		return fallbackSlug
	}
	return s
}

// CategorySlug applies the custom-category slug rule: lowercased, runs of
// whitespace to a dash, every other character outside [a-z0-9-] removed,
// repeated dashes collapsed and edge dashes trimmed. Unlike Slugify it does
// not transliterate ("Café" -> "caf"), and it may
// return "" (e.g. for "!!!"); callers must reject an empty slug.
func CategorySlug(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	lastDash := true // true at the start so no leading dash is written
	for _, r := range strings.ToLower(name) {
		switch {
		case isASCIIAlnum(r):
			b.WriteRune(r)
			lastDash = false
		case r == '-' || unicode.IsSpace(r):
			if !lastDash {
				b.WriteByte('-')
				lastDash = true
			}
		}
	}
	return strings.TrimRight(b.String(), "-")
}

// ValidSlug reports whether s matches ^[a-z0-9]+(-[a-z0-9]+)*$ and is at
// most MaxValidSlugLen bytes. Handlers use it to reject odd URL segments
// before touching the database.
func ValidSlug(s string) bool {
	if s == "" || len(s) > MaxValidSlugLen || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-':
			if s[i-1] == '-' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isASCIIAlnum(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}

func lowerASCII(r rune) rune {
	if r >= 'A' && r <= 'Z' {
		return r + ('a' - 'A')
	}
	return r
}
