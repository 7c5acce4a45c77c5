package blog

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/store"
)

func TestCheckLinks(t *testing.T) {
	many := make([]store.SocialLink, MaxSocialLinks+1)
	for i := range many {
		many[i] = store.SocialLink{Network: "website", URL: "https://example.com"}
	}
	for _, tt := range []struct {
		name string
		in   []store.SocialLink
		ok   bool
	}{
		{"none", nil, true},
		{"https", []store.SocialLink{{Network: "x", URL: "https://x.com/olivia"}, {Network: "mastodon", URL: " https://mastodon.social/@o "}}, true},
		{"eight", many[:MaxSocialLinks], true},
		{"nine", many, false},
		{"http", []store.SocialLink{{Network: "x", URL: "http://x.com/olivia"}}, false},
		{"javascript", []store.SocialLink{{Network: "website", URL: "javascript:alert(1)"}}, false},
		{"data", []store.SocialLink{{Network: "website", URL: "data:text/html,hi"}}, false},
		{"no host", []store.SocialLink{{Network: "website", URL: "https:///path"}}, false},
		{"credentials", []store.SocialLink{{Network: "website", URL: "https://user:pw@example.com"}}, false},
		{"space", []store.SocialLink{{Network: "website", URL: "https://exa mple.com"}}, false},
		{"too long", []store.SocialLink{{Network: "website", URL: "https://example.com/" + strings.Repeat("a", MaxLinkURL)}}, false},
		{"unknown network", []store.SocialLink{{Network: "myspace", URL: "https://myspace.com/o"}}, false},
		{"empty network", []store.SocialLink{{Network: "", URL: "https://example.com"}}, false},
		{"empty url", []store.SocialLink{{Network: "x", URL: ""}}, false},
	} {
		got, err := CheckLinks(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("%s: err %v, want ok=%v", tt.name, err, tt.ok)
		}
		if err == nil && len(got) != len(tt.in) {
			t.Errorf("%s: %d links kept of %d", tt.name, len(got), len(tt.in))
		}
	}
}

func TestWhiteLabel(t *testing.T) {
	for _, tt := range []struct {
		slug, tier string
		want       bool
	}{
		{"olivia", store.PlanStarter, false},
		{"olivia", store.PlanProfessional, false},
		{"olivia", store.PlanAgency, true},
		{"olivia", store.PlanAdmin, false},
		{"site", store.PlanAgency, false}, // the platform's own blog
	} {
		if got := WhiteLabel(&store.Workspace{Slug: tt.slug, PlanTier: tt.tier}, "site"); got != tt.want {
			t.Errorf("%s on %s: %v, want %v", tt.slug, tt.tier, got, tt.want)
		}
	}
}
