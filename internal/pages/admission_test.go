package pages

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestAdmission(t *testing.T) {
	ctx := context.Background()
	t.Run("a client past its share is refused at once", func(t *testing.T) {
		a := NewAdmission(1, 8, 2, 4)
		r1, err := a.Demand(ctx, "x")
		if err != nil {
			t.Fatal(err)
		}
		got := make(chan error, 1)
		go func() {
			r, err := a.Demand(ctx, "x") // waits: the engine is taken
			if err == nil {
				r()
			}
			got <- err
		}()
		waitFor(t, func() bool { return a.Waiting() == 1 })
		if _, err := a.Demand(ctx, "x"); !errors.Is(err, ErrBusy) {
			t.Errorf("third render of one client: %v, want ErrBusy", err)
		}
		r1()
		if err := <-got; err != nil {
			t.Errorf("the waiting render: %v", err)
		}
	})
	t.Run("a full queue refuses", func(t *testing.T) {
		a := NewAdmission(1, 1, 5, 4)
		r1, _ := a.Demand(ctx, "a")
		done := make(chan struct{})
		go func() {
			if r, err := a.Demand(ctx, "b"); err == nil {
				r()
			}
			close(done)
		}()
		waitFor(t, func() bool { return a.Waiting() == 1 })
		if _, err := a.Demand(ctx, "c"); !errors.Is(err, ErrBusy) {
			t.Errorf("queue full: %v, want ErrBusy", err)
		}
		r1()
		<-done
	})
	t.Run("readers go before background renders", func(t *testing.T) {
		a := NewAdmission(1, 4, 2, 4)
		held, _ := a.Background(ctx)
		order := make(chan string, 2)
		go func() {
			r, err := a.Background(ctx)
			if err == nil {
				order <- "background"
				r()
			}
		}()
		waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return len(a.idle) == 1 })
		go func() {
			r, err := a.Demand(ctx, "reader")
			if err == nil {
				order <- "reader"
				r()
			}
		}()
		waitFor(t, func() bool { return a.Waiting() == 1 })
		held()
		if first, second := <-order, <-order; first != "reader" || second != "background" {
			t.Errorf("order %s, %s; want the reader first", first, second)
		}
	})
	t.Run("a reader who leaves frees their place and share", func(t *testing.T) {
		a := NewAdmission(1, 1, 1, 4)
		held, _ := a.Background(ctx)
		cctx, cancel := context.WithCancel(ctx)
		got := make(chan error, 1)
		go func() { _, err := a.Demand(cctx, "x"); got <- err }()
		waitFor(t, func() bool { return a.Waiting() == 1 })
		cancel()
		if err := <-got; !errors.Is(err, context.Canceled) {
			t.Errorf("left: %v", err)
		}
		if a.Waiting() != 0 {
			t.Error("the reader who left still waits")
		}
		held()
		r, err := a.Demand(ctx, "x") // the share is back, the engine free
		if err != nil {
			t.Fatalf("after leaving: %v", err)
		}
		r()
		r() // releasing twice frees one slot only
		if a.running != 0 {
			t.Errorf("running %d after release", a.running)
		}
	})
}

// waitFor polls cond: the goroutines under test reach their wait in their
// own time, and only their arrival is asserted, never a duration.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for range 1_000_000 {
		if cond() {
			return
		}
		runtimeGosched()
	}
	t.Fatal("condition never held")
}

// A client making pages waits for its own turns; another client does not.
func TestWorkIsSharedPerClient(t *testing.T) {
	ctx := context.Background()
	a := NewAdmission(1, 8, 2, 4)
	var held []func()
	for range workPerClient {
		r, err := a.Work(ctx, "crawler")
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, r)
	}
	got := make(chan struct{})
	go func() {
		r, err := a.Work(ctx, "crawler") // waits for one of its own
		if err == nil {
			r()
		}
		close(got)
	}()
	other, err := a.Work(ctx, "reader") // at once
	if err != nil {
		t.Fatal(err)
	}
	other()
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.workWaiting["crawler"] == 1 })
	// While its requests wait for turns, the client gets no renders (plain
	// pages); another client does.
	if _, err := a.Demand(ctx, "crawler"); !errors.Is(err, ErrBusy) {
		t.Errorf("render for a client with requests waiting: %v, want ErrBusy", err)
	}
	if r, err := a.Demand(ctx, "reader"); err != nil {
		t.Errorf("another client's render: %v", err)
	} else {
		r()
	}
	select {
	case <-got:
		t.Fatal("a client past its share went ahead")
	default:
	}
	held[0]()
	<-got
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	r, err := a.Work(cctx, "crawler") // one turn free again: granted even so
	if err != nil {
		t.Fatalf("a free turn: %v", err)
	}
	r()
	held[1]()
	if len(a.working) != 0 || len(a.workQueue) != 0 || len(a.workWaiting) != 0 || a.workRunning != 0 {
		t.Errorf("bookkeeping left: %v %v %v", a.working, a.workQueue, a.workWaiting)
	}
}

// Pages made at once are capped for everyone: the next turn goes to the
// waiting client with the fewest pages being made, and background renders
// only get a turn no reader can take.
func TestWorkTurnsAreFairAndBackgroundComesLast(t *testing.T) {
	ctx := context.Background()
	a := NewAdmission(1, 8, 2, 1)
	var clock atomic.Int64 // seconds
	a.now = func() time.Time { return time.Unix(clock.Load(), 0) }
	first, err := a.Work(ctx, "crawler")
	if err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 4)
	wait := func(client string) {
		go func() {
			r, err := a.Work(ctx, client)
			if err != nil {
				order <- "error " + err.Error()
				return
			}
			order <- client
			r()
		}()
	}
	// Queued in this order: the background first, then the crawler's
	// second page, then a reader's.
	wait("")
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return len(a.workQueue) == 1 })
	wait("crawler")
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return len(a.workQueue) == 2 })
	wait("reader")
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return len(a.workQueue) == 3 })
	select {
	case got := <-order:
		t.Fatalf("%s went ahead while the only turn was taken", got)
	default:
	}
	first()
	var got []string
	for range 2 {
		got = append(got, <-order)
	}
	// The crawler's turn ended: the crawler and the reader have no page
	// being made; the reader, never served, goes first (round robin).
	if want := []string{"reader", "crawler"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("turns went to %q, want %q", got, want)
	}
	// The background waits until readers have not waited for a second.
	a.mu.Lock()
	if len(a.workQueue) != 1 || a.workRunning != 0 {
		t.Errorf("the background went ahead while readers had just waited: queue %d, running %d", len(a.workQueue), a.workRunning)
	}
	a.mu.Unlock()
	clock.Add(2)
	if got := <-order; got != "" {
		t.Errorf("then %q, want the background", got)
	}
}

// A client whose pages wait past maxWorkWaiting is told to come back later,
// at once; another client's page goes before the crawler's queue.
func TestWorkRefusesAClientWithTooManyWaiting(t *testing.T) {
	ctx := context.Background()
	a := NewAdmission(1, 8, 2, 1)
	held, err := a.Work(ctx, "crawler")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var log []string
	var wg sync.WaitGroup
	take := func(client string) {
		defer wg.Done()
		r, err := a.Work(ctx, client)
		if err != nil {
			t.Error(err)
			return
		}
		mu.Lock()
		log = append(log, client)
		mu.Unlock()
		r()
	}
	for range maxWorkWaiting {
		wg.Add(1)
		go take("crawler")
	}
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.workWaiting["crawler"] == maxWorkWaiting })
	if _, err := a.Work(ctx, "crawler"); !errors.Is(err, ErrBusy) {
		t.Errorf("one more page for the crawler: %v, want ErrBusy", err)
	}
	wg.Add(1)
	go take("reader")
	waitFor(t, func() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.workWaiting["reader"] == 1 })
	held()
	wg.Wait()
	if len(log) != maxWorkWaiting+1 || log[0] != "reader" {
		t.Errorf("turns after the crawler's first page: %d, first %q; want %d, the reader's first", len(log), log[0], maxWorkWaiting+1)
	}
}
