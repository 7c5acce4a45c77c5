package mail

import (
	"errors"
	"fmt"
	"mime"
	netmail "net/mail"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	gomail "github.com/wneessen/go-mail"

	"github.com/inkpress/inkpress/store"
)

// DefaultFrom is the sender when INKPRESS_MAIL_FROM is not set.
const DefaultFrom = "InkPress <noreply@localhost>"

// ParseFrom reads the configured sender ("Name <address>" or a bare
// address).
func ParseFrom(s string) (*netmail.Address, error) {
	if hasBreak(s) {
		return nil, errors.New("the sender must be one line")
	}
	a, err := netmail.ParseAddress(strings.TrimSpace(s))
	if err != nil {
		return nil, fmt.Errorf("want an address such as %q: %w", DefaultFrom, err)
	}
	if _, err := CheckAddress(a.Address); err != nil {
		return nil, err
	}
	return a, nil
}

// Phrase is a display name ready for a structured header (List-Id): a
// quoted string, its quotes and backslashes escaped, or an encoded word
// when it is not ASCII. Commas, angle brackets and @ then stay part of
// the name.
func Phrase(name string) string {
	for _, r := range name {
		if r >= utf8.RuneSelf || r < ' ' || r == 127 {
			return mime.QEncoding.Encode("utf-8", name)
		}
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(name) + `"`
}

// MessageID is the stable Message-ID of one delivery (without the angle
// brackets): a copy sent again after a crash carries the same one, so a
// receiver can tell it is the same message. The message's random nonce
// makes it unique across installations and restored databases, whose
// delivery and message ids repeat.
func MessageID(d *store.Delivery, from *netmail.Address) string {
	host := "localhost"
	if at := strings.LastIndexByte(from.Address, '@'); at >= 0 && at < len(from.Address)-1 {
		host = from.Address[at+1:]
	}
	if d.Message != nil && d.Message.Nonce != "" {
		return fmt.Sprintf("d%d.m%d.%s@%s", d.ID, d.MessageID, d.Message.Nonce, host)
	}
	return fmt.Sprintf("d%d.m%d@%s", d.ID, d.MessageID, host)
}

// Build renders one delivery as a complete message: the sender's address
// with the message's display name (the configured one when empty), the
// recipient, the subject (encoded when not ASCII), the date, the stable
// Message-ID, the extra headers and the text and HTML bodies (both as
// multipart/alternative), with store.TokenPlaceholder replaced by the
// delivery's token in the bodies and header values. Stored values are
// checked again: rows may have been written without Queue (bulk inserts).
func Build(d *store.Delivery, from *netmail.Address, now time.Time) (*gomail.Msg, error) {
	m := d.Message
	if m == nil {
		return nil, errors.New("mail: delivery without its message")
	}
	e := Envelope{Kind: m.Kind, To: d.To, FromName: m.FromName, Subject: m.Subject, HTML: m.HTML, Text: m.Text, Headers: m.Headers}
	to, err := e.check()
	if err != nil {
		return nil, err
	}
	tok := func(s string) string { return strings.ReplaceAll(s, store.TokenPlaceholder, d.Token) }
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	name := m.FromName
	if name == "" {
		name = from.Name
	}
	// The name goes in as an Address, never through a formatted string: a
	// quote, comma, @ or angle bracket in a blog's title is quoted or
	// encoded by net/mail instead of breaking the header.
	msg.FromMailAddress(&netmail.Address{Name: name, Address: from.Address})
	if err := msg.To(to); err != nil {
		return nil, err
	}
	msg.Subject(m.Subject)
	msg.SetDateWithValue(now)
	msg.SetMessageIDWithValue(MessageID(d, from))
	names := make([]string, 0, len(m.Headers))
	for k := range m.Headers {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v := tok(m.Headers[k])
		if err := CheckHeader(k, v); err != nil { // a token with a line break
			return nil, err
		}
		msg.SetGenHeader(gomail.Header(k), v)
	}
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, tok(m.Text))
		msg.AddAlternativeString(gomail.TypeTextHTML, tok(m.HTML))
	case m.Text != "":
		msg.SetBodyString(gomail.TypeTextPlain, tok(m.Text))
	default:
		msg.SetBodyString(gomail.TypeTextHTML, tok(m.HTML))
	}
	return msg, nil
}
