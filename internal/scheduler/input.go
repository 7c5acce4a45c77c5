package scheduler

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

// Bulk scheduling: 1 to 30 posts, one a day, 30 unless the form says.
const (
	MinBulkCount     = 1
	MaxBulkCount     = 30
	DefaultBulkCount = 30
)

// MaxPending is the most pending items a workspace may hold: a bound on
// what one workspace can queue for the shared scheduler.
const MaxPending = 500

// Refusals of the scheduling forms. Where the form shows a titled message
// ('Topic required', 'Invalid number') the code names that title.
var (
	ErrNotFound          = apperr.New(apperr.NotFound, "scheduled_not_found", "Scheduled post not found")
	errNotFailed         = apperr.New(apperr.Conflict, "not_failed", "Only failed posts can be retried")
	errTopicRequired     = apperr.New(apperr.Invalid, "topic_required", "Please enter a topic")
	errBaseTopicRequired = apperr.New(apperr.Invalid, "topic_required", "Please enter a base topic or title")
	errStartDateRequired = apperr.New(apperr.Invalid, "start_date_required", "Please select a start date")
	errInvalidStartDate  = apperr.New(apperr.Invalid, "invalid_start_date", "Please select a valid start date")
	errInvalidCount      = apperr.Newf(apperr.Invalid, "invalid_number", "Please enter between %d and %d posts", MinBulkCount, MaxBulkCount)
	errBulkPastRange     = apperr.New(apperr.Invalid, "invalid_start_date", "Please select an earlier start date: the last post would fall after the year 9999")
	errTooManyPending    = apperr.Newf(apperr.Conflict, "too_many_scheduled",
		"You already have %d posts waiting to be generated, the most a blog can have. Delete some, or wait until they are published, to schedule more.", MaxPending)
	errWhenRequired     = apperr.New(apperr.Invalid, "schedule_time_required", "Please select a date and time")
	errInvalidWhen      = apperr.New(apperr.Invalid, "invalid_schedule_time", "Please select a valid date and time")
	errCategoryRequired = apperr.New(apperr.Invalid, "category_required", "Please select a category")
	errInvalidCategory  = apperr.New(apperr.Invalid, "invalid_category", "Please choose one of your blog's categories")
	errInvalidFrequency = apperr.New(apperr.Invalid, "invalid_frequency", "Unknown frequency: use once, daily or weekly")
	errInvalidInputMode = apperr.New(apperr.Invalid, "invalid_input_mode", "Unknown input mode: use topic or title")
	errTopicTooLong     = apperr.Validation("The topic must be at most %d characters", ai.MaxTopicRunes)
)

// Input is the schedule form: one item, once or repeating.
type Input struct {
	Category      string
	Topic         *string // nil: a random topic
	InputMode     string  // topic (default) or title
	GenerateAt    string  // RFC 3339, or a browser's date or date and time (UTC)
	Frequency     string  // once (default), daily or weekly
	GenerateImage *bool   // nil: true
	Banners       []store.Banner
}

// Count is a form's number of posts; Valid is false when the form sent
// something that is not a whole number.
type Count struct {
	N     int
	Valid bool
}

// BulkInput is the bulk form: Count items of one topic, one a day from
// StartDate, each generated once.
type BulkInput struct {
	Category      string
	Topic         string
	InputMode     string
	StartDate     string
	Count         *Count // nil: DefaultBulkCount
	GenerateImage *bool
	Banners       []store.Banner
}

// Item checks the form's own fields, in the order the form shows them, and
// returns the pending item they describe. Category and banners are checked
// against the workspace by Service.
func (in Input) Item() (*store.PlannedPost, error) {
	topic := ""
	if in.Topic != nil {
		if topic = strings.TrimSpace(*in.Topic); topic == "" {
			return nil, errTopicRequired
		}
	}
	at, err := requiredTime(in.GenerateAt, errWhenRequired, errInvalidWhen)
	if err != nil {
		return nil, err
	}
	item, err := newItem(in.Category, topic, in.InputMode, in.Frequency, in.GenerateImage, in.Banners)
	if err != nil {
		return nil, err
	}
	item.GenerateAt = at
	return item, nil
}

// Items checks the bulk form's own fields, in the order the form shows
// them (topic, start date, number of posts), and returns its items: one a
// day from the start, at the start's time of day.
func (in BulkInput) Items() ([]*store.PlannedPost, error) {
	topic := strings.TrimSpace(in.Topic)
	if topic == "" {
		return nil, errBaseTopicRequired
	}
	start, err := requiredTime(in.StartDate, errStartDateRequired, errInvalidStartDate)
	if err != nil {
		return nil, err
	}
	count := DefaultBulkCount
	if in.Count != nil {
		count = in.Count.N
		if !in.Count.Valid || count < MinBulkCount || count > MaxBulkCount {
			return nil, errInvalidCount
		}
	}
	base, err := newItem(in.Category, topic, in.InputMode, store.FrequencyOnce, in.GenerateImage, in.Banners)
	if err != nil {
		return nil, err
	}
	items := make([]*store.PlannedPost, count)
	for i := range items {
		item := *base
		item.GenerateAt = start.AddDate(0, 0, i)
		if !InRange(item.GenerateAt) {
			return nil, errBulkPastRange
		}
		items[i] = &item
	}
	return items, nil
}

// newItem checks the fields both forms share and fills their defaults
// (topic mode, once, images on). topic is trimmed; "" is a random topic.
func newItem(category, topic, inputMode, frequency string, generateImage *bool, banners []store.Banner) (*store.PlannedPost, error) {
	category = strings.TrimSpace(category)
	if category == "" {
		return nil, errCategoryRequired
	}
	if utf8.RuneCountInString(topic) > ai.MaxTopicRunes {
		return nil, errTopicTooLong
	}
	if inputMode == "" {
		inputMode = string(ai.ModeTopic)
	}
	if !ai.InputMode(inputMode).Valid() {
		return nil, errInvalidInputMode
	}
	if frequency == "" {
		frequency = store.FrequencyOnce
	}
	switch frequency {
	case store.FrequencyOnce, store.FrequencyDaily, store.FrequencyWeekly:
	default:
		return nil, errInvalidFrequency
	}
	return &store.PlannedPost{Category: category, Topic: topic, InputMode: inputMode, Frequency: frequency,
		Status: store.PlanPending, GenerateImage: generateImage == nil || *generateImage, Banners: banners}, nil
}

// requiredTime reads a form's time: missing when blank, invalid when
// ParseWhen cannot read it.
func requiredTime(s string, missing, invalid error) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, missing
	}
	t, ok := ParseWhen(s)
	if !ok {
		return time.Time{}, invalid
	}
	return t, nil
}

// InRange reports whether t can be a schedule time: within the years 1970
// to 9999 (an API answer, RFC 3339, cannot carry a later year).
func InRange(t time.Time) bool {
	return t.Year() >= 1970 && t.Year() <= 9999
}

// ParseWhen reads a schedule time: RFC 3339, or, as a browser's date and
// datetime-local inputs produce it, a bare date or date and time, taken as
// UTC. Years outside 1970..9999 are refused.
func ParseWhen(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil && InRange(t.UTC()) {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}
