package content

import "testing"

func TestAbsolutizeURLs(t *testing.T) {
	const base = "https://blog.example.com/blog/acme/tech/my-post"
	tests := []struct{ name, in, base, want string }{
		{"root relative img", `<p><img src="/media/a.png" alt="A"></p>`, base,
			`<p><img src="https://blog.example.com/media/a.png" alt="A"></p>`},
		{"path relative link", `<a href="other-post">x</a>`, base,
			`<a href="https://blog.example.com/blog/acme/tech/other-post">x</a>`},
		{"fragment", `<a href="#part-2">x</a>`, base,
			`<a href="https://blog.example.com/blog/acme/tech/my-post#part-2">x</a>`},
		{"protocol relative", `<img src="//cdn.example/a.png">`, base, `<img src="https://cdn.example/a.png">`},
		{"absolute untouched byte for byte", `<A HREF='https://x.example/a'>x</A><img src="https://c.example/i.png" >`, base,
			`<A HREF='https://x.example/a'>x</A><img src="https://c.example/i.png" >`},
		{"mailto untouched", `<a href="mailto:a@b.co">m</a>`, base, `<a href="mailto:a@b.co">m</a>`},
		{"text and entities preserved", `<p>Fish &amp; chips &lt;3 <a href="/x?a=1&amp;b=2">y</a></p>`, base,
			`<p>Fish &amp; chips &lt;3 <a href="https://blog.example.com/x?a=1&amp;b=2">y</a></p>`},
		{"query relative", `<a href="?page=2">n</a>`, base, `<a href="https://blog.example.com/blog/acme/tech/my-post?page=2">n</a>`},
		{"dot segments", `<img src="../../x.png">`, base, `<img src="https://blog.example.com/blog/x.png">`},
		{"no attributes", `<p>plain</p>`, base, `<p>plain</p>`},
		{"relative base ignored", `<img src="/a.png">`, "/blog", `<img src="/a.png">`},
		{"empty base ignored", `<img src="/a.png">`, "", `<img src="/a.png">`},
		{"empty src untouched", `<img src="">`, base, `<img src="">`},
		{"script text untouched", `<script>var s = "<a href='/x'>";</script>`, base, `<script>var s = "<a href='/x'>";</script>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := AbsolutizeURLs(tt.in, tt.base); got != tt.want {
				t.Errorf("AbsolutizeURLs(%q) =\n%s\nwant\n%s", tt.in, got, tt.want)
			}
		})
	}
}
