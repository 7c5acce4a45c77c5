package account

import (
	"strings"
	"testing"
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
