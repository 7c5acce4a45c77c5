package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/account"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// A signed-in owner changes their password with the current one: the
// request's session stays, every other ends, the old password stops
// working, a notice is e-mailed; refusals change nothing.
func TestChangePasswordKeepsThisSessionOnly(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startAccount(t, dbURL)
		here := e.Client(t)
		here.SignUp("Ann", "ann@x.io", "secret123")
		phone := e.Client(t)
		wantStatus(t, phone.Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "secret123"}), http.StatusOK, "")
		other := e.Client(t)
		other.SignUp("Bob", "bob@x.io", "secret123")

		change := func(c *apptest.Client, current, next string) *apptest.Response {
			return c.Do("PUT", "/api/account/password", map[string]string{"current": current, "password": next})
		}
		wantStatus(t, change(e.Client(t), "secret123", "newpass1"), http.StatusUnauthorized, "")
		r := change(here, "wrongpass", "newpass1")
		wantStatus(t, r, http.StatusBadRequest, "wrong_password")
		if !strings.Contains(string(r.Body), "Your current password is incorrect.") {
			t.Fatalf("message = %s", r.Body)
		}
		wantStatus(t, change(here, "", "newpass1"), http.StatusBadRequest, "validation")
		r = change(here, "secret123", "abc")
		wantStatus(t, r, http.StatusBadRequest, "validation")
		if !strings.Contains(string(r.Body), "Password must be at least 6 characters") {
			t.Fatalf("message = %s", r.Body)
		}
		wantStatus(t, change(here, "secret123", strings.Repeat("é", 40)), http.StatusBadRequest, "validation")
		wantStatus(t, change(here, "secret123", "secret123"), http.StatusBadRequest, "validation")
		// Nothing changed: both sessions live, the old password works.
		wantStatus(t, phone.Get("/api/account"), http.StatusOK, "")
		wantStatus(t, e.Client(t).Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "secret123"}), http.StatusOK, "")
		if n := len(e.box.to("ann@x.io", store.MailPasswordChanged)); n != 0 {
			t.Fatalf("%d notices before any change", n)
		}

		wantStatus(t, change(here, "secret123", "newpass1"), http.StatusOK, "")
		wantStatus(t, here.Get("/api/account"), http.StatusOK, "")
		wantStatus(t, phone.Get("/api/account"), http.StatusUnauthorized, "")
		var me contract.Me
		phone.Get("/api/auth/me").JSON(t, &me)
		if me.User != nil {
			t.Fatal("the other device is still signed in")
		}
		// Another user's sessions are untouched.
		wantStatus(t, other.Get("/api/account"), http.StatusOK, "")
		wantStatus(t, e.Client(t).Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "secret123"}), http.StatusUnauthorized, "")
		wantStatus(t, e.Client(t).Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "newpass1"}), http.StatusOK, "")

		notices := e.box.to("ann@x.io", store.MailPasswordChanged)
		if len(notices) != 1 || !strings.Contains(notices[0].Subject, "password was changed") ||
			!strings.Contains(notices[0].Text, e.Config.BaseURL+"/forgot-password") || strings.Contains(notices[0].Text, "newpass1") {
			t.Fatalf("notices = %+v", notices)
		}
		if !strings.Contains(notices[0].HTML, "because of your account on Inky Test") {
			t.Fatalf("notice not in the mail layout: %s", notices[0].HTML)
		}
	})
}

// Wrong current passwords are limited like sign-in attempts for one
// account: past the limit even the right one is refused until the window
// moves on, and a right one hands its slot back.
func TestChangePasswordIsRateLimited(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startAccount(t, dbURL)
		c := e.Client(t)
		c.SignUp("Ann", "ann@x.io", "secret123")
		change := func(current, next string) *apptest.Response {
			return c.Do("PUT", "/api/account/password", map[string]string{"current": current, "password": next})
		}
		// A success does not count against the limit.
		wantStatus(t, change("secret123", "newpass1"), http.StatusOK, "")
		for range account.PasswordChangesPerUser {
			wantStatus(t, change("wrongpass", "newpass2"), http.StatusBadRequest, "wrong_password")
		}
		r := change("newpass1", "newpass2")
		wantStatus(t, r, http.StatusTooManyRequests, "rate_limited")
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		e.clock.Advance(auth.Window + time.Second)
		wantStatus(t, change("newpass1", "newpass2"), http.StatusOK, "")
	})
}
