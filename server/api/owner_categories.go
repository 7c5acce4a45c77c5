package api

import (
	"net/http"
	"strconv"

	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/server/api/contract"
)

func toCategoryInput(in contract.NewCategory) blog.CategoryInput {
	return blog.CategoryInput{Name: in.Name, Slug: in.Slug, Description: in.Description, Color: in.ColorHex}
}

// categoryID is the {id} of a category URL; 0 (not found) when malformed.
func categoryID(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	return id
}

func (h *Handler) listOwnerCategories(w http.ResponseWriter, r *http.Request, o *owner) error {
	cats, err := h.Blog.Categories(r.Context(), o.ws.ID)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.CategoriesResponse{Categories: toCategoriesJSON(cats)})
}

func (h *Handler) createCategory(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.NewCategory
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	cat, err := h.Blog.CreateCategory(r.Context(), o.ws, o.isAdmin, toCategoryInput(in))
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, contract.CategoryResponse{Category: toCategoryJSON(cat)})
}

func (h *Handler) updateCategory(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.NewCategory
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	cat, err := h.Blog.UpdateCategory(r.Context(), o.ws, categoryID(r), toCategoryInput(in))
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.CategoryResponse{Category: toCategoryJSON(cat)})
}

// deleteCategory removes the category; its posts move to the category
// ?moveTo= names (required when it holds any).
func (h *Handler) deleteCategory(w http.ResponseWriter, r *http.Request, o *owner) error {
	if err := h.Blog.DeleteCategory(r.Context(), o.ws, categoryID(r), r.URL.Query().Get("moveTo")); err != nil {
		return err
	}
	return NoContent(w)
}
