package workspace

import (
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

func TestRecord(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	set := store.DefaultSettings(0, "Site")
	tests := []struct {
		name          string
		in            New
		tier, month   string
		posts, images int
	}{
		{"sign-up: starter in its trial", New{Name: "Jane's Blog", Slug: "jane"}, store.PlanStarter, "2026-11-01", plan.TrialPosts, plan.TrialImages},
		{"admin's first workspace is unlimited", New{UserID: 3, OwnerAdmin: true, Name: "boss", Slug: "boss"},
			store.PlanStarter, "2026-11-01", plan.Unlimited, plan.Unlimited},
		{"agency tier has no trial", New{UserID: 4, Name: "A", Slug: "a", Tier: store.PlanAgency}, store.PlanAgency, "2026-11-01", 500, 500},
		{"site workspace: no usage row", New{Name: "Site", Slug: "site", Tier: store.PlanAdmin, Settings: set, Site: true},
			store.PlanAdmin, "", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Record(tt.in, now)
			if got.UserID != tt.in.UserID || got.Name != tt.in.Name || got.Slug != tt.in.Slug || got.Settings != tt.in.Settings ||
				got.PlanTier != tt.tier || got.Month != tt.month || got.Posts != tt.posts || got.Images != tt.images {
				t.Fatalf("Record = %+v", got)
			}
		})
	}
}
