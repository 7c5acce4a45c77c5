package export

import (
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
)

func TestPostMarkdown(t *testing.T) {
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	cases := []struct {
		name    string
		post    store.Post
		want    []string // lines or fragments the file holds
		notWant []string
	}{
		{name: "front matter and body",
			post: store.Post{Title: `Keto: "fat" first`, Slug: "keto", Category: "keto", Status: store.PostPublished, PublishedAt: at, UpdatedAt: at,
				Tags: []string{"diet", "a: b"}, Excerpt: "Short", Content: `<h2>Start</h2><p>Eat <strong>well</strong>, see <a href="https://x.io">this</a>.</p><ul><li>one</li></ul>`},
			want: []string{"---\ntitle: \"Keto: \\\"fat\\\" first\"\n", "slug: \"keto\"\n", "date: \"2026-03-04T05:06:07Z\"\n",
				"tags: [\"diet\",\"a: b\"]\n", "---\n\n## Start\n\nEat **well**, see [this](https://x.io).\n\n- one\n"},
			notWant: []string{"<p>", "meta_title", "cover_image"}},
		{name: "draft without tags, local cover in the archive",
			post: store.Post{Title: "Draft", Slug: "d", Category: "tech", Status: store.PostDraft, Content: "<p>x</p>", CoverImageURL: "/media/3/covers/1-a.png",
				MetaTitle: "M", CoverAlt: "alt"},
			want:    []string{"status: \"draft\"\n", "tags: []\n", "cover_image: \"media/3/covers/1-a.png\"\n", "meta_title: \"M\"\n", "cover_alt: \"alt\"\n", "date: \"\"\n"},
			notWant: []string{"meta_description"}},
		{name: "a line break in a title stays in its scalar",
			post: store.Post{Title: "a\n---\nb", Slug: "s", Category: "c", Content: ""},
			want: []string{"title: \"a\\n---\\nb\"\n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pj, err := postJSON(&c.post)
			if err != nil {
				t.Fatal(err)
			}
			md := Markdown(pj)
			for _, w := range c.want {
				if !strings.Contains(md, w) {
					t.Errorf("missing %q in\n%s", w, md)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(md, w) {
					t.Errorf("unexpected %q in\n%s", w, md)
				}
			}
			if strings.Count(md, "\n---\n") != 1 || !strings.HasPrefix(md, "---\n") {
				t.Errorf("front matter not closed once:\n%s", md)
			}
		})
	}
}

func TestSegment(t *testing.T) {
	for in, want := range map[string]string{"ok-slug": "ok-slug", "a/b": "a-b", "..": "untitled", "": "untitled", `x\y`: "x-y"} {
		if got := segment(in); got != want {
			t.Errorf("segment(%q) = %q, want %q", in, got, want)
		}
	}
}
