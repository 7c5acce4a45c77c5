package posts

import (
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/apperr"
)

func TestPatchValidate(t *testing.T) {
	str := func(s string) *string { return &s }
	tags := func(ts ...string) *[]string { return &ts }
	many := make([]string, MaxTags+1)
	for _, tc := range []struct {
		name  string
		patch Patch
		msg   string // "" = valid
	}{
		{"empty patch", Patch{}, ""},
		{"title at the limit", Patch{Title: str(strings.Repeat("é", MaxTitleRunes))}, ""},
		{"title too long", Patch{Title: str(strings.Repeat("a", MaxTitleRunes+1))}, "The title must be at most 200 characters"},
		// Blank titles and bodies are Update's to refuse.
		{"blank title", Patch{Title: str("  ")}, ""},
		{"tags at the limit", Patch{Tags: tags(many[:MaxTags]...)}, ""},
		{"too many tags", Patch{Tags: &many}, "Send at most 50 tags"},
		{"tag at the limit", Patch{Tags: tags(strings.Repeat("a", MaxTagBytes))}, ""},
		{"tag too long", Patch{Tags: tags("ok", strings.Repeat("a", MaxTagBytes+1))}, "Each tag must be at most 200 characters"},
		{"tag bytes, not characters", Patch{Tags: tags(strings.Repeat("é", 101))}, "Each tag must be at most 200 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.patch.Validate()
			if tc.msg == "" {
				if err != nil {
					t.Fatalf("err = %v", err)
				}
				return
			}
			e := apperr.As(err)
			if e == nil || e.Kind != apperr.Invalid || e.Code != "validation" || e.Message != tc.msg {
				t.Fatalf("err = %v, want %q", err, tc.msg)
			}
		})
	}
}
