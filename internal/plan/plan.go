// Package plan is the one table of plans: prices, monthly limits and category
// caps. The server enforces it and the landing page renders it, so the two
// can never differ.
package plan

import (
	"time"

	"github.com/inkpress/inkpress/store"
)

// Plan is one tier. Features are what it sells beyond its numbers: the
// monthly limits, the category cap and the number of blogs are the fields
// the landing page words itself, so no feature restates them (a card would
// list the line twice).
type Plan struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	BetaPrice      int    `json:"betaPrice"`
	RegularPrice   int    `json:"regularPrice"`
	PostsPerMonth  int    `json:"postsPerMonth"`
	ImagesPerMonth int    `json:"imagesPerMonth"`
	MaxCategories  int    `json:"maxCategories"` // 0 = unlimited
	// MaxBlogs is how many blogs an account on the plan may own (0 =
	// unlimited). Each blog has the plan's monthly allowance of its own.
	MaxBlogs int `json:"maxBlogs"`
	// CustomDomain: the plan may serve its blog on a domain of its own.
	CustomDomain bool     `json:"customDomain"`
	Features     []string `json:"features"`
	// WhiteLabel hides the platform's name on the plan's blogs (no
	// "Powered by", no platform name on covers or in structured data).
	WhiteLabel bool `json:"whiteLabel"`
	// EmailsPerMonth caps the newsletter e-mails the plan's blog sends in
	// a month (one per subscriber per post); MaxSubscribers caps its list.
	EmailsPerMonth int `json:"emailsPerMonth"`
	MaxSubscribers int `json:"maxSubscribers"`
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
	{ID: store.PlanStarter, Name: "Starter", BetaPrice: 15, RegularPrice: 29, PostsPerMonth: 30, ImagesPerMonth: 30, MaxCategories: 4, MaxBlogs: 1,
		EmailsPerMonth: 5000, MaxSubscribers: 1000,
		Features: []string{"3 templates", "RSS feeds for social schedulers", "Up to 3 banner ads per post"}},
	{ID: store.PlanProfessional, Name: "Professional", BetaPrice: 40, RegularPrice: 79, PostsPerMonth: 100, ImagesPerMonth: 100, MaxBlogs: 1, CustomDomain: true,
		EmailsPerMonth: 50000, MaxSubscribers: 10000,
		Features: []string{"All templates", "Custom domain", "Priority support"}},
	{ID: store.PlanAgency, Name: "Agency", BetaPrice: 100, RegularPrice: 199, PostsPerMonth: 500, ImagesPerMonth: 500, MaxBlogs: 5, CustomDomain: true,
		EmailsPerMonth: 250000, MaxSubscribers: 50000,
		Features: []string{"Custom CSS", "White-label", "API access"}, WhiteLabel: true},
}

var admin = Plan{ID: store.PlanAdmin, Name: "Admin", PostsPerMonth: Unlimited, ImagesPerMonth: Unlimited, CustomDomain: true,
	EmailsPerMonth: Unlimited, MaxSubscribers: Unlimited,
	Features: []string{"Unlimited access"}}

// MiB is a mebibyte.
const MiB = 1 << 20

// storageQuota is each plan's media storage (library, uploads, AI covers)
// in bytes; the admin plan has none (-1).
var storageQuota = map[string]int64{
	store.PlanStarter:      200 * MiB,
	store.PlanProfessional: 1024 * MiB,
	store.PlanAgency:       5 * 1024 * MiB,
	store.PlanAdmin:        -1,
}

// StorageBytes is the plan's media storage quota in bytes; -1 is no cap.
func (p Plan) StorageBytes() int64 {
	if q, ok := storageQuota[p.ID]; ok {
		return q
	}
	return storageQuota[store.PlanStarter]
}

// PostQuota caps what a workspace's hand-written posts may store: Bytes of
// text (posts' titles, bodies and their HTML, and their revisions; -1: no
// cap) and Revisions kept per post.
type PostQuota struct {
	Bytes     int64 `json:"bytes"`
	Revisions int   `json:"revisions"`
}

// postQuota is each plan's PostQuota: room for thousands of long posts,
// and none for a script that pastes megabytes in a loop.
var postQuota = map[string]PostQuota{
	store.PlanStarter:      {Bytes: 50 * MiB, Revisions: 10},
	store.PlanProfessional: {Bytes: 250 * MiB, Revisions: 25},
	store.PlanAgency:       {Bytes: 1024 * MiB, Revisions: 50},
	store.PlanAdmin:        {Bytes: -1, Revisions: 50},
}

// Posts is the plan's PostQuota.
func (p Plan) Posts() PostQuota {
	if q, ok := postQuota[p.ID]; ok {
		return q
	}
	return postQuota[store.PlanStarter]
}

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

// For is the plan in force for a workspace of tier whose owner is (or is
// not) an admin. This is the one place that says an admin is unlimited: an
// admin's workspace runs on the admin plan (no monthly limits, no category
// cap) whatever its tier.
func For(tier string, isAdmin bool) Plan {
	if isAdmin {
		return admin
	}
	return Get(tier)
}

// Allowance is what a workspace may generate in a month.
type Allowance struct {
	Posts, Images int
	// Trial is set while a starter workspace runs on the trial's allowance.
	Trial bool
}

// Unlimited reports whether the allowance has no limit.
func (a Allowance) Unlimited() bool { return a.Posts >= Unlimited }

// AllowanceAt returns a workspace's monthly allowance at now: the trial's
// 10/10 during the first 14 days of a starter workspace, else its plan's.
func AllowanceAt(tier string, isAdmin bool, created, now time.Time) Allowance {
	p := For(tier, isAdmin)
	switch {
	case p.ID == store.PlanAdmin:
		return Allowance{Posts: Unlimited, Images: Unlimited}
	case InTrial(tier, created, now):
		return Allowance{Posts: TrialPosts, Images: TrialImages, Trial: true}
	}
	return Allowance{Posts: p.PostsPerMonth, Images: p.ImagesPerMonth}
}

// Limits returns the monthly (posts, images) limits of AllowanceAt.
func Limits(tier string, created, now time.Time, isAdmin bool) (posts, images int) {
	a := AllowanceAt(tier, isAdmin, created, now)
	return a.Posts, a.Images
}

// InTrial reports whether a starter workspace is still in its free trial.
func InTrial(tier string, created, now time.Time) bool {
	return tier == store.PlanStarter && now.Before(created.Add(TrialDays*24*time.Hour))
}

// Month returns the usage month key of t: "YYYY-MM-01" (UTC).
func Month(t time.Time) string { return t.UTC().Format("2006-01") + "-01" }
