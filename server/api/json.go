// Package api serves the JSON API under /api/. Handlers parse the request,
// call a service or the store, and answer; they never build SQL.
package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
)

// MaxJSONBody caps every JSON request body.
const MaxJSONBody = 1 << 20

// Error is an API error: an HTTP status, a stable code and a sentence.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

// Errorf builds an *Error.
func Errorf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// WriteJSON answers v with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteError answers err: an *Error as it is, anything else as a logged 500.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var e *Error
	if !errors.As(err, &e) {
		slog.ErrorContext(r.Context(), "internal error", "err", err, "method", r.Method, "path", r.URL.Path)
		e = &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "Something went wrong. Please try again."}
	}
	WriteJSON(w, e.Status, map[string]*Error{"error": e})
}

// Decode reads a JSON body strictly into v: at most MaxJSONBody bytes, no
// unknown fields, exactly one value.
func Decode(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return Errorf(http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the request body as application/json")
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxJSONBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return Errorf(http.StatusBadRequest, "invalid_json", "The request body must hold a single JSON object")
	}
	return nil
}

func decodeError(err error) error {
	var (
		maxErr    *http.MaxBytesError
		syntaxErr *json.SyntaxError
		typeErr   *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &maxErr):
		return Errorf(http.StatusRequestEntityTooLarge, "body_too_large", "The request body is larger than 1 MB")
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return Errorf(http.StatusBadRequest, "invalid_json", "The request body is not valid JSON")
	case errors.As(err, &typeErr):
		return Errorf(http.StatusBadRequest, "invalid_json", "Field %q must be a %s", typeErr.Field, typeErr.Type.String())
	case errors.Is(err, io.EOF):
		return Errorf(http.StatusBadRequest, "invalid_json", "The request body is empty")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return Errorf(http.StatusBadRequest, "invalid_json", "Unknown field %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	default:
		return Errorf(http.StatusBadRequest, "invalid_json", "The request body is not valid JSON")
	}
}
