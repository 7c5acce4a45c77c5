package pages

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"
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
	workSlots int // pages made at once, all clients and background renders

	mu       sync.Mutex
	running  int
	waiting  []*waiter // on-demand first, FIFO
	idle     []*waiter // background, FIFO
	byClient map[string]int

	// Work: pages made (read from the database, drawn plain or rendered),
	// for a reader or in the background.
	workRunning int
	working     map[string]int // per client ("" is the background)
	workQueue   []*workWaiter  // arrival order
	workWaiting map[string]int // the client's requests in workQueue
	turns       uint64
	lastTurn    map[string]uint64 // when the client last got a turn, while it has pages made or waiting
	readerWait  time.Time         // when a reader last had to wait for a turn
	wake        *time.Timer       // grants a background render its turn once readers are quiet
	now         func() time.Time
}

// backgroundQuiet is how long no reader must have waited for a turn before a
// render job gets one: a job holds its turn for a whole render, so during a
// crawl (readers waiting all the time) the jobs wait for it to end.
const backgroundQuiet = time.Second

// workPerClient is how many pages one client may have made at once: a
// crawler on many connections waits for its own turns, and the processors
// stay shared with every other reader.
const workPerClient = 2

// maxWorkWaiting bounds one client's requests waiting for a turn; past it the
// client is told to come back later (ErrBusy).
const maxWorkWaiting = 64

type waiter struct {
	ready chan struct{}
	done  bool // granted or gone
}

type workWaiter struct {
	client string // "" is a background render
	ready  chan struct{}
	done   bool // granted or gone
}

// NewAdmission returns an admission for slots engines, a queue of maxQueue
// readers and perClient renders per client. workSlots pages may be made at
// once (readers' and background); DefaultWorkSlots leaves processors free
// for the pages that are only read.
func NewAdmission(slots, maxQueue, perClient, workSlots int) *Admission {
	return &Admission{slots: max(slots, 1), maxQueue: max(maxQueue, 0), perClient: max(perClient, 1), workSlots: max(workSlots, 1),
		byClient: map[string]int{}, working: map[string]int{}, workWaiting: map[string]int{}, lastTurn: map[string]uint64{}, now: time.Now}
}

// DefaultWorkSlots is how many pages are made at once by default: half the
// processors (at least one). Making a page (database reads, drawing,
// compressing, rendering) is the server's only heavy work; a stored or
// cached page costs next to nothing, so readers of those always find a free
// processor however many pages are being made.
func DefaultWorkSlots() int {
	return max(1, runtime.GOMAXPROCS(0)/2)
}

// Work waits for a turn to make a page for client (a reader's address; ""
// for a background render), or until ctx ends. A turn is free when fewer
// than workSlots pages are being made and the client has fewer than
// workPerClient of them. Turns go to the waiting client with the fewest
// pages being made, then the one served longest ago (round robin), and to
// background renders only when no reader could take it and no reader has
// waited for a turn in the last second. Stored and cached
// pages are served without a turn. Past maxWorkWaiting waiting requests of
// one client, Work returns ErrBusy at once.
func (a *Admission) Work(ctx context.Context, client string) (release func(), err error) {
	a.mu.Lock()
	if len(a.workQueue) == 0 && a.canWork(client) {
		a.startWork(client)
		a.mu.Unlock()
		return a.workReleaser(client), nil
	}
	if client != "" && a.workWaiting[client] >= maxWorkWaiting {
		a.mu.Unlock()
		metrics.refused.Add(1)
		return nil, ErrBusy
	}
	w := &workWaiter{client: client, ready: make(chan struct{})}
	a.workQueue = append(a.workQueue, w)
	a.workWaiting[client]++
	if client != "" {
		a.readerWait = a.now()
	}
	a.grantWork() // a turn may be free for this client even though others wait
	a.mu.Unlock()
	select {
	case <-w.ready:
		return a.workReleaser(client), nil
	case <-ctx.Done():
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if w.done { // granted meanwhile: hand the turn on
		a.endWork(client)
		return nil, ctx.Err()
	}
	w.done = true
	a.dequeueWork(w)
	return nil, ctx.Err()
}

// canWork reports whether client may start a page now; a.mu is held.
func (a *Admission) canWork(client string) bool {
	return a.workRunning < a.workSlots && (client == "" || a.working[client] < workPerClient)
}

func (a *Admission) startWork(client string) {
	a.workRunning++
	a.working[client]++
	a.turns++
	a.lastTurn[client] = a.turns
}

// forget drops what is kept of a client that has nothing made or waiting.
func (a *Admission) forget(client string) {
	if a.working[client] == 0 && a.workWaiting[client] == 0 {
		delete(a.lastTurn, client)
	}
}

func (a *Admission) endWork(client string) {
	a.workRunning--
	if a.working[client]--; a.working[client] <= 0 {
		delete(a.working, client)
	}
	a.forget(client)
	a.grantWork()
}

func (a *Admission) dequeueWork(w *workWaiter) {
	for i, o := range a.workQueue {
		if o == w {
			a.workQueue = append(a.workQueue[:i], a.workQueue[i+1:]...)
			break
		}
	}
	if a.workWaiting[w.client]--; a.workWaiting[w.client] <= 0 {
		delete(a.workWaiting, w.client)
	}
	a.forget(w.client)
}

// grantWork hands free turns to waiting readers, the client with the fewest
// pages being made first, then to background renders; a.mu is held.
func (a *Admission) grantWork() {
	for a.workRunning < a.workSlots {
		var next *workWaiter
		for _, w := range a.workQueue {
			if w.client == "" || !a.canWork(w.client) {
				continue
			}
			if next == nil || a.before(w.client, next.client) {
				next = w
			}
		}
		if next == nil {
			for _, w := range a.workQueue {
				if w.client == "" {
					next = w
					break
				}
			}
			if next != nil && !a.quiet() {
				return
			}
		}
		if next == nil {
			return
		}
		a.dequeueWork(next)
		next.done = true
		a.startWork(next.client)
		close(next.ready)
	}
}

// quiet reports whether readers have not waited for a turn for
// backgroundQuiet; if they have, it sets a timer to grant the waiting
// background render its turn when they will have been quiet that long.
// a.mu is held.
func (a *Admission) quiet() bool {
	left := backgroundQuiet - a.now().Sub(a.readerWait)
	if left <= 0 {
		return true
	}
	if a.wake == nil {
		a.wake = time.AfterFunc(left, func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			a.wake = nil
			a.grantWork()
		})
	}
	return false
}

// before reports whether client c's turn comes before client d's: fewer
// pages being made first, then the one served longest ago (round robin: a
// crawler's long queue does not keep a newcomer waiting).
func (a *Admission) before(c, d string) bool {
	if a.working[c] != a.working[d] {
		return a.working[c] < a.working[d]
	}
	return a.lastTurn[c] < a.lastTurn[d]
}

func (a *Admission) workReleaser(client string) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			a.endWork(client)
		})
	}
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

// TurnsWaiting reports the requests waiting for a turn to make a page.
func (a *Admission) TurnsWaiting() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.workQueue)
}
