package mail_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mail/smtptest"
	"github.com/inkpress/inkpress/store"
)

// built renders a delivery of m the way the worker does and parses it back.
func built(t *testing.T, d *store.Delivery) smtptest.Message {
	t.Helper()
	msg, err := mail.Build(d, from(t), time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	var b bytes.Buffer
	if _, err := msg.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	out, err := smtptest.Parse(b.Bytes())
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, b.String())
	}
	return out
}

func TestBlogTitlesWithSpecialCharactersStillSend(t *testing.T) {
	for _, name := range []string{
		`Jane "The Cook" Doe`,
		`<Jane's> Kitchen`,
		`Cooking @ home`,
		`Salt, Pepper, and Time`,
		`Back\slash "quoted, <all> @ once"`,
		`Grüße, "Köln" <Blog>`,
	} {
		t.Run(name, func(t *testing.T) {
			d := &store.Delivery{ID: 7, MessageID: 3, To: "reader@x.io", Message: &store.MailMessage{Kind: store.MailNewsletter,
				FromName: name, Subject: "Hi", Text: "Hello"}}
			got := built(t, d)
			list, err := got.Header.AddressList("From")
			if err != nil || len(list) != 1 || list[0].Name != name || list[0].Address != "noreply@mail.example.com" {
				t.Fatalf("From = %q (%v), want the name %q", got.Header.Get("From"), err, name)
			}
		})
	}
}
