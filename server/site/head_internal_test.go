package site

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/config"
)

// The head carries the page's preload, and none when the page has no image.
func TestHeadRendersThePreload(t *testing.T) {
	h := &Handler{Config: &config.Config{BaseURL: "https://inkpress.dev", SiteName: "InkPress"}}
	with := h.renderHead(Head{Title: "Keto", Preload: PreloadImage("/media/4/covers/1-a.jpg", SizesCover)})
	if want := PreloadLink(PreloadImage("/media/4/covers/1-a.jpg", SizesCover)); !strings.Contains(with, want+"\n") {
		t.Errorf("head lacks %s:\n%s", want, with)
	}
	if without := h.renderHead(Head{Title: "Keto"}); strings.Contains(without, `rel="preload"`) {
		t.Errorf("head without an image preloads one:\n%s", without)
	}
}
