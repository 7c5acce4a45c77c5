package pages

import (
	"slices"
	"testing"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/store"
)

func TestPostPages(t *testing.T) {
	p := &store.Post{Category: "keto", Slug: "bread", Tags: []string{"Low Carb", "!!!", "Baking"}}
	for _, c := range []struct {
		name   string
		b      *blogaddr.Blog
		root   bool
		author string
		want   []string
	}{
		{"the site's blog", &blogaddr.Blog{Origin: "http://x"}, true, "ann",
			[]string{"/keto/bread", "/", "/keto", "/posts", "/tag/low-carb", "/tag/baking", "/author/ann"}},
		{"a blog on the platform", &blogaddr.Blog{Prefix: "/blog/ann", Origin: "http://x"}, false, "",
			[]string{"/blog/ann/keto/bread", "/blog/ann", "/blog/ann/keto", "/blog/ann/tag/low-carb", "/blog/ann/tag/baking"}},
		{"a custom domain", &blogaddr.Blog{Origin: "https://ann.example", Custom: true}, false, "ann",
			[]string{"https://ann.example/keto/bread", "https://ann.example/", "https://ann.example/keto",
				"https://ann.example/tag/low-carb", "https://ann.example/tag/baking", "https://ann.example/author/ann"}},
	} {
		if got := PostPages(c.b, c.root, p, c.author); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %v\nwant %v", c.name, got, c.want)
		}
	}
}
