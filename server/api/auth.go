package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/workspace"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// Cookie names.
const (
	SessionCookie = "inkpress_session"
	CSRFCookie    = "inkpress_csrf"
	CSRFHeader    = "X-CSRF-Token"
)

type ctxKey int

const userKey ctxKey = iota

// caller is the signed-in user of a request, resolved once.
type caller struct {
	user    *store.User
	isAdmin bool
}

// withCaller resolves the session cookie (if any) into the request context.
func (h *Handler) withCaller(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := &caller{}
		if ck, err := r.Cookie(SessionCookie); err == nil {
			u, err := h.Auth.Authenticate(r.Context(), ck.Value)
			switch {
			case err == nil:
				c.user = u
				c.isAdmin, err = h.Store.HasRole(r.Context(), u.ID, store.RoleAdmin)
				if err != nil {
					WriteError(w, r, err)
					return
				}
			case !errors.Is(err, auth.ErrNoSession):
				WriteError(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey, c)))
	})
}

func callerOf(r *http.Request) *caller {
	c, _ := r.Context().Value(userKey).(*caller)
	if c == nil {
		return &caller{}
	}
	return c
}

var errNotSignedIn = Errorf(http.StatusUnauthorized, "not_authenticated", "Not authenticated")

// requireUser returns the signed-in user or a 401.
func requireUser(r *http.Request) (*caller, error) {
	c := callerOf(r)
	if c.user == nil {
		return nil, errNotSignedIn
	}
	return c, nil
}

// me is who the caller is, with their workspace when they have one: the
// desk's (an admin's is the site's, or with own the blog they own; see
// workspace.Service.Desk).
func (h *Handler) me(ctx context.Context, c *caller, own bool) (*contract.Me, error) {
	out := &contract.Me{IsAdmin: c.isAdmin}
	if c.user == nil {
		return out, nil
	}
	out.User = toUserJSON(c.user)
	out.Verified = c.user.EmailVerified
	if c.isAdmin {
		ob, err := h.Workspaces.OwnBlog(ctx, c.user)
		if err != nil && !errors.Is(err, workspace.ErrNotFound) {
			return nil, err
		}
		if ob != nil {
			oj := toWorkspaceJSON(ob)
			out.OwnBlog = &oj
		}
	}
	ws, err := h.Workspaces.Desk(ctx, c.user, c.isAdmin, false, own)
	if errors.Is(err, workspace.ErrNotFound) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	wj := toWorkspaceJSON(ws)
	out.Workspace = &wj
	set, err := h.Blog.Settings(ctx, ws)
	if err != nil {
		return nil, err
	}
	out.OnboardingCompleted = set.OnboardingCompleted
	return out, nil
}

func (h *Handler) getMe(w http.ResponseWriter, r *http.Request) error {
	me, err := h.me(r.Context(), callerOf(r), ownDesk(r))
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, me)
}

func (h *Handler) signUp(w http.ResponseWriter, r *http.Request) error {
	var in contract.SignUpInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	u, _, err := h.Auth.SignUp(r.Context(), auth.SignUpInput{Name: in.Name, Email: in.Email, Password: in.Password, BlogName: in.BlogName,
		Addr: h.Config.ClientKey(r.RemoteAddr, r.Header.Get("X-Forwarded-For"))})
	if err != nil {
		return err
	}
	return h.startSession(w, r, u, http.StatusCreated, false)
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request) error {
	var in contract.LoginInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	u, err := h.Auth.Login(r.Context(), in.Email, in.Password, h.Config.ClientKey(r.RemoteAddr, r.Header.Get("X-Forwarded-For")))
	if err != nil {
		return err
	}
	// Signing in during a deletion's grace restores the account.
	restored, err := h.Account.Restore(r.Context(), u)
	if err != nil {
		return err
	}
	return h.startSession(w, r, u, http.StatusOK, restored)
}

func (h *Handler) startSession(w http.ResponseWriter, r *http.Request, u *store.User, status int, restored bool) error {
	token, expires, err := h.Auth.NewSession(r.Context(), u.ID)
	if store.IsUnavailable(err) {
		// The password was right, but the session cannot be stored (the
		// disk full, the database down): say so, and when to try again.
		slog.WarnContext(r.Context(), "sign-in: store the session", "err", err)
		e := apperr.New(apperr.Unavailable, "session_unavailable",
			"You cannot be signed in right now: the server cannot store your session. Please try again in a minute.")
		e.RetryAfter = store.RetryAfterSeconds * time.Second
		return e
	}
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", Expires: expires,
		MaxAge: int(time.Until(expires).Seconds()), HttpOnly: true, Secure: h.Config.SecureCookies(), SameSite: http.SameSiteLaxMode})
	// A fresh CSRF token per session: a token planted before login is useless after it.
	h.setCSRFCookie(w, auth.RandomToken(24))
	isAdmin, err := h.Store.HasRole(r.Context(), u.ID, store.RoleAdmin)
	if err != nil {
		return err
	}
	me, err := h.me(r.Context(), &caller{user: u, isAdmin: isAdmin}, ownDesk(r))
	if err != nil {
		return err
	}
	me.Restored = restored
	return WriteJSON(w, status, me)
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request) error {
	if ck, err := r.Cookie(SessionCookie); err == nil {
		if err := h.Auth.Logout(r.Context(), ck.Value); err != nil {
			return err
		}
	}
	h.clearSession(w)
	return NoContent(w)
}

// clearSession drops the session and desk cookies.
func (h *Handler) clearSession(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: h.Config.SecureCookies(), SameSite: http.SameSiteLaxMode})
	h.setDeskCookie(w, false)
}

func (h *Handler) setCSRFCookie(w http.ResponseWriter, token string) {
	// Readable by the app (not HttpOnly): it echoes the value in a header,
	// which a cross-site page cannot do (double-submit).
	http.SetCookie(w, &http.Cookie{Name: CSRFCookie, Value: token, Path: "/", MaxAge: 365 * 24 * 3600,
		Secure: h.Config.SecureCookies(), SameSite: http.SameSiteLaxMode})
}

// csrf refuses mutating requests whose header does not echo the cookie, and
// hands out the cookie when a client has none.
func (h *Handler) csrf(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ck, err := r.Cookie(CSRFCookie)
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			// Only the app's session probe hands out the token: public,
			// cacheable answers (and crawlers) never get a Set-Cookie.
			if (err != nil || ck.Value == "") && r.URL.Path == "/api/auth/me" {
				h.setCSRFCookie(w, auth.RandomToken(24))
			}
		default:
			if r.URL.Path == OneClickPath {
				break // a mail provider's POST: the link's secret token is the proof (newsletter.go)
			}
			if r.URL.Path == ComplaintsPath {
				break // a mail provider's report: the configured secret is the proof (mail_feedback.go)
			}
			if r.URL.Path == SubscribeFormPath {
				break // a sign-up form without JavaScript; same-origin only (subscribe_form.go)
			}
			if err != nil || !auth.TokensEqual(ck.Value, r.Header.Get(CSRFHeader)) {
				WriteError(w, r, Errorf(http.StatusForbidden, "csrf_failed", "Your session token is missing or expired. Reload the page and try again."))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
