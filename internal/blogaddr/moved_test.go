package blogaddr_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/store"
)

// movedStore holds one blog, "new", which was "old" before. Once frozen, a
// lookup made with a request's context fails the test.
type movedStore struct {
	t      *testing.T
	mu     sync.Mutex
	frozen bool
	// refreshed hears of each lookup made while frozen (a background one).
	refreshed chan struct{}
}

func (m *movedStore) GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.frozen && ctx.Value(requestKey{}) != nil {
		m.t.Error("a request waited on the database for a blog's address")
	}
	if m.frozen && m.refreshed != nil {
		select {
		case m.refreshed <- struct{}{}:
		default:
		}
	}
	ws := &store.Workspace{ID: 7, Slug: "new", Name: "Jane"}
	switch {
	case f.Slug != nil && *f.Slug == "new", f.Address != nil && (*f.Address == "new" || *f.Address == "old"):
		return ws, nil
	}
	return nil, store.ErrNotFound
}

func (m *movedStore) GetDomain(context.Context, int64) (*store.Domain, error) {
	return nil, store.ErrNotFound
}
func (m *movedStore) FindDomain(context.Context, string) (*store.Domain, error) {
	return nil, store.ErrNotFound
}

// A former address resolves to the blog at its address now (BySlug does not
// take it for the blog's own), and once known, like any address, it is
// served from the cache while a background lookup refreshes it.
func TestFormerAddressResolvesWithoutWaiting(t *testing.T) {
	st := &movedStore{t: t}
	now := time.Unix(1000, 0)
	var clock sync.Mutex
	s := blogaddr.New(st, "https://inkpress.io", "site")
	s.Now = func() time.Time { clock.Lock(); defer clock.Unlock(); return now }
	ctx := context.WithValue(context.Background(), requestKey{}, true)

	if _, err := s.BySlug(ctx, "old"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("BySlug of a former address: %v", err)
	}
	b, err := s.Moved(ctx, "old")
	if err != nil || b.Prefix != "/blog/new" || b.Workspace.ID != 7 {
		t.Fatalf("Moved(old) = %+v, %v", b, err)
	}
	if _, err := s.Moved(ctx, "new"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Moved of a current address: %v", err)
	}
	if _, err := s.Moved(ctx, "never"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Moved of an unknown address: %v", err)
	}

	st.mu.Lock()
	st.frozen = true
	st.mu.Unlock()
	clock.Lock()
	now = now.Add(time.Minute) // long expired
	clock.Unlock()
	for range 3 {
		if b, err := s.Moved(ctx, "old"); err != nil || b.Prefix != "/blog/new" {
			t.Fatalf("expired Moved(old) = %+v, %v", b, err)
		}
	}
}

// Expire (another instance changed the blog) keeps serving the answer it
// has and refreshes it in the background.
func TestExpireRefreshesInTheBackground(t *testing.T) {
	st := &movedStore{t: t, refreshed: make(chan struct{}, 1)}
	s := blogaddr.New(st, "https://inkpress.io", "site")
	ctx := context.WithValue(context.Background(), requestKey{}, true)
	if _, err := s.BySlug(ctx, "new"); err != nil {
		t.Fatal(err)
	}
	st.mu.Lock()
	st.frozen = true
	st.mu.Unlock()
	s.Expire(7)
	if b, err := s.BySlug(ctx, "new"); err != nil || b.Workspace.Slug != "new" {
		t.Fatalf("after Expire: %+v, %v", b, err)
	}
	select { // the background refresh asks the database
	case <-st.refreshed:
	case <-time.After(time.Minute):
		t.Fatal("Expire started no refresh")
	}
}
