package tlsserve

import (
	"context"
	"errors"
	"io/fs"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

// clock is a settable clock shared by the storages of one test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func newStorage(db *sqlstore.DB, c *clock) *Storage {
	return &Storage{DB: db, Now: c.Now, LockPoll: 10 * time.Millisecond}
}

var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

func TestStorageKeysAndValues(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		c := &clock{t: t0}
		s := newStorage(db, c)
		files := map[string]string{
			"certificates/ca/a.example/a.example.crt":   "cert a",
			"certificates/ca/a.example/a.example.key":   "key a",
			"certificates/ca/b.example/b.example.crt":   "cert b",
			"certificates/ca_x/c.example/c.example.crt": "cert c", // "ca" is not a prefix of "ca_x"
			"acme/ca/users/me/me.json":                  "account",
			"Certificates/upper":                        "case matters",
			"last_clean.json":                           "{}",
		}
		for k, v := range files {
			if err := s.Store(ctx, k, []byte(v)); err != nil {
				t.Fatalf("store %s: %v", k, err)
			}
		}
		c.Set(t0.Add(time.Hour))
		if err := s.Store(ctx, "last_clean.json", []byte(`{"again":1}`)); err != nil {
			t.Fatal(err)
		}
		if err := s.Store(ctx, "empty", nil); err != nil {
			t.Fatal(err)
		}

		for _, tc := range []struct {
			key  string
			want string
		}{
			{"certificates/ca/a.example/a.example.key", "key a"},
			{"last_clean.json", `{"again":1}`},
			{"empty", ""},
		} {
			got, err := s.Load(ctx, tc.key)
			if err != nil || string(got) != tc.want {
				t.Errorf("load %s = %q, %v; want %q", tc.key, got, err, tc.want)
			}
		}
		for _, missing := range []string{"certificates/ca/a.example/a.example", "nope", "certificates/ca"} {
			if _, err := s.Load(ctx, missing); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("load %s: %v, want fs.ErrNotExist", missing, err)
			}
		}

		for _, tc := range []struct {
			dir       string
			recursive bool
			want      []string
			missing   bool
		}{
			{dir: "certificates", want: []string{"certificates/ca", "certificates/ca_x"}},
			{dir: "certificates/ca", want: []string{"certificates/ca/a.example", "certificates/ca/b.example"}},
			{dir: "certificates/ca/a.example", want: []string{"certificates/ca/a.example/a.example.crt", "certificates/ca/a.example/a.example.key"}},
			{dir: "certificates/ca", recursive: true, want: []string{
				"certificates/ca/a.example", "certificates/ca/a.example/a.example.crt", "certificates/ca/a.example/a.example.key",
				"certificates/ca/b.example", "certificates/ca/b.example/b.example.crt"}},
			{dir: "acme", recursive: true, want: []string{"acme/ca", "acme/ca/users", "acme/ca/users/me", "acme/ca/users/me/me.json"}},
			{dir: "", want: []string{"Certificates", "acme", "certificates", "empty", "last_clean.json"}},
			{dir: "certificates/c", missing: true},
			{dir: "nothing", recursive: true, missing: true},
		} {
			got, err := s.List(ctx, tc.dir, tc.recursive)
			if tc.missing {
				if !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("list %q: %v %v, want fs.ErrNotExist", tc.dir, got, err)
				}
				continue
			}
			if err != nil || !slices.Equal(got, tc.want) {
				t.Errorf("list %q recursive=%v = %v, %v; want %v", tc.dir, tc.recursive, got, err, tc.want)
			}
		}

		for _, tc := range []struct {
			key      string
			terminal bool
			size     int64
			modified time.Time
			missing  bool
		}{
			{key: "certificates/ca/b.example/b.example.crt", terminal: true, size: 6, modified: t0},
			{key: "last_clean.json", terminal: true, size: 11, modified: t0.Add(time.Hour)},
			{key: "certificates/ca/b.example"},
			{key: "acme"},
			{key: "certificates/ca/b.exam", missing: true},
			{key: "acme/ca/users/me/me.json/deeper", missing: true},
		} {
			info, err := s.Stat(ctx, tc.key)
			if tc.missing {
				if !errors.Is(err, fs.ErrNotExist) || s.Exists(ctx, tc.key) {
					t.Errorf("stat %s: %+v %v, want fs.ErrNotExist", tc.key, info, err)
				}
				continue
			}
			if err != nil || info.Key != tc.key || info.IsTerminal != tc.terminal || info.Size != tc.size ||
				!info.Modified.Equal(tc.modified) || !s.Exists(ctx, tc.key) {
				t.Errorf("stat %s = %+v, %v; want terminal %v, size %d, modified %v", tc.key, info, err, tc.terminal, tc.size, tc.modified)
			}
		}

		// Deleting a directory deletes what is under it, and only that.
		if err := s.Delete(ctx, "certificates/ca"); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, "no/such/key"); err != nil {
			t.Fatalf("deleting a missing key: %v", err)
		}
		if err := s.Delete(ctx, "empty"); err != nil {
			t.Fatal(err)
		}
		got, err := s.List(ctx, "", true)
		want := []string{"Certificates", "Certificates/upper", "acme", "acme/ca", "acme/ca/users", "acme/ca/users/me",
			"acme/ca/users/me/me.json", "certificates", "certificates/ca_x", "certificates/ca_x/c.example",
			"certificates/ca_x/c.example/c.example.crt", "last_clean.json"}
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("after delete: %v, %v; want %v", got, err, want)
		}
	})
}

// Two instances (two storages on one database) exclude each other; a lock
// is renewed while held, freed by Unlock, and taken over once its holder
// stops renewing it and it expires.
func TestStorageLocks(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		ca, cb := &clock{t: t0}, &clock{t: t0}
		a, b := newStorage(db, ca), newStorage(db, cb)

		if err := a.Lock(ctx, "issue_cert_a.example"); err != nil {
			t.Fatal(err)
		}
		if ok, err := b.TryLock(ctx, "issue_cert_a.example"); ok || err != nil {
			t.Fatalf("second instance took a held lock: %v %v", ok, err)
		}
		if ok, err := b.TryLock(ctx, "issue_cert_b.example"); !ok || err != nil {
			t.Fatalf("another name: %v %v", ok, err)
		}
		if err := b.Unlock(ctx, "issue_cert_b.example"); err != nil {
			t.Fatal(err)
		}

		// A waiting Lock returns once the holder unlocks.
		got := make(chan error, 1)
		waitCtx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		go func() { got <- b.Lock(waitCtx, "issue_cert_a.example") }()
		if err := a.Unlock(ctx, "issue_cert_a.example"); err != nil {
			t.Fatal(err)
		}
		if err := <-got; err != nil {
			t.Fatalf("waiting lock: %v", err)
		}
		if ok, _ := a.TryLock(ctx, "issue_cert_a.example"); ok {
			t.Fatal("lock taken twice")
		}
		if err := b.Unlock(ctx, "issue_cert_a.example"); err != nil {
			t.Fatal(err)
		}
		if err := a.Unlock(ctx, "issue_cert_a.example"); err == nil {
			t.Fatal("unlocking a lock not held must fail")
		}

		// A Lock that cannot get the name gives up with its context.
		if err := a.Lock(ctx, "stale"); err != nil {
			t.Fatal(err)
		}
		short, cancelShort := context.WithCancel(ctx)
		cancelShort()
		if err := b.Lock(short, "stale"); !errors.Is(err, context.Canceled) {
			t.Fatalf("lock with an ended context: %v", err)
		}

		// Renewing moves the expiry: before LockTTL has passed since the
		// renewal, the lock is still held.
		ca.Set(t0.Add(DefaultLockTTL / 2))
		if ok, err := db.RenewCertLock(ctx, "stale", a.held["stale"].token, ca.Now().Add(DefaultLockTTL)); !ok || err != nil {
			t.Fatalf("renew: %v %v", ok, err)
		}
		cb.Set(t0.Add(DefaultLockTTL + time.Second))
		if ok, _ := b.TryLock(ctx, "stale"); ok {
			t.Fatal("a renewed lock was taken over")
		}
		// The holder stops renewing (it died): once expired, the lock is
		// another instance's, and the old holder cannot free or renew it.
		cb.Set(t0.Add(DefaultLockTTL/2 + DefaultLockTTL))
		if ok, err := b.TryLock(ctx, "stale"); !ok || err != nil {
			t.Fatalf("expired lock not taken over: %v %v", ok, err)
		}
		if ok, _ := db.RenewCertLock(ctx, "stale", a.held["stale"].token, ca.Now().Add(time.Hour)); ok {
			t.Fatal("the old holder renewed a lock it lost")
		}
		if err := a.Unlock(ctx, "stale"); err != nil {
			t.Fatal(err)
		}
		if ok, _ := a.TryLock(ctx, "stale"); ok {
			t.Fatal("the old holder's unlock freed the new holder's lock")
		}
		if err := b.Unlock(ctx, "stale"); err != nil {
			t.Fatal(err)
		}
		if ok, _ := a.TryLock(ctx, "stale"); !ok {
			t.Fatal("lock not free after its holder unlocked")
		}
		if err := a.Unlock(ctx, "stale"); err != nil {
			t.Fatal(err)
		}
	})
}

// The renewer keeps a held lock alive without anyone calling it: its
// expiry moves forward in the database while it is held.
func TestStorageRenewsHeldLocks(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		a := &Storage{DB: db, LockTTL: 300 * time.Millisecond}
		if err := a.Lock(ctx, "held"); err != nil {
			t.Fatal(err)
		}
		// The renewal is seen in the database: wait for expires_at to move.
		first := lockExpiry(t, db, "held")
		deadline := time.Now().Add(time.Minute)
		for lockExpiry(t, db, "held") == first {
			if time.Now().After(deadline) {
				t.Fatal("a held lock was never renewed")
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := a.Unlock(ctx, "held"); err != nil {
			t.Fatal(err)
		}
	})
}

func lockExpiry(t *testing.T, db *sqlstore.DB, name string) int64 {
	t.Helper()
	var v int64
	if err := db.SQL().QueryRow(`SELECT expires_at FROM cert_locks WHERE name = $1`, name).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}
