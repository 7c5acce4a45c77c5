package site

import (
	"bytes"
	"net/http"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/marks"
	"github.com/inkpress/inkpress/store"
)

// markMaxAge is how long an image is kept by an address without the
// current version (a guessed or outdated one): it may change.
const markMaxAge = "public, max-age=3600"

func isMarkFile(name string) bool {
	_, ok := marks.ByFile(name)
	return ok
}

// markImage serves a blog's image drawn from its name and colour. The
// address carries the version it was drawn from (marks.Path): with the
// current one the image never changes and is kept for a year; any other
// address gets the current image, kept an hour. The site's own blog has
// none: it wears the platform's marks.
func (h *Handler) markImage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, file string) error {
	k, _ := marks.ByFile(file)
	return h.serveMark(w, r, b, k)
}

func (h *Handler) serveMark(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, k marks.Kind) error {
	title, _, set, err := h.blogInfo(r.Context(), b)
	if err != nil {
		return err
	}
	if title == "" || h.Marks == nil {
		return store.ErrNotFound
	}
	spec := marks.Spec{Name: title, Color: set.PrimaryColor}
	png, err := h.Marks.Image(r.Context(), b.Workspace.ID, k, spec)
	if err != nil {
		return err
	}
	version := spec.Version()
	cc := markMaxAge
	if r.URL.Query().Get("v") == version {
		cc = "public, max-age=31536000, immutable"
	}
	w.Header().Set("Cache-Control", cc)
	w.Header().Set("ETag", `"`+version+"-"+string(k)+`"`)
	w.Header().Set("Content-Type", "image/png")
	// ServeContent answers If-None-Match from the ETag, and HEAD and ranges.
	http.ServeContent(w, r, k.File(), time.Time{}, bytes.NewReader(png))
	return nil
}

// rootIcon answers /icon.png and /favicon.ico (which browsers ask of every
// host on their own) at a blog's root: the platform's icon on the site's
// own blog; on a custom domain the blog's own (favicon.ico: the owner's
// uploaded icon, else its small drawn icon; icon.png: its large drawn one).
func (h *Handler) rootIcon(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, favicon bool) error {
	if b.Workspace.Slug == h.Config.SiteWorkspace {
		if favicon {
			return h.favicon(w, r)
		}
		return h.icon(w, r)
	}
	if !favicon {
		return h.serveMark(w, r, b, marks.Icon)
	}
	br, err := h.Reader.Brand(r.Context(), b.Workspace)
	if err != nil {
		return err
	}
	if br.FaviconURL != "" {
		w.Header().Set("Cache-Control", markMaxAge)
		http.Redirect(w, r, absolute(b, br.FaviconURL), http.StatusFound)
		return nil
	}
	return h.serveMark(w, r, b, marks.SmallIcon)
}
