package api

import (
	"context"
	"time"

	"github.com/inkpress/inkpress/store"
)

type userJSON struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
}

func toUserJSON(u *store.User) *userJSON { return &userJSON{ID: u.ID, Email: u.Email, Name: u.Name} }

type workspaceJSON struct {
	ID           int64     `json:"id"`
	Name         string    `json:"name"`
	Slug         string    `json:"slug"`
	PlanTier     string    `json:"planTier"`
	Status       string    `json:"status"`
	CustomDomain string    `json:"customDomain"`
	CreatedAt    time.Time `json:"createdAt"`
}

func toWorkspaceJSON(w *store.Workspace) *workspaceJSON {
	return &workspaceJSON{ID: w.ID, Name: w.Name, Slug: w.Slug, PlanTier: w.PlanTier, Status: w.Status,
		CustomDomain: w.CustomDomain, CreatedAt: w.CreatedAt}
}

type settingsJSON struct {
	BlogTitle           string `json:"blogTitle"`
	BlogDescription     string `json:"blogDescription"`
	TemplateID          string `json:"templateId"`
	PrimaryColor        string `json:"primaryColor"`
	FontFamily          string `json:"fontFamily"`
	OnboardingCompleted bool   `json:"onboardingCompleted"`
}

func toSettingsJSON(s *store.Settings) *settingsJSON {
	return &settingsJSON{BlogTitle: s.BlogTitle, BlogDescription: s.BlogDescription, TemplateID: s.TemplateID,
		PrimaryColor: s.PrimaryColor, FontFamily: s.FontFamily, OnboardingCompleted: s.OnboardingCompleted}
}

type categoryJSON struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Slug        string `json:"slug"`
	Description string `json:"description"`
	ColorHex    string `json:"colorHex"`
	Gradient    string `json:"gradient"`
	PostCount   int    `json:"postCount"`
}

func toCategoryJSON(c *store.Category) categoryJSON {
	g := c.Gradient
	if g == "" {
		g = "linear-gradient(135deg, " + c.ColorHex + ", " + c.ColorHex + "cc)"
	}
	return categoryJSON{ID: c.ID, Name: c.Name, Slug: c.Slug, Description: c.Description, ColorHex: c.ColorHex,
		Gradient: g, PostCount: c.PostCount}
}

func toCategoriesJSON(cs []*store.Category) []categoryJSON {
	out := make([]categoryJSON, len(cs))
	for i, c := range cs {
		out[i] = toCategoryJSON(c)
	}
	return out
}

type postSummaryJSON struct {
	ID            int64     `json:"id"`
	Title         string    `json:"title"`
	Slug          string    `json:"slug"`
	Category      string    `json:"category"`
	CategoryName  string    `json:"categoryName"`
	Excerpt       string    `json:"excerpt"`
	CoverImageURL string    `json:"coverImageUrl"`
	Tags          []string  `json:"tags"`
	ReadMinutes   int       `json:"readMinutes"`
	PublishedAt   time.Time `json:"publishedAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
	ViewCount     int64     `json:"viewCount"`
	WorkspaceSlug string    `json:"workspaceSlug"`
	URL           string    `json:"url"`
}

type postJSON struct {
	postSummaryJSON
	Content         string `json:"content"`
	MetaTitle       string `json:"metaTitle"`
	MetaDescription string `json:"metaDescription"`
	CanonicalURL    string `json:"canonicalUrl"`
	// RawContent is the editable body without banners (owner views only).
	RawContent string         `json:"rawContent,omitempty"`
	Banners    []store.Banner `json:"banners,omitempty"`
}

// withCounts fills each category's post count (for the views that show it).
func (h *Handler) withCounts(ctx context.Context, wsID int64, cats []*store.Category) ([]*store.Category, error) {
	counts, err := h.Store.CountPostsByCategory(ctx, wsID)
	if err != nil {
		return nil, err
	}
	for _, c := range cats {
		c.PostCount = counts[c.Slug]
	}
	return cats, nil
}
