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

type requestKey struct{}

// frozenStore answers until frozen; then a lookup made with a request's
// context is a failure of the test (a reader waited on the database), and
// any other (a background refresh) waits until released.
type frozenStore struct {
	t       *testing.T
	mu      sync.Mutex
	frozen  bool
	release chan struct{}
	entered chan struct{}
	name    string
}

func (f *frozenStore) GetWorkspace(ctx context.Context, q store.FindWorkspace) (*store.Workspace, error) {
	f.mu.Lock()
	frozen, name := f.frozen, f.name
	f.mu.Unlock()
	if frozen {
		if ctx.Value(requestKey{}) != nil {
			f.t.Error("a request waited on a frozen database for its blog")
			return nil, errors.New("frozen")
		}
		f.entered <- struct{}{}
		select {
		case <-f.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return &store.Workspace{ID: 7, Slug: "jane", Name: name}, nil
}

func (f *frozenStore) GetDomain(context.Context, int64) (*store.Domain, error) {
	return nil, store.ErrNotFound
}

func (f *frozenStore) FindDomain(context.Context, string) (*store.Domain, error) {
	return nil, store.ErrNotFound
}

// Once a blog is known, its expired answer is served at once while one
// background lookup refreshes it: a frozen database stalls no reader.
func TestKnownBlogNeverWaitsOnTheDatabase(t *testing.T) {
	st := &frozenStore{t: t, release: make(chan struct{}), entered: make(chan struct{}, 4), name: "Old"}
	now := time.Unix(1000, 0)
	var clock sync.Mutex
	s := blogaddr.New(st, "https://inkpress.io", "site")
	s.Timeout = time.Hour // the test releases it
	s.Now = func() time.Time { clock.Lock(); defer clock.Unlock(); return now }
	ctx := context.WithValue(context.Background(), requestKey{}, true)
	if b, err := s.BySlug(ctx, "jane"); err != nil || b.Workspace.Name != "Old" {
		t.Fatalf("first lookup: %v %v", b, err)
	}
	st.mu.Lock()
	st.frozen, st.name = true, "New"
	st.mu.Unlock()
	clock.Lock()
	now = now.Add(time.Minute) // long expired
	clock.Unlock()
	for i := 0; i < 3; i++ {
		b, err := s.BySlug(ctx, "jane")
		if err != nil || b.Workspace.Name != "Old" {
			t.Fatalf("expired lookup %d: %v %v, want the last answer", i, b, err)
		}
	}
	<-st.entered // one background refresh, blocked in the database
	select {
	case <-st.entered:
		t.Fatal("a second background refresh of the same blog")
	default:
	}
	st.mu.Lock()
	st.frozen = false
	st.mu.Unlock()
	close(st.release)
	// The refresh lands; a later request sees it (no clock needed: it is
	// fresh as of the fake now).
	for i := 0; ; i++ {
		b, err := s.BySlug(ctx, "jane")
		if err != nil {
			t.Fatal(err)
		}
		if b.Workspace.Name == "New" {
			break
		}
		if i > 1e6 {
			t.Fatal("the refresh never landed")
		}
		time.Sleep(time.Millisecond)
	}
}

// An unknown blog is still looked up now (there is nothing to serve).
func TestUnknownBlogIsLookedUpNow(t *testing.T) {
	st := &frozenStore{t: t, release: make(chan struct{}), entered: make(chan struct{}, 1), name: "Jane"}
	s := blogaddr.New(st, "https://inkpress.io", "site")
	b, err := s.BySlug(context.Background(), "jane")
	if err != nil || b.Workspace.Name != "Jane" || b.Prefix != "/blog/jane" {
		t.Fatalf("lookup: %+v %v", b, err)
	}
}
