package content

import (
	"strings"
	"testing"
)

func TestSlugify(t *testing.T) {
	long := strings.Repeat("word ", 30) // 150 chars of "word-word-..."
	tests := []struct {
		name, in, want string
	}{
		{"simple", "Hello World", "hello-world"},
		{"punctuation runs", "  10 Tips -- for   Keto!!! ", "10-tips-for-keto"},
		{"apostrophe", "Don't Stop", "don-t-stop"},
		{"edge dashes", "---Hello---", "hello"},
		{"accents", "Café Crème Brûlée", "cafe-creme-brulee"},
		{"special letters", "Straße Ærø Łódź", "strasse-aero-lodz"},
		{"uppercase accent", "ÉCOLE", "ecole"},
		{"russian", "Как вести блог в 2026 году", "kak-vesti-blog-v-2026-godu"},
		{"russian letters with marks", "Ёжик и йогурт", "ezhik-i-yogurt"},
		{"russian signs vanish", "Объявление: подъезд, соль", "obyavlenie-podezd-sol"},
		{"russian sounds", "Щука, цапля, чай, шум, хлеб, юла, яма, эхо, сыр", "shchuka-tsaplya-chay-shum-khleb-yula-yama-ekho-syr"},
		{"ukrainian", "Київ, Ґанок, Європа, іній", "kiyiv-ganok-yevropa-iniy"},
		{"cyrillic upper case", "БЛОГ ПРО ЇЖУ", "blog-pro-yizhu"},
		{"decomposed input", "й", "y"},
		{"greek", "Ελληνικά νέα", "ellinika-nea"},
		{"greek upper case and digraphs", "ΘΕΑΤΡΟ ψυχή χορός", "theatro-psychi-choros"},
		{"greek final sigma", "λόγος", "logos"},
		{"latin and cyrillic", "SEO для блога", "seo-dlya-bloga"},
		{"japanese", "日本語", "post-77710aed"},
		{"japanese with spacing", "  日本語 ", "post-77710aed"},
		{"chinese", "如何写博客", "post-" + hashOf("如何写博客")},
		{"arabic", "كيف تكتب مدونة", "post-" + hashOf("كيف تكتب مدونة")},
		{"hindi", "ब्लॉग कैसे लिखें", "post-" + hashOf("ब्लॉग कैसे लिखें")},
		{"cjk with digits only", "東京 2026", "post-" + hashOf("東京 2026")},
		{"non latin mixed", "Go 言語 Tips", "go-tips"},
		{"empty", "", "post"},
		{"only symbols", "!!! ???", "post"},
		{"digits", "2025: Year in Review", "2025-year-in-review"},
		{"emoji", "Fitness 💪 Goals", "fitness-goals"},
		{"cap at dash", long, strings.TrimSuffix(strings.Repeat("word-", 16), "-")},
		{"cap exact boundary", strings.Repeat("a", 80) + " tail", strings.Repeat("a", 80)},
		{"cap no dash", strings.Repeat("x", 120), strings.Repeat("x", 80)},
		{"workspace name", "Jane's Blog", "jane-s-blog"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Slugify(tt.in)
			if got != tt.want {
				t.Errorf("Slugify(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if !ValidSlug(got) || len(got) > MaxSlugLen {
				t.Errorf("Slugify(%q) = %q is not a valid slug", tt.in, got)
			}
		})
	}
}

// hashOf is the hash part of the slug of a title Slugify cannot spell.
func hashOf(title string) string { return strings.TrimPrefix(hashSlug(title), "post-") }

// Titles in scripts without a transliteration get slugs of their own, the
// same each time.
func TestSlugifyUnspellableTitlesDiffer(t *testing.T) {
	titles := []string{"日本語", "日本語の本", "中文博客", "كيف تكتب مدونة", "ब्लॉग", "한국어 블로그"}
	seen := map[string]string{}
	for _, title := range titles {
		slug := Slugify(title)
		if len(slug) != len("post-")+8 || !strings.HasPrefix(slug, "post-") || !ValidSlug(slug) || Slugify(title) != slug {
			t.Errorf("Slugify(%q) = %q", title, slug)
		}
		if other, ok := seen[slug]; ok {
			t.Errorf("%q and %q share the slug %q", title, other, slug)
		}
		seen[slug] = title
	}
}

func TestCategorySlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Marketing", "marketing"},
		{"Health & Wellness", "health-wellness"},
		{"Food & Cooking", "food-cooking"},
		{"Personal Development", "personal-development"},
		{"  Spaced   Out  ", "spaced-out"},
		{"C++ / Go", "c-go"},
		{"Café", "caf"},
		{"pre-built--kits", "pre-built-kits"},
		{"-edge-", "edge"},
		{"!!!", ""},
		{"", ""},
		{"Tab\tand\nnewline", "tab-and-newline"},
	}
	for _, tt := range tests {
		if got := CategorySlug(tt.in); got != tt.want {
			t.Errorf("CategorySlug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestValidSlug(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"hello", true},
		{"hello-world-2", true},
		{"a", true},
		{"123", true},
		{strings.Repeat("a", 100), true},
		{strings.Repeat("a", 101), false},
		{"", false},
		{"-hello", false},
		{"hello-", false},
		{"hello--world", false},
		{"Hello", false},
		{"hello_world", false},
		{"héllo", false},
		{"hello world", false},
		{"../etc", false},
		{"-", false},
	}
	for _, tt := range tests {
		if got := ValidSlug(tt.in); got != tt.want {
			t.Errorf("ValidSlug(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
