package api

import (
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/store"
)

// Bulk scheduling bounds (seed section 9).
const (
	minBulkCount     = 1
	maxBulkCount     = 30
	defaultBulkCount = 30
)

// Validation answers of the scheduling forms. The codes mirror the seed's
// toast titles where it has one ('Topic required', 'Invalid number').
var (
	errTopicRequired     = Errorf(http.StatusBadRequest, "topic_required", "Please enter a topic")
	errBaseTopicRequired = Errorf(http.StatusBadRequest, "topic_required", "Please enter a base topic or title")
	errStartDateRequired = Errorf(http.StatusBadRequest, "start_date_required", "Please select a start date")
	errInvalidStartDate  = Errorf(http.StatusBadRequest, "invalid_start_date", "Please select a valid start date")
	errInvalidCount      = Errorf(http.StatusBadRequest, "invalid_number", "Please enter between 1 and 30 posts")
	errWhenRequired      = Errorf(http.StatusBadRequest, "schedule_time_required", "Please select a date and time")
	errInvalidWhen       = Errorf(http.StatusBadRequest, "invalid_schedule_time", "Please select a valid date and time")
	errCategoryRequired  = Errorf(http.StatusBadRequest, "category_required", "Please select a category")
	errInvalidCategory   = Errorf(http.StatusBadRequest, "invalid_category", "Please choose one of your blog's categories")
	errInvalidFrequency  = Errorf(http.StatusBadRequest, "invalid_frequency", "Unknown frequency: use once, daily or weekly")
	errInvalidInputMode  = Errorf(http.StatusBadRequest, "invalid_input_mode", "Unknown input mode: use topic or title")
)

// countField is the bulk count as a form sends it: a JSON number or a
// numeric string. Anything else is kept as invalid so the answer is the
// seed's sentence rather than a JSON error.
type countField struct {
	n  int
	ok bool
}

func (c *countField) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e6 {
			c.n, c.ok = int(x), true
		}
	case string:
		if n, err := strconv.Atoi(strings.TrimSpace(x)); err == nil {
			c.n, c.ok = n, true
		}
	}
	return nil
}

// parseWhen reads a schedule time: RFC 3339 as the contract says, or, as a
// browser's date and datetime-local inputs produce it, a bare date or date
// and time, taken as UTC.
func parseWhen(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil && t.Year() >= 1970 && t.Year() <= 9999 {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// scheduledFields are the fields both scheduling forms share.
type scheduledFields struct {
	Category      string
	Topic         string // trimmed; "" = random
	InputMode     string
	Frequency     string
	GenerateImage *bool
	Banners       []store.Banner
}

// scheduledItem checks the shared fields against the workspace (category,
// banners) and returns the item they describe, without its time.
func (h *Handler) scheduledItem(r *http.Request, ws *store.Workspace, f scheduledFields) (*store.ScheduledPost, error) {
	ctx := r.Context()
	f.Category = strings.TrimSpace(f.Category)
	if f.Category == "" {
		return nil, errCategoryRequired
	}
	if utf8.RuneCountInString(f.Topic) > ai.MaxTopicRunes {
		return nil, Errorf(http.StatusBadRequest, "validation", "The topic must be at most %d characters", ai.MaxTopicRunes)
	}
	if f.InputMode == "" {
		f.InputMode = string(ai.ModeTopic)
	}
	if !ai.InputMode(f.InputMode).Valid() {
		return nil, errInvalidInputMode
	}
	if f.Frequency == "" {
		f.Frequency = store.FrequencyOnce
	}
	switch f.Frequency {
	case store.FrequencyOnce, store.FrequencyDaily, store.FrequencyWeekly:
	default:
		return nil, errInvalidFrequency
	}
	if _, err := h.Store.GetCategory(ctx, ws.ID, f.Category); errors.Is(err, store.ErrNotFound) {
		return nil, errInvalidCategory
	} else if err != nil {
		return nil, err
	}
	// The same banner rules as generating now: the scheduler generates
	// through the same service later.
	banners, err := h.Generator.CheckBanners(ctx, ws.ID, f.Banners)
	if err != nil {
		return nil, generateError(r, err)
	}
	return &store.ScheduledPost{WorkspaceID: ws.ID, Category: f.Category, Topic: f.Topic, InputMode: f.InputMode,
		Frequency: f.Frequency, Status: store.ScheduledPending, GenerateImage: f.GenerateImage == nil || *f.GenerateImage,
		Banners: banners}, nil
}
