package media

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestSafeName(t *testing.T) {
	for _, tc := range []struct{ name, ext, want string }{
		{"Banner Pic.png", ".png", "banner-pic.png"},
		{`C:\photos\My Photo.JPG`, ".jpg", "my-photo.jpg"},
		{"../../etc/passwd", ".png", "passwd.png"},
		{"Ünïcödé only", ".gif", "ncd-only.gif"},
		{"", ".png", "image.png"},
		{"---", ".webp", "image.webp"},
		{"<script>alert(1)</script>.png", ".png", "script.png"},
		{strings.Repeat("a", 200) + ".png", ".png", strings.Repeat("a", 60) + ".png"},
	} {
		if got := SafeName(tc.name, tc.ext); got != tc.want {
			t.Errorf("SafeName(%q, %q) = %q, want %q", tc.name, tc.ext, got, tc.want)
		}
	}
}

func TestUniqueNameAndKeys(t *testing.T) {
	shape := regexp.MustCompile(`^[0-9a-f]{8}-banner-pic\.png$`)
	seen := map[string]bool{}
	for range 50 {
		n := UniqueName("Banner Pic.png", ".png")
		if !shape.MatchString(n) {
			t.Fatalf("UniqueName = %q", n)
		}
		if seen[n] {
			t.Fatalf("UniqueName repeated %q", n)
		}
		seen[n] = true
	}
	now := time.UnixMilli(1700000000123)
	for _, tc := range []struct {
		name, kind, ext, file string
		ws                    int64
		owner                 int64
		ok                    bool
		ct                    string
	}{
		{name: "library png", kind: KindLibrary, ext: ".png", file: "x.png", ws: 12, owner: 12, ok: true, ct: "image/png"},
		{name: "banner jpg", kind: KindBanner, ext: ".jpg", file: "Ad.jpeg", ws: 3, owner: 3, ok: true, ct: "image/jpeg"},
		{name: "cover webp", kind: KindCover, ext: ".webp", file: "Title: a post", ws: 7, owner: 7, ok: true, ct: "image/webp"},
		{name: "other workspace", kind: KindFeatured, ext: ".gif", file: "x.gif", ws: 12, owner: 1, ok: false},
		{name: "prefix of another id", kind: KindFeatured, ext: ".png", file: "x.png", ws: 12, owner: 123, ok: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			key := NewKey(tc.ws, tc.kind, now, tc.file, tc.ext)
			if !strings.HasPrefix(key, strconv.FormatInt(tc.ws, 10)+"/"+tc.kind+"/1700000000123-") {
				t.Fatalf("key = %q", key)
			}
			ct, ok := OwnedKey(key, tc.owner)
			if ok != tc.ok || ct != tc.ct {
				t.Fatalf("OwnedKey(%q, %d) = %q %v", key, tc.owner, ct, ok)
			}
		})
	}
	for _, key := range []string{"", "12/../13/featured/1-x.png", "12/featured/1-x.png?x=1", "12/featured/1-x.svg",
		"https://evil.example/12/featured/1-x.png", "12/featured/x.png"} {
		if _, ok := OwnedKey(key, 12); ok {
			t.Errorf("OwnedKey(%q) accepted", key)
		}
	}
}

func TestDisplayName(t *testing.T) {
	for _, tc := range []struct{ name, ext, want string }{
		{`C:\photos\My Photo.png`, ".png", "My Photo.png"},
		{"/tmp/a/b.gif", ".gif", "b.gif"},
		{"  ", ".png", "image.png"},
		{"\xff\xfe.png", ".png", "image.png"},
		{strings.Repeat("é", 130), ".png", strings.Repeat("é", 120)},
		{"invoice\u202egpj.exe", ".jpg", "invoicegpj.exe"},
		{"a\u2066b\u2069c\u200e\u200f\u202a\u202b\u202c\u202dd.png", ".png", "abcd.png"},
		{"tab\tnew\nline\x00\x7f\u0085.png", ".png", "tabnewline.png"},
		{"\u202e", ".png", "image.png"},
	} {
		if got := DisplayName(tc.name, tc.ext); got != tc.want {
			t.Errorf("DisplayName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestCheckImage(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")
	for _, tc := range []struct {
		name string
		data []byte
		max  int
		ext  string
		err  error
	}{
		{"png", png, 100, ".png", nil},
		{"too large", png, 10, "", ErrTooLarge},
		{"empty", nil, 100, "", ErrInvalidType},
		{"text", []byte("just text"), 100, "", ErrInvalidType},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`), 100, "", ErrInvalidType},
	} {
		_, ext, err := CheckImage(tc.data, tc.max)
		if ext != tc.ext || err != tc.err {
			t.Errorf("%s: %q %v", tc.name, ext, err)
		}
	}
}
