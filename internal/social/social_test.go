package social

import (
	"strings"
	"testing"
)

func TestLabel(t *testing.T) {
	for id, want := range map[string]string{"x": "X", "linkedin": "LinkedIn", "github": "GitHub", "website": "Website",
		"myspace": "Website", "": "Website"} {
		if got := Label(id); got != want {
			t.Errorf("Label(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestShareAndCompose(t *testing.T) {
	const page, title = "https://inkpress.dev/keto/a b", "Fat & Fit"
	for _, tt := range []struct{ id, share, compose string }{
		{"x", "https://twitter.com/intent/tweet?url=https%3A%2F%2Finkpress.dev%2Fketo%2Fa%20b&text=Fat%20%26%20Fit",
			"https://twitter.com/intent/tweet?text=Fat%20%26%20Fit"},
		{"linkedin", "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Finkpress.dev%2Fketo%2Fa%20b", ""},
		{"facebook", "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Finkpress.dev%2Fketo%2Fa%20b", ""},
		{"instagram", "", ""},
		{"myspace", "", ""},
	} {
		if got := ShareURL(tt.id, page, title); got != tt.share {
			t.Errorf("ShareURL(%q) = %q, want %q", tt.id, got, tt.share)
		}
		if got := ComposeURL(tt.id, title); got != tt.compose {
			t.Errorf("ComposeURL(%q) = %q, want %q", tt.id, got, tt.compose)
		}
	}
}

func TestEncodeURIComponent(t *testing.T) {
	for in, want := range map[string]string{
		"abc-_.!~*'()": "abc-_.!~*'()",
		"a b&c=d/e?f#": "a%20b%26c%3Dd%2Fe%3Ff%23",
		"café {url}":   "caf%C3%A9%20%7Burl%7D",
	} {
		if got := encodeURIComponent(in); got != want {
			t.Errorf("encodeURIComponent(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidLink(t *testing.T) {
	for _, tt := range []struct {
		url  string
		want bool
	}{
		{"https://x.com/olivia", true},
		{"https://mastodon.social/@olivia", true},
		{"HTTPS://x.com/olivia", true},
		{"http://x.com/olivia", false},
		{"javascript:alert(1)", false},
		{"data:text/html,hi", false},
		{"//x.com/olivia", false},
		{"x.com/olivia", false},
		{"https://", false},
		{"https:///olivia", false},
		{"https://user:pw@x.com", false},
		{"https://user@x.com", false},
		{"https://x.com/a b", false},
		{" https://x.com", false},
		{"https://x.com/\t", false},
		{"https://.x.com", false},
		{"https://x.com:8443/me", true},
		{"https://x.com:99999/me", false},
		{"https://x.com/%zz", false},
		{"", false},
		{"https://x.com/" + strings.Repeat("a", MaxLinkURL-14), true},
		{"https://x.com/" + strings.Repeat("a", MaxLinkURL-13), false},
	} {
		if got := ValidLink(tt.url); got != tt.want {
			t.Errorf("ValidLink(%.40q) = %v, want %v", tt.url, got, tt.want)
		}
	}
}

func TestNetworks(t *testing.T) {
	if Networks[0].ID != Website {
		t.Errorf("the first network is %q, not %q", Networks[0].ID, Website)
	}
	seen := map[string]bool{}
	for _, n := range Networks {
		if seen[n.ID] || n.ID == "" || n.Label == "" || n.ID != strings.ToLower(n.ID) {
			t.Errorf("network %+v: unnamed, not lower case or listed twice", n)
		}
		seen[n.ID] = true
		if n.Share != "" && (!strings.HasPrefix(n.Share, "https://") || !strings.Contains(n.Share, "{url}")) {
			t.Errorf("%s: share page %q does not take the {url} over https", n.ID, n.Share)
		}
		if n.Compose != "" && (!strings.HasPrefix(n.Compose, "https://") || !strings.Contains(n.Compose, "{text}")) {
			t.Errorf("%s: compose page %q does not take the {text} over https", n.ID, n.Compose)
		}
	}
}
