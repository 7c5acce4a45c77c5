package posts

import (
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
)

func TestPatchValidate(t *testing.T) {
	str := func(s string) *string { return &s }
	soon := time.Now().Add(time.Hour)
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
		{"meta title too long", Patch{MetaTitle: str(strings.Repeat("a", MaxMetaTitleRunes+1))}, "The meta title must be at most 200 characters"},
		{"meta description too long", Patch{MetaDescription: str(strings.Repeat("a", MaxMetaDescriptionRunes+1))}, "The meta description must be at most 500 characters"},
		{"alt text too long", Patch{CoverAlt: str(strings.Repeat("a", MaxCoverAltRunes+1))}, "The cover's alt text must be at most 300 characters"},
		{"two covers", Patch{CoverURL: str("/media/x.png"), MediaID: new(int64)}, "Send a cover upload or a library image, not both"},
		{"unknown status", Patch{Status: str("live")}, "Status must be draft, scheduled or published"},
		{"publishAt alone", Patch{PublishAt: &soon}, `A publication time needs status "scheduled" (or "published" to date a post in the past)`},
		{"publishAt with a draft", Patch{Status: str("draft"), PublishAt: &soon}, `A publication time needs status "scheduled" (or "published" to date a post in the past)`},
		{"publishAt with scheduled", Patch{Status: str("scheduled"), PublishAt: &soon}, ""},
		{"slug of symbols", Patch{Slug: str("!!!")}, "A slug needs at least one letter a-z or digit (at most 200 characters)"},
		{"slug with words", Patch{Slug: str("My New Slug")}, ""},
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

func TestLifecycle(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	was := now.Add(-48 * time.Hour)
	later, earlier := now.Add(time.Hour), now.Add(-time.Hour)
	str := func(s string) *string { return &s }
	for _, tc := range []struct {
		name       string
		cur        string
		status     *string
		at         *time.Time
		wantStatus string
		wantAt     time.Time
		wantErr    bool
	}{
		{"no change keeps all", "draft", nil, nil, "draft", was, false},
		{"publish a draft now", "draft", str("published"), nil, "published", now, false},
		{"publish a draft dated earlier", "draft", str("published"), &earlier, "published", earlier, false},
		{"publish in the future is refused", "draft", str("published"), &later, "", time.Time{}, true},
		{"re-publishing keeps the date", "published", str("published"), nil, "published", was, false},
		{"schedule ahead", "draft", str("scheduled"), &later, "scheduled", later, false},
		{"schedule without a time", "draft", str("scheduled"), nil, "", time.Time{}, true},
		{"schedule in the past", "draft", str("scheduled"), &earlier, "", time.Time{}, true},
		{"schedule now is the past", "draft", str("scheduled"), &now, "", time.Time{}, true},
		{"unpublish", "published", str("draft"), nil, "draft", was, false},
		{"unschedule", "scheduled", str("draft"), nil, "draft", was, false},
		{"publish a scheduled post now", "scheduled", str("published"), nil, "published", now, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, at, err := lifecycle(tc.cur, was, tc.status, tc.at, now)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if st != tc.wantStatus || !at.Equal(tc.wantAt) {
				t.Errorf("= %q %v, want %q %v", st, at, tc.wantStatus, tc.wantAt)
			}
		})
	}
}
