package plan

import (
	"strings"
	"testing"
	"time"
)

func TestLimits(t *testing.T) {
	created := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name          string
		tier          string
		now           time.Time
		admin         bool
		posts, images int
	}{
		{"starter in trial", "starter", created.Add(13 * 24 * time.Hour), false, 10, 10},
		{"starter after trial", "starter", created.Add(15 * 24 * time.Hour), false, 30, 30},
		{"professional", "professional", created, false, 100, 100},
		{"agency", "agency", created, false, 500, 500},
		{"admin tier", "admin", created, false, Unlimited, Unlimited},
		{"admin user on starter", "starter", created, true, Unlimited, Unlimited},
		{"unknown tier is starter", "gold", created.Add(30 * 24 * time.Hour), false, 30, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, i := Limits(tt.tier, created, tt.now, tt.admin)
			if p != tt.posts || i != tt.images {
				t.Fatalf("Limits = %d/%d, want %d/%d", p, i, tt.posts, tt.images)
			}
		})
	}
}

func TestMonthAndTable(t *testing.T) {
	if got := Month(time.Date(2026, 2, 28, 23, 0, 0, 0, time.UTC)); got != "2026-02-01" {
		t.Fatalf("Month = %s", got)
	}
	if p := Get("starter"); p.MaxCategories != 4 || p.BetaPrice != 15 || p.RegularPrice != 29 {
		t.Fatalf("starter = %+v", p)
	}
	if len(Public()) != 3 || Valid("gold") || !Valid("admin") {
		t.Fatal("plan table")
	}
}

func TestFor(t *testing.T) {
	tests := []struct {
		name          string
		tier          string
		admin         bool
		id            string
		maxCategories int
		posts         int
	}{
		{"starter owner", "starter", false, "starter", 4, 30},
		{"professional owner", "professional", false, "professional", 0, 100},
		{"agency owner", "agency", false, "agency", 0, 500},
		{"admin tier", "admin", false, "admin", 0, Unlimited},
		{"admin on starter", "starter", true, "admin", 0, Unlimited},
		{"admin on agency", "agency", true, "admin", 0, Unlimited},
		{"unknown tier", "gold", false, "starter", 4, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := For(tt.tier, tt.admin)
			if p.ID != tt.id || p.MaxCategories != tt.maxCategories || p.PostsPerMonth != tt.posts {
				t.Fatalf("For(%q, %v) = %+v", tt.tier, tt.admin, p)
			}
		})
	}
}

func TestAllowanceAt(t *testing.T) {
	created := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	inTrial, after := created.Add(13*24*time.Hour), created.Add(15*24*time.Hour)
	tests := []struct {
		name      string
		tier      string
		admin     bool
		now       time.Time
		want      Allowance
		unlimited bool
	}{
		{"starter in trial", "starter", false, inTrial, Allowance{10, 10, true}, false},
		{"starter after trial", "starter", false, after, Allowance{30, 30, false}, false},
		{"professional has no trial", "professional", false, inTrial, Allowance{100, 100, false}, false},
		{"admin in trial window", "starter", true, inTrial, Allowance{Unlimited, Unlimited, false}, true},
		{"admin tier", "admin", false, inTrial, Allowance{Unlimited, Unlimited, false}, true},
		{"unknown tier has no trial", "gold", false, inTrial, Allowance{30, 30, false}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := AllowanceAt(tt.tier, tt.admin, created, tt.now)
			if got != tt.want || got.Unlimited() != tt.unlimited {
				t.Fatalf("AllowanceAt = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestFeaturesDoNotRestateLimits keeps each limit in one field: the landing
// page words posts, images and the category cap from the numbers, so a
// feature naming them would show the line twice on a plan card.
func TestFeaturesDoNotRestateLimits(t *testing.T) {
	for _, p := range append(Public(), Get("admin")) {
		seen := map[string]bool{}
		for _, f := range p.Features {
			l := strings.ToLower(f)
			for _, word := range []string{"categor", "posts", "images", "blog"} {
				if strings.Contains(l, word) {
					t.Errorf("%s: feature %q restates a limit field", p.ID, f)
				}
			}
			if seen[l] {
				t.Errorf("%s: feature %q listed twice", p.ID, f)
			}
			seen[l] = true
		}
	}
}

// Custom domains are sold on Professional and Agency; an admin has every feature.
func TestCustomDomainFeature(t *testing.T) {
	for _, tc := range []struct {
		tier  string
		admin bool
		want  bool
	}{
		{"starter", false, false},
		{"professional", false, true},
		{"agency", false, true},
		{"admin", false, true},
		{"starter", true, true},
		{"gold", false, false},
	} {
		if got := For(tc.tier, tc.admin).CustomDomain; got != tc.want {
			t.Errorf("For(%q, %v).CustomDomain = %v, want %v", tc.tier, tc.admin, got, tc.want)
		}
	}
}
