package storetest

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

func TestDomainLifecycle(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, a := signUp(t, s, "a@x.io", "a")
		_, b := signUp(t, s, "b@x.io", "b")
		if _, err := s.GetDomain(ctx, a.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("no domain yet: %v", err)
		}
		added := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		d := &store.Domain{WorkspaceID: a.ID, Name: "blog.a.example", Status: store.DomainPending, Token: "tok1", AddedAt: added}
		if err := s.SetDomain(ctx, d); err != nil {
			t.Fatal(err)
		}
		got, err := s.GetDomain(ctx, a.ID)
		if err != nil || got.Name != "blog.a.example" || got.Status != store.DomainPending || got.Token != "tok1" ||
			!got.AddedAt.Equal(added) || !got.CheckedAt.IsZero() || !got.VerifiedAt.IsZero() {
			t.Fatalf("get = %+v, %v", got, err)
		}
		if byName, err := s.FindDomain(ctx, "blog.a.example"); err != nil || byName.WorkspaceID != a.ID {
			t.Fatalf("find = %+v, %v", byName, err)
		}
		// While pending, another workspace may claim the name too (a claim
		// proves nothing); FindDomain answers the oldest claim.
		bClaim := &store.Domain{WorkspaceID: b.ID, Name: "blog.a.example", Status: store.DomainPending, Token: "x", AddedAt: added.Add(time.Second)}
		if err := s.SetDomain(ctx, bClaim); err != nil {
			t.Fatalf("second pending claim = %v", err)
		}
		if byName, err := s.FindDomain(ctx, "blog.a.example"); err != nil || byName.WorkspaceID != a.ID {
			t.Fatalf("find with two claims = %+v, %v", byName, err)
		}

		// A check recorded for the token in force is kept; one for a token
		// replaced meanwhile is not.
		checked := added.Add(time.Minute)
		ok := *got
		ok.Status, ok.CheckedAt, ok.VerifiedAt = store.DomainVerified, checked, checked
		stale := ok
		stale.Token = "old"
		if err := s.RecordDomainCheck(ctx, &stale); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("stale check = %v", err)
		}
		if err := s.RecordDomainCheck(ctx, &ok); err != nil {
			t.Fatal(err)
		}
		if got, err := s.GetDomain(ctx, a.ID); err != nil || got.Status != store.DomainVerified || !got.VerifiedAt.Equal(checked) {
			t.Fatalf("after check = %+v, %v", got, err)
		}
		// The first to verify wins: the other claim failed, with the reason,
		// and cannot be verified any more; no new claim is taken.
		if got, err := s.GetDomain(ctx, b.ID); err != nil || got.Status != store.DomainFailed || got.Error != store.DomainClaimedError {
			t.Fatalf("the other claim after a verification = %+v, %v", got, err)
		}
		late := *bClaim
		late.Status, late.CheckedAt, late.VerifiedAt = store.DomainVerified, checked, checked
		if err := s.RecordDomainCheck(ctx, &late); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second verification = %v", err)
		}
		_, c := signUp(t, s, "c@x.io", "c")
		if err := s.SetDomain(ctx, &store.Domain{WorkspaceID: c.ID, Name: "blog.a.example", Status: store.DomainPending, Token: "z"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("claim of a verified name = %v", err)
		}
		if _, err := s.GetDomain(ctx, c.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("c got a domain from a refused write: %v", err)
		}
		if byName, err := s.FindDomain(ctx, "blog.a.example"); err != nil || byName.WorkspaceID != a.ID || byName.Status != store.DomainVerified {
			t.Fatalf("find after the verification = %+v, %v", byName, err)
		}
		if err := s.DeleteDomain(ctx, b.ID); err != nil {
			t.Fatal(err)
		}

		if err := s.DeleteDomain(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.FindDomain(ctx, "blog.a.example"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("deleted domain still found: %v", err)
		}
		// Freed, the name can go to another workspace.
		if err := s.SetDomain(ctx, &store.Domain{WorkspaceID: b.ID, Name: "blog.a.example", Status: store.DomainPending, Token: "y"}); err != nil {
			t.Fatal(err)
		}

		// The operator's write through UpdateWorkspace is served at once.
		if _, err := s.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: a.ID, CustomDomain: store.Ptr("Trusted.Example")}); err != nil {
			t.Fatal(err)
		}
		if got, err := s.GetDomain(ctx, a.ID); err != nil || got.Name != "trusted.example" || got.Status != store.DomainVerified || got.Token != "" {
			t.Fatalf("trusted write = %+v, %v", got, err)
		}
	})
}

func TestClaimDomainCheck(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC)
		retryBefore, addedAfter, recheckBefore := now.Add(-5*time.Minute), now.Add(-72*time.Hour), now.Add(-24*time.Hour)
		set := func(slug string, d store.Domain) int64 {
			t.Helper()
			_, ws := signUp(t, s, slug+"@x.io", slug)
			d.WorkspaceID, d.Name = ws.ID, slug+".example"
			if err := s.SetDomain(ctx, &d); err != nil {
				t.Fatal(err)
			}
			return ws.ID
		}
		due := map[int64]string{
			set("new", store.Domain{Status: store.DomainPending, Token: "t", AddedAt: now.Add(-time.Minute)}):                                            "pending, never checked",
			set("old", store.Domain{Status: store.DomainPending, Token: "t", AddedAt: now.Add(-80 * time.Hour), CheckedAt: now.Add(-10 * time.Minute)}):  "pending past its window (to be failed)",
			set("retry", store.Domain{Status: store.DomainFailed, Token: "t", AddedAt: now.Add(-time.Hour), CheckedAt: now.Add(-6 * time.Minute)}):       "failed within its window",
			set("daily", store.Domain{Status: store.DomainVerified, Token: "t", AddedAt: now.Add(-90 * time.Hour), CheckedAt: now.Add(-25 * time.Hour)}): "verified, a day old",
		}
		set("fresh", store.Domain{Status: store.DomainPending, Token: "t", AddedAt: now.Add(-time.Hour), CheckedAt: now.Add(-time.Minute)})
		set("gaveup", store.Domain{Status: store.DomainFailed, Token: "t", AddedAt: now.Add(-73 * time.Hour), CheckedAt: now.Add(-time.Hour)})
		set("recent", store.Domain{Status: store.DomainVerified, Token: "t", AddedAt: now.Add(-90 * time.Hour), CheckedAt: now.Add(-time.Hour)})
		set("legacy", store.Domain{Status: store.DomainVerified, AddedAt: now.Add(-900 * time.Hour)})

		// Many claimers at once: each due domain is claimed exactly once.
		var mu sync.Mutex
		claimed := map[int64]int{}
		var errs atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					d, err := s.ClaimDomainCheck(ctx, now, retryBefore, addedAfter, recheckBefore)
					if errors.Is(err, store.ErrNotFound) {
						return
					}
					if err != nil {
						errs.Add(1)
						return
					}
					mu.Lock()
					claimed[d.WorkspaceID]++
					mu.Unlock()
					if !d.CheckedAt.Equal(now) {
						errs.Add(1)
					}
				}
			}()
		}
		wg.Wait()
		if errs.Load() > 0 {
			t.Fatalf("%d claims failed", errs.Load())
		}
		for id, why := range due {
			if claimed[id] != 1 {
				t.Errorf("%s: claimed %d times, want once", why, claimed[id])
			}
		}
		if len(claimed) != len(due) {
			t.Errorf("claimed %d domains, want the %d due ones: %v", len(claimed), len(due), claimed)
		}
	})
}
