package content

import (
	"slices"
	"strings"
	"testing"
)

func TestSearchTerms(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"   ", nil},
		{"Keto Diet", []string{"keto", "diet"}},
		{"keto keto KETO", []string{"keto"}},
		{`" OR 1=1 --`, []string{"or", "1"}},
		{"NEAR(keto diet)", []string{"near", "keto", "diet"}},
		{"title:keto ^diet *", []string{"title", "keto", "diet"}},
		{"low-carb's", []string{"low", "carb", "s"}},
		{"Café crème", []string{"café", "crème"}},
		{"Как вести блог", []string{"как", "вести", "блог"}},
		{"東京 旅行", []string{"東京", "旅行"}},
		{"नमस्ते दुनिया", []string{"नमस्ते", "दुनिया"}},
		{"a b c d e f g h i j k l", []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}},
		{"'; DROP TABLE blog_posts; --", []string{"drop", "table", "blog", "posts"}},
		{"\x00\u200b\U0001F600", nil},
	} {
		if got := SearchTerms(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("SearchTerms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSearchTooLong(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{strings.Repeat("a", MaxSearchLen), false},
		{strings.Repeat("é", MaxSearchLen), false},
		{strings.Repeat("a", MaxSearchLen+1), true},
		{strings.Repeat("x", 10000), true},
	} {
		if got := SearchTooLong(tc.in); got != tc.want {
			t.Errorf("SearchTooLong(%d chars) = %v", len([]rune(tc.in)), got)
		}
	}
}

func TestTagSlug(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Keto", "keto"},
		{"Low Carb", "low-carb"},
		{"low-carb", "low-carb"},
		{"  SEO  tips ", "seo-tips"},
		{"Café", "cafe"},
		{"Как вести блог", "kak-vesti-blog"},
		{"C++", "c"},
		{"!!!", ""},
		{"", ""},
	} {
		if got := TagSlug(tc.in); got != tc.want {
			t.Errorf("TagSlug(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if a, b := TagSlug("東京"), TagSlug("大阪"); !strings.HasPrefix(a, "tag-") || a == b || !ValidSlug(a) {
		t.Errorf("TagSlug of CJK tags = %q, %q: want distinct valid tag-… slugs", a, b)
	}
}
