package api

import (
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
		PrimaryColor: s.PrimaryColor, FontFamily: s.FontFamily, OnboardingCompleted: s.OnboardingCompleted, ReviewAIPosts: s.ReviewAIPosts}
}

func toCategoryJSON(c *store.Category) contract.Category {
	g := c.Gradient
	if g == "" {
		g = "linear-gradient(135deg, " + c.ColorHex + ", " + c.ColorHex + "cc)"
	}
	return contract.Category{ID: c.ID, Name: c.Name, Slug: c.Slug, Description: c.Description, ColorHex: c.ColorHex,
		Gradient: g, PostCount: c.PostCount}
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
