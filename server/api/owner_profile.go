package api

import (
	"net/http"
	"strconv"

	"github.com/inkpress/inkpress/internal/authors"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

func itoa(n int) string { return strconv.Itoa(n) }

// defaultName is the name the caller's posts carry without a display name:
// the configured author on the site's own blog (reader.Credited), else the
// account's name.
func (h *Handler) defaultName(o *owner) string {
	if o.ws.Slug == h.Config.SiteWorkspace && h.Config.AuthorName != "" {
		return h.Config.AuthorName
	}
	return o.user.Name
}

func (h *Handler) profileJSON(o *owner, a *store.Author) contract.AuthorProfile {
	b := h.ownerBlog(o.ws)
	return contract.AuthorProfile{Slug: a.Slug, DisplayName: a.DisplayName, UserName: a.UserName, DefaultName: h.defaultName(o),
		Bio:       a.Bio,
		AvatarURL: a.AvatarURL, Links: toLinksJSON(a.Links), URL: b.URL(b.AuthorPath(a.Slug))}
}

func (h *Handler) getProfile(w http.ResponseWriter, r *http.Request, o *owner) error {
	a, err := h.Authors.Profile(r.Context(), o.user)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.AuthorProfileResponse{Profile: h.profileJSON(o, a)})
}

func (h *Handler) putProfile(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.AuthorProfileInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	a, err := h.Authors.Update(r.Context(), o.user, o.ws, authors.Input{DisplayName: in.DisplayName, Bio: in.Bio,
		AvatarURL: in.AvatarURL, Links: storeLinks(in.Links), Default: h.defaultName(o)})
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.AuthorProfileResponse{Profile: h.profileJSON(o, a)})
}
