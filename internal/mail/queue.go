package mail

import (
	"context"
	"errors"
	netmail "net/mail"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

// Queue is the Queuer of the running app: it validates an envelope and
// stores it as one message with one delivery.
type Queue struct {
	// Store keeps the queued mail (store.MailStore).
	Store interface {
		QueueMail(ctx context.Context, m *store.MailMessage, to []store.Recipient) error
	}
	Now func() time.Time
	// OnQueued, when set, is called after each stored message (the app
	// wakes its mail workers so account mail leaves at once).
	OnQueued func()
}

var _ Queuer = (*Queue)(nil)

// Queue stores e for sending. An envelope whose Key was already queued is
// not queued again and is no error (queuing is idempotent).
func (q *Queue) Queue(ctx context.Context, e Envelope) error {
	to, err := e.check()
	if err != nil {
		return err
	}
	now := time.Now()
	if q.Now != nil {
		now = q.Now()
	}
	m := &store.MailMessage{WorkspaceID: e.WorkspaceID, Kind: e.Kind, DedupeKey: e.Key, FromName: e.FromName,
		Subject: e.Subject, HTML: e.HTML, Text: e.Text, Headers: e.Headers, CreatedAt: now.UTC()}
	err = q.Store.QueueMail(ctx, m, []store.Recipient{{Email: to}})
	if errors.Is(err, store.ErrAlreadyDone) {
		return nil
	}
	if err != nil {
		return err
	}
	if q.OnQueued != nil {
		q.OnQueued()
	}
	return nil
}

// Validate reports what makes e unsendable: a malformed address, a line
// break in the subject, sender name or a header (header injection), a
// header that would replace one the mailer writes, or no body.
func (e Envelope) Validate() error {
	_, err := e.check()
	return err
}

// check validates e and returns its bare recipient address.
func (e Envelope) check() (string, error) {
	if e.Kind == "" {
		return "", apperr.Validation("an e-mail needs a kind")
	}
	to, err := CheckAddress(e.To)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(e.Subject) == "" {
		return "", apperr.Validation("an e-mail needs a subject")
	}
	if hasBreak(e.Subject) {
		return "", apperr.Validation("the subject must be one line (no CR or LF)")
	}
	if hasBreak(e.FromName) {
		return "", apperr.Validation("the sender name must be one line (no CR or LF)")
	}
	if e.HTML == "" && e.Text == "" {
		return "", apperr.Validation("an e-mail needs a text or HTML body")
	}
	for name, value := range e.Headers {
		if err := CheckHeader(name, value); err != nil {
			return "", err
		}
		if strings.EqualFold(name, "Reply-To") {
			if _, err := CheckAddress(value); err != nil {
				return "", err
			}
		}
	}
	return to, nil
}

// CheckAddress parses one e-mail address (net/mail) and returns it bare
// (without a display name); it refuses line breaks and lists.
func CheckAddress(addr string) (string, error) {
	if hasBreak(addr) {
		return "", apperr.Validation("the e-mail address must be one line (no CR or LF)")
	}
	a, err := netmail.ParseAddress(strings.TrimSpace(addr))
	if err != nil || !strings.Contains(a.Address, "@") {
		return "", apperr.Validation("%q is not a valid e-mail address", addr)
	}
	return a.Address, nil
}

// reservedHeaders are written by the mailer itself; an envelope may not
// set them (a second From or a Bcc would be an injection by other means).
var reservedHeaders = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "subject": true, "date": true, "message-id": true,
	"mime-version": true, "content-type": true, "content-transfer-encoding": true, "sender": true,
	"return-path": true, "received": true,
}

// CheckHeader refuses an extra header whose name is not a plain field name
// or is one the mailer writes, or whose value holds a line break or other
// control character.
func CheckHeader(name, value string) error {
	if name == "" {
		return apperr.Validation("a header needs a name")
	}
	for _, c := range name {
		if c < 33 || c > 126 || c == ':' {
			return apperr.Validation("header name %q is not a plain field name", name)
		}
	}
	if reservedHeaders[strings.ToLower(name)] {
		return apperr.Validation("header %s is written by the mailer and cannot be set", name)
	}
	for _, c := range value {
		if c == '\r' || c == '\n' || (c < 32 && c != '\t') || c == 127 {
			return apperr.Validation("header %s must be one line (no CR, LF or control characters)", name)
		}
	}
	return nil
}

func hasBreak(s string) bool { return strings.ContainsAny(s, "\r\n\x00") }
