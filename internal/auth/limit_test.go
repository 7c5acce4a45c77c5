package auth

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

var ctx = context.Background()

// eachDB calls fn with n stores on one fresh database per driver: n app
// instances sharing it.
func eachDB(t *testing.T, n int, fn func(t *testing.T, dbs []*sqlstore.DB)) {
	for name, url := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "auth.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	} {
		t.Run(name, func(t *testing.T) {
			u := url(t)
			dbs := make([]*sqlstore.DB, n)
			for i := range dbs {
				// A burst of 200 logins queues on the rate-limit rows: on a
				// loaded machine one statement may wait longer than the
				// server's deadlines, which is not what these tests test.
				db, err := sqlstore.OpenWith(ctx, u, storetest.Options)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				dbs[i] = db
			}
			fn(t, dbs)
		})
	}
}

// gate replaces the services' password check with one that counts checks
// and holds each until release is closed, so a test can look at the rest of
// a burst while the admitted attempts are still being checked.
type gate struct {
	checks  atomic.Int32
	entered chan struct{} // one value per check started
	release chan struct{}
}

func newGate(svcs ...*Service) *gate {
	g := &gate{entered: make(chan struct{}, 1000), release: make(chan struct{})}
	for _, s := range svcs {
		s.compare = func(hash, pw []byte) error {
			g.checks.Add(1)
			g.entered <- struct{}{}
			<-g.release
			return bcrypt.CompareHashAndPassword(hash, pw)
		}
	}
	return g
}

func newService(t *testing.T, s store.Store) *Service {
	t.Helper()
	svc := New(s, time.Hour)
	svc.Cost = bcrypt.MinCost
	// The limits' tests hold many checks at once: the waiters' bound has
	// its own test.
	svc.MaxHashWaiting = 1000
	return svc
}

func addUser(t *testing.T, svc *Service, email, pw string) {
	t.Helper()
	hash, err := svc.HashPassword(ctx, pw)
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Store.CreateUser(ctx, &store.User{Email: email, Name: "U", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
}

func isRateLimited(err error) bool {
	e := apperr.As(err)
	return e != nil && e.Kind == apperr.TooMany && e.RetryAfter > 0
}

// burst sends n concurrent wrong logins (email(i) from addr) spread over the
// services, and waits until every attempt beyond limit has been refused
// while the admitted ones are held in their password check. It fails the
// test as soon as more than limit attempts reach a password check. The
// returned channel yields the held attempts' results once g is released.
func burst(t *testing.T, g *gate, svcs []*Service, n, limit int, email func(i int) string, addr string) <-chan error {
	t.Helper()
	results := make(chan error, n)
	for i := range n {
		go func() {
			_, err := svcs[i%len(svcs)].Login(ctx, email(i), "wrong-password", addr)
			results <- err
		}()
	}
	refused, checks := 0, 0
	for refused < n-limit {
		select {
		case err := <-results:
			if !isRateLimited(err) {
				close(g.release)
				t.Fatalf("attempt answered %v while %d were refused (want %d refused, the rest held in their check)", err, refused, n-limit)
			}
			refused++
		case <-g.entered:
			if checks++; checks > limit {
				close(g.release)
				t.Fatalf("%d password checks started, want at most %d", checks, limit)
			}
		}
	}
	return results
}

func TestLoginBurstForOneAccountChecksAtMostFive(t *testing.T) {
	// Two services on one database: two app instances share the limit.
	eachDB(t, 2, func(t *testing.T, dbs []*sqlstore.DB) {
		svcs := []*Service{newService(t, dbs[0]), newService(t, dbs[1])}
		addUser(t, svcs[0], "jane@example.com", "right-password")
		g := newGate(svcs...)
		held := burst(t, g, svcs, 40, MaxPerAccount, func(int) string { return "jane@example.com" }, "203.0.113.7")
		// The right password, sent while the burst is still being checked,
		// is refused too, and without a check.
		if _, err := svcs[1].Login(ctx, "jane@example.com", "right-password", "203.0.113.7"); !isRateLimited(err) {
			close(g.release)
			t.Fatalf("right password inside the burst: %v, want rate limited", err)
		}
		close(g.release)
		for range MaxPerAccount {
			if err := <-held; !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("held attempt: %v", err)
			}
		}
		if c := g.checks.Load(); c != MaxPerAccount {
			t.Fatalf("%d password checks, want %d", c, MaxPerAccount)
		}
		if _, err := svcs[0].Login(ctx, "jane@example.com", "right-password", "203.0.113.7"); !isRateLimited(err) {
			t.Fatalf("right password after the burst: %v, want rate limited", err)
		}
		// Another address is not blocked.
		if _, err := svcs[0].Login(ctx, "jane@example.com", "right-password", "198.51.100.1"); err != nil {
			t.Fatalf("login from another address: %v", err)
		}
	})
}

func TestLoginBurstFromOneAddressChecksAtMostFifty(t *testing.T) {
	eachDB(t, 2, func(t *testing.T, dbs []*sqlstore.DB) {
		svcs := []*Service{newService(t, dbs[0]), newService(t, dbs[1])}
		addUser(t, svcs[0], "jane@example.com", "right-password")
		g := newGate(svcs...)
		held := burst(t, g, svcs, 200, MaxPerAddress, func(i int) string { return fmt.Sprintf("u%d@example.com", i) }, "203.0.113.7")
		if _, err := svcs[0].Login(ctx, "jane@example.com", "right-password", "203.0.113.7"); !isRateLimited(err) {
			close(g.release)
			t.Fatalf("right password inside the burst: %v, want rate limited", err)
		}
		close(g.release)
		for range MaxPerAddress {
			if err := <-held; !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("held attempt: %v", err)
			}
		}
		if c := g.checks.Load(); c != MaxPerAddress {
			t.Fatalf("%d password checks, want %d", c, MaxPerAddress)
		}
	})
}

// A success clears the account's count and does not use up the address's.
func TestLoginSuccessClearsTheAccountAndFreesItsSlot(t *testing.T) {
	eachDB(t, 1, func(t *testing.T, dbs []*sqlstore.DB) {
		svc := newService(t, dbs[0])
		addUser(t, svc, "jane@example.com", "right-password")
		for range 3 {
			for range MaxPerAccount - 1 {
				if _, err := svc.Login(ctx, "jane@example.com", "wrong", "203.0.113.7"); !errors.Is(err, ErrInvalidCredentials) {
					t.Fatalf("wrong password: %v", err)
				}
			}
			if _, err := svc.Login(ctx, "jane@example.com", "right-password", "203.0.113.7"); err != nil {
				t.Fatalf("right password: %v", err)
			}
		}
		// 12 failures and 3 successes from the address: 38 slots are left.
		for i := range MaxPerAddress - 3*(MaxPerAccount-1) {
			if _, err := svc.Login(ctx, fmt.Sprintf("u%d@example.com", i), "wrong", "203.0.113.7"); !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("attempt %d: %v", i, err)
			}
		}
		if _, err := svc.Login(ctx, "other@example.com", "wrong", "203.0.113.7"); !isRateLimited(err) {
			t.Fatalf("51st failure: %v", err)
		}
	})
}

// Password checks in flight are bounded, and so are the waiters: past them
// a login is refused at once (429), never queued until its request fails.
func TestLoginBoundsHashingInFlight(t *testing.T) {
	eachDB(t, 1, func(t *testing.T, dbs []*sqlstore.DB) {
		svc := newService(t, dbs[0])
		svc.MaxHashing, svc.MaxHashWaiting = 2, 3
		g := newGate(svc)
		const n = 20
		results := make(chan error, n)
		for i := range n {
			go func() {
				_, err := svc.Login(ctx, fmt.Sprintf("u%d@example.com", i), "wrong", fmt.Sprintf("198.51.100.%d", i))
				results <- err
			}()
		}
		// Two checks start and are held; three wait; the other fifteen are
		// refused without waiting.
		<-g.entered
		<-g.entered
		for range n - 5 {
			if err := <-results; !errors.Is(err, ErrBusy) {
				close(g.release)
				t.Fatalf("login beyond the waiters: %v, want ErrBusy", err)
			}
		}
		extra := len(g.entered)
		close(g.release)
		for range 5 {
			if err := <-results; !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("admitted login: %v", err)
			}
		}
		if extra != 0 {
			t.Fatalf("%d checks ran at once, want 2", 2+extra)
		}
		if c := g.checks.Load(); c != 5 {
			t.Fatalf("%d checks, want 5", c)
		}
		if e := apperr.As(ErrBusy); e.Kind != apperr.TooMany || e.RetryAfter <= 0 {
			t.Fatalf("ErrBusy = %+v, want 429 with Retry-After", e)
		}
	})
}

// A login whose request ends while it waits for a hashing slot is refused
// like a full queue (429), not answered with the context's error (500).
func TestLoginWaitingPastItsDeadlineIsBusy(t *testing.T) {
	eachDB(t, 1, func(t *testing.T, dbs []*sqlstore.DB) {
		svc := newService(t, dbs[0])
		svc.MaxHashing = 1
		g := newGate(svc)
		held := make(chan error, 1)
		go func() {
			_, err := svc.Login(ctx, "a@example.com", "wrong", "198.51.100.1")
			held <- err
		}()
		<-g.entered
		cctx, cancel := context.WithCancel(ctx)
		waited := make(chan error, 1)
		go func() {
			_, err := svc.Login(cctx, "b@example.com", "wrong", "198.51.100.2")
			waited <- err
		}()
		for svc.hashQueue.Load() < 2 {
			time.Sleep(time.Millisecond)
		}
		cancel()
		if err := <-waited; !errors.Is(err, ErrBusy) {
			close(g.release)
			t.Fatalf("login whose request ended while waiting: %v, want ErrBusy", err)
		}
		close(g.release)
		if err := <-held; !errors.Is(err, ErrInvalidCredentials) {
			t.Fatalf("held login: %v", err)
		}
	})
}

// bcrypt compares only a password's first 72 bytes: a longer one must not
// log in with the hash of its prefix, and is refused before any check.
func TestLoginRefusesPasswordsOver72Bytes(t *testing.T) {
	eachDB(t, 1, func(t *testing.T, dbs []*sqlstore.DB) {
		svc := newService(t, dbs[0])
		pw := strings.Repeat("é", 36) // 36 characters, 72 bytes
		addUser(t, svc, "jane@example.com", pw)
		var checks atomic.Int32
		svc.compare = func(hash, p []byte) error { checks.Add(1); return bcrypt.CompareHashAndPassword(hash, p) }
		for _, long := range []string{pw + "x", pw + "é", pw + strings.Repeat("ü", 10)} {
			if _, err := svc.Login(ctx, "jane@example.com", long, "203.0.113.7"); !errors.Is(err, ErrInvalidCredentials) {
				t.Fatalf("%d-byte password sharing the first 72: %v", len(long), err)
			}
		}
		if c := checks.Load(); c != 0 {
			t.Fatalf("%d password checks for passwords over 72 bytes", c)
		}
		if _, err := svc.Login(ctx, "jane@example.com", pw, "203.0.113.7"); err != nil {
			t.Fatalf("the 72-byte password itself: %v", err)
		}
	})
}

func TestSignUpLimitPerAddress(t *testing.T) {
	eachDB(t, 2, func(t *testing.T, dbs []*sqlstore.DB) {
		svcs := []*Service{newService(t, dbs[0]), newService(t, dbs[1])}
		for i := range DefaultSignUpsPerWindow {
			in := SignUpInput{Name: "N", Email: fmt.Sprintf("u%d@example.com", i), Password: "secret1", Addr: "203.0.113.7"}
			if _, _, err := svcs[i%2].SignUp(ctx, in); err != nil {
				t.Fatalf("sign-up %d: %v", i, err)
			}
		}
		_, _, err := svcs[1].SignUp(ctx, SignUpInput{Name: "N", Email: "sixth@example.com", Password: "secret1", Addr: "203.0.113.7"})
		if e := apperr.As(err); !isRateLimited(err) || e.RetryAfter > SignUpWindow || !strings.HasPrefix(e.Message, "Too many sign-ups") {
			t.Fatalf("6th sign-up from one address: %v", err)
		}
		if _, _, err := svcs[0].SignUp(ctx, SignUpInput{Name: "N", Email: "other@example.com", Password: "secret1", Addr: "198.51.100.1"}); err != nil {
			t.Fatalf("sign-up from another address: %v", err)
		}
	})
}
