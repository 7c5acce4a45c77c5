package content

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestValidBannerLink(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"https://shop.example.com/deal?x=1", true},
		{"http://example.com", true},
		{"HTTPS://EXAMPLE.COM/", true},
		{"", false},
		{"/relative/path", false},
		{"//example.com/x", false},
		{"javascript:alert(1)", false},
		{"data:text/html,hi", false},
		{"mailto:a@b.co", false},
		{"ftp://example.com", false},
		{"https://", false},
		{"https://user:pw@example.com", false},
		{"https://exa mple.com", false},
		{"https://example.com/\nx", false},
	}
	for _, tt := range tests {
		if got := ValidBannerLink(tt.in); got != tt.want {
			t.Errorf("ValidBannerLink(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestBannerHTML(t *testing.T) {
	tests := []struct {
		name string
		in   Banner
		want string
	}{
		{"link and image",
			Banner{ImageURL: "https://cdn.example/b.png", LinkURL: "https://shop.example/?a=1&b=2"},
			`<div class="banner-ad"><a href="https://shop.example/?a=1&amp;b=2" target="_blank" rel="sponsored noopener">` +
				`<img src="https://cdn.example/b.png" alt="Advertisement" width="550" style="max-width:100%;height:auto" loading="lazy"></a></div>`},
		{"text escaped as alt and caption",
			Banner{ImageURL: "/media/b.png", LinkURL: "https://shop.example/", Text: `50% off "today" <b>&</b>`},
			`<div class="banner-ad"><a href="https://shop.example/" target="_blank" rel="sponsored noopener">` +
				`<img src="/media/b.png" alt="50% off &#34;today&#34; &lt;b&gt;&amp;&lt;/b&gt;" width="550" style="max-width:100%;height:auto" loading="lazy"></a>` +
				`<small class="banner-ad-caption">50% off &#34;today&#34; &lt;b&gt;&amp;&lt;/b&gt;</small></div>`},
		{"invalid link: image only",
			Banner{ImageURL: "/media/b.png", LinkURL: "javascript:alert(1)"},
			`<div class="banner-ad"><img src="/media/b.png" alt="Advertisement" width="550" style="max-width:100%;height:auto" loading="lazy"></div>`},
		{"attribute breakout in image URL is escaped",
			Banner{ImageURL: `https://cdn.example/a.png?"onload="x`},
			`<div class="banner-ad"><img src="https://cdn.example/a.png?&#34;onload=&#34;x" alt="Advertisement" width="550" style="max-width:100%;height:auto" loading="lazy"></div>`},
		{"no image", Banner{LinkURL: "https://shop.example/"}, ""},
		{"javascript image", Banner{ImageURL: "javascript:alert(1)"}, ""},
		{"data image", Banner{ImageURL: "data:image/png;base64,AAAA"}, ""},
		{"protocol relative image", Banner{ImageURL: "//evil.example/a.png"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := BannerHTML(tt.in); got != tt.want {
				t.Errorf("BannerHTML(%+v) =\n%s\nwant\n%s", tt.in, got, tt.want)
			}
		})
	}
}

// body returns n paragraphs P1..Pn separated by newlines.
func body(n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = fmt.Sprintf("<p>P%d</p>", i+1)
	}
	return strings.Join(ps, "\n")
}

// testBanners returns n banners whose alt text is B0, B1, ...
func testBanners(n int) []Banner {
	bs := make([]Banner, n)
	for i := range bs {
		bs[i] = Banner{ImageURL: fmt.Sprintf("/media/b%d.png", i), LinkURL: "https://ads.example/", Text: fmt.Sprintf("B%d", i)}
	}
	return bs
}

// bannerPositions reports, for each banner found in out, "B{i}@{k}": banner
// i sits right after paragraph k.
func bannerPositions(out string) []string {
	got := []string{}
	paragraphs := 0
	for _, b := range Blocks(out) {
		if strings.HasPrefix(b, `<div class="banner-ad">`) {
			_, rest, _ := strings.Cut(b, `alt="`)
			alt, _, _ := strings.Cut(rest, `"`)
			got = append(got, fmt.Sprintf("%s@%d", alt, paragraphs))
			continue
		}
		paragraphs++
	}
	return got
}

func TestInsertBanners(t *testing.T) {
	invalidMiddle := testBanners(3)
	invalidMiddle[1].ImageURL = "javascript:x"
	tests := []struct {
		name    string
		blocks  int
		banners []Banner
		want    []string
	}{
		{"2 blocks", 2, testBanners(3), []string{}},
		{"3 blocks", 3, testBanners(3), []string{"B0@3"}},
		{"6 blocks", 6, testBanners(3), []string{"B0@3"}},
		{"7 blocks", 7, testBanners(3), []string{"B0@3", "B1@6"}},
		{"10 blocks", 10, testBanners(3), []string{"B0@3", "B1@6"}},
		{"11 blocks", 11, testBanners(3), []string{"B0@3", "B1@6", "B2@9"}},
		{"20 blocks", 20, testBanners(3), []string{"B0@3", "B1@6", "B2@9"}},
		{"20 blocks, 1 banner", 20, testBanners(1), []string{"B0@3"}},
		{"20 blocks, 2 banners", 20, testBanners(2), []string{"B0@3", "B1@6"}},
		{"20 blocks, 5 banners", 20, testBanners(5), []string{"B0@3", "B1@6", "B2@9"}},
		{"20 blocks, no banners", 20, nil, []string{}},
		{"invalid banner keeps its slot", 20, invalidMiddle, []string{"B0@3", "B2@9"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := body(tt.blocks)
			out := InsertBanners(in, tt.banners)
			if got := bannerPositions(out); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("banners at %v, want %v\n%s", got, tt.want, out)
			}
			// The body itself must be untouched apart from the insertions.
			stripped := out
			for _, b := range tt.banners {
				if markup := BannerHTML(b); markup != "" {
					stripped = strings.ReplaceAll(stripped, "\n"+markup, "")
				}
			}
			if stripped != in {
				t.Errorf("body changed:\n%s\nwant\n%s", stripped, in)
			}
		})
	}
}

func TestInsertBannersWithoutBlankLines(t *testing.T) {
	in := "<h2>T</h2><p>a</p><ul><li>x</li></ul><p>after</p>"
	out := InsertBanners(in, testBanners(1))
	want := "<h2>T</h2><p>a</p><ul><li>x</li></ul>\n" + BannerHTML(testBanners(1)[0]) + "<p>after</p>"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
