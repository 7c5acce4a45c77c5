package api

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// maxUploadBody caps a multipart request: the 5 MiB file plus room for the
// multipart framing and the small purpose field.
const maxUploadBody = plan.MaxUploadBytes + 64<<10

// maxAltField is how much of an upload's alt field is read: room for
// media.MaxAltRunes characters of up to four bytes.
const maxAltField = 4 * media.MaxAltRunes

var (
	errMissingFile  = Errorf(http.StatusBadRequest, "missing_file", "Please choose an image to upload")
	errNotMultipart = Errorf(http.StatusBadRequest, "invalid_upload", `Send the image as multipart/form-data in the field "file"`)
	errTwoFiles     = Errorf(http.StatusBadRequest, "invalid_upload", "Send one file per upload")
)

// readUpload streams the multipart body (never to disk) and keeps at most
// 5 MiB + 1 byte of the file part (and the small purpose and alt fields);
// media.Library checks the image.
func readUpload(w http.ResponseWriter, r *http.Request) (media.Upload, error) {
	var up media.Upload
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return up, errNotMultipart
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxUploadBody)
	mr, err := r.MultipartReader()
	if err != nil {
		return up, errNotMultipart
	}
	var got bool
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return up, uploadReadError(err)
		}
		switch part.FormName() {
		case "file":
			if got {
				return up, errTwoFiles
			}
			got = true
			up.FileName = part.FileName()
			up.Data, err = io.ReadAll(io.LimitReader(part, plan.MaxUploadBytes+1))
		case "purpose":
			var b []byte
			b, err = io.ReadAll(io.LimitReader(part, 64))
			up.Purpose = strings.TrimSpace(string(b))
		case "alt":
			// A library image's alt text (an image pasted as data); the library cuts it.
			var b []byte
			b, err = io.ReadAll(io.LimitReader(part, maxAltField))
			up.Alt = string(b)
		default:
			_, err = io.Copy(io.Discard, part)
		}
		if err != nil {
			return up, uploadReadError(err)
		}
		if len(up.Data) > plan.MaxUploadBytes {
			return up, media.ErrTooLarge
		}
	}
	if !got {
		return up, errMissingFile
	}
	return up, nil
}

func uploadReadError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return media.ErrTooLarge
	}
	return errNotMultipart
}

// uploadFile stores a featured or banner image for the generate dialog.
func (h *Handler) uploadFile(w http.ResponseWriter, r *http.Request, o *owner) error {
	up, err := readUpload(w, r)
	if err != nil {
		return err
	}
	st, err := h.Library.Upload(r.Context(), o.ws.ID, up)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, contract.UploadResponse{URL: st.URL, MimeType: st.ContentType, Size: st.Size})
}

func toMediaItem(m *store.Media) contract.MediaItem {
	return contract.MediaItem{ID: m.ID, FileName: m.FileName, FileURL: m.FileURL, FileSize: m.FileSize, MimeType: m.MimeType,
		Alt: m.Alt, CreatedAt: m.CreatedAt}
}

func (h *Handler) listMedia(w http.ResponseWriter, r *http.Request, o *owner) error {
	items, err := h.Library.List(r.Context(), o.ws.ID)
	if err != nil {
		return err
	}
	out := make([]contract.MediaItem, len(items))
	for i, m := range items {
		out[i] = toMediaItem(m)
	}
	return WriteJSON(w, http.StatusOK, contract.MediaListResponse{Items: out, Limit: plan.MaxMediaItems})
}

// uploadMedia adds an image to the library (media.Library keeps the cap).
func (h *Handler) uploadMedia(w http.ResponseWriter, r *http.Request, o *owner) error {
	up, err := readUpload(w, r)
	if err != nil {
		return err
	}
	m, err := h.Library.Add(r.Context(), o.ws.ID, up)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, contract.MediaItemResponse{Item: toMediaItem(m)})
}

// importMedia copies a remote image (a pasted one) into the library with
// its alt text; media.Library fetches it and applies the upload's rules.
func (h *Handler) importMedia(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.MediaImportRequest
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	im, err := h.Library.Import(r.Context(), o.ws.ID, media.Remote{URL: in.URL, Alt: in.Alt})
	if err != nil {
		return err
	}
	if im.Item == nil {
		return WriteJSON(w, http.StatusOK, contract.MediaImportResponse{URL: im.URL})
	}
	item := toMediaItem(im.Item)
	return WriteJSON(w, http.StatusCreated, contract.MediaImportResponse{URL: im.URL, Item: &item})
}

// deleteMedia removes a library item, row and file; an unusable {id} is 0,
// which no item has.
func (h *Handler) deleteMedia(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err := h.Library.Delete(r.Context(), o.ws.ID, id); err != nil {
		return err
	}
	return NoContent(w)
}
