package api_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// errDiskFull is SQLite's answer to a write when the disk is full
// (SQLITE_FULL, as modernc.org/sqlite's errors carry it).
type errDiskFull struct{}

func (errDiskFull) Error() string { return "database or disk is full (13)" }
func (errDiskFull) Code() int     { return 13 }

// fullDisk is the sign-in's store on a full disk: reads work, the rate
// limiter's writes fail, and so do sessions' once sessions is set.
type fullDisk struct {
	auth.Store
	full, sessions atomic.Bool
}

func (f *fullDisk) ReserveRate(ctx context.Context, at time.Time, rules ...store.RateRule) (time.Time, error) {
	if f.full.Load() {
		return time.Time{}, errDiskFull{}
	}
	return f.Store.ReserveRate(ctx, at, rules...)
}

func (f *fullDisk) ReleaseRate(ctx context.Context, key string, at time.Time) error {
	if f.full.Load() {
		return errDiskFull{}
	}
	return f.Store.ReleaseRate(ctx, key, at)
}

func (f *fullDisk) ClearRate(ctx context.Context, key string) error {
	if f.full.Load() {
		return errDiskFull{}
	}
	return f.Store.ClearRate(ctx, key)
}

func (f *fullDisk) CreateSession(ctx context.Context, s *store.Session) error {
	if f.sessions.Load() {
		return errDiskFull{}
	}
	return f.Store.CreateSession(ctx, s)
}

// Signing in works while the disk is full: the rate limiter's bookkeeping
// is kept in memory (its limits still hold), and when the session itself
// cannot be stored the answer is 503 with Retry-After, never a 500.
func TestSignInWhileTheDiskIsFull(t *testing.T) {
	fd := &fullDisk{}
	a := apptest.Start(t, "", apptest.Before(func(a *app.App) {
		fd.Store = a.Auth.Store
		a.Auth.Store = fd
	}))
	c := a.Client(t)
	if r := c.SignUp("Ann", "ann@x.io", "secret123"); r.StatusCode != http.StatusCreated {
		t.Fatalf("sign up: %d %s", r.StatusCode, r.Body)
	}
	c.Do(http.MethodPost, "/api/auth/logout", nil)

	fd.full.Store(true)
	login := func(c *apptest.Client, pw string) *apptest.Response {
		return c.Do(http.MethodPost, "/api/auth/login", map[string]string{"email": "ann@x.io", "password": pw})
	}
	if r := login(c, "secret123"); r.StatusCode != http.StatusOK {
		t.Fatalf("sign-in with the disk full: %d %s", r.StatusCode, r.Body)
	}
	var me contract.Me
	c.Get("/api/auth/me").JSON(t, &me)
	if me.User == nil || me.User.Email != "ann@x.io" {
		t.Fatalf("signed in, me = %+v", me)
	}

	// The session cannot be stored: 503, Retry-After, a clear message.
	fd.sessions.Store(true)
	r := login(a.Client(t), "secret123")
	if r.StatusCode != http.StatusServiceUnavailable || r.Header.Get("Retry-After") == "" || r.ErrorCode() != "session_unavailable" {
		t.Errorf("no room for the session: %d Retry-After %q %s", r.StatusCode, r.Header.Get("Retry-After"), r.Body)
	}
	fd.sessions.Store(false)

	// The limits still hold, in memory: 5 attempts per account and address.
	other := a.Client(t)
	for i := range auth.MaxPerAccount {
		if r := login(other, "wrong-password"); r.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d %s", i+1, r.StatusCode, r.Body)
		}
	}
	if r := login(other, "wrong-password"); r.StatusCode != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Errorf("past the limit with the disk full: %d %s", r.StatusCode, r.Body)
	}
}
