package mailhtml_test

import (
	"html/template"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/mailhtml"
	"github.com/inkpress/inkpress/internal/mailhtml/mailhtmltest"
)

func TestBody(t *testing.T) {
	const origin = "https://inkpress.example/"
	for _, tc := range []struct{ name, in, want string }{
		{"relative links and images become absolute",
			`<p><a href="/travel/x">x</a><a href="//evil/x">y</a><a href="https://o.io/">z</a></p>`,
			`<p><a href="https://inkpress.example/travel/x">x</a><a href="//evil/x">y</a><a href="https://o.io/">z</a></p>`},
		{"a wide image shrinks to the column, its height in proportion",
			`<img src="/media/1/a.png" alt="A" width="1352" height="676">`,
			`<img src="https://inkpress.example/media/1/a.png" alt="A" width="552" height="276" style="width:100%;max-width:552px;height:auto;border:0;">`},
		{"an image without a size gets the column's width",
			`<figure><img src="https://cdn.io/b.jpg" height="900"><figcaption>B</figcaption></figure>`,
			`<figure style="margin:0 0 16px;"><img src="https://cdn.io/b.jpg" width="552" style="width:100%;max-width:552px;height:auto;border:0;"><figcaption style="margin:8px 0 0;text-align:center;font-size:14px;color:#64748b;">B</figcaption></figure>`},
		{"a narrow image keeps its size",
			`<img src="https://cdn.io/c.png" width="120" height="40" style="float:left">`,
			`<img src="https://cdn.io/c.png" width="120" height="40" style="width:100%;max-width:120px;height:auto;border:0;">`},
		{"a YouTube player becomes its linked thumbnail",
			`<div class="embed" data-embed="youtube"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Our  trip"></iframe></div>`,
			`<div class="embed" data-embed="youtube"><p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" alt="Play Our trip" width="552" style="width:100%;max-width:552px;height:auto;border:0;display:block;"></a><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">▶ Watch Our trip on YouTube</a></p></div>`},
		{"a Vimeo player becomes a link",
			`<div class="embed" data-embed="vimeo"><iframe src="https://player.vimeo.com/video/123" title=""></iframe></div>`,
			`<div class="embed" data-embed="vimeo"><p><a href="https://vimeo.com/123">▶ Watch the video on Vimeo</a></p></div>`},
		{"a frame of nothing playable is dropped", `<p>a</p><iframe src="javascript:x"></iframe><p>b</p>`, `<p>a</p><p>b</p>`},
		{"preformatted text wraps", `<pre><code>x</code></pre>`, `<pre style="white-space:pre-wrap;word-wrap:break-word;"><code>x</code></pre>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := mailhtml.Body(tc.in, origin); got != tc.want {
				t.Fatalf("Body =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestCut(t *testing.T) {
	body := `<p>one</p><ul><li>two</li><li>three</li></ul><img src="x"><p>four <b>bold</b></p>`
	for _, tc := range []struct {
		max  int
		want string
		cut  bool
	}{
		{len(body), body, false},
		{len(body) - 1, `<p>one</p><ul><li>two</li><li>three</li></ul><img src="x">`, true},
		{30, `<p>one</p>`, true}, // never inside the list
		{5, ``, true},
	} {
		got, cut := mailhtml.Cut(body, tc.max)
		if got != tc.want || cut != tc.cut {
			t.Errorf("Cut(%d) = %q, %v; want %q, %v", tc.max, got, cut, tc.want, tc.cut)
		}
	}
}

func TestTextKeepsTheShapeOfThePost(t *testing.T) {
	in := `<h2>A heading</h2><p>First <strong>para</strong> with a <a href="https://x.io/a">link</a>.</p><p>Second para.</p>` +
		`<ul><li>one</li><li>two</li></ul>`
	want := "A heading\n\nFirst para with a link <https://x.io/a>.\n\nSecond para.\n\n - one\n - two"
	if got := mailhtml.Text(in); got != want {
		t.Fatalf("Text =\n%q\nwant\n%q", got, want)
	}
}

// A picture with a width attribute and only max-width:100% sets the smallest width of the tables around
// it: a browser drew the message 616 px wide on a 390 px screen. Its width must be the fluid one.
func TestWidthsWantsFluidImages(t *testing.T) {
	page := func(img string) string {
		h, err := mailhtml.Page(mailhtml.Frame{Title: "Hi", Name: "B", Color: "#10b981", Ink: "#ffffff",
			Main: template.HTML(`<tr><td>` + img + `</td></tr>`), Footer: "f"})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	if bad := mailhtmltest.Widths(page(`<img src="a.png" width="552" style="max-width:100%;height:auto;border:0;">`)); len(bad) == 0 {
		t.Error("an image of fixed width with max-width:100% alone passes")
	}
	body := mailhtml.Body(`<p>x</p><img src="/a.png" width="1352" height="676"><div class="embed" data-embed="youtube">`+
		`<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="T"></iframe></div>`, "https://b.io")
	if bad := mailhtmltest.Widths(page(body)); len(bad) > 0 {
		t.Errorf("a body's images are not fluid: %v\n%s", bad, body)
	}
}

func TestPageFitsAPhone(t *testing.T) {
	h, err := mailhtml.Page(mailhtml.Frame{Title: "Hi", Name: `A "B" <C>`, Color: "#10b981", Ink: "#ffffff",
		HomeURL: "https://b.io/", Main: `<tr><td>x</td></tr>`, Footer: "f"})
	if err != nil {
		t.Fatal(err)
	}
	if bad := mailhtmltest.Widths(h); len(bad) > 0 {
		t.Fatalf("too wide: %v", bad)
	}
	if !strings.Contains(h, "A &#34;B&#34; &lt;C&gt;") {
		t.Fatalf("name not escaped:\n%s", h)
	}
}
