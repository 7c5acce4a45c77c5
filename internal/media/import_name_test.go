package media

import (
	"net/url"
	"strings"
	"testing"
)

func TestImportName(t *testing.T) {
	long := strings.Repeat("word ", 40)
	tests := []struct {
		name, url, alt, ext, want string
	}{
		{"alt text names it", "https://lh7-rt.googleusercontent.com/docsz/AD_4nXcQ?key=k", "A bowl of eggs & avocado", ".png", "A bowl of eggs & avocado.png"},
		{"alt text with line breaks", "https://x.example/a.jpg", "  Chart:\nsales  ", ".jpg", "Chart: sales.jpg"},
		{"slashes are no folders", "https://x.example/a.jpg", "1/2 cup of flour", ".jpg", "1-2 cup of flour.jpg"},
		{"a long alt is cut", "https://x.example/a", long, ".png", strings.TrimSpace(long[:maxImportNameRunes]) + ".png"},
		{"a file name in the address", "https://x.example/img/Summer%20Trip.JPG?w=800", "", ".jpg", "summer-trip.jpg"},
		{"no file name (Google Docs)", "https://lh3.googleusercontent.com/AbCdEf123", "", ".png", "pasted-image.png"},
		{"the root", "https://x.example/", "", ".gif", "pasted-image.gif"},
	}
	for _, tt := range tests {
		u, err := url.Parse(tt.url)
		if err != nil {
			t.Fatal(err)
		}
		if got := importName(u, tt.alt, tt.ext); got != tt.want {
			t.Errorf("%s: importName = %q, want %q", tt.name, got, tt.want)
		}
	}
}
