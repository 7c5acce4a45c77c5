package cache

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestGetFillsOnceAndInvalidates(t *testing.T) {
	c := New(time.Minute, 1<<20)
	var fills atomic.Int32
	fill := func() (*Entry, error) { fills.Add(1); return &Entry{Body: []byte("v")}, nil }
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() { defer wg.Done(); _, _ = c.Get(1, "k", fill) }()
	}
	wg.Wait()
	e, _ := c.Get(1, "k", fill)
	if fills.Load() != 1 || string(e.Body) != "v" || e.ETag == "" || e.Status != 200 {
		t.Fatalf("fills %d entry %+v", fills.Load(), e)
	}
	c.Invalidate(2) // another workspace: no effect
	_, _ = c.Get(1, "k", fill)
	if fills.Load() != 1 {
		t.Fatal("invalidating another workspace dropped the entry")
	}
	c.Invalidate(1)
	_, _ = c.Get(1, "k", fill)
	if fills.Load() != 2 {
		t.Fatalf("fills after invalidate = %d", fills.Load())
	}
}

func TestTTLAndErrors(t *testing.T) {
	c := New(time.Second, 1<<20)
	now := time.Now()
	c.now = func() time.Time { return now }
	n := 0
	fill := func() (*Entry, error) { n++; return &Entry{Body: []byte{byte(n)}}, nil }
	_, _ = c.Get(1, "k", fill)
	now = now.Add(2 * time.Second)
	_, _ = c.Get(1, "k", fill)
	if n != 2 {
		t.Fatalf("expired entry served: fills %d", n)
	}
	if _, err := c.Get(1, "bad", func() (*Entry, error) { return nil, errors.New("boom") }); err == nil {
		t.Fatal("fill error swallowed")
	}
}

type changes struct{ m map[int64]time.Time }

func (c *changes) ChangedWorkspaces(_ context.Context, since time.Time) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	for id, at := range c.m {
		if at.After(since) {
			out[id] = at
		}
	}
	return out, nil
}

func TestInvalidateNotifiesAndFollowDrops(t *testing.T) {
	c := New(time.Minute, 1<<20)
	var told []int64
	c.OnInvalidate = func(id int64) { told = append(told, id) }
	c.Invalidate(3)
	if len(told) != 1 || told[0] != 3 {
		t.Fatalf("OnInvalidate told %v", told)
	}
	fills := 0
	fill := func() (*Entry, error) { fills++; return &Entry{Body: []byte("x")}, nil }
	_, _ = c.Get(9, "k", fill)
	src := &changes{m: map[int64]time.Time{9: time.Now()}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Follow(ctx, src, 10*time.Millisecond); close(done) }()
	deadline := time.Now().Add(2 * time.Second)
	for {
		_, _ = c.Get(9, "k", fill)
		if fills >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Follow never dropped the changed workspace")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
	if len(told) != 1 {
		t.Fatal("a drop from Follow must not notify other instances again")
	}
}

// An answer being made when its workspace changes shows what the workspace
// held before: it is given to whoever asked already, but never kept, and
// whoever asks after the change gets a new one rather than joining it.
func TestAnswerMadeAcrossAnInvalidationIsNotKept(t *testing.T) {
	c := New(time.Minute, 1<<20)
	started, release := make(chan struct{}), make(chan struct{})
	old := make(chan *Entry)
	go func() {
		e, _ := c.Get(1, "home", func() (*Entry, error) {
			close(started)
			<-release
			return &Entry{Body: []byte("before the post")}, nil
		})
		old <- e
	}()
	<-started
	c.Invalidate(1) // the post is written while the old home is being made
	asked := make(chan *Entry, 1)
	go func() {
		e, _ := c.Get(1, "home", func() (*Entry, error) { return &Entry{Body: []byte("with the post")}, nil })
		asked <- e
	}()
	var fresh *Entry
	select {
	case fresh = <-asked:
	case <-time.After(time.Minute): // its own fill returns at once: only waiting on the old one takes long
		close(release)
		t.Fatal("asked after the change: it waited for the answer made before it")
	}
	if string(fresh.Body) != "with the post" {
		t.Fatalf("asked after the change: %q, want the new answer", fresh.Body)
	}
	close(release)
	if e := <-old; string(e.Body) != "before the post" {
		t.Fatalf("asked before the change: %q", e.Body)
	}
	got, _ := c.Get(1, "home", func() (*Entry, error) { return &Entry{Body: []byte("made again")}, nil })
	if string(got.Body) != "with the post" {
		t.Fatalf("kept %q, want the answer made after the change", got.Body)
	}

	// The same across InvalidateAll.
	started, release = make(chan struct{}), make(chan struct{})
	go func() {
		e, _ := c.Get(2, "home", func() (*Entry, error) { close(started); <-release; return &Entry{Body: []byte("old")}, nil })
		old <- e
	}()
	<-started
	c.InvalidateAll()
	close(release)
	<-old
	if got, _ := c.Get(2, "home", func() (*Entry, error) { return &Entry{Body: []byte("new")}, nil }); string(got.Body) != "new" {
		t.Fatalf("after InvalidateAll: kept %q", got.Body)
	}
}
