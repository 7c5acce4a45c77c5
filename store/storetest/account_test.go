package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

func newToken(t *testing.T, s *sqlstore.DB, hash string, userID int64, purpose, email string, now time.Time, ttl time.Duration) {
	t.Helper()
	if err := s.CreateAccountToken(ctx, &store.AccountToken{TokenHash: hash, UserID: userID, Purpose: purpose, Email: email,
		ExpiresAt: now.Add(ttl), CreatedAt: now}); err != nil {
		t.Fatalf("token %s: %v", hash, err)
	}
}

func TestNewUsersAreUnverifiedAndVerifyOnce(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, ws := signUp(t, s, "a@x.io", "a")
		if u.EmailVerified {
			t.Fatal("new user verified")
		}
		if ok, err := s.WorkspaceOwnerVerified(ctx, ws.ID); err != nil || ok {
			t.Fatalf("owner verified = %v, %v", ok, err)
		}
		now := time.UnixMilli(1_800_000_000_000)
		newToken(t, s, "v1", u.ID, store.TokenVerify, "a@x.io", now, time.Hour)
		// Another purpose's link is not this one.
		if _, err := s.ResetPassword(ctx, "v1", "new", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("verify token used to reset: %v", err)
		}
		got, err := s.VerifyEmail(ctx, "v1", now)
		if err != nil || !got.EmailVerified {
			t.Fatalf("verify = %+v, %v", got, err)
		}
		if _, err := s.VerifyEmail(ctx, "v1", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second use: %v", err)
		}
		if ok, err := s.WorkspaceOwnerVerified(ctx, ws.ID); err != nil || !ok {
			t.Fatalf("owner verified = %v, %v", ok, err)
		}
		if _, err := s.WorkspaceOwnerVerified(ctx, ws.ID+100); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing workspace: %v", err)
		}
	})
}

func TestAccountTokenExpiresAndPurposeMustMatch(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, _ := signUp(t, s, "a@x.io", "a")
		now := time.UnixMilli(1_800_000_000_000)
		newToken(t, s, "r1", u.ID, store.TokenReset, "a@x.io", now, time.Hour)
		if _, err := s.GetAccountToken(ctx, "r1", store.TokenVerify, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("wrong purpose found: %v", err)
		}
		if _, err := s.VerifyEmail(ctx, "r1", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("reset token verified: %v", err)
		}
		if _, _, err := s.ConfirmEmailChange(ctx, "r1", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("reset token changed address: %v", err)
		}
		if _, err := s.GetAccountToken(ctx, "r1", store.TokenReset, now.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired token found: %v", err)
		}
		if _, err := s.ResetPassword(ctx, "r1", "new", now.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired token used: %v", err)
		}
		if got, _ := s.GetUser(ctx, u.ID); got.PasswordHash != "h" {
			t.Fatalf("password changed by a refused token: %q", got.PasswordHash)
		}
		// Still valid a moment before the end, and the purpose matches.
		if _, err := s.ResetPassword(ctx, "r1", "new", now.Add(time.Hour-time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		if n, err := s.PruneAccountTokens(ctx, now.Add(2*time.Hour)); err != nil || n != 1 {
			t.Fatalf("pruned %d, %v", n, err)
		}
	})
}

func TestResetPasswordEndsSessionsAndReplacesEarlierLinks(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, _ := signUp(t, s, "a@x.io", "a")
		other, _ := signUp(t, s, "b@x.io", "b")
		now := time.UnixMilli(1_800_000_000_000)
		for _, sess := range []store.Session{{TokenHash: "s1", UserID: u.ID}, {TokenHash: "s2", UserID: u.ID}, {TokenHash: "s3", UserID: other.ID}} {
			sess.CreatedAt, sess.ExpiresAt = now, now.Add(time.Hour)
			if err := s.CreateSession(ctx, &sess); err != nil {
				t.Fatal(err)
			}
		}
		newToken(t, s, "old", u.ID, store.TokenReset, "a@x.io", now, time.Hour)
		newToken(t, s, "new", u.ID, store.TokenReset, "a@x.io", now, time.Hour)
		if _, err := s.GetAccountToken(ctx, "old", store.TokenReset, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("earlier link still valid: %v", err)
		}
		got, err := s.ResetPassword(ctx, "new", "hash2", now)
		if err != nil || got.PasswordHash != "hash2" || !got.EmailVerified {
			t.Fatalf("reset = %+v, %v", got, err)
		}
		for _, h := range []string{"s1", "s2"} {
			if _, err := s.GetSession(ctx, h, now); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("session %s survived the reset: %v", h, err)
			}
		}
		if _, err := s.GetSession(ctx, "s3", now); err != nil {
			t.Fatalf("another user's session ended: %v", err)
		}
	})
}

func TestAccountTokenIsUsedOnceUnderConcurrency(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, _ := signUp(t, s, "a@x.io", "a")
		now := time.UnixMilli(1_800_000_000_000)
		for round := range 5 {
			hash := "race" + string(rune('a'+round))
			newToken(t, s, hash, u.ID, store.TokenReset, "a@x.io", now, time.Hour)
			var wg sync.WaitGroup
			errs := make([]error, 4)
			start := make(chan struct{})
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					_, errs[i] = s.ResetPassword(ctx, hash, "pw", now)
				}()
			}
			close(start)
			wg.Wait()
			won := 0
			for _, err := range errs {
				switch {
				case err == nil:
					won++
				case errors.Is(err, store.ErrNotFound):
				default:
					t.Fatalf("round %d: unexpected error %v", round, err)
				}
			}
			if won != 1 {
				t.Fatalf("round %d: %d consumers won, want exactly 1 (%v)", round, won, errs)
			}
		}
	})
}

func TestConfirmEmailChange(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, _ := signUp(t, s, "a@x.io", "a")
		signUp(t, s, "taken@x.io", "t")
		now := time.UnixMilli(1_800_000_000_000)
		newToken(t, s, "c-taken", u.ID, store.TokenChange, "taken@x.io", now, time.Hour)
		if _, _, err := s.ConfirmEmailChange(ctx, "c-taken", now); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("taken address: %v", err)
		}
		if got, _ := s.GetUser(ctx, u.ID); got.Email != "a@x.io" {
			t.Fatalf("email = %q after refused change", got.Email)
		}
		newToken(t, s, "r", u.ID, store.TokenReset, "a@x.io", now, time.Hour)
		newToken(t, s, "c", u.ID, store.TokenChange, "new@x.io", now, time.Hour)
		if p, err := s.PendingEmailChange(ctx, u.ID, now); err != nil || p.Email != "new@x.io" {
			t.Fatalf("pending = %+v, %v", p, err)
		}
		got, old, err := s.ConfirmEmailChange(ctx, "c", now)
		if err != nil || old != "a@x.io" || got.Email != "new@x.io" || !got.EmailVerified {
			t.Fatalf("change = %+v, %q, %v", got, old, err)
		}
		// The reset link went to the old address: it is spent.
		if _, err := s.GetAccountToken(ctx, "r", store.TokenReset, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("old address's reset link survived: %v", err)
		}
		if _, err := s.PendingEmailChange(ctx, u.ID, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("pending after change: %v", err)
		}
		if _, err := s.GetUserByEmail(ctx, "new@x.io"); err != nil {
			t.Fatal(err)
		}
	})
}

// Accounts made before verification existed count as verified.
func TestUpgradeMarksExistingUsersVerified(t *testing.T) {
	runOld(t, func(t *testing.T, old *oldDB) {
		u := old.user(t, "old@x.io", 1_700_000_000_000)
		ws := old.workspace(t, &u, "old", store.PlanStarter, 1_700_000_000_000)
		s := old.upgrade(t)
		got, err := s.GetUser(ctx, u)
		if err != nil || !got.EmailVerified {
			t.Fatalf("upgraded user = %+v, %v", got, err)
		}
		if ok, err := s.WorkspaceOwnerVerified(ctx, ws); err != nil || !ok {
			t.Fatalf("owner verified = %v, %v", ok, err)
		}
		// New accounts are not.
		nu, _ := signUp(t, s, "new@x.io", "new")
		if nu.EmailVerified {
			t.Fatal("new account verified")
		}
	})
}

// The platform's own blog has no owner: admins run it, so its newsletters
// never wait for a verification. An account made already verified (an
// admin the operator configured) is verified from its first row.
func TestOwnerlessBlogAndPreverifiedUsers(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		site, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Site", Slug: "site", PlanTier: store.PlanAdmin})
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := s.WorkspaceOwnerVerified(ctx, site.ID); err != nil || !ok {
			t.Fatalf("ownerless blog verified = %v, %v", ok, err)
		}
		u := &store.User{Email: "admin@x.io", Name: "Admin", PasswordHash: "h", EmailVerified: true}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		got, err := s.GetUser(ctx, u.ID)
		if err != nil || !got.EmailVerified {
			t.Fatalf("pre-verified user = %+v, %v", got, err)
		}
	})
}
