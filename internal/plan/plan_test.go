package plan

import (
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
