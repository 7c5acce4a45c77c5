package storetest

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// A blog's former addresses stay its own: they find it, no other blog (nor a
// sign-up) may take them, and it may take them back.
func TestChangeAddressKeepsFormerAddresses(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, jane := signUp(t, s, "jane@x.io", "jane")
		_, olivia := signUp(t, s, "olivia@x.io", "olivia")

		old, err := s.ChangeAddress(ctx, jane.ID, "quiet-desk")
		if err != nil || old != "jane" {
			t.Fatalf("change = %q, %v", old, err)
		}
		for _, a := range []string{"jane", "quiet-desk"} {
			ws, err := s.GetWorkspace(ctx, store.FindWorkspace{Address: &a})
			if err != nil || ws.ID != jane.ID || ws.Slug != "quiet-desk" {
				t.Fatalf("address %s finds %+v, %v", a, ws, err)
			}
		}
		if _, err := s.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("jane")}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the former address is still a current slug: %v", err)
		}
		// Another blog may take neither Jane's address nor her former one.
		for _, a := range []string{"jane", "quiet-desk"} {
			if _, err := s.ChangeAddress(ctx, olivia.ID, a); !errors.Is(err, store.ErrConflict) {
				t.Fatalf("olivia took %s: %v", a, err)
			}
		}
		if ws, _ := s.GetWorkspace(ctx, store.FindWorkspace{ID: &olivia.ID}); ws.Slug != "olivia" {
			t.Fatalf("a refused change changed olivia's address to %q", ws.Slug)
		}
		// A sign-up asking for a former address gets the next free one.
		if _, ws := signUp(t, s, "jane2@x.io", "jane"); ws.Slug != "jane-2" {
			t.Fatalf("sign-up took %q", ws.Slug)
		}
		// Jane takes her first address back; both stay hers.
		if old, err := s.ChangeAddress(ctx, jane.ID, "jane"); err != nil || old != "quiet-desk" {
			t.Fatalf("take back = %q, %v", old, err)
		}
		a := "quiet-desk"
		if ws, err := s.GetWorkspace(ctx, store.FindWorkspace{Address: &a}); err != nil || ws.Slug != "jane" {
			t.Fatalf("quiet-desk finds %+v, %v", ws, err)
		}
		if old, err := s.ChangeAddress(ctx, jane.ID, "jane"); err != nil || old != "jane" {
			t.Fatalf("no change = %q, %v", old, err)
		}
		if _, err := s.ChangeAddress(ctx, 999999, "nobody"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown workspace: %v", err)
		}
	})
}

// Two blogs asking for the same free address at once: one gets it.
func TestChangeAddressHoldsUnderConcurrency(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		var ids []int64
		for _, e := range []string{"a@x.io", "b@x.io", "c@x.io", "d@x.io"} {
			_, ws := signUp(t, s, e, e[:1])
			ids = append(ids, ws.ID)
		}
		var won atomic.Int32
		var wg sync.WaitGroup
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.ChangeAddress(ctx, id, "wanted")
				switch {
				case err == nil:
					won.Add(1)
				case !errors.Is(err, store.ErrConflict):
					t.Errorf("change: %v", err)
				}
			}()
		}
		wg.Wait()
		if won.Load() != 1 {
			t.Fatalf("%d blogs took the address", won.Load())
		}
	})
}

// Onboarding's address is saved with the rest, or nothing is.
func TestCompleteOnboardingWithAddress(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, jane := signUp(t, s, "jane@x.io", "jane")
		_, olivia := signUp(t, s, "olivia@x.io", "olivia")
		set := store.DefaultSettings(jane.ID, "Quiet Desk")
		if err := s.CompleteOnboarding(ctx, set, []*store.Category{{Name: "Tech", Slug: "tech"}}, 0, "olivia"); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("onboarding took another's address: %v", err)
		}
		if got, _ := s.GetSettings(ctx, jane.ID); got != nil && got.OnboardingCompleted {
			t.Fatal("a refused onboarding was saved")
		}
		if cats, _ := s.ListCategories(ctx, jane.ID); len(cats) != 0 {
			t.Fatalf("a refused onboarding added %d categories", len(cats))
		}
		if err := s.CompleteOnboarding(ctx, set, []*store.Category{{Name: "Tech", Slug: "tech"}}, 0, "quiet-desk"); err != nil {
			t.Fatal(err)
		}
		if ws, _ := s.GetWorkspace(ctx, store.FindWorkspace{ID: &jane.ID}); ws.Slug != "quiet-desk" {
			t.Fatalf("address = %q", ws.Slug)
		}
		_ = olivia
	})
}
