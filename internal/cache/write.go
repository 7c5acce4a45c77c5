package cache

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// minGzip is the smallest body worth compressing.
const minGzip = 1024

// compress fills the entry's gzip copy once, when it is stored, so serving
// compressed bytes costs nothing per request.
func (e *Entry) compress() {
	if e.Gzip != nil || len(e.Body) < minGzip {
		return
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	_, _ = zw.Write(e.Body)
	if zw.Close() == nil && buf.Len() < len(e.Body) {
		e.Gzip = bytes.Clone(buf.Bytes()) // the buffer's spare capacity stays behind
	}
}

// Write answers the request with the entry: 304 when the client's copy is
// current (ETag or Last-Modified), the gzip copy when the client accepts it,
// and always a Content-Length (no chunked encoding).
func (e *Entry) Write(w http.ResponseWriter, r *http.Request, cacheControl string) {
	h := w.Header()
	h.Set("Content-Type", e.ContentType)
	h.Set("Cache-Control", cacheControl)
	h.Set("Vary", "Accept-Encoding")
	if e.CSP != "" {
		h.Set("Content-Security-Policy", e.CSP)
	}
	if e.Stale {
		h.Set("Warning", `110 - "Response is Stale"`)
	}
	if !e.LastModified.IsZero() {
		h.Set("Last-Modified", e.LastModified.UTC().Format(http.TimeFormat))
	}
	body, etag := e.Body, e.ETag
	if body == nil && e.Gzip != nil && !acceptsGzip(r) {
		// Kept compressed only (a stored page): the rare client that takes
		// no gzip gets it decompressed here.
		var err error
		if body, err = gunzip(e.Gzip); err != nil {
			http.Error(w, "Internal Server Error", http.StatusInternalServerError)
			return
		}
	}
	if e.Gzip != nil && acceptsGzip(r) {
		body = e.Gzip
		// A different representation needs its own validator.
		etag = strings.TrimSuffix(e.ETag, `"`) + `-gz"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	if e.NotModified(r) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(e.Status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// NotModified reports whether the request's validators match the entry
// (either representation's ETag counts).
func (e *Entry) NotModified(r *http.Request) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		gz := strings.TrimSuffix(e.ETag, `"`) + `-gz"`
		for _, t := range strings.Split(inm, ",") {
			t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
			if t == e.ETag || t == gz || t == "*" {
				return true
			}
		}
		return false
	}
	if ims := r.Header.Get("If-Modified-Since"); ims != "" && !e.LastModified.IsZero() {
		if t, err := http.ParseTime(ims); err == nil && !e.LastModified.Truncate(time.Second).After(t) {
			return true
		}
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}

// gunzip is the body of a gzip copy.
func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}
