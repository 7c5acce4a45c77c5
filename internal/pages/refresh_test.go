package pages

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
)

// frozenQueue is a render queue whose database stopped answering: each
// call waits until released.
type frozenQueue struct {
	store.RenderQueue
	release chan struct{}
	mu      sync.Mutex
	jobs    int
}

func (q *frozenQueue) QueueRenders(_ context.Context, jobs []store.RenderJob) error {
	<-q.release
	q.mu.Lock()
	q.jobs += len(jobs)
	q.mu.Unlock()
	return nil
}

// A reader who finds a page stale is served at once: queuing its render
// never waits on the database, and at most maxQueuing queuings are under
// way at a time.
func TestRefreshNeverWaitsOnTheQueue(t *testing.T) {
	q := &frozenQueue{release: make(chan struct{})}
	s := &Service{Queue: q, Now: func() time.Time { return time.Unix(1000, 0) }}
	for i := range 10 {
		s.Refresh(context.Background(), 1, "/page/"+string(rune('a'+i)), ReasonStale) // returns: the queue is frozen
	}
	if n := len(s.queuing); n != maxQueuing {
		t.Fatalf("%d queuings under way, want %d", n, maxQueuing)
	}
	close(q.release)
	// The skipped pages are not marked queued: their next reader queues them.
	for len(s.queuing) > 0 {
		time.Sleep(time.Millisecond)
	}
	s.Refresh(context.Background(), 1, "/page/j", ReasonStale)
	for len(s.queuing) > 0 {
		time.Sleep(time.Millisecond)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.jobs != maxQueuing+1 {
		t.Fatalf("%d jobs queued, want %d", q.jobs, maxQueuing+1)
	}
}
