// Package plan is the one table of plans: prices, monthly limits and category
// caps. The server enforces it and the landing page renders it, so the two
// can never differ.
package plan

import (
	"time"

	"github.com/inkpress/inkpress/store"
)

// Plan is one tier.
type Plan struct {
	ID             string   `json:"id"`
	Name           string   `json:"name"`
	BetaPrice      int      `json:"betaPrice"`
	RegularPrice   int      `json:"regularPrice"`
	PostsPerMonth  int      `json:"postsPerMonth"`
	ImagesPerMonth int      `json:"imagesPerMonth"`
	MaxCategories  int      `json:"maxCategories"` // 0 = unlimited
	Features       []string `json:"features"`
}

// Unlimited is the admin limit, shown as infinity.
const Unlimited = 999999

// Trial terms of a new workspace.
const (
	TrialDays   = 14
	TrialPosts  = 10
	TrialImages = 10
)

// MaxMediaItems is the media-library cap per workspace.
const MaxMediaItems = 40

// MaxUploadBytes caps every image upload (5 MiB).
const MaxUploadBytes = 5 * 1024 * 1024

var plans = []Plan{
	{ID: store.PlanStarter, Name: "Starter", BetaPrice: 15, RegularPrice: 29, PostsPerMonth: 30, ImagesPerMonth: 30, MaxCategories: 4,
		Features: []string{"1 blog", "Up to 4 categories", "3 templates", "RSS feeds for social schedulers", "Up to 3 banner ads per post"}},
	{ID: store.PlanProfessional, Name: "Professional", BetaPrice: 40, RegularPrice: 79, PostsPerMonth: 100, ImagesPerMonth: 100,
		Features: []string{"1 blog", "Unlimited categories", "All templates", "Custom domain", "Priority support"}},
	{ID: store.PlanAgency, Name: "Agency", BetaPrice: 100, RegularPrice: 199, PostsPerMonth: 500, ImagesPerMonth: 500,
		Features: []string{"Up to 5 blogs", "Unlimited categories", "Custom CSS", "White-label", "API access"}},
}

var admin = Plan{ID: store.PlanAdmin, Name: "Admin", PostsPerMonth: Unlimited, ImagesPerMonth: Unlimited,
	Features: []string{"Unlimited access"}}

// Public returns the plans offered for sale, in price order.
func Public() []Plan { return append([]Plan(nil), plans...) }

// Get returns the plan of a tier; unknown tiers fall back to starter.
func Get(tier string) Plan {
	if tier == store.PlanAdmin {
		return admin
	}
	for _, p := range plans {
		if p.ID == tier {
			return p
		}
	}
	return plans[0]
}

// Valid reports whether tier names a plan an admin may assign.
func Valid(tier string) bool {
	switch tier {
	case store.PlanStarter, store.PlanProfessional, store.PlanAgency, store.PlanAdmin:
		return true
	}
	return false
}

// Limits returns the monthly (posts, images) limits of a workspace at now:
// the trial's 10/10 during the first 14 days of a starter workspace, else the
// plan's. Admin users and the admin tier are unlimited.
func Limits(tier string, created, now time.Time, isAdmin bool) (posts, images int) {
	if isAdmin || tier == store.PlanAdmin {
		return Unlimited, Unlimited
	}
	if InTrial(tier, created, now) {
		return TrialPosts, TrialImages
	}
	p := Get(tier)
	return p.PostsPerMonth, p.ImagesPerMonth
}

// InTrial reports whether a starter workspace is still in its free trial.
func InTrial(tier string, created, now time.Time) bool {
	return tier == store.PlanStarter && now.Before(created.Add(TrialDays*24*time.Hour))
}

// Month returns the usage month key of t: "YYYY-MM-01" (UTC).
func Month(t time.Time) string { return t.UTC().Format("2006-01") + "-01" }
