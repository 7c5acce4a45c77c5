package mailhtml_test

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/mailhtml"
)

func TestWatchTextNamesTheSiteOnce(t *testing.T) {
	for _, tc := range []struct{ title, site, want string }{
		{"Packing light", "YouTube", "▶ Watch Packing light on YouTube"},
		{"YouTube video", "YouTube", "▶ Watch YouTube video"},
		{"the video", "Vimeo", "▶ Watch the video on Vimeo"},
		{"A vimeo short", "Vimeo", "▶ Watch A vimeo short"},
	} {
		src := "https://www.youtube.com/embed/abcdefghijk"
		if tc.site == "Vimeo" {
			src = "https://player.vimeo.com/video/12345"
		}
		got := mailhtml.Body(`<iframe src="`+src+`" title="`+tc.title+`"></iframe>`, "https://x.test")
		if !strings.Contains(got, ">"+tc.want+"</a>") {
			t.Errorf("video %q on %s: %s, want the link %q", tc.title, tc.site, got, tc.want)
		}
	}
}

func TestFiguresSitOnTheColumn(t *testing.T) {
	got := mailhtml.Body(`<figure><img src="/media/a.png" width="800" height="400"><figcaption>A caption</figcaption></figure>`, "https://x.test")
	for _, want := range []string{`<figure style="margin:0 0 16px;">`, `<figcaption style="margin:8px 0 0;text-align:center;`} {
		if !strings.Contains(got, want) {
			t.Errorf("Body = %s, want %s in it", got, want)
		}
	}
}
