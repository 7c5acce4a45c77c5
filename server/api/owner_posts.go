package api

import (
	"errors"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
)

const (
	ownerPageSize   = 50
	maxOwnerPage    = 100
	maxBulkDelete   = 100
	maxTitleRunes   = 200
	maxSearchRunes  = 200
	maxPatchTags    = 50
	maxPatchTagSize = 200
)

func (h *Handler) listOwnerPosts(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	f := store.FindPost{WorkspaceID: &ws.ID}
	if c := r.URL.Query().Get("category"); c != "" && c != "all" {
		f.Category = &c
	}
	ps, total, err := h.postPage(r, f)
	if err != nil {
		return err
	}
	names, err := h.categoryNames(r.Context(), ws.ID)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, map[string]any{"posts": summaries(h.ownerBlog(ws), ps, names), "total": total})
}

// postPage applies ?search, ?limit and ?page to f and returns that page of
// posts, newest first, with the total that match (owner and admin lists).
func (h *Handler) postPage(r *http.Request, f store.FindPost) ([]*store.Post, int, error) {
	limit, err := intParam(r, "limit", ownerPageSize, 1, maxOwnerPage)
	if err != nil {
		return nil, 0, err
	}
	page, err := intParam(r, "page", 1, 1, 100000)
	if err != nil {
		return nil, 0, err
	}
	if s := r.URL.Query().Get("search"); s != "" {
		if utf8.RuneCountInString(s) > maxSearchRunes {
			return nil, 0, Errorf(http.StatusBadRequest, "invalid_parameter", "search must be at most %d characters", maxSearchRunes)
		}
		f.Search = &s
	}
	f.Order, f.Light = store.OrderLatest, true
	total, err := h.Store.CountPosts(r.Context(), f)
	if err != nil {
		return nil, 0, err
	}
	f.Limit, f.Offset = limit, (page-1)*limit
	ps, err := h.Store.ListPosts(r.Context(), f)
	return ps, total, err
}

// postID parses {id}; anything unusable is simply not found.
func postID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, errPostNotFound
	}
	return id, nil
}

// writeOwnerPost answers the full post with its editable body and banners.
func (h *Handler) writeOwnerPost(w http.ResponseWriter, r *http.Request, status int, ws *store.Workspace, p *store.Post) error {
	names, err := h.categoryNames(r.Context(), ws.ID)
	if err != nil {
		return err
	}
	return WriteJSON(w, status, map[string]any{"post": PostJSON(h.ownerBlog(ws), p, names, true)})
}

func (h *Handler) getOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	id, err := postID(r)
	if err != nil {
		return err
	}
	p, err := h.Store.GetPost(r.Context(), store.FindPost{ID: &id, WorkspaceID: &ws.ID})
	if errors.Is(err, store.ErrNotFound) {
		err = errPostNotFound
	}
	if err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, http.StatusOK, ws, p)
}

// patchOwnerPost edits title, content and tags; posts.Service sanitises the
// body and re-derives everything shown from it.
func (h *Handler) patchOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	id, err := postID(r)
	if err != nil {
		return err
	}
	var in struct {
		Title   *string   `json:"title"`
		Content *string   `json:"content"`
		Tags    *[]string `json:"tags"`
	}
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if in.Title != nil && utf8.RuneCountInString(*in.Title) > maxTitleRunes {
		return Errorf(http.StatusBadRequest, "validation", "The title must be at most %d characters", maxTitleRunes)
	}
	if in.Tags != nil {
		if len(*in.Tags) > maxPatchTags {
			return Errorf(http.StatusBadRequest, "validation", "Send at most %d tags", maxPatchTags)
		}
		for _, t := range *in.Tags {
			if len(t) > maxPatchTagSize {
				return Errorf(http.StatusBadRequest, "validation", "Each tag must be at most %d characters", maxPatchTagSize)
			}
		}
	}
	p, err := h.Posts.Update(r.Context(), ws.ID, id, posts.Patch{Title: in.Title, Content: in.Content, Tags: in.Tags})
	switch {
	case errors.Is(err, store.ErrNotFound):
		err = errPostNotFound
	case errors.Is(err, posts.ErrEmptyTitle), errors.Is(err, posts.ErrEmptyContent):
		err = Errorf(http.StatusBadRequest, "validation", "%s", err.Error())
	}
	if err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, http.StatusOK, ws, p)
}

func (h *Handler) deleteOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	id, err := postID(r)
	if err != nil {
		return err
	}
	n, err := h.Posts.Delete(r.Context(), ws.ID, []int64{id})
	if err == nil && n == 0 {
		err = errPostNotFound
	}
	if err != nil {
		return err
	}
	return NoContent(w)
}

// bulkDeletePosts deletes the caller's posts among ids; ids of other
// workspaces are silently not counted.
func (h *Handler) bulkDeletePosts(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	var in struct {
		IDs []int64 `json:"ids"`
	}
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if len(in.IDs) > maxBulkDelete {
		return Errorf(http.StatusBadRequest, "validation", "At most %d posts can be deleted at once", maxBulkDelete)
	}
	n, err := h.Posts.Delete(r.Context(), ws.ID, in.IDs)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, map[string]int64{"deleted": n})
}
