package mail_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mail/smtptest"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
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

func TestMessageIDsDifferAcrossInstallations(t *testing.T) {
	// Two installations (or a database restored from a backup) queue
	// their first message: the same ids, different messages.
	a, b := storetest.SQLite(t), storetest.SQLite(t)
	var ids []string
	for _, s := range []*sqlstore.DB{a, b} {
		m := &store.MailMessage{Kind: store.MailPasswordReset, Subject: "Reset", Text: "link"}
		if err := s.QueueMail(ctx, m, []store.Recipient{{Email: "eve@x.io"}}); err != nil {
			t.Fatal(err)
		}
		ds, err := s.ClaimDeliveries(ctx, time.Now(), time.Now().Add(time.Minute), 1)
		if err != nil || len(ds) != 1 {
			t.Fatalf("claim: %d, %v", len(ds), err)
		}
		first := built(t, ds[0]).Header.Get("Message-Id")
		// A copy sent again after a crash keeps its Message-ID.
		if again := built(t, ds[0]).Header.Get("Message-Id"); again != first {
			t.Fatalf("Message-ID changed between attempts: %s, %s", first, again)
		}
		ids = append(ids, first)
	}
	if ids[0] == ids[1] {
		t.Fatalf("two installations sent different messages as %s", ids[0])
	}
}

func TestPhrase(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Jane's Blog", `"Jane's Blog"`},
		{`Say "hi", <all> @ once \o/`, `"Say \"hi\", <all> @ once \\o/"`},
		{"Grüße", "=?utf-8?q?Gr=C3=BC=C3=9Fe?="},
	} {
		if got := mail.Phrase(tc.in); got != tc.want {
			t.Errorf("Phrase(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
