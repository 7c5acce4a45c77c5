// Package apperr is the one error type a domain service returns when it
// refuses a request. A Kind says what went wrong in terms the HTTP layer maps
// to a status; Code is a stable machine-readable word and Message the
// sentence a user sees. Services never know HTTP, handlers never invent
// domain messages.
package apperr

import (
	"errors"
	"fmt"
	"time"
)

// Kind classifies a refusal.
type Kind uint8

const (
	Invalid         Kind = iota + 1 // the input breaks a rule
	Unauthenticated                 // no or a bad session / credentials
	Limit                           // a plan limit is reached
	Forbidden                       // signed in, but not allowed
	NotFound                        // nothing of that id in the caller's reach
	Conflict                        // clashes with what exists (duplicate slug, e-mail...)
	TooLarge                        // a body or file above its cap
	Unsupported                     // a media type we do not take
	TooMany                         // rate limited; RetryAfter says when to come back
	Upstream                        // a provider (AI, storage) failed
	Unavailable                     // a dependency of ours is down
	Unprocessable                   // well-formed, but what it points at cannot be used (a remote image that will not load)
)

// Error is a refusal with a stable code and a sentence for the user.
type Error struct {
	Kind    Kind
	Code    string
	Message string
	// RetryAfter is set on TooMany.
	RetryAfter time.Duration
	// Err is the underlying cause, for logs; never shown to users.
	Err error
}

func (e *Error) Error() string { return e.Message }
func (e *Error) Unwrap() error { return e.Err }

// New returns an Error of kind k.
func New(k Kind, code, msg string) *Error { return &Error{Kind: k, Code: code, Message: msg} }

// Newf is New with a formatted message.
func Newf(k Kind, code, format string, args ...any) *Error {
	return &Error{Kind: k, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Validation is the common Invalid error with code "validation".
func Validation(format string, args ...any) *Error {
	return Newf(Invalid, "validation", format, args...)
}

// As returns the *Error in err's chain, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// Is reports whether err is an *Error of kind k.
func Is(err error, k Kind) bool {
	e := As(err)
	return e != nil && e.Kind == k
}
