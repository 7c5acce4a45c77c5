package api

import (
	"encoding/json"

	"github.com/inkpress/inkpress/internal/palette"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

func toUserJSON(u *store.User) *contract.User {
	return &contract.User{ID: u.ID, Email: u.Email, Name: u.Name}
}

func toWorkspaceJSON(w *store.Workspace) contract.Workspace {
	return contract.Workspace{ID: w.ID, Name: w.Name, Slug: w.Slug, PlanTier: contract.PlanTier(w.PlanTier), Status: w.Status,
		CustomDomain: w.CustomDomain, CreatedAt: w.CreatedAt}
}

func toSettingsJSON(s *store.Settings) contract.Settings {
	return contract.Settings{BlogTitle: s.BlogTitle, BlogDescription: s.BlogDescription, TemplateID: contract.TemplateID(s.TemplateID),
		PrimaryColor: s.PrimaryColor, FontFamily: s.FontFamily, OnboardingCompleted: s.OnboardingCompleted, ReviewAIPosts: s.ReviewAIPosts,
		BrandVoice: s.BrandVoice, Language: contract.Language(s.Language), DefaultTone: contract.Tone(s.DefaultTone),
		DefaultLength: contract.Length(s.DefaultLength), NewsletterEnabled: s.NewsletterEnabled, NewsletterFullText: s.NewsletterFullText,
		ReplyTo: s.ReplyTo}
}

// toPublicSettingsJSON is the settings a reader may see: the brand voice
// is the owner's note to the AI, not part of the blog.
func toPublicSettingsJSON(s *store.Settings) contract.Settings {
	out := toSettingsJSON(s)
	out.BrandVoice = ""
	out.NewsletterEnabled, out.NewsletterFullText, out.ReplyTo = false, false, "" // the owner's choices
	return out
}

func toCategoryJSON(c *store.Category) contract.Category {
	g := c.Gradient
	if g == "" {
		g = palette.Gradient(c.ColorHex)
	}
	return contract.Category{ID: c.ID, Name: c.Name, Slug: c.Slug, Description: c.Description, ColorHex: c.ColorHex,
		Gradient: g, PostCount: c.PostCount, PlannedCount: c.PlannedCount}
}

func toCategoriesJSON(cs []*store.Category) []contract.Category {
	out := make([]contract.Category, len(cs))
	for i, c := range cs {
		out[i] = toCategoryJSON(c)
	}
	return out
}

func toBanners(bs []store.Banner) []contract.Banner {
	if bs == nil {
		return nil
	}
	out := make([]contract.Banner, len(bs))
	for i, b := range bs {
		out[i] = contract.Banner(b)
	}
	return out
}

// toJobJSON shows a job to its owner: the topic it was asked for, and
// nulls for what has not happened yet.
func toJobJSON(j *store.Job) contract.Job {
	var req struct{ Topic string }
	_ = json.Unmarshal([]byte(j.Input), &req)
	out := contract.Job{ID: j.ID, Kind: j.Kind, Status: contract.JobStatus(j.Status), Topic: req.Topic, Error: j.Error,
		ImageError: j.ImageError, CreatedAt: j.CreatedAt}
	if j.Stage != "" && j.Status == store.JobRunning {
		out.Stage = store.Ptr(contract.JobStage(j.Stage))
	}
	if j.PostID != 0 {
		out.PostID = &j.PostID
	}
	if !j.StartedAt.IsZero() {
		out.StartedAt = &j.StartedAt
	}
	if !j.FinishedAt.IsZero() {
		out.FinishedAt = &j.FinishedAt
	}
	return out
}
