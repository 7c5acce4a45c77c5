package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/inkpress/inkpress/internal/customdomain"
	"github.com/inkpress/inkpress/internal/workspace"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// toDomainJSON shows a domain with the records it needs (nil: none).
func toDomainJSON(svc *customdomain.Service, d *store.Domain) *contract.Domain {
	if d == nil {
		return nil
	}
	recs := svc.Records(d)
	out := &contract.Domain{Name: d.Name, Status: contract.DomainStatus(d.Status), Records: make([]contract.DomainRecord, len(recs)),
		CheckedAt: optTime(d.CheckedAt), VerifiedAt: optTime(d.VerifiedAt), Error: d.Error}
	for i, r := range recs {
		out.Records[i] = contract.DomainRecord{Type: r.Type, Name: r.Name, Value: r.Value, Note: r.Note}
	}
	return out
}

func optTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func (h *Handler) getDomain(w http.ResponseWriter, r *http.Request, o *owner) error {
	d, err := h.Domains.Get(r.Context(), o.ws)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.DomainResponse{Domain: toDomainJSON(h.Domains, d)})
}

func (h *Handler) putDomain(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.DomainInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	d, err := h.Domains.Set(r.Context(), o.ws, o.isAdmin, in.Domain)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.DomainResponse{Domain: toDomainJSON(h.Domains, d)})
}

func (h *Handler) verifyDomain(w http.ResponseWriter, r *http.Request, o *owner) error {
	d, err := h.Domains.Verify(r.Context(), o.ws)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.DomainResponse{Domain: toDomainJSON(h.Domains, d)})
}

func (h *Handler) deleteDomain(w http.ResponseWriter, r *http.Request, o *owner) error {
	if err := h.Domains.Remove(r.Context(), o.ws); err != nil {
		return err
	}
	return NoContent(w)
}

// adminSetDomain sets (or, with an empty domain, removes) a workspace's
// custom domain whatever its plan; it still has to be verified.
func (h *Handler) adminSetDomain(w http.ResponseWriter, r *http.Request, _ *caller) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return workspace.ErrNotFound
	}
	var in contract.DomainInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	ws, d, err := h.Domains.Grant(r.Context(), id, in.Domain)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.AdminDomainResponse{Workspace: toWorkspaceJSON(ws), Domain: toDomainJSON(h.Domains, d)})
}
