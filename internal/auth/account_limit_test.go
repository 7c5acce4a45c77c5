package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// clock is a settable clock for the limits' windows.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Guesses at one account from many addresses are limited together: the
// first tier's failures pass, the next is refused without a check, says
// how to get back in, and tells the owner; a reset clears it.
func TestAccountLimitAcrossAddresses(t *testing.T) {
	eachDB(t, 1, func(t *testing.T, dbs []*sqlstore.DB) {
		svc := newService(t, dbs[0])
		clk := &clock{now: time.UnixMilli(1_800_000_000_000)}
		svc.Now = clk.Now
		addUser(t, svc, "jane@example.com", "right-password")
		var locked []string
		svc.OnLockout = func(_ context.Context, email string) { locked = append(locked, email) }
		first := AccountTiers[0].Max
		for i := range first {
			if _, err := svc.Login(ctx, "Jane@Example.com", "wrong", fmt.Sprintf("198.51.100.%d", i)); !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("failure %d: %v", i, err)
			}
		}
		var checks atomic.Int32
		svc.compare = func(hash, pw []byte) error { checks.Add(1); return bcrypt.CompareHashAndPassword(hash, pw) }
		_, err := svc.Login(ctx, "jane@example.com", "right-password", "203.0.113.77")
		e := apperr.As(err)
		if e == nil || e.Kind != apperr.TooMany || e.Code != "rate_limited" || e.RetryAfter <= 0 || e.RetryAfter > AccountTiers[0].Window ||
			!strings.Contains(e.Message, "reset your password") {
			t.Fatalf("login from a new address after %d failures: %v", first, err)
		}
		if c := checks.Load(); c != 0 {
			t.Fatalf("%d password checks for a refused login", c)
		}
		if len(locked) != 1 || locked[0] != "jane@example.com" {
			t.Fatalf("owner told of the lockout: %v", locked)
		}
		// Another account is not affected.
		if _, err := svc.Login(ctx, "other@example.com", "wrong", "203.0.113.77"); !errors.Is(err, ErrInvalidCredentials) {
			t.Fatalf("another account: %v", err)
		}
		// A reset (which proves the owner) clears the account's count.
		if err := svc.ClearLoginFailures(ctx, "jane@example.com", "203.0.113.77"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Login(ctx, "jane@example.com", "right-password", "203.0.113.77"); err != nil {
			t.Fatalf("after the reset: %v", err)
		}
		// The first tier frees after its window, without a reset.
		for i := range first {
			svc.Login(ctx, "jane@example.com", "wrong", fmt.Sprintf("198.51.101.%d", i))
		}
		if _, err := svc.Login(ctx, "jane@example.com", "right-password", "203.0.113.78"); !isRateLimited(err) {
			t.Fatalf("tier full again: %v", err)
		}
		clk.Add(AccountTiers[0].Window)
		if _, err := svc.Login(ctx, "jane@example.com", "right-password", "203.0.113.78"); err != nil {
			t.Fatalf("after the first tier's window: %v", err)
		}
	})
}

// A guesser from ever new addresses who always comes back as soon as told
// waits longer and longer (never more than the last tier's window, so the
// owner is never kept out for long) and gets at most the last tier's
// failures per its window.
func TestAccountBackOffGrowsAndIsBounded(t *testing.T) {
	eachDB(t, 1, func(t *testing.T, dbs []*sqlstore.DB) {
		svc := newService(t, dbs[0])
		clk := &clock{now: time.UnixMilli(1_800_000_000_000)}
		svc.Now = clk.Now
		var checks int
		svc.compare = func(hash, pw []byte) error { checks++; return errors.New("mismatch") }
		last := AccountTiers[len(AccountTiers)-1]
		start := clk.Now()
		var waits []time.Duration
		for i := 0; clk.Now().Sub(start) < 3*last.Window; i++ {
			_, err := svc.Login(ctx, "jane@example.com", "guess", fmt.Sprintf("10.%d.%d.1", i/256%256, i%256))
			if errors.Is(err, ErrInvalidCredentials) {
				continue
			}
			e := apperr.As(err)
			if e == nil || e.Kind != apperr.TooMany {
				t.Fatalf("attempt %d: %v", i, err)
			}
			if e.RetryAfter > last.Window {
				t.Fatalf("attempt %d: told to wait %v, longer than %v", i, e.RetryAfter, last.Window)
			}
			waits = append(waits, e.RetryAfter)
			clk.Add(e.RetryAfter)
		}
		if checks > 3*last.Max {
			t.Fatalf("%d guesses checked in %v, want at most %d", checks, 3*last.Window, 3*last.Max)
		}
		longest := time.Duration(0)
		for _, w := range waits {
			longest = max(longest, w)
		}
		if len(waits) == 0 || waits[0] > AccountTiers[0].Window || longest <= AccountTiers[1].Window {
			t.Fatalf("waits %v: want a short first wait growing past %v", waits, AccountTiers[1].Window)
		}
	})
}
