package content

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

const (
	// MetaDescriptionLen is the meta description fallback length.
	MetaDescriptionLen = 155
	// CardExcerptLen is the post card excerpt length.
	CardExcerptLen = 150
	// WordsPerMinute is the reading speed behind read time.
	WordsPerMinute = 200
	// ellipsis is three ASCII dots, as the product's texts write it.
	ellipsis = "..."
)

// inlineElements do not separate words: "<b>in</b>line" reads "inline".
// Every other tag (p, li, br, td, img, ...) is treated as a word break so
// "<p>one</p><p>two</p>" reads "one two", not "onetwo".
var inlineElements = map[string]bool{
	"a": true, "abbr": true, "b": true, "bdi": true, "bdo": true, "cite": true,
	"code": true, "data": true, "del": true, "dfn": true, "em": true, "i": true,
	"ins": true, "kbd": true, "mark": true, "q": true, "s": true, "samp": true,
	"small": true, "span": true, "strong": true, "sub": true, "sup": true,
	"time": true, "u": true, "var": true, "wbr": true,
}

// hiddenElements hold text a reader never sees, so it is left out.
var hiddenElements = map[string]bool{
	"script": true, "style": true, "template": true, "noscript": true,
	"iframe": true, "title": true, "head": true,
}

// PlainText strips the tags from an HTML fragment, unescapes entities and
// collapses every whitespace run (including &nbsp;) into one space. Text
// inside script, style and similar invisible elements is dropped.
func PlainText(s string) string {
	if !strings.ContainsAny(s, "<&") {
		return collapseSpace(s) // plain text already: skip the tokenizer
	}
	var b strings.Builder
	b.Grow(len(s))
	z := html.NewTokenizer(strings.NewReader(s))
	hidden := 0 // depth inside hidden elements
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return collapseSpace(b.String())
		case html.TextToken:
			if hidden == 0 {
				b.Write(z.Text()) // Text() has entities unescaped already
			}
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			if hiddenElements[string(name)] {
				hidden += hiddenDelta(tt, hidden)
			}
			if !inlineElements[string(name)] {
				b.WriteByte(' ')
			}
		}
	}
}

// hiddenDelta is +1 when a hidden element opens and -1 when one closes
// (never below zero, so a stray end tag cannot hide the rest of the text).
func hiddenDelta(tt html.TokenType, depth int) int {
	switch {
	case tt == html.StartTagToken:
		return 1
	case tt == html.EndTagToken && depth > 0:
		return -1
	}
	return 0
}

// collapseSpace trims s and replaces every whitespace run with one space.
func collapseSpace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// MetaDescription is the fallback meta description: the plain text
// cut to its first 155 characters (runes), with "..." added when it was
// longer. A space left at the cut is trimmed before the ellipsis.
func MetaDescription(htmlText string) string {
	return truncate(PlainText(htmlText), MetaDescriptionLen)
}

// CardExcerpt is the post card excerpt: the first 150 characters (runes) of
// the plain text plus "...", added only when text was actually cut:
// "Short post..." for a complete body would suggest more text.
func CardExcerpt(htmlText string) string {
	return truncate(PlainText(htmlText), CardExcerptLen)
}

// truncate keeps the first n runes of s and appends the ellipsis when s was
// longer than that.
func truncate(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := 0
	for i := range s {
		if n == 0 {
			cut = i
			break
		}
		n--
	}
	return strings.TrimRightFunc(s[:cut], unicode.IsSpace) + ellipsis
}

// WordCount counts the whitespace-separated words of the plain text.
func WordCount(htmlText string) int {
	words := 0
	inWord := false
	for _, r := range PlainText(htmlText) {
		if unicode.IsSpace(r) {
			inWord = false
		} else if !inWord {
			inWord = true
			words++
		}
	}
	return words
}

// ReadMinutes is the read time: words / 200 rounded up, at least 1.
func ReadMinutes(htmlText string) int {
	return max(1, (WordCount(htmlText)+WordsPerMinute-1)/WordsPerMinute)
}
