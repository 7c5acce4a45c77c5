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

func TestSyncUsageFollowsLimitsAndKeepsCounters(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		if _, err := s.ReserveUsage(ctx, ws.ID, "2026-11-01", 3, 2); err != nil {
			t.Fatal(err)
		}
		u, err := s.SyncUsage(ctx, ws.ID, "2026-11-01", 30, 40)
		if err != nil || u.PostsLimit != 30 || u.ImagesLimit != 40 || u.PostsGenerated != 3 || u.ImagesGenerated != 2 {
			t.Fatalf("sync existing = %+v, %v", u, err)
		}
		u, err = s.SyncUsage(ctx, ws.ID, "2026-12-01", 5, 6)
		if err != nil || u.PostsLimit != 5 || u.ImagesLimit != 6 || u.PostsGenerated != 0 || u.Month != "2026-12-01" {
			t.Fatalf("sync new month = %+v, %v", u, err)
		}
	})
}

func TestCreateCategoryMaxHoldsUnderConcurrency(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		var ok atomic.Int32
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.CreateCategoryMax(ctx, &store.Category{WorkspaceID: ws.ID, Name: fmt.Sprint("C", i), Slug: fmt.Sprint("c", i)}, 4)
				switch {
				case err == nil:
					ok.Add(1)
				case !errors.Is(err, store.ErrLimit):
					t.Errorf("create: %v", err)
				}
			}()
		}
		wg.Wait()
		cats, _ := s.ListCategories(ctx, ws.ID)
		if ok.Load() != 4 || len(cats) != 4 {
			t.Fatalf("created %d, stored %d, want 4", ok.Load(), len(cats))
		}
		err := s.CreateCategoryMax(ctx, &store.Category{WorkspaceID: ws.ID, Name: "X", Slug: cats[0].Slug}, 0)
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate slug: %v", err)
		}
		if err := s.CreateCategoryMax(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Y", Slug: "y"}, 0); err != nil {
			t.Fatalf("uncapped create: %v", err)
		}
	})
}

func TestCompleteOnboardingRollsBack(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		if err := s.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Tech", Slug: "tech"}); err != nil {
			t.Fatal(err)
		}
		set := store.DefaultSettings(ws.ID, "New title")
		var cats []*store.Category
		for _, n := range []string{"tech", "a", "b", "c", "d"} {
			cats = append(cats, &store.Category{Name: n, Slug: n})
		}
		if err := s.CompleteOnboarding(ctx, set, cats, 4, ""); !errors.Is(err, store.ErrLimit) {
			t.Fatalf("over cap: %v", err)
		}
		got, _ := s.GetSettings(ctx, ws.ID)
		if got.OnboardingCompleted || got.BlogTitle == "New title" {
			t.Fatalf("settings changed by a refused onboarding: %+v", got)
		}
		if all, _ := s.ListCategories(ctx, ws.ID); len(all) != 1 {
			t.Fatalf("categories after refused onboarding = %d", len(all))
		}
		// An existing slug does not count twice.
		if err := s.CompleteOnboarding(ctx, set, cats[:4], 4, ""); err != nil {
			t.Fatalf("within cap: %v", err)
		}
		got, _ = s.GetSettings(ctx, ws.ID)
		if all, _ := s.ListCategories(ctx, ws.ID); len(all) != 4 || !got.OnboardingCompleted {
			t.Fatalf("categories = %d, settings %+v", len(all), got)
		}
	})
}
