package site_test

import (
	"bytes"
	"testing"

	"github.com/gen2brain/webp"

	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/server/site"
)

func TestPreloadImage(t *testing.T) {
	const stored = "/media/4/covers/1700000000000-ab12cd34-keto.jpg"
	for _, tc := range []struct {
		name, url, sizes string
		want             site.ImagePreload
	}{
		{"stored image", stored, site.SizesCover, site.ImagePreload{URL: stored,
			SrcSet: stored + ".w480.webp 480w, " + stored + ".w960.webp 960w, " + stored + ".w1440.webp 1440w",
			Sizes:  site.SizesCover}},
		{"image on another host", "https://cdn.example.com/4/covers/1-a.jpg", site.SizesCard3,
			site.ImagePreload{URL: "https://cdn.example.com/4/covers/1-a.jpg"}},
		{"no image", "", site.SizesCard3, site.ImagePreload{}},
	} {
		if got := site.PreloadImage(tc.url, tc.sizes); got != tc.want {
			t.Errorf("%s: PreloadImage = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestPreloadLink(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   site.ImagePreload
		want string
	}{
		{"none", site.ImagePreload{}, ""},
		{"plain", site.ImagePreload{URL: "https://cdn.example.com/a.jpg"},
			`<link rel="preload" as="image" href="https://cdn.example.com/a.jpg" fetchpriority="high">`},
		{"responsive", site.PreloadImage("/media/4/covers/1-a.png", site.SizesCover),
			`<link rel="preload" as="image" href="/media/4/covers/1-a.png" imagesrcset="/media/4/covers/1-a.png.w480.webp 480w, ` +
				`/media/4/covers/1-a.png.w960.webp 960w, /media/4/covers/1-a.png.w1440.webp 1440w" ` +
				`imagesizes="(min-width: 48rem) 736px, calc(100vw - 2rem)" fetchpriority="high">`},
		{"hostile values are escaped", site.ImagePreload{URL: `https://x.example/a.jpg"><script>alert(1)</script>`,
			SrcSet: `a.webp 480w" onload="alert(2)`, Sizes: `100vw'><b>`},
			`<link rel="preload" as="image" href="https://x.example/a.jpg&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" ` +
				`imagesrcset="a.webp 480w&#34; onload=&#34;alert(2)" imagesizes="100vw&#39;&gt;&lt;b&gt;" fetchpriority="high">`},
	} {
		if got := site.PreloadLink(tc.in); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

// A stored cover's variants are served by the app (made on their first
// request: demo covers are stored without them); other widths are not.
func TestCoverVariantsAreServed(t *testing.T) {
	a, c := start(t)
	cover := firstPost(t, a, siteWS(t, a).ID).CoverImageURL
	if _, ok := media.SrcSet(cover); !ok {
		t.Fatalf("demo cover %q has no variants", cover)
	}
	for range 2 { // made, then read from storage
		r := c.Get(cover + ".w480.webp")
		if r.StatusCode != 200 || r.Header.Get("Content-Type") != "image/webp" ||
			r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("480 variant: %d %q %q", r.StatusCode, r.Header.Get("Content-Type"), r.Header.Get("Cache-Control"))
		}
		if cfg, err := webp.DecodeConfig(bytes.NewReader(r.Body)); err != nil || cfg.Width != 480 {
			t.Fatalf("480 variant decodes to %+v, %v", cfg, err)
		}
	}
	if r := c.Get(cover + ".w500.webp"); r.StatusCode != 404 {
		t.Errorf("500 px variant: %d, want 404", r.StatusCode)
	}
	if r := c.Get(cover); r.StatusCode != 200 || r.Header.Get("Content-Type") == "image/webp" {
		t.Errorf("original: %d %q", r.StatusCode, r.Header.Get("Content-Type"))
	}
}
