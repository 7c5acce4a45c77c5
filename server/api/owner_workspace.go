package api

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/site"
	"github.com/inkpress/inkpress/store"
)

var errWorkspaceNotFound = Errorf(http.StatusNotFound, "workspace_not_found", "Workspace not found")

// ownerWorkspace returns the signed-in caller and their workspace. Every
// owner endpoint goes through it, so ids in a request are only ever looked
// up inside this workspace. With create, a user without a workspace gets
// one named after the e-mail's local part (seed section 4).
func (h *Handler) ownerWorkspace(r *http.Request, create bool) (*caller, *store.Workspace, error) {
	c, err := requireUser(r)
	if err != nil {
		return nil, nil, err
	}
	ctx := r.Context()
	ws, err := h.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &c.user.ID})
	if errors.Is(err, store.ErrNotFound) && create {
		ws, err = h.createWorkspaceFor(ctx, c)
	}
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, errWorkspaceNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	return c, ws, nil
}

func (h *Handler) createWorkspaceFor(ctx context.Context, c *caller) (*store.Workspace, error) {
	local, _, _ := strings.Cut(c.user.Email, "@")
	if local == "" {
		local = "blog"
	}
	now := time.Now()
	posts, images := plan.Limits(store.PlanStarter, now, now, c.isAdmin)
	ws, err := h.Store.CreateWorkspace(ctx, store.CreateWorkspace{UserID: c.user.ID, Name: local,
		Slug: content.Slugify(local), PlanTier: store.PlanStarter, Month: plan.Month(now), Posts: posts, Images: images})
	if errors.Is(err, store.ErrConflict) {
		// A concurrent request created it first.
		return h.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &c.user.ID})
	}
	return ws, err
}

// ownerBlog is the workspace's public blog, for canonical post URLs.
func (h *Handler) ownerBlog(ws *store.Workspace) *site.Blog {
	b := &site.Blog{Workspace: ws, Origin: h.Config.BaseURL}
	if ws.Slug != h.Config.SiteWorkspace {
		b.Prefix = "/blog/" + ws.Slug
	}
	return b
}

func (h *Handler) settingsOf(ctx context.Context, ws *store.Workspace) (*store.Settings, error) {
	set, err := h.Store.GetSettings(ctx, ws.ID)
	if errors.Is(err, store.ErrNotFound) {
		return store.DefaultSettings(ws.ID, ws.Name), nil
	}
	return set, err
}

// changed drops the workspace's cached public pages and blog lookups.
func (h *Handler) changed(ws *store.Workspace) {
	h.Cache.Invalidate(ws.ID)
	h.Site.Forget()
}

type usageJSON struct {
	Month           string `json:"month"`
	PostsGenerated  int    `json:"postsGenerated"`
	PostsLimit      int    `json:"postsLimit"`
	ImagesGenerated int    `json:"imagesGenerated"`
	ImagesLimit     int    `json:"imagesLimit"`
	Trial           bool   `json:"trial"`
	Unlimited       bool   `json:"unlimited"`
}

func toUsageJSON(u *store.Usage, ws *store.Workspace, isAdmin bool, now time.Time) usageJSON {
	unlimited := u.PostsLimit >= plan.Unlimited
	return usageJSON{Month: u.Month, PostsGenerated: u.PostsGenerated, PostsLimit: u.PostsLimit,
		ImagesGenerated: u.ImagesGenerated, ImagesLimit: u.ImagesLimit,
		Trial: !isAdmin && !unlimited && plan.InTrial(ws.PlanTier, ws.CreatedAt, now), Unlimited: unlimited}
}

func (h *Handler) getWorkspace(w http.ResponseWriter, r *http.Request, o *owner) error {
	c, ws := o.caller, o.ws
	ctx := r.Context()
	set, err := h.settingsOf(ctx, ws)
	if err != nil {
		return err
	}
	now := time.Now()
	u, err := generate.Usage(ctx, h.Store, ws, c.isAdmin, now)
	if err != nil {
		return err
	}
	p := plan.Get(ws.PlanTier)
	if c.isAdmin {
		p = plan.Get(store.PlanAdmin)
	}
	b := h.ownerBlog(ws)
	return WriteJSON(w, http.StatusOK, map[string]any{
		"workspace": toWorkspaceJSON(ws), "settings": toSettingsJSON(set), "usage": toUsageJSON(u, ws, c.isAdmin, now),
		"plan": p, "blogUrl": b.URL(b.Prefix), "rssUrl": b.URL(b.Prefix + "/feed.xml"),
	})
}

// Settings choices (seed section 9): templates, and the fonts offered by
// onboarding and by the dashboard.
var (
	templateIDs  = []string{"template-1", "template-2", "template-3"}
	fontFamilies = []string{"Inter", "Playfair Display", "Montserrat", "Merriweather", "Lato", "Roboto", "Open Sans", "Lora"}
	colorRE      = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
)

const (
	maxBlogTitle       = 120
	maxBlogDescription = 500
)

type settingsInput struct {
	BlogTitle       string `json:"blogTitle"`
	BlogDescription string `json:"blogDescription"`
	TemplateID      string `json:"templateId"`
	PrimaryColor    string `json:"primaryColor"`
	FontFamily      string `json:"fontFamily"`
}

// apply validates in onto set; empty choices keep the current value.
func (in *settingsInput) apply(set *store.Settings) error {
	title := strings.TrimSpace(in.BlogTitle)
	desc := strings.TrimSpace(in.BlogDescription)
	switch {
	case title == "":
		return Errorf(http.StatusBadRequest, "validation", "Please enter a blog name")
	case utf8.RuneCountInString(title) > maxBlogTitle:
		return Errorf(http.StatusBadRequest, "validation", "The blog name must be at most %d characters", maxBlogTitle)
	case utf8.RuneCountInString(desc) > maxBlogDescription:
		return Errorf(http.StatusBadRequest, "validation", "The blog description must be at most %d characters", maxBlogDescription)
	case in.TemplateID != "" && !slices.Contains(templateIDs, in.TemplateID):
		return Errorf(http.StatusBadRequest, "validation", "Please choose the Modern, Classic or Minimal template")
	case in.PrimaryColor != "" && !colorRE.MatchString(in.PrimaryColor):
		return Errorf(http.StatusBadRequest, "validation", "The colour must be a hex colour like #6366f1")
	case in.FontFamily != "" && !slices.Contains(fontFamilies, in.FontFamily):
		return Errorf(http.StatusBadRequest, "validation", "Please choose one of the offered fonts")
	}
	set.BlogTitle, set.BlogDescription = title, desc
	if in.TemplateID != "" {
		set.TemplateID = in.TemplateID
	}
	if in.PrimaryColor != "" {
		set.PrimaryColor = strings.ToLower(in.PrimaryColor)
	}
	if in.FontFamily != "" {
		set.FontFamily = in.FontFamily
	}
	return nil
}

func (h *Handler) putSettings(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	var in settingsInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	set, err := h.settingsOf(r.Context(), ws)
	if err == nil {
		err = in.apply(set)
	}
	if err == nil {
		err = h.Store.UpdateSettings(r.Context(), set)
	}
	if err != nil {
		return err
	}
	h.changed(ws)
	return WriteJSON(w, http.StatusOK, map[string]any{"settings": toSettingsJSON(set)})
}
