package api

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// OneClickPath is the RFC 8058 unsubscribe address: mail providers POST to
// it from their servers, without cookies or a page of ours, so it is let
// through the cross-origin check and the double-submit token (the secret
// token in its query is the proof).
const OneClickPath = "/api/subscribers/one-click"

// subscribeBlog is the blog a public subscription request names
// (workspace slug), else the blog at this host's root.
func (h *Handler) subscribeBlog(r *http.Request, slug string) (*blogaddr.Blog, error) {
	if slug != "" {
		b, err := h.Site.BySlug(r.Context(), slug)
		if errors.Is(err, store.ErrNotFound) {
			// A page opened before the blog's address changed still
			// subscribes to (and confirms, unsubscribes from) that blog.
			b, err = h.Site.Moved(r.Context(), slug)
		}
		return b, notFound(err, errBlogNotFound)
	}
	b, err := h.Site.Root(r.Context(), r.Host)
	return b, notFound(err, errBlogNotFound)
}

// subscribe answers every valid request alike (202): whether the address
// was new, pending, confirmed or had left is only told by the e-mail.
func (h *Handler) subscribe(w http.ResponseWriter, r *http.Request) error {
	var in contract.SubscribeInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if _, ok := newsletter.NormalizeEmail(in.Email); !ok {
		return newsletter.ErrInvalidEmail
	}
	b, err := h.subscribeBlog(r, in.Workspace)
	if err != nil {
		return err
	}
	client := h.Config.ClientKey(r.RemoteAddr, r.Header.Get("X-Forwarded-For"))
	if err := h.Newsletter.Subscribe(r.Context(), b, in.Email, client); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusAccepted, contract.SubscribeResponse{OK: true})
}

func toSubscriptionJSON(res *newsletter.Result) contract.SubscriptionResponse {
	return contract.SubscriptionResponse{Status: contract.SubscriberStatus(res.Status), Blog: res.Blog, Email: res.Email}
}

// confirmSubscription and unsubscribe apply a link's token on the blog
// whose page opened it.
func (h *Handler) confirmSubscription(w http.ResponseWriter, r *http.Request) error {
	return h.subscriptionLink(w, r, h.Newsletter.Confirm)
}

func (h *Handler) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	return h.subscriptionLink(w, r, h.Newsletter.Unsubscribe)
}

func (h *Handler) subscriptionLink(w http.ResponseWriter, r *http.Request,
	apply func(ctx context.Context, b *blogaddr.Blog, token string) (*newsletter.Result, error)) error {
	var in contract.TokenInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	b, err := h.subscribeBlog(r, in.Workspace)
	if err != nil {
		return err
	}
	res, err := apply(r.Context(), b, in.Token)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, toSubscriptionJSON(res))
}

// oneClickForm reads RFC 8058's form body, which a mail provider may send
// URL-encoded or as multipart/form-data.
func oneClickForm(r *http.Request) bool {
	var err error
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "multipart/form-data" {
		err = r.ParseMultipartForm(4096)
	} else {
		err = r.ParseForm()
	}
	return err == nil && r.PostForm.Get("List-Unsubscribe") == "One-Click"
}

// oneClick is RFC 8058's POST (form body List-Unsubscribe=One-Click), also
// the no-JavaScript form of the unsubscribe page: it answers a sentence.
func (h *Handler) oneClick(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if !oneClickForm(r) {
		return Errorf(http.StatusBadRequest, "invalid_request", "Send List-Unsubscribe=One-Click as a form body")
	}
	res, err := h.Newsletter.OneClick(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, "You have been unsubscribed from "+res.Blog+".\n")
	return nil
}

// oneClickPage answers a GET of the List-Unsubscribe address (a client or a
// reader that opens it): the blog's unsubscribe page, which acts on its
// button only.
func (h *Handler) oneClickPage(w http.ResponseWriter, r *http.Request) error {
	to, err := h.Newsletter.UnsubscribePage(r.Context(), r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, to, http.StatusSeeOther)
	return nil
}

func toSubscriberJSON(s *store.Subscriber) contract.Subscriber {
	out := contract.Subscriber{ID: s.ID, Email: s.Email, Status: contract.SubscriberStatus(s.Status),
		Source: contract.SubscriberSource(s.Source), CreatedAt: s.CreatedAt, Note: s.Note}
	if !s.ConfirmedAt.IsZero() {
		out.ConfirmedAt = &s.ConfirmedAt
	}
	return out
}

func (h *Handler) listSubscribers(w http.ResponseWriter, r *http.Request, o *owner) error {
	page, err := intParam(r, "page", 1, 1, newsletter.MaxPage)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	l, err := h.Newsletter.List(r.Context(), o.ws, o.isAdmin, newsletter.ListQuery{Search: q.Get("q"), Status: q.Get("status"), Page: page})
	if err != nil {
		return err
	}
	out := contract.SubscribersPage{Subscribers: make([]contract.Subscriber, len(l.Subscribers)), Page: l.Page, HasMore: l.HasMore,
		Limit: l.Limit, Counts: contract.SubscriberCounts{Pending: l.Counts[store.SubscriberPending],
			Confirmed: l.Counts[store.SubscriberConfirmed], Unsubscribed: l.Counts[store.SubscriberUnsubscribed],
			Bounced: l.Counts[store.SubscriberBounced]}}
	for _, n := range l.Counts {
		out.Counts.Total += n
	}
	for i, s := range l.Subscribers {
		out.Subscribers[i] = toSubscriberJSON(s)
	}
	return WriteJSON(w, http.StatusOK, out)
}

// subscriberID parses {id}; anything unusable is not found.
func subscriberID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, newsletter.ErrNotFound
	}
	return id, nil
}

func (h *Handler) deleteSubscriber(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := subscriberID(r)
	if err != nil {
		return err
	}
	if err := h.Newsletter.Delete(r.Context(), o.ws, id); err != nil {
		return err
	}
	return NoContent(w)
}

func (h *Handler) resendConfirmation(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := subscriberID(r)
	if err != nil {
		return err
	}
	s, err := h.Newsletter.Resend(r.Context(), o.ws, id)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, toSubscriberJSON(s))
}

func (h *Handler) exportSubscribers(w http.ResponseWriter, r *http.Request, o *owner) error {
	subs, err := h.Newsletter.Export(r.Context(), o.ws)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := newsletter.WriteCSV(&buf, subs); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="subscribers-`+o.ws.Slug+`-`+time.Now().UTC().Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(buf.Bytes())
	return nil
}

// importErrorResponse is the body of a refused import: the error and the
// rows that made it.
type importErrorResponse struct {
	Error *Error `json:"error"`
	contract.ImportErrors
}

func (h *Handler) importSubscribers(w http.ResponseWriter, r *http.Request, o *owner) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "text/csv") && !strings.HasPrefix(ct, "text/plain") {
		return Errorf(http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the addresses as text/csv")
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, newsletter.MaxImportBytes))
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return newsletter.ErrImportTooLarge
	}
	if err != nil {
		return err
	}
	// The body is the CSV; where it came from and the owner's word on
	// consent ride in the query.
	q := r.URL.Query()
	res, err := h.Newsletter.Import(r.Context(), o.ws, o.isAdmin, newsletter.ImportRequest{Data: data, Source: q.Get("source"),
		Consent: q.Get("consent") == "true"})
	var ie *newsletter.ImportError
	if errors.As(err, &ie) {
		out := importErrorResponse{Error: &Error{Code: "invalid_import", Message: ie.Message()},
			ImportErrors: contract.ImportErrors{Rows: make([]contract.ImportRowError, len(ie.Rows))}}
		for i, row := range ie.Rows {
			out.Rows[i] = contract.ImportRowError{Line: row.Line, Value: row.Value, Reason: row.Reason}
		}
		return WriteJSON(w, http.StatusBadRequest, out)
	}
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.ImportResult{Added: res.Added, Skipped: res.Skipped, Confirming: res.Confirming})
}

// mailStatus is the dashboard's e-mail panel of a workspace.
func (h *Handler) mailStatus(r *http.Request, o *owner) (contract.MailStatus, error) {
	sent, limit, err := h.Newsletter.Usage(r.Context(), o.ws, o.isAdmin)
	if err != nil {
		return contract.MailStatus{}, err
	}
	out := contract.MailStatus{EmailsSent: sent, EmailsLimit: limit, Verified: true}
	if h.MailSending != nil {
		out.Sending = h.MailSending()
	}
	if h.OwnerVerified != nil {
		if out.Verified, err = h.OwnerVerified(r.Context(), o.ws.ID); err != nil {
			return contract.MailStatus{}, err
		}
	}
	return out, nil
}
