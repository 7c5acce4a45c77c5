package api

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/store"
)

// keywordsField accepts the contract's comma-separated string and, for
// convenience, a JSON list of strings.
type keywordsField string

func (k *keywordsField) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*k = keywordsField(s)
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return errors.New("keywords must be a comma-separated string")
	}
	*k = keywordsField(strings.Join(list, ","))
	return nil
}

// generatePost is one long request: the AI may take minutes, so the
// server's write deadline is lifted for this route only; the generation
// service bounds the work with its own timeout (AI timeout + 30s).
func (h *Handler) generatePost(w http.ResponseWriter, r *http.Request, o *owner) error {
	c, ws := o.caller, o.ws
	var in struct {
		Category       string         `json:"category"`
		Topic          string         `json:"topic"`
		InputMode      string         `json:"inputMode"`
		Keywords       keywordsField  `json:"keywords"`
		Tone           string         `json:"tone"`
		Length         string         `json:"length"`
		ImageMode      string         `json:"imageMode"`
		ImageURL       string         `json:"imageUrl"`
		MediaID        int64          `json:"mediaId"`
		Banners        []store.Banner `json:"banners"`
		GenerateImages *bool          `json:"generateImages"`
	}
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	// Not every writer supports deadlines (tests use a recorder): ignore.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	res, err := h.Generator.Generate(r.Context(), ws, c.isAdmin, generate.Request{
		Category: in.Category, Topic: in.Topic, InputMode: in.InputMode, Keywords: string(in.Keywords),
		Tone: in.Tone, Length: in.Length, ImageMode: in.ImageMode, ImageURL: in.ImageURL, MediaID: in.MediaID,
		Banners: in.Banners, GenerateImages: in.GenerateImages == nil || *in.GenerateImages,
	})
	if err != nil {
		return generateError(r, err)
	}
	names, err := h.categoryNames(r.Context(), ws.ID)
	if err != nil {
		return err
	}
	out := map[string]any{"post": PostJSON(h.ownerBlog(ws), res.Post, names, true),
		"usage": toUsageJSON(res.Usage, ws, c.isAdmin, time.Now())}
	if res.ImageError != "" {
		out["imageError"] = "The AI image could not be generated; the post was saved without one."
	}
	return WriteJSON(w, http.StatusCreated, out)
}

func generateError(r *http.Request, err error) error {
	var ge *generate.Error
	if !errors.As(err, &ge) {
		return err
	}
	if ge.Kind == generate.KindProvider {
		slogWarn(r, "generation failed", "err", ge.Err)
	}
	status := http.StatusBadRequest
	switch ge.Kind {
	case generate.KindNotFound:
		status = http.StatusNotFound
	case generate.KindLimit:
		status = http.StatusPaymentRequired
	case generate.KindProvider:
		status = http.StatusBadGateway
	}
	return &Error{Status: status, Code: ge.Code, Message: ge.Message}
}

func slogWarn(r *http.Request, msg string, args ...any) {
	slog.WarnContext(r.Context(), msg, args...)
}
