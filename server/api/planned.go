package api

import (
	"net/http"
	"strconv"

	"github.com/inkpress/inkpress/internal/scheduler"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

func toPlannedPost(p *store.PlannedPost) contract.PlannedPost {
	out := contract.PlannedPost{ID: p.ID, Category: p.Category, InputMode: contract.InputMode(p.InputMode), GenerateAt: p.GenerateAt,
		Frequency: contract.Frequency(p.Frequency), Status: contract.PlanStatus(p.Status), GenerateImage: p.GenerateImage, Banners: toBanners(p.Banners), Error: p.Error}
	if p.Topic != "" {
		out.Topic = &p.Topic
	}
	if p.PostID != 0 {
		out.PostID = &p.PostID
	}
	if out.Banners == nil {
		out.Banners = []contract.Banner{}
	}
	return out
}

func toPlannedList(ps []*store.PlannedPost) contract.PlannedListResponse {
	out := make([]contract.PlannedPost, len(ps))
	for i, p := range ps {
		out[i] = toPlannedPost(p)
	}
	return contract.PlannedListResponse{Items: out}
}

// scheduledID parses {id}; anything unusable is 0, which no item has.
func scheduledID(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	return id
}

func (h *Handler) listPlanned(w http.ResponseWriter, r *http.Request, o *owner) error {
	items, err := h.Schedules.List(r.Context(), o.ws.ID)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, toPlannedList(items))
}

func (h *Handler) createPlanned(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.ScheduleInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	item, err := h.Schedules.Create(r.Context(), o.ws.ID, scheduler.Input{Category: in.Category, Topic: in.Topic,
		InputMode: string(in.InputMode), GenerateAt: in.GenerateAt, Frequency: string(in.Frequency), GenerateImage: in.GenerateImage,
		Banners: storeBanners(in.Banners)})
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, contract.PlannedResponse{Item: toPlannedPost(item)})
}

// bulkSchedule creates count items of one topic, one a day from startDate
// (frequency once), all or none.
func (h *Handler) bulkSchedule(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.BulkScheduleInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	bulk := scheduler.BulkInput{Category: in.Category, Topic: in.Topic, InputMode: string(in.InputMode), StartDate: in.StartDate,
		GenerateImage: in.GenerateImage, Banners: storeBanners(in.Banners)}
	if in.Count != nil {
		bulk.Count = &scheduler.Count{N: in.Count.N, Valid: in.Count.Valid}
	}
	items, err := h.Schedules.Bulk(r.Context(), o.ws.ID, bulk)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, toPlannedList(items))
}

func (h *Handler) retryPlanned(w http.ResponseWriter, r *http.Request, o *owner) error {
	item, err := h.Schedules.Retry(r.Context(), o.ws.ID, scheduledID(r))
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.PlannedResponse{Item: toPlannedPost(item)})
}

func (h *Handler) deletePlanned(w http.ResponseWriter, r *http.Request, o *owner) error {
	if err := h.Schedules.Delete(r.Context(), o.ws.ID, scheduledID(r)); err != nil {
		return err
	}
	return NoContent(w)
}
