package api

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// maxUploadBody caps a multipart request: the 5 MiB file plus room for the
// multipart framing and the small purpose field.
const maxUploadBody = plan.MaxUploadBytes + 64<<10

var (
	errFileTooLarge   = Errorf(http.StatusRequestEntityTooLarge, "file_too_large", "%s", media.ErrTooLarge.Error())
	errInvalidFile    = Errorf(http.StatusUnsupportedMediaType, "invalid_file_type", "%s", media.ErrInvalidType.Error())
	errMissingFile    = Errorf(http.StatusBadRequest, "missing_file", "Please choose an image to upload")
	errNotMultipart   = Errorf(http.StatusBadRequest, "invalid_upload", `Send the image as multipart/form-data in the field "file"`)
	errLibraryFull    = Errorf(http.StatusConflict, "library_full", "Maximum %d images allowed per workspace", plan.MaxMediaItems)
	errMediaNotFound  = Errorf(http.StatusNotFound, "media_not_found", "Image not found in your media library")
	errUploadPurposes = Errorf(http.StatusBadRequest, "validation", "purpose must be featured or banner")
)

// upload is one checked image from a multipart request.
type upload struct {
	data        []byte
	fileName    string
	contentType string
	ext         string
	purpose     string
}

// readUpload streams the multipart body (never to disk), keeps at most
// 5 MiB + 1 byte of the file part, and checks the image by its bytes.
func readUpload(w http.ResponseWriter, r *http.Request) (*upload, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return nil, errNotMultipart
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxUploadBody)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, errNotMultipart
	}
	up := &upload{}
	var got bool
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, uploadReadError(err)
		}
		switch part.FormName() {
		case "file":
			if got {
				return nil, Errorf(http.StatusBadRequest, "invalid_upload", "Send one file per upload")
			}
			got = true
			up.fileName = part.FileName()
			up.data, err = io.ReadAll(io.LimitReader(part, plan.MaxUploadBytes+1))
		case "purpose":
			var b []byte
			b, err = io.ReadAll(io.LimitReader(part, 64))
			up.purpose = strings.TrimSpace(string(b))
		default:
			_, err = io.Copy(io.Discard, part)
		}
		if err != nil {
			return nil, uploadReadError(err)
		}
		if len(up.data) > plan.MaxUploadBytes {
			return nil, errFileTooLarge
		}
	}
	if !got {
		return nil, errMissingFile
	}
	up.contentType, up.ext, err = media.CheckImage(up.data, plan.MaxUploadBytes)
	switch {
	case errors.Is(err, media.ErrTooLarge):
		return nil, errFileTooLarge
	case err != nil:
		return nil, errInvalidFile
	}
	return up, nil
}

func uploadReadError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return errFileTooLarge
	}
	return errNotMultipart
}

// store puts the upload under "{workspace}/{kind}/..." and returns its URL.
func (h *Handler) storeUpload(r *http.Request, ws *store.Workspace, kind string, up *upload) (string, error) {
	key := media.Key(ws.ID, kind, time.Now().UnixMilli(), generate.UniqueName(up.fileName, up.ext))
	return h.Media.Put(r.Context(), key, up.data, up.contentType)
}

// uploadFile stores a featured or banner image for the generate dialog.
func (h *Handler) uploadFile(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	up, err := readUpload(w, r)
	if err != nil {
		return err
	}
	kind := "featured"
	switch up.purpose {
	case "", "featured":
	case "banner":
		kind = "banners"
	default:
		return errUploadPurposes
	}
	url, err := h.storeUpload(r, ws, kind, up)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, map[string]any{"url": url, "mimeType": up.contentType, "size": len(up.data)})
}

type mediaJSON struct {
	ID        int64     `json:"id"`
	FileName  string    `json:"fileName"`
	FileURL   string    `json:"fileUrl"`
	FileSize  int64     `json:"fileSize"`
	MimeType  string    `json:"mimeType"`
	CreatedAt time.Time `json:"createdAt"`
}

func toMediaJSON(m *store.Media) mediaJSON {
	return mediaJSON{ID: m.ID, FileName: m.FileName, FileURL: m.FileURL, FileSize: m.FileSize, MimeType: m.MimeType, CreatedAt: m.CreatedAt}
}

func (h *Handler) listMedia(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	items, err := h.Store.ListMedia(r.Context(), ws.ID)
	if err != nil {
		return err
	}
	out := make([]mediaJSON, len(items))
	for i, m := range items {
		out[i] = toMediaJSON(m)
	}
	return WriteJSON(w, http.StatusOK, map[string]any{"items": out, "limit": plan.MaxMediaItems})
}

// uploadMedia adds an image to the library. The 40-item cap is enforced by
// the store atomically; the early count only saves storing a file in vain.
func (h *Handler) uploadMedia(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	ctx := r.Context()
	if items, err := h.Store.ListMedia(ctx, ws.ID); err != nil {
		return err
	} else if len(items) >= plan.MaxMediaItems {
		return errLibraryFull
	}
	up, err := readUpload(w, r)
	if err != nil {
		return err
	}
	url, err := h.storeUpload(r, ws, "library", up)
	if err != nil {
		return err
	}
	m := &store.Media{WorkspaceID: ws.ID, FileName: displayName(up.fileName, up.ext), FileURL: url,
		FileSize: int64(len(up.data)), MimeType: up.contentType}
	if err := h.Store.CreateMedia(ctx, m, plan.MaxMediaItems); err != nil {
		h.removeStored(r, url)
		if errors.Is(err, store.ErrLimit) {
			err = errLibraryFull
		}
		return err
	}
	return WriteJSON(w, http.StatusCreated, map[string]any{"item": toMediaJSON(m)})
}

// displayName is the client's file name without directories, cut to 120
// characters; it is only ever shown as text.
func displayName(name, ext string) string {
	name = strings.TrimSpace(path.Base(strings.ReplaceAll(name, `\`, "/")))
	if name == "" || name == "." || name == "/" || !utf8.ValidString(name) {
		return "image" + ext
	}
	if r := []rune(name); len(r) > 120 {
		name = string(r[:120])
	}
	return name
}

func (h *Handler) deleteMedia(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return errMediaNotFound
	}
	ctx := r.Context()
	m, err := h.Store.GetMedia(ctx, ws.ID, id)
	if err == nil {
		err = h.Store.DeleteMedia(ctx, ws.ID, id)
	}
	if errors.Is(err, store.ErrNotFound) {
		err = errMediaNotFound
	}
	if err != nil {
		return err
	}
	// The row goes first: a file left behind is harmless, a row pointing
	// at a missing file is not.
	h.removeStored(r, m.FileURL)
	return NoContent(w)
}

func (h *Handler) removeStored(r *http.Request, url string) {
	if key := h.Media.KeyOf(url); key != "" {
		if err := h.Media.Delete(r.Context(), key); err != nil {
			slogWarn(r, "delete stored file", "key", key, "err", err)
		}
	}
}
