package api_test

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// fakeClock is the account service's clock, moved by tests.
type fakeClock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

type accountEnv struct {
	*apptest.App
	t     *testing.T
	box   *outbox
	clock *fakeClock
}

func startAccount(t *testing.T, dbURL string, opts ...apptest.Option) *accountEnv {
	e := &accountEnv{t: t, box: &outbox{}, clock: &fakeClock{}}
	opts = append([]apptest.Option{apptest.Env("INKPRESS_SITE_NAME", "Inky Test"), apptest.Before(func(a *app.App) {
		a.Account.Mail = e.box
		a.Account.Now = e.clock.Now
	})}, opts...)
	e.App = apptest.Start(t, dbURL, opts...)
	return e
}

var tokenRE = regexp.MustCompile(`token=([A-Za-z0-9_-]+)`)

// lastLink waits for the n-th e-mail of kind to addr (reset e-mails are
// queued after the answer) and returns its token, checking the link.
func (e *accountEnv) token(addr, kind, path string, n int) string {
	e.t.Helper()
	e.Account.Wait()
	got := e.box.to(addr, kind)
	if len(got) < n {
		e.t.Fatalf("%d %s e-mails to %s, want %d", len(got), kind, addr, n)
	}
	env := got[n-1]
	if env.FromName != "Inky Test" || env.WorkspaceID != 0 || !strings.Contains(env.HTML, "Inky Test") {
		e.t.Fatalf("envelope not branded: %+v", env)
	}
	if strings.ContainsAny(env.Subject, "\r\n") {
		e.t.Fatalf("subject with a line break: %q", env.Subject)
	}
	prefix := e.Config.BaseURL + path + "?token="
	if !strings.Contains(env.Text, prefix) || !strings.Contains(env.HTML, prefix) {
		e.t.Fatalf("no %s link in %q", prefix, env.Text)
	}
	m := tokenRE.FindStringSubmatch(env.Text)
	if m == nil {
		e.t.Fatalf("no token in %q", env.Text)
	}
	return m[1]
}

func wantStatus(t *testing.T, r *apptest.Response, status int, code string) {
	t.Helper()
	if r.StatusCode != status || (code != "" && r.ErrorCode() != code) {
		t.Fatalf("got %d %s, want %d %s", r.StatusCode, r.Body, status, code)
	}
}

func TestForgotPasswordAnswersAlikeAndIsLimited(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startAccount(t, dbURL)
		e.Client(t).SignUp("Ann", "ann@x.io", "secret123")
		c := e.Client(t)
		known := c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": " Ann@X.io "})
		unknown := c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "nobody@x.io"})
		wantStatus(t, known, http.StatusAccepted, "")
		wantStatus(t, unknown, http.StatusAccepted, "")
		if string(known.Body) != string(unknown.Body) {
			t.Fatalf("answers differ: %s vs %s", known.Body, unknown.Body)
		}
		e.token("ann@x.io", store.MailPasswordReset, "/reset-password", 1)
		if got := e.box.to("nobody@x.io", store.MailPasswordReset); len(got) != 0 {
			t.Fatalf("mail to an unknown address: %+v", got)
		}
		wantStatus(t, c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "not an address"}), http.StatusBadRequest, "validation")
		// The pages the links open are the app's.
		for _, p := range []string{"/forgot-password", "/reset-password?token=abc", "/verify-email?token=abc", "/confirm-email?token=abc"} {
			if r := c.Get(p); r.StatusCode != http.StatusOK || !strings.Contains(string(r.Body), "<div id=\"root\"") {
				t.Fatalf("%s: %d", p, r.StatusCode)
			}
		}

		// 3 per address per hour, whether or not an account has it.
		for _, addr := range []string{"ann@x.io", "nobody@x.io"} {
			for range 2 {
				wantStatus(t, c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": addr}), http.StatusAccepted, "")
			}
			r := c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": addr})
			wantStatus(t, r, http.StatusTooManyRequests, "rate_limited")
			if !strings.Contains(string(r.Body), "Too many password reset requests") || r.Header.Get("Retry-After") == "" {
				t.Fatalf("refusal = %s %v", r.Body, r.Header)
			}
		}
		e.Account.Wait()
		if n := len(e.box.to("ann@x.io", store.MailPasswordReset)); n != 3 {
			t.Fatalf("%d reset e-mails, want 3", n)
		}
		// 10 per client per hour: 6 taken above, 4 more addresses, then no.
		for _, addr := range []string{"c1@x.io", "c2@x.io", "c3@x.io", "c4@x.io"} {
			wantStatus(t, c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": addr}), http.StatusAccepted, "")
		}
		wantStatus(t, c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "c5@x.io"}), http.StatusTooManyRequests, "rate_limited")
		// An hour later the window has moved on.
		e.clock.Advance(time.Hour + time.Second)
		wantStatus(t, c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "c5@x.io"}), http.StatusAccepted, "")
	})
}

func TestResetPasswordOnceAndEndsSessions(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startAccount(t, dbURL)
		owner := e.Client(t)
		owner.SignUp("Ann", "ann@x.io", "secret123")
		laptop := e.Client(t)
		wantStatus(t, laptop.Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "secret123"}), http.StatusOK, "")
		wantStatus(t, laptop.Get("/api/account"), http.StatusOK, "")

		anon := e.Client(t)
		wantStatus(t, anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "ann@x.io"}), http.StatusAccepted, "")
		tok := e.token("ann@x.io", store.MailPasswordReset, "/reset-password", 1)

		// The sign-up rule, and a refused password leaves the link usable.
		r := anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": tok, "password": "abc"})
		wantStatus(t, r, http.StatusBadRequest, "validation")
		if !strings.Contains(string(r.Body), "Password must be at least 6 characters") {
			t.Fatalf("message = %s", r.Body)
		}
		wantStatus(t, anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": tok, "password": strings.Repeat("é", 40)}), http.StatusBadRequest, "validation")
		wantStatus(t, anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": "junk", "password": "newpass1"}), http.StatusBadRequest, "invalid_link")
		wantStatus(t, anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": tok, "password": "newpass1"}), http.StatusOK, "")
		second := anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": tok, "password": "other123"})
		wantStatus(t, second, http.StatusBadRequest, "invalid_link")
		if !strings.Contains(string(second.Body), "This link is invalid or has expired.") {
			t.Fatalf("message = %s", second.Body)
		}

		// Every earlier session is over.
		for _, c := range []*apptest.Client{owner, laptop} {
			wantStatus(t, c.Get("/api/account"), http.StatusUnauthorized, "")
			var me contract.Me
			c.Get("/api/auth/me").JSON(t, &me)
			if me.User != nil {
				t.Fatalf("old session still signed in: %+v", me.User)
			}
		}
		wantStatus(t, anon.Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "secret123"}), http.StatusUnauthorized, "")
		login := anon.Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "newpass1"})
		wantStatus(t, login, http.StatusOK, "")
		var me contract.Me
		login.JSON(t, &me)
		if !me.Verified {
			t.Fatal("a reset through the e-mail did not verify the address")
		}

		// Expired: an hour and a second later the link is refused.
		wantStatus(t, anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "ann@x.io"}), http.StatusAccepted, "")
		tok = e.token("ann@x.io", store.MailPasswordReset, "/reset-password", 2)
		e.clock.Advance(time.Hour + time.Second)
		wantStatus(t, anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": tok, "password": "newpass2"}), http.StatusBadRequest, "invalid_link")

		// A new link replaces the earlier unused one.
		wantStatus(t, anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "ann@x.io"}), http.StatusAccepted, "")
		first := e.token("ann@x.io", store.MailPasswordReset, "/reset-password", 3)
		wantStatus(t, anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "ann@x.io"}), http.StatusAccepted, "")
		latest := e.token("ann@x.io", store.MailPasswordReset, "/reset-password", 4)
		wantStatus(t, anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": first, "password": "newpass2"}), http.StatusBadRequest, "invalid_link")
		// A reset link is not a verification or change link.
		wantStatus(t, anon.Do("POST", "/api/account/verify", map[string]string{"token": latest}), http.StatusBadRequest, "invalid_link")
		wantStatus(t, anon.Do("POST", "/api/account/email/confirm", map[string]string{"token": latest}), http.StatusBadRequest, "invalid_link")
		wantStatus(t, anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": latest, "password": "newpass2"}), http.StatusOK, "")
	})
}

func TestVerifyEmailAndResend(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startAccount(t, dbURL)
		c := e.Client(t)
		var me contract.Me
		c.SignUp("Bo", "bo@x.io", "secret123").JSON(t, &me)
		if me.Verified {
			t.Fatal("a new account is verified")
		}
		first := e.token("bo@x.io", store.MailVerifyEmail, "/verify-email", 1)
		var acct contract.AccountResponse
		c.Get("/api/account").JSON(t, &acct)
		if acct.Email != "bo@x.io" || acct.Verified || acct.PendingEmail != "" {
			t.Fatalf("account = %+v", acct)
		}
		// The account works at once while unverified.
		wantStatus(t, c.Get("/api/workspace"), http.StatusOK, "")

		wantStatus(t, e.Client(t).Do("POST", "/api/account/verify/resend", nil), http.StatusUnauthorized, "")
		for i := range 3 {
			wantStatus(t, c.Do("POST", "/api/account/verify/resend", nil), http.StatusAccepted, "")
			e.token("bo@x.io", store.MailVerifyEmail, "/verify-email", i+2)
		}
		wantStatus(t, c.Do("POST", "/api/account/verify/resend", nil), http.StatusTooManyRequests, "rate_limited")
		latest := e.token("bo@x.io", store.MailVerifyEmail, "/verify-email", 4)
		// The first link was replaced by the new ones.
		wantStatus(t, c.Do("POST", "/api/account/verify", map[string]string{"token": first}), http.StatusBadRequest, "invalid_link")
		wantStatus(t, c.Do("POST", "/api/auth/password/reset", map[string]string{"token": latest, "password": "newpass1"}), http.StatusBadRequest, "invalid_link")
		// Opened in another browser, signed out.
		wantStatus(t, e.Client(t).Do("POST", "/api/account/verify", map[string]string{"token": latest}), http.StatusOK, "")
		wantStatus(t, c.Do("POST", "/api/account/verify", map[string]string{"token": latest}), http.StatusBadRequest, "invalid_link")
		c.Get("/api/auth/me").JSON(t, &me)
		if !me.Verified {
			t.Fatal("not verified after the link")
		}
		ok, err := e.Store.WorkspaceOwnerVerified(context.Background(), me.Workspace.ID)
		if err != nil || !ok {
			t.Fatalf("owner verified = %v, %v", ok, err)
		}
		wantStatus(t, c.Do("POST", "/api/account/verify/resend", nil), http.StatusConflict, "already_verified")

		// A verification link expires after 7 days.
		d := e.Client(t)
		d.SignUp("Di", "di@x.io", "secret123")
		tok := e.token("di@x.io", store.MailVerifyEmail, "/verify-email", 1)
		e.clock.Advance(7*24*time.Hour + time.Second)
		wantStatus(t, d.Do("POST", "/api/account/verify", map[string]string{"token": tok}), http.StatusBadRequest, "invalid_link")
	})
}

func TestChangeEmail(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startAccount(t, dbURL)
		c := e.Client(t)
		c.SignUp("Ann", "ann@x.io", "secret123")
		e.Client(t).SignUp("Bob", "bob@x.io", "secret123")

		change := func(email, pw string) *apptest.Response {
			return c.Do("PUT", "/api/account/email", map[string]string{"email": email, "password": pw})
		}
		wantStatus(t, e.Client(t).Do("PUT", "/api/account/email", map[string]string{"email": "n@x.io", "password": "secret123"}), http.StatusUnauthorized, "")
		wantStatus(t, change("new@x.io", "wrongpass"), http.StatusBadRequest, "wrong_password")
		wantStatus(t, change("not-an-address", "secret123"), http.StatusBadRequest, "validation")
		wantStatus(t, change("ANN@x.io", "secret123"), http.StatusBadRequest, "validation")
		wantStatus(t, change("bob@x.io", "secret123"), http.StatusConflict, "email_taken")
		if n := len(e.box.to("bob@x.io", store.MailChangeEmail)); n != 0 {
			t.Fatalf("%d e-mails to a taken address", n)
		}

		r := change("New@x.io", "secret123")
		wantStatus(t, r, http.StatusAccepted, "")
		var acct contract.AccountResponse
		r.JSON(t, &acct)
		if acct.Email != "ann@x.io" || acct.PendingEmail != "new@x.io" {
			t.Fatalf("account = %+v", acct)
		}
		tok := e.token("new@x.io", store.MailChangeEmail, "/confirm-email", 1)
		notice := e.box.to("ann@x.io", store.MailChangeEmail)
		if len(notice) != 1 || !strings.Contains(notice[0].Text, "new@x.io") || tokenRE.MatchString(notice[0].Text) {
			t.Fatalf("notice to the old address = %+v", notice)
		}
		// Nothing changed yet; a change link is not a verification link.
		wantStatus(t, e.Client(t).Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "secret123"}), http.StatusOK, "")
		wantStatus(t, c.Do("POST", "/api/account/verify", map[string]string{"token": tok}), http.StatusBadRequest, "invalid_link")

		wantStatus(t, e.Client(t).Do("POST", "/api/account/email/confirm", map[string]string{"token": tok}), http.StatusOK, "")
		wantStatus(t, c.Do("POST", "/api/account/email/confirm", map[string]string{"token": tok}), http.StatusBadRequest, "invalid_link")
		acct = contract.AccountResponse{} // pendingEmail is left out when empty
		c.Get("/api/account").JSON(t, &acct)
		if acct.Email != "new@x.io" || !acct.Verified || acct.PendingEmail != "" {
			t.Fatalf("account after confirm = %+v", acct)
		}
		wantStatus(t, e.Client(t).Do("POST", "/api/auth/login", map[string]string{"email": "new@x.io", "password": "secret123"}), http.StatusOK, "")
		wantStatus(t, e.Client(t).Do("POST", "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "secret123"}), http.StatusUnauthorized, "")

		// Taken by another account between the request and the link.
		wantStatus(t, change("carl@x.io", "secret123"), http.StatusAccepted, "")
		tok = e.token("carl@x.io", store.MailChangeEmail, "/confirm-email", 1)
		e.Client(t).SignUp("Carl", "carl@x.io", "secret123")
		r = c.Do("POST", "/api/account/email/confirm", map[string]string{"token": tok})
		wantStatus(t, r, http.StatusConflict, "email_taken")
		c.Get("/api/account").JSON(t, &acct)
		if acct.Email != "new@x.io" {
			t.Fatalf("address changed to a taken one: %+v", acct)
		}
		// A change link expires after 24 hours.
		wantStatus(t, change("dora@x.io", "secret123"), http.StatusAccepted, "")
		tok = e.token("dora@x.io", store.MailChangeEmail, "/confirm-email", 1)
		e.clock.Advance(24*time.Hour + time.Second)
		wantStatus(t, c.Do("POST", "/api/account/email/confirm", map[string]string{"token": tok}), http.StatusBadRequest, "invalid_link")
	})
}

// Guesses at one account from many addresses pause its sign-ins (429 with
// Retry-After and the way out), the owner is e-mailed once however many
// guesses follow, and a password reset lets them straight back in.
func TestAccountLockoutTellsTheOwnerAndResetEndsIt(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		frozen := time.Now()
		e := startAccount(t, dbURL, apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1"),
			apptest.Before(func(a *app.App) { a.Auth.Now = func() time.Time { return frozen } }))
		e.Client(t).SignUp("Ann", "ann@x.io", "secret123")
		c := e.Client(t)
		login := func(pw, from string) *apptest.Response {
			h := http.Header{"Content-Type": {"application/json"}, "X-CSRF-Token": {csrfOf(t, c)}, "X-Forwarded-For": {from}}
			body := `{"email":"ann@x.io","password":"` + pw + `"}`
			return c.Raw("POST", "/api/auth/login", "", strings.NewReader(body), h)
		}
		for i := range auth.AccountTiers[0].Max {
			wantStatus(t, login("wrong!!", "198.51.100."+strconv.Itoa(i)), http.StatusUnauthorized, "invalid_credentials")
		}
		for i := range 5 {
			r := login("secret123", "203.0.113."+strconv.Itoa(i))
			wantStatus(t, r, http.StatusTooManyRequests, "rate_limited")
			if retry, _ := strconv.Atoi(r.Header.Get("Retry-After")); retry < 1 || retry > 60 {
				t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
			}
			if !strings.Contains(string(r.Body), "reset your password") {
				t.Fatalf("refusal without the way out: %s", r.Body)
			}
		}
		e.Account.Wait()
		notices := e.box.to("ann@x.io", store.MailLoginLocked)
		if len(notices) != 1 || !strings.Contains(notices[0].Text, e.Config.BaseURL+"/forgot-password") {
			t.Fatalf("lockout e-mails: %+v", notices)
		}
		wantStatus(t, c.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "ann@x.io"}), http.StatusAccepted, "")
		tok := e.token("ann@x.io", store.MailPasswordReset, "/reset-password", 1)
		wantStatus(t, c.Do("POST", "/api/auth/password/reset", map[string]string{"token": tok, "password": "newpass1"}), http.StatusOK, "")
		wantStatus(t, login("newpass1", "203.0.113.9"), http.StatusOK, "")
	})
}
