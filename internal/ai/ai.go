// Package ai defines how InkPress asks an AI provider for blog articles and
// cover images. Providers live in sub-packages: builtin (offline, the
// default) and openai (any OpenAI-compatible endpoint).
package ai

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Tone is the voice an article is written in.
type Tone string

// Tones offered in the generate dialog.
const (
	ToneProfessional  Tone = "professional"
	ToneCasual        Tone = "casual"
	ToneAuthoritative Tone = "authoritative"
)

// Tones lists every valid tone, in the order the UI offers them.
func Tones() []Tone { return []Tone{ToneProfessional, ToneCasual, ToneAuthoritative} }

// Valid reports whether t is one of the known tones.
func (t Tone) Valid() bool {
	switch t {
	case ToneProfessional, ToneCasual, ToneAuthoritative:
		return true
	}
	return false
}

// Length is the target size of an article.
type Length string

// Lengths offered in the generate dialog.
const (
	LengthShort  Length = "short"
	LengthMedium Length = "medium"
	LengthLong   Length = "long"
)

// Lengths lists every valid length, shortest first.
func Lengths() []Length { return []Length{LengthShort, LengthMedium, LengthLong} }

// Valid reports whether l is one of the known lengths.
func (l Length) Valid() bool { return l.Words() > 0 }

// Words is the target word count of the length (0 for an unknown length).
func (l Length) Words() int {
	switch l {
	case LengthShort:
		return 800
	case LengthMedium:
		return 1500
	case LengthLong:
		return 2500
	}
	return 0
}

// Language is one of the languages a blog can be written in.
type Language struct {
	Code string // BCP-47
	Name string // in English, as prompts and the settings form name it
}

// DefaultLanguage is the language of a blog that chose none.
const DefaultLanguage = "en"

// Languages lists the languages offered to a blog, English first.
func Languages() []Language {
	return []Language{
		{"en", "English"}, {"es", "Spanish"}, {"fr", "French"}, {"de", "German"}, {"it", "Italian"},
		{"pt", "Portuguese"}, {"nl", "Dutch"}, {"pl", "Polish"}, {"ru", "Russian"}, {"uk", "Ukrainian"},
		{"ja", "Japanese"}, {"zh", "Chinese"}, {"ko", "Korean"}, {"ar", "Arabic"}, {"hi", "Hindi"},
		{"tr", "Turkish"}, {"sv", "Swedish"},
	}
}

// LanguageName is the English name of the language code, or "" when the
// code is not one of Languages.
func LanguageName(code string) string {
	for _, l := range Languages() {
		if l.Code == code {
			return l.Name
		}
	}
	return ""
}

// InputMode says whether WriteRequest.Topic is a subject to write about or
// the exact title the article must carry.
type InputMode string

// Input modes offered in the generate dialog.
const (
	ModeTopic InputMode = "topic"
	ModeTitle InputMode = "title"
)

// Valid reports whether m is one of the known input modes.
func (m InputMode) Valid() bool { return m == ModeTopic || m == ModeTitle }

// WriteRequest asks a Writer for one article.
type WriteRequest struct {
	Topic     string // a topic, or the exact title when InputMode is ModeTitle
	InputMode InputMode
	Keywords  []string
	Tone      Tone
	Length    Length
	Category  string // category name, only used as context
	// Voice is the blog's brand voice: the owner's guidance on audience,
	// voice and words, "" for none.
	Voice string
	// Language is the BCP-47 code of the language to write in ("" is
	// English).
	Language string
}

// Article is a generated post. HTML still has to be sanitised by the caller
// before it is stored, because a remote provider can return anything.
type Article struct {
	Title           string
	HTML            string
	Excerpt         string
	MetaTitle       string
	MetaDescription string
	Tags            []string
}

// Writer writes articles.
type Writer interface {
	Write(ctx context.Context, req WriteRequest) (*Article, error)
}

// ImageRequest asks an Illustrator for a cover image.
type ImageRequest struct {
	Prompt    string
	Title     string
	ColorFrom string // hex like #6366f1, may be empty
	ColorTo   string // hex like #8b5cf6, may be empty
	// Brand is the name of the blog the cover is for; the built-in
	// illustrator signs the cover with it ("" signs nothing).
	Brand string
}

// Image is an encoded image.
type Image struct {
	Data        []byte
	ContentType string
}

// Illustrator draws cover images.
type Illustrator interface {
	Illustrate(ctx context.Context, req ImageRequest) (*Image, error)
}

// Limits shared by every provider so that stored posts look the same
// whichever provider wrote them.
const (
	MaxMetaTitle       = 60
	MaxMetaDescription = 155
	MaxTags            = 6
	MaxTopicRunes      = 300
	MaxKeywords        = 20
	MaxKeywordRunes    = 100
)

// ErrProvider marks a failure of the AI provider (as opposed to bad input).
// Providers wrap it with a message that can be shown to the user as is.
var ErrProvider = errors.New("AI provider error")

// ErrTransient marks a provider failure that may pass if the same request
// is made again later: a rate limit, an outage, a timeout, a lost
// connection. A failure without it (no credit, a rejected key, a flagged
// topic, a refusal, a missing model) gives the same answer every time.
var ErrTransient = errors.New("transient AI provider failure")

// ErrSetup marks a provider failure only the server's operator can fix (a
// rejected key, a missing model, a wrong address, no credit left): its
// message names their settings, so owners are told what it means for
// them instead, and the operator reads it in the log.
var ErrSetup = errors.New("AI provider not set up")

// ErrInvalidRequest marks a WriteRequest that Validate rejected; callers map
// it to a 400-style answer.
var ErrInvalidRequest = errors.New("invalid AI request")

// Validate checks req before any provider spends time or money on it.
func Validate(req WriteRequest) error {
	topic := strings.TrimSpace(req.Topic)
	switch {
	case topic == "" && req.InputMode == ModeTitle:
		return fmt.Errorf("%w: the title is required", ErrInvalidRequest)
	case topic == "":
		return fmt.Errorf("%w: the topic is required", ErrInvalidRequest)
	case utf8.RuneCountInString(topic) > MaxTopicRunes:
		return fmt.Errorf("%w: the topic must be at most %d characters", ErrInvalidRequest, MaxTopicRunes)
	case !req.InputMode.Valid():
		return fmt.Errorf("%w: unknown input mode %q (use topic or title)", ErrInvalidRequest, req.InputMode)
	case !req.Tone.Valid():
		return fmt.Errorf("%w: unknown tone %q (use professional, casual or authoritative)", ErrInvalidRequest, req.Tone)
	case !req.Length.Valid():
		return fmt.Errorf("%w: unknown length %q (use short, medium or long)", ErrInvalidRequest, req.Length)
	case len(req.Keywords) > MaxKeywords:
		return fmt.Errorf("%w: at most %d keywords are allowed", ErrInvalidRequest, MaxKeywords)
	}
	for _, k := range req.Keywords {
		if utf8.RuneCountInString(k) > MaxKeywordRunes {
			return fmt.Errorf("%w: each keyword must be at most %d characters", ErrInvalidRequest, MaxKeywordRunes)
		}
	}
	return nil
}

// CleanKeywords trims keywords, drops blanks and case-insensitive duplicates,
// keeping the caller's order (the first keyword is the most important).
func CleanKeywords(keywords []string) []string {
	out := make([]string, 0, len(keywords))
	seen := make(map[string]bool, len(keywords))
	for _, k := range keywords {
		k = strings.Join(strings.Fields(k), " ")
		key := strings.ToLower(k)
		if k == "" || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, k)
	}
	return out
}

// NormalizeTags lowercases tags, strips a leading '#', collapses spaces,
// removes duplicates and keeps at most MaxTags.
func NormalizeTags(tags []string) []string {
	out := make([]string, 0, len(tags))
	seen := make(map[string]bool, len(tags))
	for _, t := range tags {
		t = strings.ToLower(strings.Join(strings.Fields(strings.TrimLeft(strings.TrimSpace(t), "#")), " "))
		if t == "" || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
		if len(out) == MaxTags {
			break
		}
	}
	return out
}

// Shorten returns s cut to at most max runes, preferring to cut at a word
// boundary so that meta fields never end mid-word. Whitespace is collapsed.
func Shorten(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)[:max]
	cut := string(r)
	// Only back off to a space when that keeps most of the text; a single
	// giant word is better cut than dropped.
	if i := strings.LastIndex(cut, " "); i > len(cut)/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:-–—")
}
