package api

import (
	"errors"
	"net/http"

	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/server/api/contract"
)

func (h *Handler) completeOnboarding(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.OnboardingInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	ob := blog.Onboarding{Settings: toSettingsInput(in.SettingsInput), Categories: make([]blog.CategoryInput, len(in.Categories)),
		Address: in.Address}
	for i, c := range in.Categories {
		ob.Categories[i] = toCategoryInput(c)
	}
	set, err := h.Blog.CompleteOnboarding(r.Context(), o.ws, o.isAdmin, ob)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.SettingsResponse{Settings: toSettingsJSON(set)})
}

// skipOnboarding completes setup at once.
func (h *Handler) skipOnboarding(w http.ResponseWriter, r *http.Request, o *owner) error {
	// The body is {} or empty; anything else is refused like everywhere.
	var in struct{}
	if err := decodeOptional(w, r, &in); err != nil {
		return err
	}
	set, err := h.Blog.SkipOnboarding(r.Context(), o.ws, o.isAdmin)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.SettingsResponse{Settings: toSettingsJSON(set)})
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
