package content

import (
	"strings"
	"sync"
	"testing"
)

// sanitizeCase is one input of Sanitize and what must come out of it.
type sanitizeCase struct {
	name    string
	in      string
	want    string   // exact output, when set
	absent  []string // substrings that must not survive
	present []string // substrings that must survive
}

// runSanitize checks each case; a case with no want, absent or present
// must sanitise to "".
func runSanitize(t *testing.T, cases []sanitizeCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got := Sanitize(tt.in)
			if tt.want != "" || (tt.absent == nil && tt.present == nil) {
				if got != tt.want {
					t.Errorf("Sanitize(%q) =\n%q, want\n%q", tt.in, got, tt.want)
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

// What the sanitiser always removed: scripts, styles, handlers, forms,
// plugins and elements it does not know.
var strippedCases = []sanitizeCase{
	{name: "script removed with content", in: "<p>a</p><script>alert(1)</script>", want: "<p>a</p>"},
	{name: "style removed with content", in: "<style>body{}</style><p>a</p>", want: "<p>a</p>"},
	{name: "event handlers removed", in: `<p onclick="x()">a</p><img src="/media/a.png" onerror="x()">`,
		want: `<p>a</p><img src="/media/a.png">`},
	{name: "style attribute dropped", in: `<p style="color:red">a</p>`, want: "<p>a</p>"},
	{name: "unknown elements unwrapped", in: `<div><section><p>a</p></section></div><form><input></form>`, want: "<p>a</p>"},
	{name: "plugins removed", in: `<object data="x.swf"><embed src="x.swf"></object><p>a</p>`, want: "<p>a</p>"},
	{name: "form controls removed", in: `<form action="https://evil.example"><button formaction="x">b</button><textarea>t</textarea></form>`,
		absent: []string{"<form", "<button", "<textarea", "action"}},
	{name: "svg and math removed", in: `<svg onload="x()"><script>x()</script></svg><math><mi>x</mi></math>`,
		absent: []string{"<svg", "<math", "onload", "<script"}},
	{name: "class and id dropped", in: `<p class="x" id="y">a</p>`, want: "<p>a</p>"},
	{name: "comments dropped", in: `<p>a<!-- secret --></p>`, want: "<p>a</p>"},
}

// Rule: links keep the rel tokens that tell search engines and browsers
// how to treat them, a written target="_blank" (with noopener), and only
// http, https, mailto and relative hrefs.
var linkCases = []sanitizeCase{
	{name: "rel as written", in: `<a href="/x" rel="nofollow ugc">x</a>`, want: `<a href="/x" rel="nofollow ugc">x</a>`},
	{name: "sponsored not replaced", in: `<a href="/x" rel="sponsored">x</a>`, want: `<a href="/x" rel="sponsored">x</a>`},
	{name: "all allowed rel tokens", in: `<a href="/x" rel="sponsored nofollow ugc noopener noreferrer">x</a>`,
		want: `<a href="/x" rel="sponsored nofollow ugc noopener noreferrer">x</a>`},
	{name: "other rel tokens dropped", in: `<a href="/x" rel="me sponsored opener author nofollow">x</a>`,
		want: `<a href="/x" rel="sponsored nofollow">x</a>`},
	{name: "rel of unknown tokens only dropped", in: `<a href="/x" rel="author">x</a>`, want: `<a href="/x">x</a>`},
	{name: "link left with no attribute dropped", in: `<a rel="author">x</a><a rel>y</a>`, want: "xy"},
	{name: "rel tokens lowercased once each", in: `<a href="/x" rel="NoFollow  Sponsored nofollow">x</a>`,
		want: `<a href="/x" rel="nofollow sponsored">x</a>`},
	{name: "target blank kept with noopener added", in: `<a href="/x" target="_blank">x</a>`,
		want: `<a href="/x" target="_blank" rel="noopener">x</a>`},
	{name: "noopener added to written rel", in: `<a href="/x" rel="ugc" target="_blank">x</a>`,
		want: `<a href="/x" rel="ugc noopener" target="_blank">x</a>`},
	{name: "noopener not fooled by a longer token", in: `<a href="/x" target="_blank" rel="notnoopener">x</a>`,
		want: `<a href="/x" target="_blank" rel="noopener">x</a>`},
	{name: "target blank without href", in: `<a target="_blank">x</a>`, want: `<a target="_blank" rel="noopener">x</a>`},
	{name: "other targets dropped", in: `<a href="/x" target="_self">x</a><a href="/y" target="evil">y</a>`,
		want: `<a href="/x">x</a><a href="/y">y</a>`},
	{name: "external link opens new tab, rel kept",
		in:   `<a href="https://ads.example/p" rel="sponsored">ad</a>`,
		want: `<a href="https://ads.example/p" rel="sponsored noopener" target="_blank">ad</a>`},
	{name: "external with written target", in: `<a href="https://example.com/" target="_blank" rel="nofollow">e</a>`,
		want: `<a href="https://example.com/" target="_blank" rel="nofollow noopener">e</a>`},
	{name: "relative link kept", in: `<a href="/keto/x">x</a>`, want: `<a href="/keto/x">x</a>`},
	{name: "fragment link kept", in: `<a href="#intro">i</a>`, want: `<a href="#intro">i</a>`},
	{name: "mailto kept", in: `<a href="mailto:a@b.co">m</a>`, want: `<a href="mailto:a@b.co">m</a>`},
	{name: "link title kept", in: `<a href="/x" title="More">x</a>`, want: `<a href="/x" title="More">x</a>`},
	{name: "javascript href dropped", in: `<a href="javascript:alert(1)">x</a>`, want: "x"},
	{name: "data href dropped", in: `<a href="data:text/html,<script>x()</script>">x</a>`, want: "x"},
	{name: "vbscript", in: `<a href="vbscript:x">v</a>`, absent: []string{"vbscript"}},
	{name: "entity-obfuscated javascript", in: `<a href="jav&#x09;ascript:alert(1)">x</a>`, absent: []string{"href", "script"}},
}

// Rule: figures and their captions are kept.
var figureCases = []sanitizeCase{
	{name: "figure with caption",
		in:   `<figure><img src="/media/a.png" alt="A"><figcaption>The <em>caption</em></figcaption></figure>`,
		want: `<figure><img src="/media/a.png" alt="A"><figcaption>The <em>caption</em></figcaption></figure>`},
	{name: "figure attributes dropped", in: `<figure class="wide" onclick="x()"><figcaption>c</figcaption></figure>`,
		want: `<figure><figcaption>c</figcaption></figure>`},
}

// Rule: images keep src (http(s) or the site's /media/ uploads), alt,
// width, height, title and loading.
var imageCases = []sanitizeCase{
	{name: "image attributes",
		in:   `<img src="https://cdn.example/a.jpg" alt="A" width="600" height="400" title="T" loading="lazy" class="x">`,
		want: `<img src="https://cdn.example/a.jpg" alt="A" width="600" height="400" title="T" loading="lazy">`},
	{name: "uploaded image", in: `<img src="/media/ws1/a.png" alt="a">`, want: `<img src="/media/ws1/a.png" alt="a">`},
	{name: "http image", in: `<img src="http://cdn.example/a.jpg">`, want: `<img src="http://cdn.example/a.jpg">`},
	{name: "bad image attributes", in: `<img src="/media/a.png" width="100%" loading="never" srcset="/x.png 2x">`,
		want: `<img src="/media/a.png">`},
	{name: "other root-relative image dropped", in: `<img src="/api/auth/logout">`, want: ""},
	{name: "page-relative image dropped", in: `<img src="a.png" alt="a">`, want: `<img alt="a">`},
	{name: "protocol-relative image dropped", in: `<img src="//cdn.example/a.png">`, want: ""},
	{name: "data image dropped", in: `<img src="data:image/png;base64,AAAA">`, want: ""},
	{name: "javascript image dropped", in: `<img src="javascript:x()">`, want: ""},
}

// Rule: tables with their sections, captions and spans.
var tableCases = []sanitizeCase{
	{name: "table kept",
		in: `<table><caption>C</caption><thead><tr><th colspan="2">h</th></tr></thead>` +
			`<tbody><tr><td rowspan="2">d</td><td>e</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>`,
		want: `<table><caption>C</caption><thead><tr><th colspan="2">h</th></tr></thead>` +
			`<tbody><tr><td rowspan="2">d</td><td>e</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>`},
	{name: "table attributes dropped", in: `<table border="1" style="x"><tr><td colspan="all" width="3">d</td></tr></table>`,
		want: `<table><tr><td>d</td></tr></table>`},
}

// Rule: code blocks keep their language class; kbd and samp are kept.
var codeCases = []sanitizeCase{
	{name: "code language kept", in: `<pre><code class="language-go">x := 1</code></pre>`,
		want: `<pre><code class="language-go">x := 1</code></pre>`},
	{name: "other code classes dropped", in: `<pre class="x"><code class="language-go evil">x</code></pre><code class="hljs">y</code>`,
		want: `<pre><code>x</code></pre><code>y</code>`},
	{name: "kbd and samp", in: `<p>Press <kbd>Ctrl</kbd> to see <samp>OK</samp></p>`,
		want: `<p>Press <kbd>Ctrl</kbd> to see <samp>OK</samp></p>`},
	{name: "code text escaped", in: `<pre><code>&lt;script&gt;x()&lt;/script&gt;</code></pre>`,
		want: `<pre><code>&lt;script&gt;x()&lt;/script&gt;</code></pre>`},
}

// Rule: headings, quotes, rules, lists and inline text markup. h1 is kept
// as written.
var textCases = []sanitizeCase{
	{name: "allowed structure",
		in:   "<h2>T</h2><p>a <strong>b</strong> <em>c</em> <code>d</code></p><ul><li>x</li></ul><blockquote>q</blockquote>",
		want: "<h2>T</h2><p>a <strong>b</strong> <em>c</em> <code>d</code></p><ul><li>x</li></ul><blockquote>q</blockquote>"},
	{name: "headings", in: "<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>",
		want: "<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>"},
	{name: "inline markup", in: "<p><s>old</s> <u>u</u> H<sub>2</sub>O x<sup>2</sup> <mark>m</mark><br>next</p><hr>",
		want: "<p><s>old</s> <u>u</u> H<sub>2</sub>O x<sup>2</sup> <mark>m</mark><br>next</p><hr>"},
	{name: "lists", in: `<ol start="3" type="i"><li>a</li></ol><ul><li>b<ul><li>c</li></ul></li></ul>`,
		want: `<ol start="3"><li>a</li></ol><ul><li>b<ul><li>c</li></ul></li></ul>`},
}

// The same video as an editor, an author or YouTube's share button writes it.
const ytID = "dQw4w9WgXcQ"

// embedHTML is the one form an allowed video is stored as.
func embedHTML(provider, src, title string) string {
	return `<div class="embed" data-embed="` + provider + `"><iframe src="` + src +
		`" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"` +
		` allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen` +
		` loading="lazy" referrerpolicy="strict-origin-when-cross-origin" title="` + title +
		`" width="560" height="315" frameborder="0"></iframe></div>`
}

var (
	ytEmbed    = embedHTML("youtube", "https://www.youtube-nocookie.com/embed/"+ytID, "YouTube video")
	vimeoEmbed = embedHTML("vimeo", "https://player.vimeo.com/video/76979871", "Vimeo video")
)

// Rule: YouTube and Vimeo iframes are rebuilt into one sandboxed form
// (YouTube from its no-cookie domain); any other iframe goes, content and
// wrapper included.
var embedCases = []sanitizeCase{
	{name: "editor wrapper", in: `<div data-embed="youtube"><iframe src="https://www.youtube.com/embed/` + ytID + `"></iframe></div>`,
		want: ytEmbed},
	{name: "stored form unchanged", in: ytEmbed, want: ytEmbed},
	{name: "bare youtube iframe wrapped", in: `<p>a</p><iframe src="https://www.youtube.com/embed/` + ytID + `"></iframe><p>b</p>`,
		want: `<p>a</p>` + ytEmbed + `<p>b</p>`},
	{name: "youtube attributes replaced",
		in: `<iframe width="100%" src="https://youtube.com/embed/` + ytID + `?autoplay=1" onload="x()" srcdoc="<script>x()</script>"` +
			` sandbox="allow-top-navigation" allow="camera" style="position:fixed">fallback <b>text</b></iframe>`,
		want: ytEmbed},
	{name: "youtube no-cookie", in: `<iframe src="https://www.youtube-nocookie.com/embed/` + ytID + `"></iframe>`, want: ytEmbed},
	{name: "youtu.be link", in: `<iframe src="https://youtu.be/` + ytID + `?t=42"></iframe>`, want: ytEmbed},
	{name: "youtube watch link", in: `<iframe src="https://www.youtube.com/watch?v=` + ytID + `&amp;t=42s"></iframe>`, want: ytEmbed},
	{name: "mobile watch link", in: `<iframe src="https://m.youtube.com/watch?v=` + ytID + `"></iframe>`, want: ytEmbed},
	{name: "protocol-relative youtube", in: `<iframe src="//www.youtube.com/embed/` + ytID + `"></iframe>`, want: ytEmbed},
	{name: "title kept", in: `<iframe src="https://youtu.be/` + ytID + `" title=" My &quot;talk&quot;
		 on keto "></iframe>`,
		want: embedHTML("youtube", "https://www.youtube-nocookie.com/embed/"+ytID, "My &#34;talk&#34; on keto")},
	{name: "vimeo player", in: `<div data-embed="vimeo"><iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e"></iframe></div>`,
		want: vimeoEmbed},
	{name: "vimeo page link", in: `<iframe src="https://vimeo.com/76979871"></iframe>`, want: vimeoEmbed},
	{name: "vimeo mislabelled as youtube", in: `<div class="embed" data-embed="youtube"><iframe src="https://vimeo.com/76979871"></iframe></div>`,
		want: vimeoEmbed},
	{name: "two embeds", in: `<iframe src="https://vimeo.com/76979871"></iframe><iframe src="https://youtu.be/` + ytID + `"></iframe>`,
		want: vimeoEmbed + ytEmbed},
	{name: "short youtube id", in: `<div data-embed="youtube"><iframe src="https://www.youtube.com/embed/abc"></iframe></div><p>a</p>`,
		want: "<p>a</p>"},
	{name: "youtube id with bad characters", in: `<iframe src="https://www.youtube.com/embed/dQw4w9WgXc%22"></iframe>`, want: ""},
	{name: "youtube id too long", in: `<iframe src="https://www.youtube.com/embed/` + ytID + `x"></iframe>`, want: ""},
	{name: "youtube other path", in: `<iframe src="https://www.youtube.com/embed/` + ytID + `/x"></iframe>`, want: ""},
	{name: "watch link without id", in: `<iframe src="https://www.youtube.com/watch?list=PL"></iframe>`, want: ""},
	{name: "vimeo id not digits", in: `<iframe src="https://player.vimeo.com/video/abc"></iframe>`, want: ""},
	{name: "other host removed with wrapper", in: `<div data-embed="youtube"><iframe src="https://evil.example/embed/` + ytID + `">x</iframe></div><p>a</p>`,
		want: "<p>a</p>"},
	{name: "lookalike host", in: `<iframe src="https://www.youtube.com.evil.example/embed/` + ytID + `"></iframe>`, want: ""},
	{name: "host with port", in: `<iframe src="https://www.youtube.com:8443/embed/` + ytID + `"></iframe>`, want: ""},
	{name: "user info", in: `<iframe src="https://www.youtube.com@evil.example/embed/` + ytID + `"></iframe>`, want: ""},
	{name: "javascript iframe", in: `<iframe src="javascript:alert(1)">fallback</iframe><p>a</p>`, want: "<p>a</p>"},
	{name: "srcdoc iframe", in: `<iframe srcdoc="&lt;script&gt;x()&lt;/script&gt;"></iframe><p>a</p>`, want: "<p>a</p>"},
	{name: "iframe removed", in: `<iframe src="https://evil.example"></iframe><p>a</p>`, want: "<p>a</p>"},
	{name: "nested iframes", in: `<iframe src="https://evil.example"><iframe src="https://youtu.be/` + ytID + `"></iframe></iframe><p>a</p>`,
		want: "<p>a</p>"},
	{name: "unclosed iframe", in: `<p>a</p><iframe src="https://evil.example"><p>b</p>`, want: "<p>a</p>"},
	{name: "uppercase iframe", in: `<IFRAME SRC="https://evil.example"></IFRAME><p>a</p>`, want: "<p>a</p>"},
	{name: "embed and object", in: `<embed src="https://www.youtube.com/v/` + ytID + `"><object data="https://vimeo.com/1"></object>`,
		want: ""},
}

func TestSanitizeStripsWhatIsNotAllowed(t *testing.T) { runSanitize(t, strippedCases) }
func TestSanitizeLinks(t *testing.T)                  { runSanitize(t, linkCases) }
func TestSanitizeFigures(t *testing.T)                { runSanitize(t, figureCases) }
func TestSanitizeImages(t *testing.T)                 { runSanitize(t, imageCases) }
func TestSanitizeTables(t *testing.T)                 { runSanitize(t, tableCases) }
func TestSanitizeCode(t *testing.T)                   { runSanitize(t, codeCases) }
func TestSanitizeText(t *testing.T)                   { runSanitize(t, textCases) }
func TestSanitizeEmbeds(t *testing.T)                 { runSanitize(t, embedCases) }

// Sanitising sanitised HTML changes nothing, so a post saved again (or
// the editor's round trip) keeps its bytes.
func TestSanitizeIsIdempotent(t *testing.T) {
	for _, cases := range [][]sanitizeCase{strippedCases, linkCases, figureCases, imageCases, tableCases, codeCases, textCases, embedCases} {
		for _, tt := range cases {
			once := Sanitize(tt.in)
			if twice := Sanitize(once); twice != once {
				t.Errorf("%s: Sanitize twice =\n%q, once =\n%q", tt.name, twice, once)
			}
		}
	}
}

// Every origin a stored embed points at is one the pages' CSP frames.
func TestEmbedOriginsCoverEmbeds(t *testing.T) {
	for _, src := range []string{"https://youtu.be/" + ytID, "https://vimeo.com/76979871"} {
		e, ok := parseEmbed(src)
		if !ok {
			t.Fatalf("parseEmbed(%q) refused", src)
		}
		found := false
		for _, o := range EmbedOrigins {
			found = found || strings.HasPrefix(e.src, o+"/")
		}
		if !found {
			t.Errorf("%s plays from %s, not in EmbedOrigins %v", src, e.src, EmbedOrigins)
		}
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
