package authors

import "testing"

func TestSlug(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"Olivia Stone", "olivia-stone"},
		{"  José  García ", "jose-garcia"},
		{"Ива́н Петров", "ivan-petrov"},
		{"!!!", "author"},
		{"Post Malone", "post-malone"},
		{"Olivia Stone Olivia Stone Olivia Stone Olivia Stone Olivia Stone Olivia", "olivia-stone-olivia-stone-olivia-stone-olivia-stone-olivia"},
	} {
		if got := Slug(tt.name); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
	if s := Slug("山田太郎"); len(s) <= len("author-") || s[:7] != "author-" {
		t.Errorf("Slug of a name without a Latin spelling = %q, want author-{hash}", s)
	}
}
