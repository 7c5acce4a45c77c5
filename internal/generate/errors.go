package generate

import (
	"errors"
	"strings"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/apperr"
)

// Refusals and failures are *apperr.Error: Invalid (bad input, 400),
// NotFound (a referenced item of another workspace or none, 404), Limit (the
// month's plan limit, 402) and Upstream (the AI writer failed, 502).

// MsgMissingFields is the generate dialog's message for an empty required field.
const MsgMissingFields = "Please fill in all required fields"

// MsgFailed is the generation failure text; a reason follows it.
const MsgFailed = "Failed to generate blog post"

func invalid(code, msg string) *apperr.Error { return apperr.New(apperr.Invalid, code, msg) }

// MsgNotSetUp is what an owner reads when the AI provider is misconfigured
// (ai.ErrSetup): the operator's detail goes to the log.
const MsgNotSetUp = "AI writing is not set up correctly on this server yet: your admin has been told. Nothing was used from your plan."

// providerError turns a writer failure into the 502 the user sees: the
// provider's own sentence when it wrote one for users, a generic one else,
// and what a setup problem means for them (never the operator's settings).
func providerError(err error) *apperr.Error {
	reason := "the AI provider failed"
	switch {
	case errors.Is(err, ai.ErrSetup):
		return &apperr.Error{Kind: apperr.Upstream, Code: "provider_not_set_up", Message: MsgFailed + ": " + MsgNotSetUp, Err: err}
	case errors.Is(err, ai.ErrProvider):
		reason = strings.TrimPrefix(err.Error(), ai.ErrProvider.Error()+": ")
	case errors.Is(err, errTimeout):
		reason = "the AI provider took too long"
	}
	return &apperr.Error{Kind: apperr.Upstream, Code: "provider_error", Message: MsgFailed + ": " + reason, Err: err}
}

// MsgImageFailed tells the user an AI cover could not be drawn.
const MsgImageFailed = "The AI image could not be generated; the post was saved without one."

var errTimeout = errors.New("generation timed out")
