package content

import (
	"reflect"
	"testing"
)

func TestBlocks(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", []string{}},
		{"whitespace only", " \n\n \t", []string{}},
		{"no blank lines", "<h2>A</h2><p>b</p><p>c</p>",
			[]string{"<h2>A</h2>", "<p>b</p>", "<p>c</p>"}},
		{"blank lines between elements", "<p>a</p>\n\n<p>b</p>\n",
			[]string{"<p>a</p>", "<p>b</p>"}},
		{"nested subtree is one block", "<ul><li><p>x</p></li><li>y</li></ul><p>z</p>",
			[]string{"<ul><li><p>x</p></li><li>y</li></ul>", "<p>z</p>"}},
		{"same tag nested", "<div><div>a</div></div><p>b</p>",
			[]string{"<div><div>a</div></div>", "<p>b</p>"}},
		{"plain text split on blank lines", "First para.\n\nSecond para.\n  \nThird.",
			[]string{"First para.", "Second para.", "Third."}},
		{"single newline stays in block", "line one\nline two\n\nnext",
			[]string{"line one\nline two", "next"}},
		{"inline run with text", "Intro with <strong>bold</strong> word.\n\n<p>Para</p>",
			[]string{"Intro with <strong>bold</strong> word.", "<p>Para</p>"}},
		{"top level image alone", "<p>a</p>\n<img src=\"/x.png\">\n<p>b</p>",
			[]string{"<p>a</p>", "<img src=\"/x.png\">", "<p>b</p>"}},
		{"void block elements", "<p>a</p><hr><p>b</p>", []string{"<p>a</p>", "<hr>", "<p>b</p>"}},
		{"self closing", "<p>a</p><hr/><br/>", []string{"<p>a</p>", "<hr/>", "<br/>"}},
		{"implied paragraph end", "<p>one<p>two<h2>three</h2>",
			[]string{"<p>one", "<p>two", "<h2>three</h2>"}},
		{"unclosed runs to end", "<p>a</p><div>b<p>c", []string{"<p>a</p>", "<div>b<p>c"}},
		{"stray end tag ignored", "</div><p>a</p></span>", []string{"<p>a</p>"}},
		{"comments outside blocks", "<!-- c --><p>a</p><!-- d -->", []string{"<p>a</p>"}},
		{"text between elements", "<p>a</p>loose text<p>b</p>", []string{"<p>a</p>", "loose text", "<p>b</p>"}},
		{"script content is raw", "<p>a</p><script>if (a < b) { x = '</p>' }</script>",
			[]string{"<p>a</p>", "<script>if (a < b) { x = '</p>' }</script>"}},
		{"crlf", "<p>a</p>\r\n\r\n<p>b</p>", []string{"<p>a</p>", "<p>b</p>"}},
		{"uppercase tags", "<P>a</P><H2>b</H2>", []string{"<P>a</P>", "<H2>b</H2>"}},
		{"unicode text", "Crème\n\nbrûlée", []string{"Crème", "brûlée"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Blocks(tt.in)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Blocks(%q) =\n%q\nwant\n%q", tt.in, got, tt.want)
			}
		})
	}
}
