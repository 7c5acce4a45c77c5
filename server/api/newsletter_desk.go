package api

import (
	"net/http"

	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// newsletterOutlook says what publishing a post now would do with its e-mail.
func (h *Handler) newsletterOutlook(w http.ResponseWriter, r *http.Request, o *owner) error {
	out, err := h.NewsletterDesk.Outlook(r.Context(), o.ws)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.NewsletterOutlookResponse{Outlook: contract.NewsletterOutlook{
		Recipients: out.Recipients, Reason: contract.NewsletterReason(out.Reason), Note: out.Note}})
}

// sendNewsletterNow e-mails a published post that was not sent, once.
func (h *Handler) sendNewsletterNow(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	n, err := h.NewsletterDesk.SendNow(r.Context(), o.ws, id)
	if err != nil {
		return err
	}
	p, err := h.Posts.Get(r.Context(), o.ws.ID, id)
	if err != nil {
		return err
	}
	out, err := h.ownerPostJSON(r, o.ws, p)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.NewsletterSendResponse{Post: out, Recipients: n})
}

// testNewsletter e-mails a post's newsletter to the signed-in owner's own address.
func (h *Handler) testNewsletter(w http.ResponseWriter, r *http.Request, o *owner) error {
	id, err := postID(r)
	if err != nil {
		return err
	}
	if err := h.NewsletterDesk.TestSend(r.Context(), o.ws, id, o.user.Email, o.user.EmailVerified); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusAccepted, contract.NewsletterTestResponse{To: o.user.Email})
}

func welcomeJSON(wl *store.Welcome) contract.WelcomeEmailResponse {
	return contract.WelcomeEmailResponse{Welcome: contract.WelcomeEmail{Enabled: wl.Enabled, Subject: wl.Subject, Body: wl.Body},
		MaxSubject: newsletter.MaxWelcomeSubject, MaxBody: newsletter.MaxWelcomeBody}
}

func (h *Handler) getWelcomeEmail(w http.ResponseWriter, r *http.Request, o *owner) error {
	wl, err := h.Newsletter.Welcome(r.Context(), o.ws)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, welcomeJSON(wl))
}

func (h *Handler) putWelcomeEmail(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.WelcomeEmail
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	wl, err := h.Newsletter.SaveWelcome(r.Context(), o.ws, store.Welcome{Enabled: in.Enabled, Subject: in.Subject, Body: in.Body})
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, welcomeJSON(wl))
}
