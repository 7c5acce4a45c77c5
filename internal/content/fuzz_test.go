package content

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzBlocks checks that block spans stay ordered and in bounds for any
// input, and that InsertBanners only ever adds banner markup.
func FuzzBlocks(f *testing.F) {
	for _, s := range []string{
		"", "<p>a</p>\n\n<p>b</p>", "<p>one<p>two", "text\n\n<b>x</b>\n\nmore",
		"<ul><li>a</ul></li>", "</div><div><div>", "<script>a</p></script>", "<!--x",
		"<p>1</p><p>2</p><p>3</p><p>4</p><p>5</p><p>6</p><p>7</p>",
	} {
		f.Add(s)
	}
	banner := Banner{ImageURL: "/b.png", LinkURL: "https://ads.example/"}
	markup := "\n" + BannerHTML(banner)
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		for _, sp := range blockSpans(s) {
			if sp.start < prev || sp.end <= sp.start || sp.end > len(s) {
				t.Fatalf("bad span %+v after %d in %q", sp, prev, s)
			}
			prev = sp.end
		}
		out := InsertBanners(s, []Banner{banner, banner, banner})
		if strings.Replace(out, markup, "", -1) != s && !strings.Contains(s, markup) {
			t.Fatalf("InsertBanners changed the body of %q:\n%q", s, out)
		}
	})
}

// FuzzSlugify checks that every slug is valid and short enough.
func FuzzSlugify(f *testing.F) {
	for _, s := range []string{"", "Hello World", "Café -- Crème", "日本語", strings.Repeat("ab ", 50)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		slug := Slugify(s)
		if !ValidSlug(slug) || len(slug) > MaxSlugLen {
			t.Fatalf("Slugify(%q) = %q", s, slug)
		}
		// CategorySlug has no length cap; any non-empty result must be valid.
		if c := CategorySlug(s); c != "" && len(c) <= MaxValidSlugLen && !ValidSlug(c) {
			t.Fatalf("CategorySlug(%q) = %q", s, c)
		}
	})
}

// FuzzText checks that the text helpers never panic and keep their limits.
func FuzzText(f *testing.F) {
	for _, s := range []string{"", "<p>a &amp; b</p>", "<script>x", strings.Repeat("é ", 200)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n := utf8.RuneCountInString(MetaDescription(s)); n > MetaDescriptionLen+len(ellipsis) {
			t.Fatalf("MetaDescription too long (%d) for %q", n, s)
		}
		if ReadMinutes(s) < 1 {
			t.Fatal("ReadMinutes < 1")
		}
		_ = Sanitize(s)
		_ = AbsolutizeURLs(s, "https://ex.com/a/b")
	})
}

// FuzzSanitize checks that sanitising is idempotent and that every iframe
// left plays from an allowed embed origin.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{
		"", "<p>a</p>", `<a href="https://x.example/" rel="ugc me" target="_blank">x</a>`, `<a rel>x</a>`,
		`<div data-embed="youtube"><iframe src="https://youtu.be/dQw4w9WgXcQ"></iframe></div>`,
		`<iframe src="https://vimeo.com/1"/>x`, "<table><tr><td>a", `<pre><code class="language-go">x</code></pre>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := Sanitize(s)
		if twice := Sanitize(once); twice != once {
			t.Fatalf("Sanitize(%q) = %q, again %q", s, once, twice)
		}
		rest := once
		for {
			_, after, ok := strings.Cut(rest, "<iframe")
			if !ok {
				break
			}
			if !strings.HasPrefix(after, ` src="`+EmbedOrigins[0]+"/") && !strings.HasPrefix(after, ` src="`+EmbedOrigins[1]+"/") {
				t.Fatalf("Sanitize(%q) = %q frames another origin", s, once)
			}
			rest = after
		}
	})
}
