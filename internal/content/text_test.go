package content

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPlainText(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "just text", "just text"},
		{"paragraphs", "<p>One</p><p>Two</p>", "One Two"},
		{"inline joins", "<p>in<b>line</b> <em>text</em></p>", "inline text"},
		{"entities", "<p>Fish &amp; Chips &lt;3 &quot;yes&quot; &#39;no&#39;</p>", `Fish & Chips <3 "yes" 'no'`},
		{"nbsp collapses", "a&nbsp;&nbsp;b", "a b"},
		{"whitespace", "  <h2>\n Title\t</h2>\n\n<p>Body   text</p>  ", "Title Body text"},
		{"script dropped", "<p>a</p><script>alert('x')</script><style>p{}</style><p>b</p>", "a b"},
		{"br separates", "line<br>next", "line next"},
		{"list", "<ul><li>one</li><li>two</li></ul>", "one two"},
		{"comment dropped", "a<!-- hidden -->b", "ab"},
		{"entities without tags", "Tom &amp; Jerry", "Tom & Jerry"},
		{"unicode", "<p>Crème brûlée — ok</p>", "Crème brûlée — ok"},
		{"empty", "", ""},
		{"stray end tag", "</script>visible", "visible"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PlainText(tt.in); got != tt.want {
				t.Errorf("PlainText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestMetaDescriptionAndExcerpt(t *testing.T) {
	exact155 := strings.Repeat("a", 155)
	long := strings.Repeat("word ", 40) // 200 chars
	accented := strings.Repeat("é", 200)
	tests := []struct {
		name     string
		in       string
		wantMeta string
		wantCard string
	}{
		{"short", "<p>Short post.</p>", "Short post.", "Short post."},
		{"exactly 155", exact155, exact155, strings.Repeat("a", 150) + "..."},
		{"156", exact155 + "b", exact155 + "...", strings.Repeat("a", 150) + "..."},
		// Rune 155 of "word word ..." is a space: trimmed before the dots.
		{"space at cut", long,
			strings.TrimSpace(long[:155]) + "...",
			strings.TrimSpace(long[:150]) + "..."},
		{"runes not bytes", accented, strings.Repeat("é", 155) + "...", strings.Repeat("é", 150) + "..."},
		{"tags stripped first", "<p>" + strings.Repeat("<b>x</b>", 200) + "</p>",
			strings.Repeat("x", 155) + "...", strings.Repeat("x", 150) + "..."},
		{"empty", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MetaDescription(tt.in); got != tt.wantMeta {
				t.Errorf("MetaDescription = %q, want %q", got, tt.wantMeta)
			}
			if got := CardExcerpt(tt.in); got != tt.wantCard {
				t.Errorf("CardExcerpt = %q, want %q", got, tt.wantCard)
			}
			if n := utf8.RuneCountInString(MetaDescription(tt.in)); n > MetaDescriptionLen+len(ellipsis) {
				t.Errorf("MetaDescription too long: %d runes", n)
			}
		})
	}
}

func TestWordCountAndReadMinutes(t *testing.T) {
	words := func(n int) string { return "<p>" + strings.TrimSpace(strings.Repeat("w ", n)) + "</p>" }
	tests := []struct {
		name      string
		in        string
		wantWords int
		wantMins  int
	}{
		{"empty", "", 0, 1},
		{"one", "<p>hello</p>", 1, 1},
		{"200", words(200), 200, 1},
		{"201", words(201), 201, 2},
		{"400", words(400), 400, 2},
		{"1500", words(1500), 1500, 8},
		{"tags separate", "<h2>Title</h2><p>one two</p><ul><li>three</li></ul>", 4, 1},
		{"inline joins", "<p>in<b>line</b></p>", 1, 1},
		{"script ignored", "<p>a b</p><script>var x = 1;</script>", 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := WordCount(tt.in); got != tt.wantWords {
				t.Errorf("WordCount = %d, want %d", got, tt.wantWords)
			}
			if got := ReadMinutes(tt.in); got != tt.wantMins {
				t.Errorf("ReadMinutes = %d, want %d", got, tt.wantMins)
			}
		})
	}
}
