package feed

import (
	"bytes"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// xmlHeader starts every XML document written here.
const xmlHeader = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// escape writes s to b escaped exactly as encoding/xml.EscapeText does
// (including U+FFFD for characters XML cannot carry), but from a string, so
// no []byte copy is made per value. Runs that need no escaping are written
// in one call.
func escape(b *bytes.Buffer, s string) {
	last := 0
	for i := 0; i < len(s); {
		esc, width := escapeAt(s, i)
		if esc == "" {
			i += width
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(esc)
		i += width
		last = i
	}
	b.WriteString(s[last:])
}

// escapeAt returns the replacement for the character at s[i] ("" when it
// is written as is) and its width in bytes.
func escapeAt(s string, i int) (string, int) {
	c := s[i]
	if c >= utf8.RuneSelf {
		r, width := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && width == 1 || !validXMLRune(r) {
			return "\uFFFD", width
		}
		return "", width
	}
	switch c {
	case '"':
		return "&#34;", 1
	case '\'':
		return "&#39;", 1
	case '&':
		return "&amp;", 1
	case '<':
		return "&lt;", 1
	case '>':
		return "&gt;", 1
	case '\t':
		return "&#x9;", 1
	case '\n':
		return "&#xA;", 1
	case '\r':
		return "&#xD;", 1
	}
	if c < 0x20 {
		return "\uFFFD", 1 // control characters are not allowed in XML 1.0
	}
	return "", 1
}

// validXMLRune reports whether r is in the XML 1.0 Char production.
func validXMLRune(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// cdata writes s as a CDATA section. "]]>" cannot appear inside one, so it
// is split across two sections ("]]" ends the first, ">" starts the next).
// Characters XML cannot carry at all become U+FFFD.
func cdata(b *bytes.Buffer, s string) {
	b.WriteString("<![CDATA[")
	for {
		i := strings.Index(s, "]]>")
		if i < 0 {
			break
		}
		cdataText(b, s[:i+2])
		b.WriteString("]]><![CDATA[")
		s = s[i+2:]
	}
	cdataText(b, s)
	b.WriteString("]]>")
}

// cdataText writes s with only invalid XML characters replaced.
func cdataText(b *bytes.Buffer, s string) {
	last := 0
	for i := 0; i < len(s); {
		r, width := utf8.DecodeRuneInString(s[i:])
		if (r != utf8.RuneError || width != 1) && validXMLRune(r) {
			i += width
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString("\uFFFD")
		i += width
		last = i
	}
	b.WriteString(s[last:])
}

// elem writes <name>escaped value</name>.
func elem(b *bytes.Buffer, name, value string) {
	b.WriteByte('<')
	b.WriteString(name)
	b.WriteByte('>')
	escape(b, value)
	b.WriteString("</")
	b.WriteString(name)
	b.WriteString(">\n")
}

// htmlText escapes the characters that make plain text markup in HTML.
var htmlText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// htmlTextElem writes plain text into an element that readers treat as
// HTML, such as RSS 2.0's description: the text is escaped as HTML, then as
// XML, so a reader that decodes the XML and renders the HTML shows the text
// as it was (a post about "<img onerror>" shows those characters rather
// than a live image).
func htmlTextElem(b *bytes.Buffer, name, text string) {
	elem(b, name, htmlText.Replace(text))
}

// optElem writes elem only when value is not empty.
func optElem(b *bytes.Buffer, name, value string) {
	if value != "" {
		elem(b, name, value)
	}
}

// attr writes ` name="escaped value"`.
func attr(b *bytes.Buffer, name, value string) {
	b.WriteByte(' ')
	b.WriteString(name)
	b.WriteString(`="`)
	escape(b, value)
	b.WriteByte('"')
}

// timeElem writes <name>t in layout, UTC</name>, appending the formatted
// time straight into the buffer's spare capacity (no string allocation).
func timeElem(b *bytes.Buffer, name string, t time.Time, layout string) {
	b.WriteByte('<')
	b.WriteString(name)
	b.WriteByte('>')
	b.Write(t.UTC().AppendFormat(b.AvailableBuffer(), layout))
	b.WriteString("</")
	b.WriteString(name)
	b.WriteString(">\n")
}

// intAttr writes ` name="n"`.
func intAttr(b *bytes.Buffer, name string, n int64) {
	b.WriteByte(' ')
	b.WriteString(name)
	b.WriteString(`="`)
	b.Write(strconv.AppendInt(b.AvailableBuffer(), n, 10))
	b.WriteByte('"')
}
