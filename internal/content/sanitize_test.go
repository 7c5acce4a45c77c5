package content

import (
	"strings"
	"sync"
	"testing"
)

func TestSanitize(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string   // exact output, when set
		absent  []string // substrings that must not survive
		present []string // substrings that must survive
	}{
		{name: "allowed structure",
			in:   "<h2>T</h2><p>a <strong>b</strong> <em>c</em> <code>d</code></p><ul><li>x</li></ul><blockquote>q</blockquote>",
			want: "<h2>T</h2><p>a <strong>b</strong> <em>c</em> <code>d</code></p><ul><li>x</li></ul><blockquote>q</blockquote>"},
		{name: "script removed with content", in: "<p>a</p><script>alert(1)</script>", want: "<p>a</p>"},
		{name: "style removed with content", in: "<style>body{}</style><p>a</p>", want: "<p>a</p>"},
		{name: "iframe removed", in: `<iframe src="https://evil.example"></iframe><p>a</p>`, want: "<p>a</p>"},
		{name: "event handlers removed", in: `<p onclick="x()">a</p><img src="/a.png" onerror="x()">`,
			want: `<p>a</p><img src="/a.png">`},
		{name: "javascript href dropped", in: `<a href="javascript:alert(1)">x</a>`, want: "x"},
		{name: "data image dropped", in: `<img src="data:image/png;base64,AAAA">`, want: ""},
		{name: "style attribute dropped", in: `<p style="color:red">a</p>`, want: "<p>a</p>"},
		{name: "relative link kept", in: `<a href="/keto/x">x</a>`, want: `<a href="/keto/x">x</a>`},
		{name: "mailto kept", in: `<a href="mailto:a@b.co">m</a>`, want: `<a href="mailto:a@b.co">m</a>`},
		{name: "external link opens new tab",
			in:      `<a href="https://example.com/">e</a>`,
			present: []string{`href="https://example.com/"`, `target="_blank"`, `noopener`}},
		{name: "image attributes",
			in:   `<img src="https://cdn.example/a.jpg" alt="A" width="600" height="400" loading="lazy" class="x">`,
			want: `<img src="https://cdn.example/a.jpg" alt="A" width="600" height="400" loading="lazy">`},
		{name: "bad image attributes", in: `<img src="/a.png" width="100%" loading="never">`, want: `<img src="/a.png">`},
		{name: "tables and figures",
			in:   `<figure><img src="/a.png"><figcaption>c</figcaption></figure><table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>`,
			want: `<figure><img src="/a.png"><figcaption>c</figcaption></figure><table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>`},
		{name: "unknown elements unwrapped", in: `<div><section><p>a</p></section></div><form><input></form>`, want: "<p>a</p>"},
		{name: "vbscript", in: `<a href="vbscript:x">v</a>`, absent: []string{"vbscript"}},
		{name: "entity-obfuscated javascript", in: `<a href="jav&#x09;ascript:alert(1)">x</a>`, absent: []string{"href", "script"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Sanitize(tt.in)
			if tt.want != "" || (tt.absent == nil && tt.present == nil) {
				if got != tt.want {
					t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(got, s) {
					t.Errorf("Sanitize(%q) = %q, must not contain %q", tt.in, got, s)
				}
			}
			for _, s := range tt.present {
				if !strings.Contains(got, s) {
					t.Errorf("Sanitize(%q) = %q, must contain %q", tt.in, got, s)
				}
			}
		})
	}
}

// The shared policy must be safe under concurrent use (run with -race).
func TestSanitizeConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				if got := Sanitize(`<p onclick="x">a</p>`); got != "<p>a</p>" {
					t.Errorf("got %q", got)
				}
			}
		})
	}
	wg.Wait()
}
