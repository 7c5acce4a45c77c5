package api

import (
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"time"

	"github.com/inkpress/inkpress/internal/export"
	"github.com/inkpress/inkpress/store"

	"github.com/inkpress/inkpress/server/api/contract"
)

// Account e-mails: password reset (signed out), verification and change
// of address (links may be opened in any browser; asking needs a session).

func (h *Handler) clientAddr(r *http.Request) string {
	return h.Config.ClientKey(r.RemoteAddr, r.Header.Get("X-Forwarded-For"))
}

// forgotPassword always answers 202 when the input is well-formed: whether
// an account has the address is never told.
func (h *Handler) forgotPassword(w http.ResponseWriter, r *http.Request) error {
	var in contract.ForgotPasswordInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if err := h.Account.Forgot(r.Context(), in.Email, h.clientAddr(r)); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusAccepted, contract.OKResponse{OK: true})
}

func (h *Handler) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var in contract.ResetPasswordInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if err := h.Account.Reset(r.Context(), in.Token, in.Password, h.clientAddr(r)); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.OKResponse{OK: true})
}

func (h *Handler) getAccount(w http.ResponseWriter, r *http.Request) error {
	c, err := requireUser(r)
	if err != nil {
		return err
	}
	info, err := h.Account.Account(r.Context(), c.user)
	if err != nil {
		return err
	}
	del, err := h.Account.DeletionOf(r.Context(), c.user)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.AccountResponse{Email: info.Email, Verified: info.Verified, PendingEmail: info.PendingEmail,
		DeleteConfirm: del.Confirm, HasBlog: del.HasBlog})
}

// deleteAccount ends the session with the account: signing in again
// within the grace restores it (login).
func (h *Handler) deleteAccount(w http.ResponseWriter, r *http.Request) error {
	c, err := requireUser(r)
	if err != nil {
		return err
	}
	var in contract.DeleteAccountInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	del, err := h.Account.Delete(r.Context(), c.user, in.Confirm, in.Password)
	if err != nil {
		return err
	}
	h.clearSession(w)
	return WriteJSON(w, http.StatusOK, contract.DeleteAccountResponse{RestorableUntil: del.PurgeAt.UTC().Format(time.RFC3339)})
}

// verifyEmail needs no session: the link may be opened on another device.
func (h *Handler) verifyEmail(w http.ResponseWriter, r *http.Request) error {
	var in contract.TokenInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if _, err := h.Account.Verify(r.Context(), in.Token); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.OKResponse{OK: true})
}

func (h *Handler) resendVerification(w http.ResponseWriter, r *http.Request) error {
	c, err := requireUser(r)
	if err != nil {
		return err
	}
	if err := h.Account.Resend(r.Context(), c.user); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusAccepted, contract.OKResponse{OK: true})
}

func (h *Handler) changeEmail(w http.ResponseWriter, r *http.Request) error {
	c, err := requireUser(r)
	if err != nil {
		return err
	}
	var in contract.ChangeEmailInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if err := h.Account.ChangeEmail(r.Context(), c.user, in.Email, in.Password); err != nil {
		return err
	}
	info, err := h.Account.Account(r.Context(), c.user)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusAccepted, contract.AccountResponse{Email: info.Email, Verified: info.Verified, PendingEmail: info.PendingEmail})
}

// confirmEmail needs no session: the link proves the new address, the
// request itself was made with the password.
func (h *Handler) confirmEmail(w http.ResponseWriter, r *http.Request) error {
	var in contract.TokenInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if _, err := h.Account.ConfirmEmail(r.Context(), in.Token); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.OKResponse{OK: true})
}

// changePassword keeps the request's session signed in and ends the others.
func (h *Handler) changePassword(w http.ResponseWriter, r *http.Request) error {
	c, err := requireUser(r)
	if err != nil {
		return err
	}
	var in contract.ChangePasswordInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	var session string
	if ck, err := r.Cookie(SessionCookie); err == nil {
		session = ck.Value
	}
	if err := h.Account.ChangePassword(r.Context(), c.user, in.Current, in.Password, session); err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.OKResponse{OK: true})
}

// ExportDownloadPath downloads the caller's ready data export.
const ExportDownloadPath = "/api/account/export/download"

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func toExportJSON(e *store.DataExport) contract.ExportResponse {
	if e == nil {
		return contract.ExportResponse{Status: "none"}
	}
	out := contract.ExportResponse{Status: e.Status, RequestedAt: rfc3339(e.RequestedAt), Error: e.Error}
	if e.Status == store.ExportReady || e.Status == store.ExportFailed {
		out.FinishedAt, out.ExpiresAt = rfc3339(e.FinishedAt), rfc3339(e.ExpiresAt)
	}
	if e.Status == store.ExportReady {
		out.Size, out.FileName, out.DownloadURL = e.FileSize, export.FileName(e), ExportDownloadPath
	}
	return out
}

func (h *Handler) getExport(w http.ResponseWriter, r *http.Request, o *owner) error {
	e, err := h.Exports.Get(r.Context(), o.user.ID)
	if err != nil {
		return err
	}
	if e != nil && e.WorkspaceID != o.ws.ID {
		e = nil // an export of the other desk's blog
	}
	return WriteJSON(w, http.StatusOK, toExportJSON(e))
}

func (h *Handler) requestExport(w http.ResponseWriter, r *http.Request, o *owner) error {
	e, err := h.Exports.Request(r.Context(), o.user, o.ws)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusAccepted, toExportJSON(e))
}

// downloadExport streams the archive: never cached, always an attachment.
func (h *Handler) downloadExport(w http.ResponseWriter, r *http.Request, o *owner) error {
	rc, e, err := h.Exports.Download(r.Context(), o.user.ID, o.ws.ID)
	if err != nil {
		return err
	}
	defer rc.Close()
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Length", strconv.FormatInt(e.FileSize, 10))
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": export.FileName(e)}))
	w.Header().Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	if _, err := io.Copy(w, rc); err != nil {
		slog.WarnContext(r.Context(), "data export download cut short", "err", err)
	}
	return nil
}
