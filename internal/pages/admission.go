package pages

import (
	"context"
	"errors"
	"sync"
)

// ErrBusy: the render queue is full, or the client holds its share of it.
var ErrBusy = errors.New("pages: render queue full")

// Admission decides which renders may use the engines, and in what order.
// On-demand renders (a reader asked for a page never rendered) wait in a
// bounded queue, at most PerClient of them per client, so one client
// flooding never-rendered pages cannot take the engines from everyone else:
// past its share it is refused at once (and gets the plain page).
// Background renders (the Worker) take an engine only when no reader waits.
type Admission struct {
	slots     int // engines
	maxQueue  int // on-demand renders waiting, all clients
	perClient int // on-demand renders waiting or running, per client

	mu       sync.Mutex
	running  int
	waiting  []*waiter // on-demand first, FIFO
	idle     []*waiter // background, FIFO
	byClient map[string]int

	// Work: pages made for a reader (read from the database, drawn plain or
	// rendered), at most workPerClient at once per client.
	working     map[string]int
	workWaiting map[string]int           // the client's requests waiting for a turn
	workDone    map[string]chan struct{} // closed when one of the client's works ends
}

// workPerClient is how many pages one client may have made at once: a
// crawler on many connections waits for its own turns, and the processors
// stay shared with every other reader.
const workPerClient = 2

type waiter struct {
	ready chan struct{}
	done  bool // granted or gone
}

// NewAdmission returns an admission for slots engines, a queue of maxQueue
// readers and perClient renders per client.
func NewAdmission(slots, maxQueue, perClient int) *Admission {
	return &Admission{slots: max(slots, 1), maxQueue: max(maxQueue, 0), perClient: max(perClient, 1), byClient: map[string]int{},
		working: map[string]int{}, workWaiting: map[string]int{}, workDone: map[string]chan struct{}{}}
}

// Work waits until the client has fewer than workPerClient pages being
// made, or ctx ends. Stored pages are served without it: only a page that
// must be made (a miss of the memory cache and the store) takes a turn.
func (a *Admission) Work(ctx context.Context, client string) (release func(), err error) {
	a.mu.Lock()
	for a.working[client] >= workPerClient {
		ch := a.workDone[client]
		if ch == nil {
			ch = make(chan struct{})
			a.workDone[client] = ch
		}
		a.workWaiting[client]++
		a.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
		}
		a.mu.Lock()
		if a.workWaiting[client]--; a.workWaiting[client] <= 0 {
			delete(a.workWaiting, client)
		}
		if err := ctx.Err(); err != nil {
			a.mu.Unlock()
			return nil, err
		}
	}
	a.working[client]++
	a.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			if a.working[client]--; a.working[client] <= 0 {
				delete(a.working, client)
			}
			if ch := a.workDone[client]; ch != nil {
				close(ch)
				delete(a.workDone, client)
			}
		})
	}, nil
}

// Demand waits for an engine for a reader's render. It returns ErrBusy at
// once when the queue is full, the client has its share, or more of the
// client's requests wait for their turn (a crawler: it gets plain pages,
// quickly, rather than renders), ctx's error if the reader goes first.
// release must be called after the render.
func (a *Admission) Demand(ctx context.Context, client string) (release func(), err error) {
	a.mu.Lock()
	if a.byClient[client] >= a.perClient || a.workWaiting[client] > 0 {
		a.mu.Unlock()
		metrics.refused.Add(1)
		return nil, ErrBusy
	}
	if a.running < a.slots && len(a.waiting) == 0 {
		a.running++
		a.byClient[client]++
		a.mu.Unlock()
		return a.releaser(client), nil
	}
	if len(a.waiting) >= a.maxQueue {
		a.mu.Unlock()
		metrics.refused.Add(1)
		return nil, ErrBusy
	}
	w := &waiter{ready: make(chan struct{})}
	a.waiting = append(a.waiting, w)
	a.byClient[client]++
	a.mu.Unlock()
	if err := a.wait(ctx, w, &a.waiting); err != nil {
		a.mu.Lock()
		a.unclient(client)
		a.mu.Unlock()
		return nil, err
	}
	return a.releaser(client), nil
}

// Background waits until an engine is free and no reader waits for one.
func (a *Admission) Background(ctx context.Context) (release func(), err error) {
	a.mu.Lock()
	if a.running < a.slots && len(a.waiting) == 0 && len(a.idle) == 0 {
		a.running++
		a.mu.Unlock()
		return a.releaser(""), nil
	}
	w := &waiter{ready: make(chan struct{})}
	a.idle = append(a.idle, w)
	a.mu.Unlock()
	if err := a.wait(ctx, w, &a.idle); err != nil {
		return nil, err
	}
	return a.releaser(""), nil
}

// wait blocks until w is granted a slot, or leaves its queue when ctx ends
// first.
func (a *Admission) wait(ctx context.Context, w *waiter, q *[]*waiter) error {
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if w.done { // granted meanwhile: hand the slot on
		a.running--
		a.grant()
		return ctx.Err()
	}
	w.done = true
	for i, o := range *q {
		if o == w {
			*q = append((*q)[:i], (*q)[i+1:]...)
			break
		}
	}
	return ctx.Err()
}

func (a *Admission) releaser(client string) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			a.running--
			if client != "" {
				a.unclient(client)
			}
			a.grant()
		})
	}
}

func (a *Admission) unclient(client string) {
	if a.byClient[client] <= 1 {
		delete(a.byClient, client)
		return
	}
	a.byClient[client]--
}

// grant gives free slots to readers first, then to background renders; a.mu
// is held.
func (a *Admission) grant() {
	for a.running < a.slots {
		var w *waiter
		switch {
		case len(a.waiting) > 0:
			w, a.waiting = a.waiting[0], a.waiting[1:]
		case len(a.idle) > 0:
			w, a.idle = a.idle[0], a.idle[1:]
		default:
			return
		}
		w.done = true
		a.running++
		close(w.ready)
	}
}

// Waiting reports the readers waiting for an engine.
func (a *Admission) Waiting() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.waiting)
}
