package generate

import (
	"errors"
	"strings"

	"github.com/inkpress/inkpress/internal/ai"
)

// Kind classifies a refused or failed generation; the API maps it to a status.
type Kind int

const (
	KindInvalid  Kind = iota + 1 // bad input: 400
	KindNotFound                 // a referenced item of another workspace or none: 404
	KindLimit                    // the month's plan limit: 402
	KindProvider                 // the AI writer failed: 502
)

// Error is a generation error with a stable code and a sentence for the user.
type Error struct {
	Kind    Kind
	Code    string
	Message string
	Err     error
}

func (e *Error) Error() string { return e.Message }
func (e *Error) Unwrap() error { return e.Err }

// MsgMissingFields is the seed's toast for the generate dialog.
const MsgMissingFields = "Please fill in all required fields"

// MsgFailed is the seed's generation failure text; a reason follows it.
const MsgFailed = "Failed to generate blog post"

func invalid(code, msg string) *Error { return &Error{Kind: KindInvalid, Code: code, Message: msg} }

// providerError turns a writer failure into the 502 the user sees: the
// provider's own sentence when it wrote one for users, a generic one else.
func providerError(err error) *Error {
	reason := "the AI provider failed"
	switch {
	case errors.Is(err, ai.ErrProvider):
		reason = strings.TrimPrefix(err.Error(), ai.ErrProvider.Error()+": ")
	case errors.Is(err, errTimeout):
		reason = "the AI provider took too long"
	}
	return &Error{Kind: KindProvider, Code: "provider_error", Message: MsgFailed + ": " + reason, Err: err}
}

var errTimeout = errors.New("generation timed out")
