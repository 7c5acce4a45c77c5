package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

var errScheduledNotFound = Errorf(http.StatusNotFound, "scheduled_not_found", "Scheduled post not found")

type scheduledJSON struct {
	ID            int64          `json:"id"`
	Category      string         `json:"category"`
	Topic         *string        `json:"topic"` // null = random topic
	InputMode     string         `json:"inputMode"`
	ScheduledFor  time.Time      `json:"scheduledFor"`
	Frequency     string         `json:"frequency"`
	Status        string         `json:"status"`
	GenerateImage bool           `json:"generateImage"`
	Banners       []store.Banner `json:"banners"`
	Error         string         `json:"error"`
	PostID        *int64         `json:"postId"`
}

func toScheduledJSON(p *store.ScheduledPost) scheduledJSON {
	out := scheduledJSON{ID: p.ID, Category: p.Category, InputMode: p.InputMode, ScheduledFor: p.ScheduledFor,
		Frequency: p.Frequency, Status: p.Status, GenerateImage: p.GenerateImage, Banners: p.Banners, Error: p.Error}
	if p.Topic != "" {
		out.Topic = &p.Topic
	}
	if p.PostID != 0 {
		out.PostID = &p.PostID
	}
	if out.Banners == nil {
		out.Banners = []store.Banner{}
	}
	return out
}

func toScheduledJSONs(ps []*store.ScheduledPost) []scheduledJSON {
	out := make([]scheduledJSON, len(ps))
	for i, p := range ps {
		out[i] = toScheduledJSON(p)
	}
	return out
}

// scheduledID parses {id}; anything unusable is simply not found.
// ownerScheduled resolves the caller's workspace and the {id} of one of its
// scheduled posts (anything unusable is simply not found).
func (h *Handler) ownerScheduled(r *http.Request) (*store.Workspace, int64, error) {
	_, ws, err := h.ownerWorkspace(r, false)
	if err != nil {
		return nil, 0, err
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, 0, errScheduledNotFound
	}
	return ws, id, nil
}

func (h *Handler) listScheduled(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	items, err := h.Store.ListScheduled(r.Context(), ws.ID)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, map[string]any{"items": toScheduledJSONs(items)})
}

func (h *Handler) createScheduled(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	var in struct {
		Category      string         `json:"category"`
		Topic         *string        `json:"topic"` // null or absent: a random topic
		InputMode     string         `json:"inputMode"`
		ScheduledFor  string         `json:"scheduledFor"`
		Frequency     string         `json:"frequency"`
		GenerateImage *bool          `json:"generateImage"`
		Banners       []store.Banner `json:"banners"`
	}
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	topic := ""
	if in.Topic != nil {
		if topic = strings.TrimSpace(*in.Topic); topic == "" {
			return errTopicRequired
		}
	}
	if strings.TrimSpace(in.ScheduledFor) == "" {
		return errWhenRequired
	}
	at, ok := parseWhen(in.ScheduledFor)
	if !ok {
		return errInvalidWhen
	}
	item, err := h.scheduledItem(r, ws, scheduledFields{Category: in.Category, Topic: topic, InputMode: in.InputMode,
		Frequency: in.Frequency, GenerateImage: in.GenerateImage, Banners: in.Banners})
	if err != nil {
		return err
	}
	item.ScheduledFor = at
	if err := h.Store.CreateScheduled(r.Context(), []*store.ScheduledPost{item}); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, map[string]any{"item": toScheduledJSON(item)})
}

// bulkSchedule creates count items of one topic, one a day from startDate
// (frequency once), in one transaction: all or none.
func (h *Handler) bulkSchedule(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws := o.ws
	var in struct {
		Category      string         `json:"category"`
		Topic         string         `json:"topic"`
		InputMode     string         `json:"inputMode"`
		StartDate     string         `json:"startDate"`
		Count         *countField    `json:"count"` // absent: 30
		GenerateImage *bool          `json:"generateImage"`
		Banners       []store.Banner `json:"banners"`
	}
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	// The seed's order: topic, start date, number of posts.
	topic := strings.TrimSpace(in.Topic)
	if topic == "" {
		return errBaseTopicRequired
	}
	if strings.TrimSpace(in.StartDate) == "" {
		return errStartDateRequired
	}
	start, ok := parseWhen(in.StartDate)
	if !ok {
		return errInvalidStartDate
	}
	count := defaultBulkCount
	if in.Count != nil {
		count = in.Count.n
		if !in.Count.ok || count < minBulkCount || count > maxBulkCount {
			return errInvalidCount
		}
	}
	base, err := h.scheduledItem(r, ws, scheduledFields{Category: in.Category, Topic: topic, InputMode: in.InputMode,
		Frequency: store.FrequencyOnce, GenerateImage: in.GenerateImage, Banners: in.Banners})
	if err != nil {
		return err
	}
	items := make([]*store.ScheduledPost, count)
	for i := range items {
		item := *base
		item.ScheduledFor = start.AddDate(0, 0, i)
		items[i] = &item
	}
	if err := h.Store.CreateScheduled(r.Context(), items); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, map[string]any{"items": toScheduledJSONs(items)})
}

func (h *Handler) retryScheduled(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws, id, err := h.ownerScheduled(r)
	if err != nil {
		return err
	}
	item, err := h.Store.RetryScheduled(r.Context(), ws.ID, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		err = errScheduledNotFound
	case errors.Is(err, store.ErrConflict):
		err = Errorf(http.StatusConflict, "not_failed", "Only failed posts can be retried")
	}
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, map[string]any{"item": toScheduledJSON(item)})
}

func (h *Handler) deleteScheduled(w http.ResponseWriter, r *http.Request, o *owner) error {
	ws, id, err := h.ownerScheduled(r)
	if err != nil {
		return err
	}
	err = h.Store.DeleteScheduled(r.Context(), ws.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		err = errScheduledNotFound
	}
	if err != nil {
		return err
	}
	return NoContent(w)
}
