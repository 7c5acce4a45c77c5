package openai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	gmhtml "github.com/yuin/goldmark/renderer/html"

	"github.com/inkpress/inkpress/internal/ai"
)

// articleJSON is what the model is asked to return. Alternative spellings
// seen from smaller models are accepted too.
type articleJSON struct {
	Title              string   `json:"title"`
	Content            string   `json:"content"`
	Body               string   `json:"body"`
	Excerpt            string   `json:"excerpt"`
	MetaTitle          string   `json:"metaTitle"`
	MetaTitleAlt       string   `json:"meta_title"`
	MetaDescription    string   `json:"metaDescription"`
	MetaDescriptionAlt string   `json:"meta_description"`
	Tags               flexTags `json:"tags"`
	Hashtags           flexTags `json:"hashtags"`
}

// flexTags accepts ["a","b"] as well as "a, b".
type flexTags []string

func (t *flexTags) UnmarshalJSON(b []byte) error {
	var list []string
	if err := json.Unmarshal(b, &list); err == nil {
		*t = list
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '#' })
		return nil
	}
	*t = nil // tags are optional: ignore any other shape rather than fail
	return nil
}

// maxObjectStarts bounds how many '{' parseArticle tries as the start of
// the article object.
const maxObjectStarts = 64

// parseArticle finds the article in a model's answer: the first JSON object
// with a title or a body, wherever it sits (in a code fence, after some
// chatter); else the text itself, its first heading or line as the title.
// An answer that starts as JSON but never parses is malformed, not prose.
func parseArticle(text string) (articleJSON, error) {
	rest := text
	var first *articleJSON // the first object, should none be an article
	for range maxObjectStarts {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			break
		}
		var raw articleJSON
		if json.NewDecoder(strings.NewReader(rest[i:])).Decode(&raw) == nil {
			if firstNonEmpty(raw.Title, raw.Content, raw.Body) != "" {
				return raw, nil
			}
			if first == nil {
				first = &raw
			}
		}
		rest = rest[i+1:]
	}
	if t := strings.TrimSpace(unfence(text)); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
		if first != nil {
			return *first, nil // JSON without an article: toArticle says so
		}
		return articleJSON{}, &failure{msg: "The AI model returned malformed JSON: try again, or a larger model"}
	}
	return textArticle(text), nil
}

var (
	fenceRE       = regexp.MustCompile("(?s)^```[a-zA-Z]*\\s*\n(.*?)\\s*```$")
	mdHeadingRE   = regexp.MustCompile(`^#{1,6}\s+(.+?)\s*#*$`)
	htmlHeadingRE = regexp.MustCompile(`(?is)^<h[1-3][^>]*>(.*?)</h[1-3]>$`)
	titleLabelRE  = regexp.MustCompile(`(?i)^title\s*:\s*`)
)

// unfence returns the inside of an answer wrapped in one code fence.
func unfence(text string) string {
	text = strings.TrimSpace(text)
	if m := fenceRE.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return text
}

// headingScan is how many leading lines may come before the heading that
// is taken as the title ("Sure! Here is your article:").
const headingScan = 4

// textArticle reads an answer that is the article itself, in Markdown or
// plain text: the first heading near the top is the title, else the first
// line; what follows is the body.
func textArticle(text string) articleJSON {
	lines := strings.Split(unfence(text), "\n")
	first, seen := -1, 0
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if first < 0 {
			first = i
		}
		if mdHeadingRE.MatchString(l) || htmlHeadingRE.MatchString(l) {
			return articleJSON{Title: cleanTitle(l), Content: strings.Join(lines[i+1:], "\n")}
		}
		if seen++; seen == headingScan {
			break
		}
	}
	if first < 0 {
		return articleJSON{}
	}
	return articleJSON{Title: cleanTitle(lines[first]), Content: strings.Join(lines[first+1:], "\n")}
}

// cleanTitle strips Markdown and HTML marks from a title line.
func cleanTitle(s string) string {
	s = strings.TrimSpace(s)
	if m := mdHeadingRE.FindStringSubmatch(s); m != nil {
		s = m[1]
	}
	s = plainText(s)
	s = titleLabelRE.ReplaceAllString(s, "")
	return unquote(strings.TrimSpace(stripEmphasis(s)))
}

// unquote removes quotes around the whole of s.
func unquote(s string) string {
	for _, q := range [][2]string{{`"`, `"`}, {"'", "'"}, {"“", "”"}} {
		if len(s) > len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			return strings.TrimSpace(s[len(q[0]) : len(s)-len(q[1])])
		}
	}
	return s
}

// stripEmphasis removes Markdown emphasis and code marks from a line of
// plain text (titles, excerpts and meta fields).
func stripEmphasis(s string) string {
	return strings.NewReplacer("**", "", "__", "", "`", "").Replace(s)
}

// toArticle fills an article from what the model returned. text is the
// whole answer, quoted when it holds no article.
func toArticle(raw articleJSON, req ai.WriteRequest, text string) (*ai.Article, error) {
	a := &ai.Article{
		Title:           cleanTitle(raw.Title),
		HTML:            strings.TrimSpace(firstNonEmpty(raw.Content, raw.Body)),
		Excerpt:         stripEmphasis(strings.TrimSpace(raw.Excerpt)),
		MetaTitle:       stripEmphasis(firstNonEmpty(raw.MetaTitle, raw.MetaTitleAlt)),
		MetaDescription: stripEmphasis(firstNonEmpty(raw.MetaDescription, raw.MetaDescriptionAlt)),
		Tags:            ai.NormalizeTags(append(raw.Tags, raw.Hashtags...)),
	}
	if req.InputMode == ai.ModeTitle {
		a.Title = strings.TrimSpace(req.Topic) // the user chose the title; models sometimes "improve" it
	}
	if !blockTagRE.MatchString(a.HTML) {
		a.HTML = markdownHTML(a.HTML)
	}
	a.HTML = dropLeadingH1(a.HTML)
	if a.Title == "" || plainText(a.HTML) == "" {
		return nil, &failure{msg: fmt.Sprintf("The AI model did not return an article (it answered: %q)", ai.Shorten(text, 120))}
	}
	if a.Excerpt == "" {
		a.Excerpt = leadSentences(plainText(a.HTML), 2, 300)
	}
	a.MetaTitle = ai.Shorten(firstNonEmpty(a.MetaTitle, a.Title), ai.MaxMetaTitle)
	a.MetaDescription = ai.Shorten(firstNonEmpty(a.MetaDescription, a.Excerpt), ai.MaxMetaDescription)
	return a, nil
}

// markdown renders the body of a model that wrote Markdown (or plain
// paragraphs) instead of HTML. Raw HTML in it is kept: the caller sanitises
// the article's HTML whatever produced it.
var markdown = goldmark.New(goldmark.WithRendererOptions(gmhtml.WithUnsafe()))

func markdownHTML(src string) string {
	var buf bytes.Buffer
	if err := markdown.Convert([]byte(src), &buf); err != nil {
		return paragraphs(src)
	}
	return strings.TrimSpace(buf.String())
}

// paragraphs turns plain text into escaped <p> blocks.
func paragraphs(text string) string {
	var out []string
	for _, p := range blankLineRE.Split(text, -1) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, "<p>"+html.EscapeString(p)+"</p>")
		}
	}
	return strings.Join(out, "\n")
}

var leadingH1RE = regexp.MustCompile(`(?is)^\s*<h1[^>]*>.*?</h1>\s*`)

// dropLeadingH1 removes a title repeated at the top of the body: the post
// shows its title apart.
func dropLeadingH1(h string) string { return leadingH1RE.ReplaceAllString(h, "") }

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

var (
	tagRE       = regexp.MustCompile(`<[^>]*>`)
	blankLineRE = regexp.MustCompile(`\n\s*\n`)
	// blockTagRE finds HTML block tags; a body without any is Markdown or
	// plain text.
	blockTagRE = regexp.MustCompile(`(?i)<(p|h[1-6]|ul|ol|li|div|blockquote|table|pre|section|article)\b`)
)

func plainText(h string) string {
	return html.UnescapeString(strings.Join(strings.Fields(tagRE.ReplaceAllString(h, " ")), " "))
}

// leadSentences returns up to n leading sentences of text, at most max runes.
func leadSentences(text string, n, max int) string {
	end := 0
	for range n {
		i := strings.Index(text[end:], ". ")
		if i < 0 {
			end = len(text)
			break
		}
		end += i + 1
	}
	return ai.Shorten(text[:end], max)
}
