package storetest

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// Of 20 blogs an account asks for at once under a cap of 5, exactly 5 are
// created; each makes its owner its administrator.
func TestBlogCapHoldsUnderConcurrency(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, _ := signUp(t, s, "a@x.io", "first")
		ok, refused := race(t, 20, func(i int) error {
			_, err := s.CreateWorkspace(ctx, store.CreateWorkspace{UserID: u.ID, Name: "B", Slug: fmt.Sprintf("blog-%d", i),
				Exact: true, PlanTier: store.PlanAgency, Month: "2026-11-01", Posts: 500, Images: 500, MaxOwned: 5})
			return err
		})
		// The sign-up's blog counts: 4 more fit.
		if ok != 4 || refused != 16 {
			t.Fatalf("ok %d refused %d", ok, refused)
		}
		if n, err := s.CountOwned(ctx, u.ID); err != nil || n != 5 {
			t.Fatalf("owned %d, %v", n, err)
		}
		ms, err := s.Memberships(ctx, u.ID)
		if err != nil || len(ms) != 5 {
			t.Fatalf("memberships %d, %v", len(ms), err)
		}
		if ms[0].Workspace.Slug != "first" {
			t.Fatalf("first blog = %q, want the sign-up's", ms[0].Workspace.Slug)
		}
		for _, m := range ms {
			if m.Role != "administrator" || m.Workspace.UserID != u.ID {
				t.Fatalf("membership %+v of %+v", m, m.Workspace)
			}
		}
	})
}

// An exact address taken now or formerly is refused and creates nothing.
func TestExactAddressIsRefusedWhenTaken(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, ws := signUp(t, s, "a@x.io", "jane")
		if _, err := s.ChangeAddress(ctx, ws.ID, "jane-new"); err != nil {
			t.Fatal(err)
		}
		for _, slug := range []string{"jane", "jane-new"} {
			_, err := s.CreateWorkspace(ctx, store.CreateWorkspace{UserID: u.ID, Name: "B", Slug: slug, Exact: true, MaxOwned: 5})
			if !errors.Is(err, store.ErrConflict) {
				t.Fatalf("%s: err = %v, want ErrConflict", slug, err)
			}
		}
		if n, _ := s.CountOwned(ctx, u.ID); n != 1 {
			t.Fatalf("owned %d", n)
		}
	})
}

// Members are added once, listed oldest first, and removed at once.
func TestMembers(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "owner@x.io", "owned")
		w, _ := signUp(t, s, "writer@x.io", "writers-own")
		if err := s.AddMember(ctx, ws.ID, w.ID, "contributor"); err != nil {
			t.Fatal(err)
		}
		if err := s.AddMember(ctx, ws.ID, w.ID, "editor"); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second add: %v", err)
		}
		ms, err := s.Memberships(ctx, w.ID)
		if err != nil || len(ms) != 2 || ms[0].Workspace.Slug != "writers-own" || ms[1].Workspace.ID != ws.ID || ms[1].Role != "contributor" {
			t.Fatalf("memberships %v, %v", ms, err)
		}
		if n, _ := s.CountOwned(ctx, w.ID); n != 1 {
			t.Fatalf("a membership is not ownership: owned %d", n)
		}
		if err := s.RemoveMember(ctx, ws.ID, w.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.RemoveMember(ctx, ws.ID, w.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second remove: %v", err)
		}
		if ms, _ := s.Memberships(ctx, w.ID); len(ms) != 1 {
			t.Fatalf("after removal: %d memberships", len(ms))
		}
	})
}

// Each blog of an account has its own monthly allowance: 50 reservations
// at once on two blogs of one account take exactly each blog's limit, and
// neither blog borrows the other's.
func TestUsageLimitsPerBlogUnderARace(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		u, first := signUp(t, s, "a@x.io", "one")
		second, err := s.CreateWorkspace(ctx, store.CreateWorkspace{UserID: u.ID, Name: "Two", Slug: "two", Exact: true,
			Month: "2026-11-01", Posts: 10, Images: 10, MaxOwned: 5})
		if err != nil {
			t.Fatal(err)
		}
		ids := []int64{first.ID, second.ID}
		var ok [2]atomic.Int32
		var wg sync.WaitGroup
		for i := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.ReserveUsage(ctx, ids[i%2], "2026-11-01", 1, 1)
				switch {
				case err == nil:
					ok[i%2].Add(1)
				case errors.Is(err, store.ErrLimit):
				default:
					t.Errorf("reserve: %v", err)
				}
			}()
		}
		wg.Wait()
		for i, id := range ids {
			us, _ := s.EnsureUsage(ctx, id, "2026-11-01", 0, 0)
			if ok[i].Load() != 10 || us.PostsGenerated != 10 || us.ImagesGenerated != 10 {
				t.Fatalf("blog %d: %d reserved, usage %+v", id, ok[i].Load(), us)
			}
		}
	})
}
