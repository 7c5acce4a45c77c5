package generate

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/ai"
)

// A provider failure the operator must fix never shows the owner its
// settings; the owner reads what it means for them, and the detail stays
// in the error (for the log).
func TestProviderErrorSpeaksToOwners(t *testing.T) {
	setup := fmt.Errorf("%w: The AI provider rejected the API key: check INKPRESS_AI_API_KEY: %w", ai.ErrProvider, ai.ErrSetup)
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"a rejected key", setup, MsgFailed + ": " + MsgNotSetUp},
		{"a flagged topic (the owner's to change)", fmt.Errorf("%w: The AI provider flagged this request: violence; change the topic or keywords", ai.ErrProvider),
			MsgFailed + ": The AI provider flagged this request: violence; change the topic or keywords"},
		{"a timeout", fmt.Errorf("%w: slow", errTimeout), MsgFailed + ": the AI provider took too long"},
		{"anything else", errors.New("boom"), MsgFailed + ": the AI provider failed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := providerError(tc.err)
			if e.Message != tc.want {
				t.Errorf("message = %q\nwant %q", e.Message, tc.want)
			}
			if strings.Contains(e.Message, "INKPRESS_") {
				t.Errorf("an owner is shown a server setting: %q", e.Message)
			}
			if !errors.Is(e, tc.err) {
				t.Error("the detail is lost for the log")
			}
		})
	}
}
