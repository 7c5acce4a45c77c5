package content

import (
	"crypto/sha256"
	"encoding/hex"
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
	// fallbackSlug is used when a title has no letters or digits at all.
	fallbackSlug = "post"
)

// transliterations turns letters into ASCII where Unicode decomposition
// cannot (they have no combining-mark form): Latin letters such as ß, and
// the Cyrillic and Greek alphabets. Keys are lower case; Slugify looks up
// the lower-case form of each letter.
//
// Cyrillic follows the common passport-style romanisation (ж zh, х kh,
// ц ts, щ shch, ю yu, я ya; the hard and soft signs vanish), with the
// Ukrainian letters ґ, є, і, ї added; a letter both languages share keeps
// its Russian value, since a title does not say its language. Greek
// follows ISO 843 / ELOT 743 simplified (θ th, χ ch, ψ ps); its accents
// are marks that decomposition drops.
var transliterations = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'þ': "th", 'ð': "d", 'ı': "i",

	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh", 'з': "z", 'и': "i",
	'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t",
	'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "",
	'э': "e", 'ю': "yu", 'я': "ya", 'ґ': "g", 'є': "ye", 'і': "i", 'ї': "yi",

	'α': "a", 'β': "v", 'γ': "g", 'δ': "d", 'ε': "e", 'ζ': "z", 'η': "i", 'θ': "th", 'ι': "i", 'κ': "k",
	'λ': "l", 'μ': "m", 'ν': "n", 'ξ': "x", 'ο': "o", 'π': "p", 'ρ': "r", 'σ': "s", 'ς': "s", 'τ': "t",
	'υ': "y", 'φ': "f", 'χ': "ch", 'ψ': "ps", 'ω': "o",
}

// transliterate is the ASCII for the letter r, and whether it has one.
// The hard and soft signs have an empty one: they vanish inside a word.
func transliterate(r rune) (string, bool) {
	t, ok := transliterations[unicode.ToLower(r)]
	return t, ok
}

// Slugify applies the slug rule for post and workspace slugs: the
// lowercased text with every run of non-alphanumerics turned into one dash
// and the edge dashes trimmed. Accented Latin letters lose their marks
// (é -> e), and Cyrillic and Greek letters are transliterated (see
// transliterations). Letters of other scripts (CJK, Arabic, Devanagari...)
// have no practical ASCII form and count as separators; a title that keeps
// no ASCII letter because of them gets "post-" and 8 hex digits of a hash
// of the title, stable for the title and unlike another title's. The
// result is capped at MaxSlugLen, cut at a dash when one is available, and
// is "post" when the title has no letters or digits at all.
func Slugify(s string) string {
	title := s
	if !isASCII(s) {
		// NFC first so that й or ї is one letter for the table; then NFD
		// splits "é" into "e" + U+0301 so the mark can be dropped below.
		s = decompose(norm.NFC.String(s))
	}
	var b strings.Builder
	b.Grow(min(len(s), MaxSlugLen+8))
	pendingDash, dropped := false, false
	for _, r := range s {
		switch {
		case isASCIIAlnum(r):
			flushDash(&b, &pendingDash)
			b.WriteByte(byte(lowerASCII(r)))
		case unicode.Is(unicode.Mn, r):
			// Combining mark left by NFD: part of the previous letter.
		default:
			dropped = dropped || unicode.IsLetter(r) || unicode.IsNumber(r)
			pendingDash = b.Len() > 0
		}
		if b.Len() > MaxSlugLen {
			break
		}
	}
	if dropped && !strings.ContainsFunc(b.String(), func(r rune) bool { return r >= 'a' && r <= 'z' }) {
		return hashSlug(title)
	}
	return capSlug(b.String())
}

// decompose writes every character in its NFD form, with the letters of
// the transliteration table (composed, like й, or bases, like the α of ά)
// as ASCII.
func decompose(s string) string {
	out := make([]byte, 0, len(s)+8)
	for _, r := range s {
		if t, ok := transliterate(r); ok {
			out = append(out, t...)
			continue
		}
		for _, d := range norm.NFD.String(string(r)) {
			if t, ok := transliterate(d); ok {
				out = append(out, t...)
			} else {
				out = utf8.AppendRune(out, d)
			}
		}
	}
	return string(out)
}

// hashSlug is the slug of a title written in scripts Slugify cannot
// spell: "post-" and the first 8 hex digits of the SHA-256 of the title
// with its spacing collapsed.
func hashSlug(title string) string {
	sum := sha256.Sum256([]byte(norm.NFC.String(strings.Join(strings.Fields(title), " "))))
	return fallbackSlug + "-" + hex.EncodeToString(sum[:4])
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

// maxAuthorSlug is the longest slug AuthorSlug makes.
const maxAuthorSlug = 60

// AuthorSlug is the address an author named name gets: the name as a post
// title would be spelt, "author" when it has nothing to spell.
func AuthorSlug(name string) string {
	s := Slugify(name)
	lower := strings.ToLower(strings.TrimSpace(name))
	switch {
	case s == "post" && !strings.HasPrefix(lower, "post"):
		s = "author"
	case strings.HasPrefix(s, "post-") && !strings.HasPrefix(lower, "post"):
		// A name in a script without a Latin spelling: keep the hash.
		s = "author-" + strings.TrimPrefix(s, "post-")
	}
	if len(s) > maxAuthorSlug {
		s = s[:maxAuthorSlug]
		if i := strings.LastIndex(s, "-"); i > maxAuthorSlug/2 {
			s = s[:i] // at a word's end
		}
		s = strings.TrimRight(s, "-")
	}
	return s
}
