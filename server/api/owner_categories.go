package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
)

const (
	defaultColor          = "#6366f1"
	maxCategoryName       = 60
	maxCategoryDesc       = 300
	maxCategorySlugLength = 60
)

var errCategoryMissing = Errorf(http.StatusNotFound, "category_not_found", "Category not found")

// categoryInput is a category as the owner sends it (onboarding and the
// category form).
type categoryInput struct {
	Name        string `json:"name"`
	Slug        string `json:"slug"`
	Description string `json:"description"`
	ColorHex    string `json:"colorHex"`
}

// category validates the input. With deriveSlug (onboarding) a missing or
// invalid slug is made from the name by the seed's custom-category rule and
// the description defaults to '{name} articles'; the category form instead
// requires a valid slug.
func (in categoryInput) category(deriveSlug bool) (*store.Category, error) {
	name := strings.Join(strings.Fields(in.Name), " ")
	slug := strings.TrimSpace(in.Slug)
	desc := strings.TrimSpace(in.Description)
	color := strings.TrimSpace(in.ColorHex)
	if deriveSlug && !content.ValidSlug(slug) {
		slug = content.CategorySlug(name)
	}
	switch {
	case name == "" && slug == "" && !deriveSlug:
		return nil, Errorf(http.StatusBadRequest, "validation", "Slug and name are required")
	case slug == "" && !deriveSlug:
		return nil, Errorf(http.StatusBadRequest, "validation", "Slug is required")
	case name == "":
		return nil, Errorf(http.StatusBadRequest, "validation", "Name is required")
	case slug == "":
		return nil, Errorf(http.StatusBadRequest, "validation", "Category %q needs at least one letter or number", name)
	case !content.ValidSlug(slug) || len(slug) > maxCategorySlugLength:
		return nil, Errorf(http.StatusBadRequest, "validation",
			"The slug may only hold lowercase letters, numbers and single dashes (at most %d characters)", maxCategorySlugLength)
	}
	cat := &store.Category{Slug: slug}
	if err := setCategoryFields(cat, name, desc, color); err != nil {
		return nil, err
	}
	if deriveSlug && cat.Description == "" {
		cat.Description = name + " articles"
	}
	return cat, nil
}

// setCategoryFields validates and sets the editable fields.
func setCategoryFields(cat *store.Category, name, desc, color string) error {
	switch {
	case name == "":
		return Errorf(http.StatusBadRequest, "validation", "Name is required")
	case utf8.RuneCountInString(name) > maxCategoryName:
		return Errorf(http.StatusBadRequest, "validation", "The name must be at most %d characters", maxCategoryName)
	case utf8.RuneCountInString(desc) > maxCategoryDesc:
		return Errorf(http.StatusBadRequest, "validation", "The description must be at most %d characters", maxCategoryDesc)
	case color != "" && !colorRE.MatchString(color):
		return Errorf(http.StatusBadRequest, "validation", "The colour must be a hex colour like #6366f1")
	}
	if color == "" {
		color = defaultColor
	}
	cat.Name, cat.Description, cat.ColorHex = name, desc, strings.ToLower(color)
	return nil
}

func (h *Handler) listOwnerCategories(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	cats, err := h.Store.ListCategories(r.Context(), ws.ID)
	if err == nil {
		cats, err = h.withCounts(r.Context(), ws.ID, cats)
	}
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, map[string]any{"categories": toCategoriesJSON(cats)})
}

func (h *Handler) createCategory(w http.ResponseWriter, r *http.Request, o *owner) error {
	c, ws := o.caller, o.ws
	var in categoryInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	cat, err := in.category(false)
	if err != nil {
		return err
	}
	cat.WorkspaceID = ws.ID
	max := h.maxCategories(c, ws)
	// The cap is checked inside the insert's transaction, so concurrent
	// requests cannot pass it together.
	switch err := h.Store.CreateCategoryMax(r.Context(), cat, max); {
	case errors.Is(err, store.ErrConflict):
		return Errorf(http.StatusConflict, "category_exists", "A category with the slug %q already exists", cat.Slug)
	case errors.Is(err, store.ErrLimit):
		return categoryLimitError(ws, max)
	case err != nil:
		return err
	}
	h.changed(ws)
	return WriteJSON(w, http.StatusCreated, map[string]any{"category": toCategoryJSON(cat)})
}

// ownerCategory loads the {id} category of the caller's workspace.
func (h *Handler) ownerCategory(r *http.Request, ws *store.Workspace) (*store.Category, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, errCategoryMissing
	}
	cat, err := h.Store.GetCategoryByID(r.Context(), ws.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errCategoryMissing
	}
	return cat, err
}

func (h *Handler) updateCategory(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	var in categoryInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	cat, err := h.ownerCategory(r, ws)
	if err != nil {
		return err
	}
	// Posts refer to categories by slug, so a slug never changes.
	if s := strings.TrimSpace(in.Slug); s != "" && s != cat.Slug {
		return Errorf(http.StatusBadRequest, "validation", "The slug cannot be changed")
	}
	oldColor := cat.ColorHex
	if err := setCategoryFields(cat, strings.Join(strings.Fields(in.Name), " "), strings.TrimSpace(in.Description),
		strings.TrimSpace(in.ColorHex)); err != nil {
		return err
	}
	if cat.ColorHex != oldColor {
		cat.Gradient = "" // a stored gradient followed the old colour
	}
	if err := h.Store.UpdateCategory(r.Context(), cat); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			err = errCategoryMissing
		}
		return err
	}
	h.changed(ws)
	return WriteJSON(w, http.StatusOK, map[string]any{"category": toCategoryJSON(cat)})
}

// deleteCategory removes the category only: its posts stay (seed: 'This
// will not delete posts in this category.').
func (h *Handler) deleteCategory(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	cat, err := h.ownerCategory(r, ws)
	if err == nil {
		err = h.Store.DeleteCategory(r.Context(), ws.ID, cat.ID)
	}
	if errors.Is(err, store.ErrNotFound) {
		err = errCategoryMissing
	}
	if err != nil {
		return err
	}
	h.changed(ws)
	return NoContent(w)
}
