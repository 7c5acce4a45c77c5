package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

func (h *Handler) listOwnerPosts(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	f := store.FindPost{WorkspaceID: &ws.ID}
	if c := r.URL.Query().Get("category"); c != "" && c != "all" {
		if strings.IndexByte(c, 0) >= 0 {
			return errNULParam
		}
		f.Category = &c
	}
	switch st := r.URL.Query().Get("status"); st {
	case "", "all":
	case store.PostDraft, store.PostScheduled, store.PostPublished:
		f.Status = &st
	case "public":
		// What readers see: the reader's own rule, so the owner's "as readers see them" never differs.
		f = reader.Public(f)
	default:
		return Errorf(http.StatusBadRequest, "invalid_parameter", "status must be draft, scheduled, published or public")
	}
	ps, total, err := h.postPage(r, posts.Scope(o.member, f))
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
		if strings.IndexByte(s, 0) >= 0 {
			return nil, 0, errNULParam
		}
		f.Search = &s
	}
	return h.Posts.Page(r.Context(), f, page, limit)
}

// errNULParam refuses a list filter holding a NUL character: no title or
// category has one, and PostgreSQL refuses it in text (a 500).
var errNULParam = Errorf(http.StatusBadRequest, "invalid_parameter", "Filters may not contain NUL characters")

// postID parses {id}; anything unusable is simply not found.
func postID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, posts.ErrNotFound
	}
	return id, nil
}

// writeOwnerPost answers the full post with its editable body, banners and
// preview link.
func (h *Handler) writeOwnerPost(w http.ResponseWriter, r *http.Request, ws *store.Workspace, p *store.Post, status int) error {
	out, err := h.ownerPostJSON(r, ws, p)
	if err != nil {
		return err
	}
	return WriteJSON(w, status, contract.OwnerPostResponse{Post: out})
}

func (h *Handler) ownerPostJSON(r *http.Request, ws *store.Workspace, p *store.Post) (contract.Post, error) {
	names, err := h.categoryNames(r.Context(), ws.ID)
	if err != nil {
		return contract.Post{}, err
	}
	token, end, err := h.Posts.Preview(r.Context(), p)
	if err != nil {
		return contract.Post{}, err
	}
	out := PostJSON(h.ownerBlog(ws), p, names, true)
	out.PreviewURL, out.PreviewExpiresAt = h.Config.BaseURL+blogaddr.PreviewPath(p.ID, token), &end
	if p.Newsletter == store.NewsletterSent {
		c, err := h.Newsletter.Deliveries(r.Context(), ws, p.ID)
		if err != nil {
			return contract.Post{}, err
		}
		if c != (store.DeliveryCounts{}) {
			out.NewsletterDelivery = &contract.NewsletterDelivery{Queued: c.Queued, Sent: c.Sent, Failed: c.Failed, Bounced: c.Bounced,
				Held: c.Held}
		}
		if c.Held > 0 {
			// Whether held copies still wait for the pause or can be sent now.
			if out.NewsletterDelivery.Paused, err = h.NewsletterDesk.Paused(r.Context(), ws); err != nil {
				return contract.Post{}, err
			}
		}
	}
	return out, nil
}

// postPatch turns the API's change into the posts service's.
func postPatch(in contract.PostPatch) posts.Patch {
	p := posts.Patch{Title: in.Title, Content: in.Content, Category: in.Category, Tags: in.Tags, PublishAt: in.PublishAt,
		CoverURL: in.CoverImageURL, MediaID: in.MediaID, CoverAlt: in.CoverAlt, MetaTitle: in.MetaTitle,
		MetaDescription: in.MetaDescription, Slug: in.Slug, SendNewsletter: in.SendNewsletter}
	if in.Status != nil {
		p.Status = (*string)(in.Status)
	}
	if in.Banners != nil {
		p.Banners = store.Ptr(storeBanners(*in.Banners))
	}
	return p
}

// createOwnerPost stores a post written by hand (no AI quota).
func (h *Handler) createOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.PostInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	patch := contract.PostPatch{Title: &in.Title, Content: &in.Content, Category: &in.Category, PublishAt: in.PublishAt,
		MetaTitle: &in.MetaTitle, MetaDescription: &in.MetaDescription, CoverAlt: &in.CoverAlt, SendNewsletter: in.SendNewsletter}
	if in.Tags != nil {
		patch.Tags = &in.Tags
	}
	if in.Status != "" {
		patch.Status = &in.Status
	}
	if in.CoverImageURL != "" {
		patch.CoverImageURL = &in.CoverImageURL
	}
	if in.MediaID != 0 {
		patch.MediaID = &in.MediaID
	}
	if in.Slug != "" {
		patch.Slug = &in.Slug
	}
	if in.Banners != nil {
		patch.Banners = &in.Banners
	}
	p, err := h.Posts.WriteAs(r.Context(), o.member, o.ws, postPatch(patch))
	if err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, o.ws, p, http.StatusCreated)
}

func (h *Handler) getOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	p, err := h.Posts.GetAs(r.Context(), o.member, o.ws.ID, id)
	if err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, o.ws, p, http.StatusOK)
}

// newPreviewLink replaces the post's preview link: the old one stops
// working at once.
func (h *Handler) newPreviewLink(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	p, err := h.Posts.GetAs(r.Context(), o.member, o.ws.ID, id)
	if err != nil {
		return err
	}
	if _, _, err := h.Posts.NewPreview(r.Context(), p); err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, o.ws, p, http.StatusOK)
}

// patchOwnerPost changes any field of a post, its status included;
// posts.Service checks the change, sanitises the body and re-derives
// everything shown from it.
func (h *Handler) patchOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	var in contract.PostPatch
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	p, err := h.Posts.UpdateAs(r.Context(), o.member, o.ws.ID, id, postPatch(in))
	if err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, o.ws, p, http.StatusOK)
}

func (h *Handler) listRevisions(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	revs, err := h.Posts.RevisionsAs(r.Context(), o.member, o.ws.ID, id)
	if err != nil {
		return err
	}
	out := contract.RevisionsResponse{Revisions: make([]contract.Revision, len(revs))}
	for i, rv := range revs {
		out.Revisions[i] = contract.Revision{ID: rv.ID, Title: rv.Title, Content: rv.Content, WordCount: rv.WordCount, CreatedAt: rv.CreatedAt}
	}
	return WriteJSON(w, http.StatusOK, out)
}

func (h *Handler) restoreRevision(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	rev, err := strconv.ParseInt(r.PathValue("rev"), 10, 64)
	if err != nil || rev <= 0 {
		return posts.ErrRevisionNotFound
	}
	p, err := h.Posts.RestoreAs(r.Context(), o.member, o.ws.ID, id, rev)
	if err != nil {
		return err
	}
	return h.writeOwnerPost(w, r, o.ws, p, http.StatusOK)
}

// newCover draws a new AI cover for a post from its current title: a long
// request, so the server's write deadline is lifted for it.
func (h *Handler) newCover(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	// Not every writer supports deadlines (tests use a recorder): ignore.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	if _, err := h.Posts.GetAs(r.Context(), o.member, o.ws.ID, id); err != nil {
		return err
	}
	res, err := h.Generator.NewCover(r.Context(), o.ws, o.isAdmin, id)
	if err != nil {
		return err
	}
	out, err := h.ownerPostJSON(r, o.ws, res.Post)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.CoverResponse{Post: out, Usage: toUsageJSON(res.Usage, o.ws, o.isAdmin, time.Now()),
		CoverImageURL: res.Cover.URL, Applied: res.Post.CoverImageURL == res.Cover.URL})
}

func (h *Handler) deleteOwnerPost(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	if err := h.Posts.DeleteOneAs(r.Context(), o.member, o.ws.ID, id); err != nil {
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
	n, err := h.Posts.DeleteAs(r.Context(), o.member, o.ws.ID, in.IDs)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.BulkDeleteResponse{Deleted: n})
}
