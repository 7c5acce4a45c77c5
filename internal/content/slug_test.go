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
		{"non latin only", "日本語", "post"},
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
