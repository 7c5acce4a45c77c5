package account

import (
	"context"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mailhtml/mailhtmltest"
)

func TestHeaderSafe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"InkPress", "InkPress"},
		{"Ink\r\nBcc: evil@x.io", "Ink Bcc: evil@x.io"},
		{"  a \t b\n", "a b"},
		{"line\u2028sep", "line sep"},
		{"\x00\x1b", ""},
	}
	for _, tt := range tests {
		if got := headerSafe(tt.in); got != tt.want {
			t.Errorf("headerSafe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRenderEscapesAndBrands(t *testing.T) {
	s := &Service{SiteName: "My\r\nSite"}
	subject, html, text, err := s.render(resetMail, mailData{Name: `<b>Eve</b>`, Link: "https://x.io/reset-password?token=abc", Valid: "1 hour"})
	if err != nil {
		t.Fatal(err)
	}
	if subject != "Reset your My Site password" {
		t.Fatalf("subject = %q", subject)
	}
	if strings.Contains(html, "<b>Eve</b>") || !strings.Contains(html, "&lt;b&gt;Eve&lt;/b&gt;") {
		t.Fatal("name not escaped in HTML")
	}
	for _, body := range []string{html, text} {
		if !strings.Contains(body, "https://x.io/reset-password?token=abc") || !strings.Contains(body, "1 hour") || !strings.Contains(body, "My Site") {
			t.Fatalf("body lacks link, validity or site: %s", body)
		}
	}
	if (&Service{}).siteName() != "InkPress" {
		t.Fatal("empty site name not defaulted")
	}
}

// queued keeps what a Service queues.
type queued struct{ envelopes []mail.Envelope }

func (q *queued) Queue(_ context.Context, e mail.Envelope) error {
	q.envelopes = append(q.envelopes, e)
	return e.Validate()
}

func TestAccountMailFitsAPhoneAndSaysItIsAutomatic(t *testing.T) {
	q := &queued{}
	s := &Service{SiteName: `Ink "Press", <Co> @ home`, BaseURL: "https://inkpress.example", Mail: q}
	d := mailData{Name: "Eve", Link: "https://inkpress.example/reset-password?token=" + strings.Repeat("a", 64), Valid: "1 hour",
		NewEmail: "new@x.io", OldEmail: "old@x.io"}
	for name, m := range map[string]message{"reset": resetMail, "verify": verifyMail, "change": changeMail, "notice": changeNoticeMail} {
		t.Run(name, func(t *testing.T) {
			q.envelopes = nil
			if err := s.send(context.Background(), name, "eve@x.io", m, d); err != nil {
				t.Fatal(err)
			}
			e := q.envelopes[0]
			if bad := mailhtmltest.Widths(e.HTML); len(bad) > 0 {
				t.Fatalf("wider than a phone: %v\n%s", bad, e.HTML)
			}
			if e.Headers["Auto-Submitted"] != "auto-generated" {
				t.Fatalf("headers = %v", e.Headers)
			}
			if !strings.Contains(e.HTML, "Ink &#34;Press&#34;, &lt;Co&gt; @ home") {
				t.Fatalf("site name not escaped in the layout:\n%s", e.HTML)
			}
		})
	}
}
