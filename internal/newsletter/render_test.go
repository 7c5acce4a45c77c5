package newsletter

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/store"
)

func TestHeaderText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Plain title", "Plain title"},
		{"Evil\r\nBcc: victim@example.com", "Evil Bcc: victim@example.com"},
		{"Tabs\tand\u2028separators\x00", "Tabs and separators"},
		{"  spaced   out  ", "spaced out"},
		{strings.Repeat("a", 250), strings.Repeat("a", MaxSubject-1) + "…"},
	} {
		if got := HeaderText(tc.in, MaxSubject); got != tc.want {
			t.Errorf("HeaderText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRenderPost(t *testing.T) {
	brand := Brand{Name: "Jane's Blog", Color: "#10b981", HomeURL: "https://jane.example/", PoweredBy: "InkPress"}
	post := PostMail{Title: "Hello", URL: "https://jane.example/travel/hello", Excerpt: "A short excerpt.",
		CoverURL: "https://cdn.example/cover.png", UnsubscribeURL: "https://jane.example/unsubscribe?token=" + store.TokenPlaceholder,
		OneClickURL: "https://inkpress.example/api/subscribers/one-click?token=" + store.TokenPlaceholder}
	tests := []struct {
		name     string
		brand    func(*Brand)
		post     func(*PostMail)
		html     []string // must appear in the HTML part
		notHTML  []string
		text     []string // must appear in the plain-text part
		subject  string
		fromName string
	}{
		{name: "excerpt", html: []string{"A short excerpt.", `href="https://jane.example/travel/hello"`, "Read on Jane&#39;s Blog",
			`src="https://cdn.example/cover.png"`, "background:#10b981", "Powered by InkPress", "max-width:600px",
			"You're receiving this because you subscribed to Jane&#39;s Blog.",
			`href="https://jane.example/unsubscribe?token={{token}}"`},
			text: []string{"Hello", "A short excerpt.", "Read on Jane's Blog: https://jane.example/travel/hello",
				"Unsubscribe: https://jane.example/unsubscribe?token={{token}}", "Powered by InkPress"},
			subject: "Hello", fromName: "Jane's Blog"},
		{name: "full text", post: func(p *PostMail) { p.BodyHTML = "<p>The <strong>whole</strong> story.</p>" },
			html: []string{"<p>The <strong>whole</strong> story.</p>"}, notHTML: []string{"A short excerpt."},
			text: []string{"The whole story."}, subject: "Hello", fromName: "Jane's Blog"},
		{name: "white label", brand: func(b *Brand) { b.PoweredBy = "" }, notHTML: []string{"Powered by"},
			subject: "Hello", fromName: "Jane's Blog"},
		{name: "hostile title and name", brand: func(b *Brand) { b.Name = "Evil\r\nBcc: x@y.z <b>" },
			post:    func(p *PostMail) { p.Title = "<script>alert(1)</script>\r\nX-Injected: 1" },
			html:    []string{"&lt;script&gt;alert(1)&lt;/script&gt; X-Injected: 1", "Evil Bcc: x@y.z &lt;b&gt;"},
			notHTML: []string{"<script>", "<b>"},
			subject: "<script>alert(1)</script> X-Injected: 1", fromName: "Evil Bcc: x@y.z <b>"},
		{name: "logo", brand: func(b *Brand) { b.LogoURL = "https://jane.example/media/logo.png" },
			html: []string{`<img src="https://jane.example/media/logo.png" alt="Jane&#39;s Blog"`}, subject: "Hello", fromName: "Jane's Blog"},
		// The text on the brand colour is the one that reads on it (palette.ReadableOn), as on the blog.
		{name: "text on a dark colour", brand: func(b *Brand) { b.Color = "#4F46E5" },
			html: []string{"background:#4f46e5", "padding:12px 22px;color:#ffffff;"}, notHTML: []string{"color:#0f172a"}, subject: "Hello", fromName: "Jane's Blog"},
		{name: "text on a light colour", brand: func(b *Brand) { b.Color = "#fde68a" },
			html: []string{"background:#fde68a", "padding:12px 22px;color:#0f172a;"}, notHTML: []string{"padding:12px 22px;color:#ffffff;"}, subject: "Hello", fromName: "Jane's Blog"},
		{name: "bad colour falls back", brand: func(b *Brand) { b.Color = "red;background:url(x)" },
			html: []string{"background:#6366f1"}, notHTML: []string{"url(x)"}, subject: "Hello", fromName: "Jane's Blog"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, p := brand, post
			if tc.brand != nil {
				tc.brand(&b)
			}
			if tc.post != nil {
				tc.post(&p)
			}
			r, err := RenderPost(b, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.html {
				if !strings.Contains(r.HTML, s) {
					t.Errorf("HTML lacks %q:\n%s", s, r.HTML)
				}
			}
			for _, s := range tc.notHTML {
				if strings.Contains(r.HTML, s) {
					t.Errorf("HTML holds %q", s)
				}
			}
			for _, s := range tc.text {
				if !strings.Contains(r.Text, s) {
					t.Errorf("text lacks %q:\n%s", s, r.Text)
				}
			}
			if r.Subject != tc.subject || r.FromName != tc.fromName {
				t.Errorf("subject %q from %q, want %q %q", r.Subject, r.FromName, tc.subject, tc.fromName)
			}
			for k, v := range r.Headers {
				if strings.ContainsAny(k+v, "\r\n") {
					t.Errorf("header %s: %q holds a line break", k, v)
				}
			}
			if r.Headers["List-Unsubscribe"] != "<https://inkpress.example/api/subscribers/one-click?token={{token}}>" ||
				r.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
				t.Errorf("headers = %v", r.Headers)
			}
		})
	}
}

func TestRenderConfirmAndAlready(t *testing.T) {
	b := Brand{Name: "Jane\r\nBlog", Color: "#10b981", HomeURL: "https://jane.example/", PoweredBy: "InkPress"}
	r, err := RenderConfirm(b, "r@x.io", "https://jane.example/confirm?token=abc")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Confirm subscription", `href="https://jane.example/confirm?token=abc"`, "expires in 7 days", "r@x.io"} {
		if !strings.Contains(r.HTML, s) {
			t.Errorf("confirmation HTML lacks %q", s)
		}
	}
	if !strings.Contains(r.Text, "https://jane.example/confirm?token=abc") || r.Subject != "Confirm your subscription to Jane Blog" || r.FromName != "Jane Blog" {
		t.Errorf("confirmation: subject %q from %q text %q", r.Subject, r.FromName, r.Text)
	}
	r, err = RenderAlready(b, "r@x.io", "https://jane.example/unsubscribe?token=t1", "https://inkpress.example/api/subscribers/one-click?token=t1")
	if err != nil {
		t.Fatal(err)
	}
	if r.Subject != "You're already subscribed to Jane Blog" || strings.Contains(r.HTML, "confirm?token") ||
		!strings.Contains(r.Text, "Unsubscribe: https://jane.example/unsubscribe?token=t1") {
		t.Errorf("already subscribed: %q %q", r.Subject, r.Text)
	}
}
