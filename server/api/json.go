// Package api serves the JSON API under /api/. Handlers parse the request,
// call a service or the store, and answer; they never build SQL.
package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
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

// WriteJSON answers v with status. It returns nil so that a handler can end
// with `return WriteJSON(...)`.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
	return nil
}

// NoContent answers 204.
func NoContent(w http.ResponseWriter) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// ErrorResponse is the body of every error answer.
type ErrorResponse struct {
	Error *Error `json:"error"`
}

// WriteError answers err: an *Error as it is, a domain *apperr.Error with the
// status of its kind, anything else as a logged 500.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e := toError(err)
	if e == nil && store.IsUnavailable(err) {
		// An outage (database down, disk full): the client may try again.
		slog.WarnContext(r.Context(), "unavailable", "err", err, "method", r.Method, "path", r.URL.Path)
		w.Header().Set("Retry-After", strconv.Itoa(store.RetryAfterSeconds))
		_ = WriteJSON(w, http.StatusServiceUnavailable, ErrorResponse{Error: errUnavailable()})
		return
	}
	if e == nil {
		slog.ErrorContext(r.Context(), "internal error", "err", err, "method", r.Method, "path", r.URL.Path)
		e = errInternal()
	}
	if ae := apperr.As(err); ae != nil && ae.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(ae.RetryAfter.Seconds()))))
	}
	_ = WriteJSON(w, e.Status, ErrorResponse{Error: e})
}

// errUnavailable is the answer during an outage.
func errUnavailable() *Error {
	return &Error{Status: http.StatusServiceUnavailable, Code: "unavailable", Message: "InkPress is briefly unavailable. Please try again in a minute."}
}

// errInternal is the answer to an unexpected error (logged, never shown).
func errInternal() *Error {
	return &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "Something went wrong. Please try again."}
}

// kindStatus maps a domain refusal to its HTTP status.
var kindStatus = map[apperr.Kind]int{
	apperr.Invalid:         http.StatusBadRequest,
	apperr.Unauthenticated: http.StatusUnauthorized,
	apperr.Limit:           http.StatusPaymentRequired,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.Unsupported:     http.StatusUnsupportedMediaType,
	apperr.TooMany:         http.StatusTooManyRequests,
	apperr.Upstream:        http.StatusBadGateway,
	apperr.Unavailable:     http.StatusServiceUnavailable,
	apperr.Unprocessable:   http.StatusUnprocessableEntity,
}

// toError returns the API error err stands for, or nil for an internal one.
func toError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	if ae := apperr.As(err); ae != nil {
		if status, ok := kindStatus[ae.Kind]; ok {
			return &Error{Status: status, Code: ae.Code, Message: ae.Message}
		}
	}
	return nil
}

// Decode reads a JSON body strictly into v: at most MaxJSONBody bytes, no
// unknown fields, exactly one value, no NUL character in any string.
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
	if hasNUL(reflect.ValueOf(v)) {
		return errNUL
	}
	return nil
}

// errNUL refuses a string holding U+0000 ("\u0000" in JSON): no text of ours
// needs it, and PostgreSQL refuses it in text columns.
var errNUL = Errorf(http.StatusBadRequest, "invalid_json", "Text may not contain NUL characters")

// hasNUL reports whether any string reachable from v (fields, elements, map
// keys and values, through pointers and interfaces) holds a NUL character.
// Raw JSON kept for later ([]byte) is searched for the escape too.
func hasNUL(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return strings.IndexByte(v.String(), 0) >= 0
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && hasNUL(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() && hasNUL(v.Field(i)) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			if v.Kind() == reflect.Array {
				return false // fixed bytes hold no text
			}
			b := v.Bytes()
			return bytes.IndexByte(b, 0) >= 0 || bytes.Contains(b, []byte(`\u0000`))
		}
		for i := range v.Len() {
			if hasNUL(v.Index(i)) {
				return true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if hasNUL(it.Key()) || hasNUL(it.Value()) {
				return true
			}
		}
	}
	return false
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
