package api

import (
	"net/http"
	"strconv"

	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
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
	return WriteJSON(w, http.StatusOK, contract.OwnerPostsResponse{Posts: summaries(h.ownerBlog(ws), ps, names), Total: total})
}

// postPage reads ?search, ?limit and ?page into f and returns that page of
// posts, newest first, with the total that match (owner and admin lists).
func (h *Handler) postPage(r *http.Request, f store.FindPost) ([]*store.Post, int, error) {
	limit, err := intParam(r, "limit", posts.PageSize, 1, posts.MaxPageSize)
	if err != nil {
		return nil, 0, err
	}
	page, err := intParam(r, "page", 1, 1, posts.MaxPage)
	if err != nil {
		return nil, 0, err
	}
	if s := r.URL.Query().Get("search"); s != "" {
		f.Search = &s
	}
	return h.Posts.Page(r.Context(), f, page, limit)
}

// postID parses {id}; anything unusable is simply not found.
func postID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, posts.ErrNotFound
	}
	return id, nil
}

// writeOwnerPost answers the full post with its editable body and banners.
func (h *Handler) writeOwnerPost(w http.ResponseWriter, r *http.Request, ws *store.Workspace, p *store.Post) error {
	names, err := h.categoryNames(r.Context(), ws.ID)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.OwnerPostResponse{Post: PostJSON(h.ownerBlog(ws), p, names, true)})
}

func (h *Handler) getOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	p, err := h.Posts.Get(r.Context(), o.ws.ID, id)
	if err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, o.ws, p)
}

// patchOwnerPost edits title, content and tags; posts.Service checks the
// edit, sanitises the body and re-derives everything shown from it.
func (h *Handler) patchOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	var in contract.PostPatch
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	p, err := h.Posts.Update(r.Context(), o.ws.ID, id, posts.Patch{Title: in.Title, Content: in.Content, Tags: in.Tags})
	if err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, o.ws, p)
}

func (h *Handler) deleteOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	if err := h.Posts.DeleteOne(r.Context(), o.ws.ID, id); err != nil {
		return err
	}
	return NoContent(w)
}

// bulkDeletePosts deletes the caller's posts among ids; ids of other
// workspaces are silently not counted.
func (h *Handler) bulkDeletePosts(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.BulkDeleteInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	n, err := h.Posts.Delete(r.Context(), o.ws.ID, in.IDs)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.BulkDeleteResponse{Deleted: n})
}
