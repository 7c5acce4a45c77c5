package api

import (
	"crypto/subtle"
	"errors"
	"mime"
	"net/http"
	"strings"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/server/api/contract"
)

// ComplaintsPath takes spam complaints from mail providers (feedback loops)
// or an e-mail service's relay: servers, without cookies or a page of
// ours, so it is let through the cross-origin check and the double-submit
// token; the configured secret is the proof.
const ComplaintsPath = "/api/mail/complaints"

// complaint records one spam complaint: a JSON body {messageId}, or an
// Abuse Reporting Format report (multipart/report, or the whole report
// e-mail as message/rfc822). Off (no secret configured): 404.
func (h *Handler) complaint(w http.ResponseWriter, r *http.Request) error {
	secret := h.Config.MailFeedbackToken
	if secret == "" {
		return Errorf(http.StatusNotFound, "not_found", "Not found")
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(secret)) != 1 {
		return Errorf(http.StatusUnauthorized, "unauthorized", "Send the mail feedback token as Authorization: Bearer <token>.")
	}
	r.Body = http.MaxBytesReader(w, r.Body, mail.MaxFeedbackReport)
	ct := r.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(ct)
	var messageID string
	switch mt {
	case "application/json":
		var in contract.ComplaintInput
		if err := Decode(w, r, &in); err != nil {
			return err
		}
		messageID = in.MessageID
	case "multipart/report", "message/rfc822":
		id, err := mail.FeedbackMessageID(ct, r.Body)
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return Errorf(http.StatusRequestEntityTooLarge, "too_large", "The report is larger than 1 MB.")
		}
		if err != nil {
			return Errorf(http.StatusBadRequest, "invalid_report", "Not a spam complaint report: %v", err)
		}
		messageID = id
	default:
		return Errorf(http.StatusBadRequest, "invalid_report",
			"Send application/json {messageId}, or a feedback report as multipart/report or message/rfc822.")
	}
	res, err := h.Newsletter.Complaint(r.Context(), messageID)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.ComplaintResponse{Recorded: res.Recorded, Paused: res.Paused})
}
