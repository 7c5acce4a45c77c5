package site_test

import (
	"testing"

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
