package scheduler

import (
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

func ptr[T any](v T) *T { return &v }

func TestInputItem(t *testing.T) {
	valid := func(change func(*Input)) Input {
		in := Input{Category: "tech", Topic: ptr("Valid"), GenerateAt: "2026-12-01T10:00:00Z"}
		if change != nil {
			change(&in)
		}
		return in
	}
	for _, tc := range []struct {
		name     string
		in       Input
		code     string // "" = accepted
		msg      string
		check    func(*testing.T, *store.PlannedPost)
		wantTime time.Time
	}{
		{name: "defaults", in: valid(nil), wantTime: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC),
			check: func(t *testing.T, it *store.PlannedPost) {
				if it.Topic != "Valid" || it.InputMode != "topic" || it.Frequency != "once" || !it.GenerateImage ||
					it.Status != store.PlanPending || it.Category != "tech" {
					t.Errorf("item = %+v", it)
				}
			}},
		{name: "random topic", in: valid(func(in *Input) { in.Topic = nil }), wantTime: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC),
			check: func(t *testing.T, it *store.PlannedPost) {
				if it.Topic != "" {
					t.Errorf("topic = %q", it.Topic)
				}
			}},
		{name: "trimmed, weekly, title, no image, offset time", in: valid(func(in *Input) {
			in.Topic, in.Category, in.Frequency, in.InputMode = ptr("  Edge  "), " tech ", "weekly", "title"
			in.GenerateImage, in.GenerateAt = ptr(false), "2026-12-02T09:30:00+01:00"
		}), wantTime: time.Date(2026, 12, 2, 8, 30, 0, 0, time.UTC),
			check: func(t *testing.T, it *store.PlannedPost) {
				if it.Topic != "Edge" || it.Category != "tech" || it.Frequency != "weekly" || it.InputMode != "title" || it.GenerateImage {
					t.Errorf("item = %+v", it)
				}
			}},
		{name: "datetime-local", in: valid(func(in *Input) { in.GenerateAt = "2026-12-01T10:00" }), wantTime: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)},
		{name: "blank topic", in: valid(func(in *Input) { in.Topic = ptr("   ") }), code: "topic_required", msg: "Please enter a topic"},
		{name: "no time", in: valid(func(in *Input) { in.GenerateAt = " " }), code: "schedule_time_required", msg: "Please select a date and time"},
		{name: "bad time", in: valid(func(in *Input) { in.GenerateAt = "next tuesday" }), code: "invalid_schedule_time", msg: "Please select a valid date and time"},
		{name: "year 1969", in: valid(func(in *Input) { in.GenerateAt = "1969-12-31" }), code: "invalid_schedule_time"},
		{name: "year 10000 in UTC", in: valid(func(in *Input) { in.GenerateAt = "9999-12-31T23:00:00-05:00" }), code: "invalid_schedule_time"},
		{name: "no category", in: valid(func(in *Input) { in.Category = "  " }), code: "category_required", msg: "Please select a category"},
		{name: "long topic", in: valid(func(in *Input) { in.Topic = ptr(strings.Repeat("a", 301)) }), code: "validation"},
		{name: "hourly", in: valid(func(in *Input) { in.Frequency = "hourly" }), code: "invalid_frequency"},
		{name: "essay", in: valid(func(in *Input) { in.InputMode = "essay" }), code: "invalid_input_mode"},
		// The form's order: the topic is reported before the time.
		{name: "topic before time", in: valid(func(in *Input) { in.Topic, in.GenerateAt = ptr(""), "" }), code: "topic_required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			it, err := tc.in.Item()
			if tc.code != "" {
				e := apperr.As(err)
				if e == nil || e.Kind != apperr.Invalid || e.Code != tc.code || (tc.msg != "" && e.Message != tc.msg) {
					t.Fatalf("err = %v (%+v), want %s %q", err, e, tc.code, tc.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !it.GenerateAt.Equal(tc.wantTime) {
				t.Errorf("time = %v, want %v", it.GenerateAt, tc.wantTime)
			}
			if tc.check != nil {
				tc.check(t, it)
			}
		})
	}
}

func TestBulkInputItems(t *testing.T) {
	count := func(n int) *Count { return &Count{N: n, Valid: true} }
	valid := func(change func(*BulkInput)) BulkInput {
		in := BulkInput{Category: "tech", Topic: " Remote work ", StartDate: "2026-12-20", Count: count(3)}
		if change != nil {
			change(&in)
		}
		return in
	}
	const countMsg = "Please enter between 1 and 30 posts"
	for _, tc := range []struct {
		name  string
		in    BulkInput
		code  string
		msg   string
		n     int
		start time.Time
	}{
		{name: "three", in: valid(nil), n: 3, start: time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC)},
		{name: "default 30", in: valid(func(in *BulkInput) { in.Count = nil }), n: 30, start: time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC)},
		{name: "one", in: valid(func(in *BulkInput) { in.Count = count(1) }), n: 1, start: time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC)},
		{name: "time of day kept", in: valid(func(in *BulkInput) { in.StartDate = "2027-01-01T08:00:00Z" }), n: 3,
			start: time.Date(2027, 1, 1, 8, 0, 0, 0, time.UTC)},
		{name: "zero", in: valid(func(in *BulkInput) { in.Count = count(0) }), code: "invalid_number", msg: countMsg},
		{name: "31", in: valid(func(in *BulkInput) { in.Count = count(31) }), code: "invalid_number", msg: countMsg},
		{name: "negative", in: valid(func(in *BulkInput) { in.Count = count(-2) }), code: "invalid_number", msg: countMsg},
		{name: "not a number", in: valid(func(in *BulkInput) { in.Count = &Count{} }), code: "invalid_number", msg: countMsg},
		{name: "blank topic", in: valid(func(in *BulkInput) { in.Topic = "  " }), code: "topic_required", msg: "Please enter a base topic or title"},
		{name: "no start", in: valid(func(in *BulkInput) { in.StartDate = "" }), code: "start_date_required", msg: "Please select a start date"},
		{name: "bad start", in: valid(func(in *BulkInput) { in.StartDate = "01/12/2026" }), code: "invalid_start_date", msg: "Please select a valid start date"},
		{name: "no category", in: valid(func(in *BulkInput) { in.Category = "" }), code: "category_required"},
		{name: "last day of 9999", in: valid(func(in *BulkInput) { in.StartDate, in.Count = "9999-12-29T23:59:59Z", count(3) }), n: 3,
			start: time.Date(9999, 12, 29, 23, 59, 59, 0, time.UTC)},
		{name: "past the year 9999", in: valid(func(in *BulkInput) { in.StartDate, in.Count = "9999-12-20", count(30) }),
			code: "invalid_start_date", msg: "Please select an earlier start date: the last post would fall after the year 9999"},
		// The form's order: topic, start date, number of posts.
		{name: "topic first", in: valid(func(in *BulkInput) { in.Topic, in.StartDate, in.Count = "", "", count(0) }), code: "topic_required"},
		{name: "start before count", in: valid(func(in *BulkInput) { in.StartDate, in.Count = "", count(0) }), code: "start_date_required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items, err := tc.in.Items()
			if tc.code != "" {
				e := apperr.As(err)
				if e == nil || e.Code != tc.code || (tc.msg != "" && e.Message != tc.msg) {
					t.Fatalf("err = %v, want %s %q", err, tc.code, tc.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(items) != tc.n {
				t.Fatalf("%d items, want %d", len(items), tc.n)
			}
			for i, it := range items {
				if !it.GenerateAt.Equal(tc.start.AddDate(0, 0, i)) || it.Frequency != store.FrequencyOnce || it.Topic != "Remote work" ||
					it.Status != store.PlanPending || !it.GenerateImage {
					t.Fatalf("item %d = %+v", i, it)
				}
			}
			if tc.n > 1 && items[0] == items[1] {
				t.Fatal("items share one value")
			}
		})
	}
}
