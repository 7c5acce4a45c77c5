package content

import (
	"strings"

	"golang.org/x/net/html"
)

// The banner rule counts blocks "split on blank lines", which fits text
// paragraphs. InkPress bodies are HTML, from AI providers that
// may or may not put blank lines between elements, so blank lines alone
// would count "<h2>..</h2><p>..</p><p>..</p>" as one block. Blocks are
// therefore found structurally, at nesting depth 0 of the fragment:
//
//   - each top-level element that is not inline (p, h2, ul, table, figure,
//     hr, ...) is one block, subtree included;
//   - top-level text together with inline elements (a, strong, img, br, ...)
//     forms a run, like an implicit paragraph; runs are split on blank lines
//     so a plain-text body still follows the blank-line rule.
//
// Blocks are located as byte spans of the original string so banners can
// be inserted without re-rendering (and so changing) the author's HTML.

// span is a half-open byte range [start, end) of the source fragment.
type span struct{ start, end int }

// voidElements never have content or an end tag.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "link": true, "meta": true,
	"param": true, "source": true, "track": true, "wbr": true,
}

// closesParagraph lists start tags that implicitly end an open <p> in HTML,
// so "<p>one<p>two" still gives two blocks.
var closesParagraph = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true,
	"details": true, "div": true, "dl": true, "fieldset": true,
	"figcaption": true, "figure": true, "footer": true, "form": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"header": true, "hgroup": true, "hr": true, "main": true, "menu": true,
	"nav": true, "ol": true, "p": true, "pre": true, "section": true,
	"table": true, "ul": true,
}

// isRunElement reports whether a top-level element flows with text instead
// of standing as a block of its own.
func isRunElement(name string) bool {
	return inlineElements[name] || name == "img" || name == "br"
}

// Blocks splits an HTML body into its top-level blocks (see above), each
// returned as the original markup with surrounding whitespace trimmed.
// Comments and whitespace between blocks belong to no block.
func Blocks(htmlText string) []string {
	spans := blockSpans(htmlText)
	out := make([]string, len(spans))
	for i, sp := range spans {
		out[i] = htmlText[sp.start:sp.end]
	}
	return out
}

// splitter holds the state of one blockSpans pass.
type splitter struct {
	src        string
	spans      []span
	stack      []string // open elements of the current top-level element
	elemStart  int      // where the current top-level element began
	elemInline bool     // whether it belongs to a run
	runStart   int      // -1 when no run is open
	runEnd     int
}

// blockSpans walks the tokens, tracking byte offsets through Raw(), which
// returns each token's unmodified bytes back to back.
func blockSpans(s string) []span {
	sp := &splitter{src: s, runStart: -1}
	z := html.NewTokenizer(strings.NewReader(s))
	pos := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		start := pos
		pos += len(z.Raw())
		switch tt {
		case html.TextToken:
			if len(sp.stack) == 0 {
				sp.text(start, pos)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			sp.startTag(string(name), start, pos, tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			name, _ := z.TagName()
			sp.endTag(string(name), pos)
		}
	}
	if len(sp.stack) > 0 { // unclosed element: it runs to the end
		sp.finishElement(pos)
	}
	sp.closeRun()
	return sp.spans
}

// text handles top-level text: pieces separated by blank lines end runs.
func (sp *splitter) text(start, end int) {
	for i, piece := range blankLinePieces(sp.src, start, end) {
		if i > 0 {
			sp.closeRun()
		}
		if piece.end > piece.start {
			sp.extendRun(piece.start, piece.end)
		}
	}
}

func (sp *splitter) startTag(name string, start, end int, selfClosing bool) {
	if len(sp.stack) > 0 && sp.stack[0] == "p" && closesParagraph[name] {
		sp.finishElement(start) // implied </p>: this tag starts a new block
	}
	if len(sp.stack) > 0 {
		if !voidElements[name] && !selfClosing {
			sp.stack = append(sp.stack, name)
		}
		return
	}
	sp.elemStart, sp.elemInline = start, isRunElement(name)
	if !sp.elemInline {
		sp.closeRun()
	}
	if voidElements[name] || selfClosing {
		sp.finishElement(end)
		return
	}
	sp.stack = append(sp.stack, name)
}

// endTag pops up to the matching open element; stray end tags are ignored.
func (sp *splitter) endTag(name string, end int) {
	for i := len(sp.stack) - 1; i >= 0; i-- {
		if sp.stack[i] == name {
			sp.stack = sp.stack[:i]
			if i == 0 {
				sp.finishElement(end)
			}
			return
		}
	}
}

// finishElement ends the current top-level element at end.
func (sp *splitter) finishElement(end int) {
	sp.stack = sp.stack[:0]
	if sp.elemInline {
		sp.extendRun(sp.elemStart, end)
		return
	}
	sp.spans = append(sp.spans, span{sp.elemStart, end})
}

func (sp *splitter) extendRun(start, end int) {
	if sp.runStart < 0 {
		sp.runStart = start
	}
	sp.runEnd = end
}

func (sp *splitter) closeRun() {
	if sp.runStart >= 0 {
		sp.spans = append(sp.spans, span{sp.runStart, sp.runEnd})
		sp.runStart = -1
	}
}

// blankLinePieces splits s[start:end] at blank lines (lines holding only
// spaces or tabs) and trims each piece; pieces may be empty.
func blankLinePieces(s string, start, end int) []span {
	var pieces []span
	from := start
	for i := start; i < end; i++ {
		if s[i] != '\n' {
			continue
		}
		j := i + 1
		for j < end && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
			j++
		}
		if j < end && s[j] == '\n' {
			pieces = append(pieces, trimSpan(s, from, i))
			from, i = j, j-1 // resume at the second newline
		}
	}
	return append(pieces, trimSpan(s, from, end))
}

// trimSpan narrows [start, end) past leading and trailing ASCII whitespace.
func trimSpan(s string, start, end int) span {
	for start < end && isSpaceByte(s[start]) {
		start++
	}
	for end > start && isSpaceByte(s[end-1]) {
		end--
	}
	return span{start, end}
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}
