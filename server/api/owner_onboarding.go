package api

import (
	"errors"
	"net/http"

	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// maxOnboardingCategories bounds one onboarding request (the suggested ten
// plus a few custom ones); plans cap the total separately.
const maxOnboardingCategories = 30

func (h *Handler) completeOnboarding(w http.ResponseWriter, r *http.Request, o *owner) error {
	c, ws := o.caller, o.ws
	var in struct {
		settingsInput
		Categories []categoryInput `json:"categories"`
	}
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	set, err := h.settingsOf(r.Context(), ws)
	if err != nil {
		return err
	}
	if err := in.apply(set); err != nil {
		return err
	}
	if len(in.Categories) == 0 {
		return Errorf(http.StatusBadRequest, "validation", "Please select or create at least one category")
	}
	if len(in.Categories) > maxOnboardingCategories {
		return Errorf(http.StatusBadRequest, "validation", "Please choose at most %d categories", maxOnboardingCategories)
	}
	cats := make([]*store.Category, 0, len(in.Categories))
	seen := map[string]bool{}
	for _, ci := range in.Categories {
		cat, err := ci.category(true)
		if err != nil {
			return err
		}
		if !seen[cat.Slug] {
			seen[cat.Slug] = true
			cats = append(cats, cat)
		}
	}
	return h.finishOnboarding(w, r, ws, set, cats, h.maxCategories(c, ws))
}

// skipOnboarding completes setup at once (seed section 4), with a General
// category when the workspace has none.
func (h *Handler) skipOnboarding(w http.ResponseWriter, r *http.Request, o *owner) error {
	c, ws := o.caller, o.ws
	// The body is {} or empty; anything else is refused like everywhere.
	var in struct{}
	if err := decodeOptional(w, r, &in); err != nil {
		return err
	}
	ctx := r.Context()
	set, err := h.settingsOf(ctx, ws)
	if err != nil {
		return err
	}
	existing, err := h.Store.ListCategories(ctx, ws.ID)
	if err != nil {
		return err
	}
	var cats []*store.Category
	if len(existing) == 0 {
		cats = []*store.Category{{Name: "General", Slug: "general", ColorHex: defaultColor, Description: "General articles"}}
	}
	return h.finishOnboarding(w, r, ws, set, cats, h.maxCategories(c, ws))
}

// decodeOptional is Decode for endpoints whose body may be left out.
func decodeOptional(w http.ResponseWriter, r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	err := Decode(w, r, v)
	var e *Error
	if errors.As(err, &e) && e.Message == "The request body is empty" {
		return nil
	}
	return err
}

func (h *Handler) finishOnboarding(w http.ResponseWriter, r *http.Request, ws *store.Workspace, set *store.Settings,
	cats []*store.Category, max int) error {
	err := h.Store.CompleteOnboarding(r.Context(), set, cats, max)
	if errors.Is(err, store.ErrLimit) {
		err = categoryLimitError(ws, max)
	}
	if err != nil {
		return err
	}
	h.changed(ws)
	return WriteJSON(w, http.StatusOK, map[string]any{"settings": toSettingsJSON(set)})
}

// maxCategories is the caller's category cap (0: none). Admins have none.
func (h *Handler) maxCategories(c *caller, ws *store.Workspace) int {
	if c.isAdmin {
		return 0
	}
	return plan.Get(ws.PlanTier).MaxCategories
}

func categoryLimitError(ws *store.Workspace, max int) error {
	return Errorf(http.StatusForbidden, "category_limit",
		"Your %s plan allows up to %d categories. Upgrade to add more.", plan.Get(ws.PlanTier).Name, max)
}
