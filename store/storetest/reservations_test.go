package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

const month = "2026-11-01"

func reserve(t *testing.T, s *sqlstore.DB, wsID int64, posts, images int, expires time.Time) *store.Reservation {
	t.Helper()
	r := &store.Reservation{WorkspaceID: wsID, Month: month, Posts: posts, Images: images, ExpiresAt: expires}
	if _, err := s.Reserve(ctx, r); err != nil {
		t.Fatalf("reserve: %v", err)
	}
	if r.ID == 0 {
		t.Fatal("reservation without an id")
	}
	return r
}

func counters(t *testing.T, s *sqlstore.DB, wsID int64) string {
	t.Helper()
	u, err := s.EnsureUsage(ctx, wsID, month, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d/%d", u.PostsGenerated, u.ImagesGenerated)
}

func generatedPost(wsID int64, slug string) *store.Post {
	return &store.Post{WorkspaceID: wsID, Category: "tech", Title: slug, Slug: slug, Content: "<p>x</p>", ContentHTML: "<p>x</p>"}
}

// A generation that dies holding its reservation (no commit, no release)
// gets its usage back from the sweeper once the lease ends; committed and
// still-leased reservations are left alone.
func TestReservationOfACrashedGenerationIsSweptBack(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		lease := t0.Add(2 * time.Minute)
		crashed := reserve(t, s, ws.ID, 1, 1, lease)
		committed := reserve(t, s, ws.ID, 1, 0, lease)
		working := reserve(t, s, ws.ID, 1, 1, lease)
		if got := counters(t, s, ws.ID); got != "3/2" {
			t.Fatalf("after reserving: %s", got)
		}
		p := generatedPost(ws.ID, "committed")
		p.ReservationID = committed.ID
		if err := s.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		// The working generation renews its lease; the crashed one cannot.
		if err := s.RenewReservation(ctx, working.ID, t0.Add(10*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if n, err := s.SweepReservations(ctx, t0.Add(time.Minute)); err != nil || n != 0 {
			t.Fatalf("sweep before the lease ends = %d, %v", n, err)
		}
		if n, err := s.SweepReservations(ctx, lease.Add(time.Millisecond)); err != nil || n != 1 {
			t.Fatalf("sweep = %d, %v; want 1", n, err)
		}
		if got := counters(t, s, ws.ID); got != "2/1" {
			t.Fatalf("after the sweep: %s, want 2/1 (the committed post and the working reservation)", got)
		}
		// The swept reservation is gone for its late holder: it can neither
		// renew, release (twice) nor commit it.
		if err := s.RenewReservation(ctx, crashed.ID, lease.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("renew swept: %v", err)
		}
		if err := s.ReleaseReservation(ctx, crashed.ID, 1, 1); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("release swept: %v", err)
		}
		late := generatedPost(ws.ID, "late")
		late.ReservationID = crashed.ID
		if err := s.CreatePost(ctx, late); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("commit swept: %v", err)
		}
		if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &ws.ID}); n != 1 {
			t.Fatalf("posts = %d, want 1", n)
		}
		if got := counters(t, s, ws.ID); got != "2/1" {
			t.Fatalf("after the late holder: %s", got)
		}
		// A partial release (the AI cover failed) keeps the rest reserved.
		if err := s.ReleaseReservation(ctx, working.ID, 0, 1); err != nil {
			t.Fatal(err)
		}
		if got := counters(t, s, ws.ID); got != "2/0" {
			t.Fatalf("after the partial release: %s", got)
		}
		if n, err := s.SweepReservations(ctx, t0.Add(11*time.Minute)); err != nil || n != 1 {
			t.Fatalf("sweep of the rest = %d, %v", n, err)
		}
		if got := counters(t, s, ws.ID); got != "1/0" {
			t.Fatalf("in the end: %s, want 1/0: what was created", got)
		}
	})
}

func TestReserveRefusesOverTheLimit(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		reserve(t, s, ws.ID, 9, 10, t0)
		r := &store.Reservation{WorkspaceID: ws.ID, Month: month, Posts: 1, Images: 1, ExpiresAt: t0}
		if _, err := s.Reserve(ctx, r); !errors.Is(err, store.ErrLimit) || r.ID != 0 {
			t.Fatalf("over the limit: %v (id %d)", err, r.ID)
		}
		if n, _ := s.SweepReservations(ctx, t0.Add(time.Second)); n != 1 {
			t.Fatalf("swept %d: a refused reservation must leave no row", n)
		}
	})
}

// Four sweepers at once (several instances) give each reservation back
// exactly once: the counters keep the usage of the posts created.
func TestSweepReservationsConcurrently(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		if _, err := s.SyncUsage(ctx, ws.ID, month, 100, 100); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReserveUsage(ctx, ws.ID, month, 30, 30); err != nil { // posts that exist
			t.Fatal(err)
		}
		const n = 20
		for range n {
			reserve(t, s, ws.ID, 1, 1, t0)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got, err := s.SweepReservations(ctx, t0.Add(time.Minute))
				if err != nil {
					t.Errorf("sweep: %v", err)
				}
				mu.Lock()
				total += got
				mu.Unlock()
			}()
		}
		wg.Wait()
		if total != n {
			t.Fatalf("released %d reservations, want %d", total, n)
		}
		if got := counters(t, s, ws.ID); got != "30/30" {
			t.Fatalf("counters = %s, want 30/30", got)
		}
	})
}
