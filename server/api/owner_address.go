package api

import (
	"net/http"

	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/server/api/contract"
)

// checkAddress answers ?address= (may the blog take it) or ?name= (the
// address a blog name suggests); onboarding and Settings ask as the owner
// types.
func (h *Handler) checkAddress(w http.ResponseWriter, r *http.Request, o *owner) error {
	q := r.URL.Query()
	var (
		c   *blog.AddressCheck
		err error
	)
	switch {
	case q.Has("address"):
		c, err = h.Blog.CheckAddress(r.Context(), o.ws, q.Get("address"))
	case q.Has("name"):
		c, err = h.Blog.SuggestAddress(r.Context(), o.ws, q.Get("name"))
	default:
		return Errorf(http.StatusBadRequest, "validation", "Give an address (?address=) or a blog name (?name=)")
	}
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.AddressCheck{Address: c.Address, Available: c.Available, Message: c.Message})
}

// putAddress moves the blog to a new address.
func (h *Handler) putAddress(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.AddressInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	ws, err := h.Blog.ChangeAddress(r.Context(), o.ws, in.Address)
	if err != nil {
		return err
	}
	b := h.ownerBlog(ws)
	if sb, err := h.Site.BySlug(r.Context(), ws.Slug); err == nil {
		b = sb // on its verified custom domain, if it has one
	}
	return WriteJSON(w, http.StatusOK, contract.AddressResponse{Workspace: toWorkspaceJSON(ws),
		BlogURL: b.URL(b.Prefix), RSSURL: b.URL(b.Prefix + "/feed.xml")})
}
