package blog

import (
	"strings"
	"testing"
)

func TestCheckAddress(t *testing.T) {
	invalid := "A blog address may only hold lowercase letters, numbers and single dashes, from 2 to 60 characters"
	for _, tc := range []struct{ in, want string }{
		{"quiet-desk", ""},
		{"q2", ""},
		{strings.Repeat("a", 60), ""},
		{"", "Please enter a blog address"},
		{"q", invalid},
		{strings.Repeat("a", 61), invalid},
		{"Quiet-Desk", invalid}, // NormalizeAddress lowers the case first
		{"quiet--desk", invalid},
		{"-quiet", invalid},
		{"quiet desk", invalid},
		{"café", invalid},
		{"admin", `The address "admin" is reserved: please choose another one`},
		{"www", `The address "www" is reserved: please choose another one`},
		{"admin-desk", ""},
	} {
		err := CheckAddress(tc.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckAddress(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := NormalizeAddress("  Quiet-Desk "); got != "quiet-desk" {
		t.Errorf("NormalizeAddress = %q", got)
	}
}

func TestAddressFromName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"The Quiet Desk", "the-quiet-desk"},
		{"Jane Doe's Blog", "jane-doe-s-blog"},
		{"Café Crème", "cafe-creme"},
		{"Admin", "admin-blog"},
		{"Blog", "my-blog"},
		{"!!!", "my-blog"},
		{"東京", "my-blog"},
		{"A", "my-blog"},
		{"Post Office", "post-office"},
		{strings.Repeat("word ", 20), strings.TrimSuffix(strings.Repeat("word-", 11), "-")},
	} {
		got := AddressFromName(tc.in)
		if got != tc.want {
			t.Errorf("AddressFromName(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if err := CheckAddress(got); err != nil {
			t.Errorf("AddressFromName(%q) = %q is refused: %v", tc.in, got, err)
		}
		if len(got) > MaxAddress-4 {
			t.Errorf("AddressFromName(%q) = %q leaves no room for a suffix", tc.in, got)
		}
	}
}
