package content

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseKeywords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{" , ,, ", []string{}},
		{"seo, marketing ,  social media", []string{"seo", "marketing", "social media"}},
		{"SEO, seo, Seo, ads", []string{"SEO", "ads"}},
		{"keto,", []string{"keto"}},
		{"Crème, CRÈME", []string{"Crème"}},
	}
	for _, tt := range tests {
		if got := ParseKeywords(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseKeywords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNormalizeTags(t *testing.T) {
	many := make([]string, 15)
	for i := range many {
		many[i] = string(rune('a' + i))
	}
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"nil", nil, []string{}},
		{"clean", []string{" #SEO ", "##Marketing", "seo", "", "  ", "#"}, []string{"seo", "marketing"}},
		{"inner whitespace", []string{"Social   Media", "social media"}, []string{"social media"}},
		{"max 10", many, many[:10]},
		{"blanks do not use slots", append([]string{"", "#", " "}, many...), many[:10]},
		{"max 40 runes", []string{strings.Repeat("é", 50)}, []string{strings.Repeat("é", 40)}},
		{"dedupe after cut", []string{strings.Repeat("a", 40) + "x", strings.Repeat("a", 40) + "y"}, []string{strings.Repeat("a", 40)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NormalizeTags(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("NormalizeTags(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestNormalizeEmail(t *testing.T) {
	tests := []struct {
		in     string
		want   string
		wantOK bool
	}{
		{"user@example.com", "user@example.com", true},
		{"  User.Name+tag@Example.CO.uk ", "user.name+tag@example.co.uk", true},
		{"", "", false},
		{"plainaddress", "", false},
		{"user@localhost", "", false},
		{"user@example.", "", false},
		{"user@.example.com", "", false},
		{"Jane <jane@example.com>", "", false},
		{`"quoted"@example.com`, "", false},
		{"a@b@example.com", "", false},
		{"user @example.com", "", false},
		{"user@[192.168.0.1]", "", false},
		{"user@exa mple.com", "", false},
		{strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com", strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com", true},
		{strings.Repeat("a", 64) + "@" + strings.Repeat("b", 186) + ".com", "", false},
		{"user@example.com\n", "user@example.com", true},
		{"user@exam\nple.com", "", false},
	}
	for _, tt := range tests {
		got, ok := NormalizeEmail(tt.in)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("NormalizeEmail(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.wantOK)
		}
	}
}
