package api

import (
	"net/http"
	"time"

	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// generatePost is one long request: the AI may take minutes, so the
// server's write deadline is lifted for this route only; the generation
// service bounds the work with its own timeout (AI timeout + 30s).
func (h *Handler) generatePost(w http.ResponseWriter, r *http.Request, o *owner) error {
	c, ws := o.caller, o.ws
	var in contract.GenerateInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	// Not every writer supports deadlines (tests use a recorder): ignore.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	res, err := h.Generator.Generate(r.Context(), ws, c.isAdmin, generate.Request{
		Category: in.Category, Topic: in.Topic, InputMode: string(in.InputMode), Keywords: string(in.Keywords),
		Tone: in.Tone, Length: in.Length, ImageMode: string(in.ImageMode), ImageURL: in.ImageURL, MediaID: in.MediaID,
		Banners: storeBanners(in.Banners), GenerateImages: in.GenerateImages == nil || *in.GenerateImages, Status: string(in.Status),
	})
	if err != nil {
		return err
	}
	names, err := h.categoryNames(r.Context(), ws.ID)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, contract.GenerateResponse{Post: PostJSON(h.ownerBlog(ws), res.Post, names, true),
		Usage: contract.Usage(toUsageJSON(res.Usage, ws, c.isAdmin, time.Now())), ImageError: res.ImageError})
}

// storeBanners is the request's banner slots as the services take them.
func storeBanners(bs []contract.Banner) []store.Banner {
	if bs == nil {
		return nil
	}
	out := make([]store.Banner, len(bs))
	for i, b := range bs {
		out[i] = store.Banner(b)
	}
	return out
}
