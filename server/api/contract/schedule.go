package contract

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"
)

// Frequency is how often a planned item repeats.
type Frequency string

// The frequencies.
const (
	FrequencyOnce   Frequency = "once"
	FrequencyDaily  Frequency = "daily"
	FrequencyWeekly Frequency = "weekly"
)

// PlanStatus is where a planned item stands.
type PlanStatus string

// The statuses.
const (
	StatusPending   PlanStatus = "pending"
	StatusCompleted PlanStatus = "completed"
	StatusFailed    PlanStatus = "failed"
)

// PlannedPost is a post to be generated later.
type PlannedPost struct {
	ID       int64  `json:"id"`
	Category string `json:"category"`
	// Topic is null when the AI picks a random topic.
	Topic         *string    `json:"topic"`
	InputMode     InputMode  `json:"inputMode"`
	GenerateAt    time.Time  `json:"scheduledFor"`
	Frequency     Frequency  `json:"frequency"`
	Status        PlanStatus `json:"status"`
	GenerateImage bool       `json:"generateImage"`
	Banners       []Banner   `json:"banners"`
	// Error is the last failure, if any.
	Error  string `json:"error"`
	PostID *int64 `json:"postId"`
}

// PlannedListResponse is GET /api/workspace/scheduled and the answer of
// POST /api/workspace/scheduled/bulk.
type PlannedListResponse struct {
	Items []PlannedPost `json:"items"`
}

// PlannedResponse is one item: a new one, or one retried.
type PlannedResponse struct {
	Item PlannedPost `json:"item"`
}

// ScheduleInput is the schedule form: POST /api/workspace/scheduled.
type ScheduleInput struct {
	Category string `json:"category"`
	// Topic null or absent: a random topic.
	Topic         *string   `json:"topic"`
	InputMode     InputMode `json:"inputMode"`
	GenerateAt    string    `json:"scheduledFor"`
	Frequency     Frequency `json:"frequency"`
	GenerateImage *bool     `json:"generateImage"`
	Banners       []Banner  `json:"banners"`
}

// BulkScheduleInput is the bulk form: POST /api/workspace/scheduled/bulk.
type BulkScheduleInput struct {
	Category  string    `json:"category"`
	Topic     string    `json:"topic"`
	InputMode InputMode `json:"inputMode"`
	// StartDate is 'YYYY-MM-DD' or RFC 3339.
	StartDate string `json:"startDate"`
	// Count absent: 30.
	Count         *FormNumber `json:"count"`
	GenerateImage *bool       `json:"generateImage"`
	Banners       []Banner    `json:"banners,omitempty"`
}

// FormNumber is a whole number as a form sends it: a JSON number or a
// numeric string (a number in TypeScript). Anything else decodes without
// error with Valid false, so the form gets the rule's own sentence rather
// than a JSON error.
//
//tsgen:number
type FormNumber struct {
	N     int
	Valid bool
}

func (c *FormNumber) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e6 {
			c.N, c.Valid = int(x), true
		}
	case string:
		if n, err := strconv.Atoi(strings.TrimSpace(x)); err == nil {
			c.N, c.Valid = n, true
		}
	}
	return nil
}
