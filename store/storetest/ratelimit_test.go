package storetest

import (
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

func TestReserveRateSlidingWindow(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.UnixMilli(1_800_000_000_000)
		rule := store.RateRule{Key: "k", Max: 3, Window: time.Minute}
		for i := range 3 {
			if _, err := s.ReserveRate(ctx, now.Add(time.Duration(i)*time.Second), rule); err != nil {
				t.Fatalf("reservation %d: %v", i, err)
			}
		}
		retry, err := s.ReserveRate(ctx, now.Add(10*time.Second), rule)
		if !errors.Is(err, store.ErrLimit) || !retry.Equal(now.Add(time.Minute)) {
			t.Fatalf("4th = %v, %v; want ErrLimit until %v", retry, err, now.Add(time.Minute))
		}
		// The first event leaves the window at now+1m: one slot, not two.
		if _, err := s.ReserveRate(ctx, now.Add(time.Minute), rule); err != nil {
			t.Fatalf("after the first left the window: %v", err)
		}
		if retry, err := s.ReserveRate(ctx, now.Add(time.Minute), rule); !errors.Is(err, store.ErrLimit) || !retry.Equal(now.Add(time.Minute+time.Second)) {
			t.Fatalf("second slot = %v, %v", retry, err)
		}
		// Other keys are independent.
		if _, err := s.ReserveRate(ctx, now, store.RateRule{Key: "other", Max: 1, Window: time.Minute}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestReserveRateIsAllOrNothing(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.UnixMilli(1_800_000_000_000)
		acct := store.RateRule{Key: "acct:a|1", Max: 1, Window: time.Minute}
		addr := store.RateRule{Key: "addr:1", Max: 3, Window: time.Minute}
		if _, err := s.ReserveRate(ctx, now, acct, addr); err != nil {
			t.Fatal(err)
		}
		// The account key is full: the address key must not be charged.
		for range 3 {
			if _, err := s.ReserveRate(ctx, now, acct, addr); !errors.Is(err, store.ErrLimit) {
				t.Fatalf("full account key: %v", err)
			}
		}
		for i := range 2 {
			if _, err := s.ReserveRate(ctx, now, addr); err != nil {
				t.Fatalf("address slot %d: %v", i, err)
			}
		}
		if _, err := s.ReserveRate(ctx, now, addr); !errors.Is(err, store.ErrLimit) {
			t.Fatalf("4th address event: %v", err)
		}
	})
}

func TestReleaseClearAndPruneRate(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.UnixMilli(1_800_000_000_000)
		acct := store.RateRule{Key: "acct:a|1", Max: 2, Window: time.Hour}
		addr := store.RateRule{Key: "addr:1", Max: 3, Window: time.Hour}
		for range 2 {
			if _, err := s.ReserveRate(ctx, now, acct, addr); err != nil {
				t.Fatal(err)
			}
		}
		// Release hands back exactly one event of one key.
		if err := s.ReleaseRate(ctx, addr.Key, now); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err := s.ReserveRate(ctx, now, addr); err != nil {
				t.Fatalf("released slot: %v", err)
			}
		}
		if _, err := s.ReserveRate(ctx, now, addr); !errors.Is(err, store.ErrLimit) {
			t.Fatalf("address over its limit: %v", err)
		}
		// Clear empties one key and leaves the others.
		if err := s.ClearRate(ctx, acct.Key); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReserveRate(ctx, now, acct); err != nil {
			t.Fatalf("after clear: %v", err)
		}
		if _, err := s.ReserveRate(ctx, now, addr); !errors.Is(err, store.ErrLimit) {
			t.Fatalf("clearing the account freed the address: %v", err)
		}
		// Prune drops what is older than the cut-off.
		if err := s.PruneRate(ctx, now.Add(time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReserveRate(ctx, now, store.RateRule{Key: addr.Key, Max: 1, Window: time.Hour}); err != nil {
			t.Fatalf("after prune: %v", err)
		}
	})
}

// Many concurrent reservations through two stores on one database (two app
// instances) take exactly Max slots.
func TestReserveRateConcurrentInstances(t *testing.T) {
	for name, url := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "rate.db") },
		"postgres": func(t *testing.T) string { return PostgresURL(t) },
	} {
		t.Run(name, func(t *testing.T) {
			u := url(t)
			var dbs [2]*sqlstore.DB
			for i := range dbs {
				db, err := sqlstore.Open(ctx, u)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				dbs[i] = db
			}
			now := time.Now()
			// One account from one address, and many accounts from another.
			acct := store.RateRule{Key: "acct:a|1", Max: 5, Window: 15 * time.Minute}
			addr1 := store.RateRule{Key: "addr:1", Max: 50, Window: 15 * time.Minute}
			addr2 := store.RateRule{Key: "addr:2", Max: 50, Window: 15 * time.Minute}
			var acctTook, addrTook atomic.Int32
			var wg sync.WaitGroup
			for i := range 240 {
				wg.Go(func() {
					rules, n := []store.RateRule{acct, addr1}, &acctTook
					if i%4 != 0 {
						rules, n = []store.RateRule{addr2}, &addrTook
					}
					_, err := dbs[i%2].ReserveRate(ctx, now, rules...)
					switch {
					case err == nil:
						n.Add(1)
					case !errors.Is(err, store.ErrLimit):
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if acctTook.Load() != 5 || addrTook.Load() != 50 {
				t.Fatalf("account slots taken %d (want 5), address slots %d (want 50)", acctTook.Load(), addrTook.Load())
			}
		})
	}
}
