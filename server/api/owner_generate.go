package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// generatePost checks the request and reserves its usage while the client
// waits, then queues the AI work as a job and answers 202 with it.
func (h *Handler) generatePost(w http.ResponseWriter, r *http.Request, o *owner) error {
	c, ws := o.caller, o.ws
	var in contract.GenerateInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	j, usage, err := h.Generator.Enqueue(r.Context(), ws, c.isAdmin, generate.Request{
		Category: in.Category, Topic: in.Topic, InputMode: string(in.InputMode), Keywords: string(in.Keywords),
		Tone: in.Tone, Length: in.Length, ImageMode: string(in.ImageMode), ImageURL: in.ImageURL, MediaID: in.MediaID,
		Banners: storeBanners(in.Banners), GenerateImages: in.GenerateImages == nil || *in.GenerateImages, Status: string(in.Status),
		AuthorID: c.user.ID,
	})
	if err != nil {
		return err
	}
	u := toUsageJSON(usage, ws, c.isAdmin, time.Now())
	return WriteJSON(w, http.StatusAccepted, contract.JobResponse{Job: toJobJSON(j), Usage: &u})
}

// jobID parses {id}; anything unusable is simply not found.
func jobID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, generate.ErrJobNotFound
	}
	return id, nil
}

func (h *Handler) getJob(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := jobID(r)
	if err != nil {
		return err
	}
	j, err := h.Generator.Job(r.Context(), o.ws.ID, id)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.JobResponse{Job: toJobJSON(j)})
}

// recentJobs is how many jobs the jobs list shows.
const recentJobs = 20

func (h *Handler) listJobs(w http.ResponseWriter, r *http.Request, o *owner) error {
	list, err := h.Generator.Jobs(r.Context(), o.ws.ID, recentJobs)
	if err != nil {
		return err
	}
	out := contract.JobsResponse{Jobs: make([]contract.Job, len(list))}
	for i, j := range list {
		out.Jobs[i] = toJobJSON(j)
	}
	return WriteJSON(w, http.StatusOK, out)
}

func (h *Handler) cancelJob(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := jobID(r)
	if err != nil {
		return err
	}
	j, err := h.Generator.Cancel(r.Context(), o.ws.ID, id)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.JobResponse{Job: toJobJSON(j)})
}

// storeBanners is the request's banner slots as the services take them.
func storeBanners(bs []contract.Banner) []store.Banner {
	if bs == nil {
		return nil
	}
	out := make([]store.Banner, len(bs))
	for i, b := range bs {
		out[i] = store.Banner(b)
	}
	return out
}
