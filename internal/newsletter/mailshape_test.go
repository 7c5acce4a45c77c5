package newsletter

import (
	"bytes"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mail/smtptest"
	"github.com/inkpress/inkpress/internal/mailhtml"
	"github.com/inkpress/inkpress/internal/mailhtml/mailhtmltest"
	"github.com/inkpress/inkpress/store"
)

// sent is r as a subscriber receives it: built by the mailer with a
// token of the longest kind, then parsed back into its parts.
func sent(t *testing.T, r *Rendered) smtptest.Message {
	t.Helper()
	from, _ := netmail.ParseAddress("InkPress <noreply@inkpress.example>")
	d := &store.Delivery{ID: 1, MessageID: 1, To: "reader@x.io", Token: strings.Repeat("T", MaxToken),
		Message: &store.MailMessage{Kind: store.MailNewsletter, FromName: r.FromName, Subject: r.Subject, HTML: r.HTML, Text: r.Text, Headers: r.Headers}}
	msg, err := mail.Build(d, from, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := msg.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	m, err := smtptest.Parse(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if m.ContentType != "multipart/alternative" || m.HTML == "" || m.Text == "" {
		t.Fatalf("parts: %s, %d bytes of HTML, %d of text", m.ContentType, len(m.HTML), len(m.Text))
	}
	return m
}

var shapeBrand = Brand{Name: "Jane's Blog", Color: "#10b981", HomeURL: "https://jane.example/", PoweredBy: "InkPress"}

func shapePost(body string) PostMail {
	return PostMail{Title: "Hello", URL: "https://jane.example/travel/hello", Excerpt: "A short excerpt.",
		CoverURL: "https://cdn.example/cover.png", BodyHTML: mailhtml.Body(body, "https://inkpress.example"),
		UnsubscribeURL: "https://jane.example/unsubscribe?token=" + store.TokenPlaceholder,
		OneClickURL:    "https://inkpress.example/api/subscribers/one-click?token=" + store.TokenPlaceholder}
}

func TestFullTextMailFitsAPhone(t *testing.T) {
	body := `<p>Intro</p><figure><img src="/media/1/wide.png" alt="Wide" width="1352" height="900"></figure>` +
		`<p><img src="https://cdn.example/nosize.jpg" alt="No size"></p><pre><code>` + strings.Repeat("x", 300) + `</code></pre>`
	for name, p := range map[string]PostMail{"full text": shapePost(body), "excerpt": shapePost("")} {
		t.Run(name, func(t *testing.T) {
			r, err := RenderPost(shapeBrand, p)
			if err != nil {
				t.Fatal(err)
			}
			m := sent(t, r)
			if bad := mailhtmltest.Widths(m.HTML); len(bad) > 0 {
				t.Fatalf("wider than a phone: %v", bad)
			}
		})
	}
}

func TestPlainTextKeepsParagraphsListsAndLinks(t *testing.T) {
	body := `<h2>Packing</h2><p>Take a <a href="https://maps.example/x">map</a>.</p><p>And water.</p><ul><li>Boots</li><li>Hat</li></ul>`
	r, err := RenderPost(shapeBrand, shapePost(body))
	if err != nil {
		t.Fatal(err)
	}
	m := sent(t, r)
	for _, want := range []string{"\nPacking\n\nTake a map <https://maps.example/x>.\n\nAnd water.\n\n - Boots\n - Hat\n",
		"Read on Jane's Blog: https://jane.example/travel/hello"} {
		if !strings.Contains(strings.ReplaceAll(m.Text, "\r\n", "\n"), want) {
			t.Fatalf("text lacks %q:\n%s", want, m.Text)
		}
	}
}

func TestLongPostStaysUnderGmailsClippingSize(t *testing.T) {
	// About 156 KB of HTML, the size the issue measured.
	var b strings.Builder
	for i := 0; b.Len() < 156<<10; i++ {
		b.WriteString(`<p>Paragraph with <a href="https://example.com/a?b=c&amp;d=e">a link</a> and <strong>bold</strong> text, ` +
			`more words to make it long enough to matter in the e-mail size = measured.</p>`)
		if i%20 == 0 {
			b.WriteString(`<div class="embed" data-embed="youtube"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Clip"></iframe></div>`)
		}
	}
	r, err := RenderPost(shapeBrand, shapePost(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	m := sent(t, r)
	const gmailClip = 102 << 10
	if len(m.HTML) >= gmailClip-4<<10 {
		t.Fatalf("HTML part is %d bytes, Gmail clips at about %d", len(m.HTML), gmailClip)
	}
	unsubscribe := "https://jane.example/unsubscribe?token=" + strings.Repeat("T", MaxToken)
	for _, want := range []string{"Continue reading on Jane&#39;s Blog", unsubscribe, "https://www.youtube.com/watch?v=dQw4w9WgXcQ"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	if !strings.Contains(m.Text, "Continue reading on Jane's Blog: https://jane.example/travel/hello") || !strings.Contains(m.Text, unsubscribe) {
		t.Errorf("text lacks the continue link or the unsubscribe link")
	}
	t.Logf("HTML %d bytes, text %d, message %d", len(m.HTML), len(m.Text), len(m.Raw))
	if raw := len(m.Raw); raw > 2*gmailClip {
		t.Errorf("whole message is %d bytes", raw)
	}
}

func TestListHeadersSurviveAnyBlogTitle(t *testing.T) {
	b := shapeBrand
	b.Name, b.ReplyTo, b.ListID = `Jane "The Cook", <Kitchen> @ home`, "jane+blog@example.org", "jane.inkpress.example"
	r, err := RenderPost(b, shapePost("<p>Hi</p>"))
	if err != nil {
		t.Fatal(err)
	}
	m := sent(t, r)
	if rt, err := m.Header.AddressList("Reply-To"); err != nil || len(rt) != 1 || rt[0].Address != "jane+blog@example.org" {
		t.Errorf("Reply-To = %q (%v)", m.Header.Get("Reply-To"), err)
	}
	// List-Id is a phrase and an id in angle brackets (RFC 2919): net/mail
	// reads it like an address.
	if id, err := netmail.ParseAddress(strings.Replace(m.Header.Get("List-Id"), "<jane.inkpress.example>", "<jane@inkpress.example>", 1)); err != nil ||
		id.Name != b.Name {
		t.Errorf("List-Id = %q (%v)", m.Header.Get("List-Id"), err)
	}
	token := strings.Repeat("T", MaxToken)
	want := "<https://inkpress.example/api/subscribers/one-click?token=" + token + ">, <mailto:jane+blog@example.org?subject=unsubscribe>"
	if got := m.Header.Get("List-Unsubscribe"); got != want || m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe = %q, want %q", got, want)
	}
	if list, err := m.Header.AddressList("From"); err != nil || list[0].Name != b.Name {
		t.Errorf("From = %q (%v)", m.Header.Get("From"), err)
	}
	for _, render := range []func() (*Rendered, error){
		func() (*Rendered, error) { return RenderConfirm(b, "r@x.io", "https://jane.example/confirm?token=abc") },
		func() (*Rendered, error) {
			return RenderImportConfirm(b, "https://jane.example/confirm?token="+store.TokenPlaceholder)
		},
		func() (*Rendered, error) {
			return RenderAlready(b, "r@x.io", "https://jane.example/unsubscribe?token=t", "https://inkpress.example/api/subscribers/one-click?token=t")
		},
	} {
		r, err := render()
		if err != nil {
			t.Fatal(err)
		}
		if m := sent(t, r); m.Header.Get("Reply-To") != "jane+blog@example.org" || m.Header.Get("List-Id") == "" {
			t.Errorf("%s: Reply-To %q, List-Id %q", r.Subject, m.Header.Get("Reply-To"), m.Header.Get("List-Id"))
		}
	}
}

func TestListID(t *testing.T) {
	for _, tc := range []struct{ slug, base, want string }{
		{"jane", "https://InkPress.example/", "jane.inkpress.example"},
		{"jane", "http://localhost:8080", "jane.localhost"},
		{"jane", "http://[::1]:8080", "jane.--1"},
		{"site", "", "site.localhost"},
	} {
		if got := ListID(tc.slug, tc.base); got != tc.want {
			t.Errorf("ListID(%q, %q) = %q, want %q", tc.slug, tc.base, got, tc.want)
		}
	}
}
