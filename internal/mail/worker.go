package mail

import (
	"context"
	"errors"
	"log/slog"
	netmail "net/mail"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/inkpress/inkpress/store"
)

// Defaults of a Worker.
const (
	DefaultBatch = 50
	// DefaultAccountBatch is the batch of the account lane: small, so
	// account mail queued during one is not held long.
	DefaultAccountBatch = 10
	DefaultRate         = 10 // messages per second per instance
	DefaultWorkers      = 2
	DefaultLease        = 2 * time.Minute
	DefaultPoll         = 2 * time.Second
	DefaultMaxAttempts  = 8
	// KeepSent is how long finished mail is kept (App.sweep prunes).
	KeepSent = 30 * 24 * time.Hour
)

// DefaultBackoff is the wait before the 1st, 2nd, ... retry of a delivery
// that failed for a while (the last step repeats): about two days in all
// before it is given up as failed.
var DefaultBackoff = []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour, 12 * time.Hour}

// WorkerStore is what a Worker touches: its claims on due deliveries and
// their outcomes (part of store.MailStore).
type WorkerStore interface {
	ClaimDeliveries(ctx context.Context, now, leaseUntil time.Time, limit int) ([]*store.Delivery, error)
	ClaimAccountDeliveries(ctx context.Context, now, leaseUntil time.Time, limit int) ([]*store.Delivery, error)
	RenewDeliveries(ctx context.Context, ids []int64, leaseUntil time.Time) error
	FinishDelivery(ctx context.Context, r store.DeliveryResult) error
}

// HoldCheck reports whether a blog's sending is paused (too many refusals
// or complaints), holding its waiting bulk mail when it is
// (newsletter.Health).
type HoldCheck interface {
	Paused(ctx context.Context, workspaceID int64) (bool, error)
}

// Worker sends queued deliveries: it claims a batch with a lease it
// renews, sends it over one connection at the instance's rate and records
// each outcome as it goes, so a crash loses at most the message in flight
// (sent again, with the same Message-ID, once the lease ends). Besides its
// Workers loops, Run keeps an account lane that claims only account mail:
// a password reset never waits for a newsletter batch to be sent, however
// slow the server.
type Worker struct {
	Store     WorkerStore
	Transport Transport
	From      *netmail.Address
	Batch     int // deliveries per claim
	// AccountBatch is the account lane's deliveries per claim.
	AccountBatch int
	Rate         float64       // messages per second for the whole instance; <= 0: no limit
	Workers      int           // concurrent batches (Run)
	Lease        time.Duration // how long a claim holds without renewal
	Poll         time.Duration // wait when the queue is empty
	Backoff      []time.Duration
	// MaxAttempts is how many tries a delivery gets before it fails.
	MaxAttempts int
	// Holds, when set, is asked before a blog's bulk mail of a batch is
	// sent, and again after each of its refusals: a paused blog's copies
	// are held, not sent. Account mail is never held.
	Holds  HoldCheck
	Now    func() time.Time
	Logger *slog.Logger

	once        sync.Once
	limit       *limiter
	wake        chan struct{}
	accountWake chan struct{}
}

func (w *Worker) init() {
	w.once.Do(func() {
		if w.Batch <= 0 {
			w.Batch = DefaultBatch
		}
		if w.AccountBatch <= 0 {
			w.AccountBatch = DefaultAccountBatch
		}
		if w.Workers <= 0 {
			w.Workers = DefaultWorkers
		}
		if w.Lease <= 0 {
			w.Lease = DefaultLease
		}
		if w.Poll <= 0 {
			w.Poll = DefaultPoll
		}
		if len(w.Backoff) == 0 {
			w.Backoff = DefaultBackoff
		}
		if w.MaxAttempts <= 0 {
			w.MaxAttempts = DefaultMaxAttempts
		}
		if w.Now == nil {
			w.Now = time.Now
		}
		if w.Logger == nil {
			w.Logger = slog.Default()
		}
		if w.From == nil {
			w.From, _ = ParseFrom(DefaultFrom)
		}
		w.limit = newLimiter(w.Rate)
		w.wake = make(chan struct{}, 1)
		w.accountWake = make(chan struct{}, 1)
	})
}

// Wake makes an idle worker look at the queue now (new account mail).
func (w *Worker) Wake() {
	w.init()
	for _, c := range []chan struct{}{w.accountWake, w.wake} {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// Run runs Workers loops and the account lane until ctx ends; a batch
// being sent then hands its unsent deliveries back before Run returns.
func (w *Worker) Run(ctx context.Context) {
	w.init()
	var wg sync.WaitGroup
	loop := func(once func(context.Context) (int, error), wake chan struct{}) {
		for ctx.Err() == nil {
			n, err := once(ctx)
			if err != nil && ctx.Err() == nil {
				w.Logger.Warn("mail batch", "err", err)
			}
			if n > 0 && err == nil {
				continue
			}
			t := time.NewTimer(w.Poll)
			select {
			case <-ctx.Done():
			case <-wake:
			case <-t.C:
			}
			t.Stop()
		}
	}
	for range w.Workers {
		wg.Go(func() { loop(w.RunOnce, w.wake) })
	}
	wg.Go(func() { loop(w.RunAccountOnce, w.accountWake) })
	wg.Wait()
}

// RunOnce claims one batch (account mail first) and sends it, and reports
// how many deliveries it claimed.
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	w.init()
	return w.run(ctx, w.Store.ClaimDeliveries, w.Batch)
}

// RunAccountOnce is RunOnce of the account lane: account mail only.
func (w *Worker) RunAccountOnce(ctx context.Context) (int, error) {
	w.init()
	return w.run(ctx, w.Store.ClaimAccountDeliveries, w.AccountBatch)
}

type claimFunc func(ctx context.Context, now, leaseUntil time.Time, limit int) ([]*store.Delivery, error)

func (w *Worker) run(ctx context.Context, claim claimFunc, batch int) (int, error) {
	now := w.Now()
	ds, err := claim(ctx, now, now.Add(w.Lease), batch)
	if err != nil || len(ds) == 0 {
		return 0, err
	}
	// The lease is renewed while the batch is sent (a slow server or a
	// low rate can take longer than one lease).
	var mu sync.Mutex
	open := make(map[int64]bool, len(ds))
	for _, d := range ds {
		open[d.ID] = true
	}
	rctx, stopRenew := context.WithCancel(ctx)
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(w.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-rctx.Done():
				return
			case <-t.C:
			}
			mu.Lock()
			ids := make([]int64, 0, len(open))
			for id := range open {
				ids = append(ids, id)
			}
			mu.Unlock()
			if err := w.Store.RenewDeliveries(rctx, ids, w.Now().Add(w.Lease)); err != nil && rctx.Err() == nil {
				w.Logger.Warn("renew mail lease", "err", err)
			}
		}
	}()
	defer func() { stopRenew(); <-renewed }()

	// Outcomes are written even while shutting down: a claim handed back
	// is what lets another instance take it at once.
	wctx := context.WithoutCancel(ctx)
	finish := func(r store.DeliveryResult) error {
		fctx, cancel := context.WithTimeout(wctx, 30*time.Second)
		defer cancel()
		if r.At.IsZero() {
			r.At = w.Now()
		}
		err := w.Store.FinishDelivery(fctx, r)
		mu.Lock()
		delete(open, r.ID)
		mu.Unlock()
		if errors.Is(err, store.ErrNotFound) {
			w.Logger.Warn("mail delivery was taken over before its outcome was recorded", "delivery", r.ID)
			return nil
		}
		return err
	}

	var conn Conn
	defer func() {
		if conn != nil {
			_ = conn.Close()
		}
	}()
	var firstErr, dialErr error
	handBack := func(rest []*store.Delivery) (int, error) {
		for _, d := range rest {
			if err := finish(store.DeliveryResult{ID: d.ID, Status: store.DeliveryQueued, NextAt: w.Now(),
				Attempts: d.Attempts - 1}); err != nil && firstErr == nil {
				firstErr = err
			}
		}
		return len(ds), firstErr
	}
	// paused: each blog's answer of Holds, asked once a batch and again
	// after one of its e-mails is refused (that may be what tips it).
	paused := map[int64]bool{}
	for i, d := range ds {
		if w.Holds != nil && bulk(d) {
			p, ok := paused[d.WorkspaceID]
			if !ok {
				var err error
				if p, err = w.Holds.Paused(ctx, d.WorkspaceID); err != nil {
					// Unknown: sent later rather than against a pause.
					if firstErr == nil {
						firstErr = err
					}
					return handBack(ds[i:])
				}
				paused[d.WorkspaceID] = p
			}
			if p {
				if err := finish(store.DeliveryResult{ID: d.ID, Status: store.DeliveryHeld, Attempts: d.Attempts}); err != nil && firstErr == nil {
					firstErr = err
				}
				continue
			}
		}
		if ctx.Err() != nil || w.limit.wait(ctx) != nil {
			return handBack(ds[i:])
		}
		msg, err := Build(d, w.From, w.Now())
		if err == nil {
			if conn == nil && dialErr == nil {
				if conn, err = w.Transport.Open(ctx); err != nil {
					// The server is out of reach: the rest of the batch
					// waits with this delivery instead of dialling again
					// for each one.
					conn, dialErr = nil, err
				}
			}
			if dialErr != nil {
				err = dialErr
			}
			if err == nil {
				err = conn.Send(ctx, d, msg)
			}
		}
		if err != nil && ctx.Err() != nil {
			// Stopped while connecting: not this delivery's failure.
			return handBack(ds[i:])
		}
		r := w.result(d, err, msg == nil)
		if err != nil && r.Status == store.DeliveryQueued && conn != nil {
			// The connection may be what failed: the next message gets a new one.
			_ = conn.Close()
			conn = nil
		}
		if err != nil {
			// Warn: a refused login, a bad certificate or a full mailbox is
			// for the operator to see, whether or not it is retried.
			kind := ""
			if d.Message != nil {
				kind = d.Message.Kind
			}
			w.Logger.Warn("mail delivery not sent", "delivery", d.ID, "workspace", d.WorkspaceID, "kind", kind,
				"status", r.Status, "attempts", d.Attempts, "err", err)
		}
		if err := finish(r); err != nil && firstErr == nil {
			firstErr = err
		}
		if r.Status == store.DeliveryBounced || r.Status == store.DeliveryFailed {
			delete(paused, d.WorkspaceID)
		}
	}
	return len(ds), firstErr
}

// bulk reports whether d is a blog's bulk mail (a newsletter or an
// import's confirmation), which a paused blog holds.
func bulk(d *store.Delivery) bool {
	return d.WorkspaceID != 0 && d.Message != nil &&
		(d.Message.Kind == store.MailNewsletter || d.Message.Kind == store.MailImportConfirm)
}

// result turns a send's outcome into the delivery's next state.
func (w *Worker) result(d *store.Delivery, err error, unbuilt bool) store.DeliveryResult {
	r := store.DeliveryResult{ID: d.ID, Attempts: d.Attempts, At: w.Now()}
	if err == nil {
		r.Status = store.DeliverySent
		return r
	}
	r.Error = truncate(err.Error(), 1000)
	switch c := Classify(err); {
	case unbuilt:
		r.Status = store.DeliveryFailed // a stored message that cannot be rendered never will be
	case c == Bounce && d.SubscriberID != 0:
		r.Status = store.DeliveryBounced
	case c != Temporary:
		r.Status = store.DeliveryFailed
	case d.Attempts >= w.MaxAttempts:
		r.Status = store.DeliveryFailed
	default:
		r.Status, r.NextAt = store.DeliveryQueued, w.Now().Add(Backoff(w.Backoff, d.Attempts))
	}
	return r
}

// Backoff is the wait after the n-th failed attempt (n from 1).
func Backoff(steps []time.Duration, n int) time.Duration {
	if n < 1 {
		n = 1
	}
	if n > len(steps) {
		n = len(steps)
	}
	return steps[n-1]
}

// Outcome classes of a send error.
type Outcome int

const (
	// Temporary: a 4xx reply, a network or connection error: retry later.
	Temporary Outcome = iota
	// Permanent: a 5xx reply about the message or the sender: give up.
	Permanent
	// Bounce: a 5xx reply to the recipient (RCPT TO): the address is
	// refused for good.
	Bounce
)

// Classify sorts a send error. Only a reply with a 5xx code is final; a
// failed connection, a timeout or a 4xx reply may succeed later.
func Classify(err error) Outcome {
	var se *gomail.SendError
	if !errors.As(err, &se) {
		return Temporary
	}
	code := se.ErrorCode()
	if code < 500 || code > 599 {
		return Temporary
	}
	if se.Reason == gomail.ErrSMTPRcptTo {
		return Bounce
	}
	return Permanent
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// limiter spaces sends of one instance evenly, shared by its workers (a
// few lines instead of a dependency: no token bucket is needed when
// bursts are not wanted).
type limiter struct {
	mu       sync.Mutex
	interval time.Duration
	next     time.Time
}

func newLimiter(perSecond float64) *limiter {
	if perSecond <= 0 {
		return nil
	}
	return &limiter{interval: time.Duration(float64(time.Second) / perSecond)}
}

// wait blocks until the caller's turn (each caller reserves the next slot).
func (l *limiter) wait(ctx context.Context) error {
	if l == nil {
		return ctx.Err()
	}
	l.mu.Lock()
	now := time.Now()
	at := l.next
	if at.Before(now) {
		at = now
	}
	l.next = at.Add(l.interval)
	l.mu.Unlock()
	d := at.Sub(now)
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
