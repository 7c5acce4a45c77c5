package pages

import (
	"context"
	"expvar"
	"time"

	"github.com/inkpress/inkpress/store"
)

// RenderFunc renders the page at key (its absolute address) and stores it.
type RenderFunc func(ctx context.Context, key, reason string) error

// Worker renders queued pages in the background: one at a time, at most Rate
// a second, and only while no reader waits for an engine (Admission). Jobs
// are claimed a few at a time under a lease, so that exactly one instance
// renders each. When the queue is empty it looks for pages an earlier app
// build rendered and queues them at the lowest priority.
type Worker struct {
	Pages  *Service
	Render RenderFunc
	// Rate is renders per second at most (<= 0: 50).
	Rate float64
	// Lease is how long a claimed job is this instance's (<= 0: 2 min).
	Lease time.Duration
	// Idle is how long to wait when the queue is empty (<= 0: 1 s).
	Idle time.Duration

	counted time.Time // when the queue's length was last read
}

// Run works until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	rate := w.Rate
	if rate <= 0 {
		rate = 50
	}
	gap := time.Duration(float64(time.Second) / rate)
	lease := w.Lease
	if lease <= 0 {
		lease = 2 * time.Minute
	}
	idle := w.Idle
	if idle <= 0 {
		idle = time.Second
	}
	var lastSweep time.Time
	for ctx.Err() == nil {
		n, err := w.batch(ctx, lease, gap)
		if err != nil && ctx.Err() == nil {
			w.Pages.logger().WarnContext(ctx, "pages: render queue", "err", err)
		}
		wait := gap
		if n == 0 {
			wait = idle
			if time.Since(lastSweep) > time.Minute {
				lastSweep = time.Now()
				w.queueOutdated(ctx)
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
	}
}

// claimBatch is how many jobs one claim takes: fewer round trips than one
// at a time, few enough that a lease (minutes) outlasts their renders.
const claimBatch = 8

// Once claims a batch of jobs and renders them, each after the last by at
// least gap; it reports how many it rendered.
func (w *Worker) Once(ctx context.Context, lease time.Duration) (int, error) {
	return w.batch(ctx, lease, 0)
}

func (w *Worker) batch(ctx context.Context, lease, gap time.Duration) (int, error) {
	q := w.Pages.Queue
	if time.Since(w.counted) > time.Second {
		w.counted = time.Now()
		if n, err := q.QueuedRenders(ctx); err == nil {
			Vars.Get("queue").(*expvar.Int).Set(int64(n))
		}
	}
	now := time.Now()
	jobs, err := q.ClaimRenders(ctx, now, now.Add(lease), claimBatch)
	if err != nil || len(jobs) == 0 {
		return 0, err
	}
	for i, j := range jobs {
		if i > 0 && gap > 0 {
			select {
			case <-ctx.Done():
				return i, ctx.Err()
			case <-time.After(gap):
			}
		}
		rctx, cancel := context.WithTimeout(ctx, lease/2)
		err := w.Render(rctx, j.Key, j.Reason)
		late := rctx.Err() != nil
		cancel()
		if late && ctx.Err() == nil {
			// Readers had every turn (a crawl): the rest of the batch is
			// claimed again when its lease ends.
			return i, nil
		}
		if err != nil {
			// A page that no longer exists (a deleted post, a tag no post
			// carries now) has nothing to render: the job is done.
			w.Pages.logger().DebugContext(ctx, "pages: render job", "page", j.Key, "err", err)
		}
		if err := q.FinishRender(context.WithoutCancel(ctx), j.Key, j.Seq); err != nil {
			return i + 1, err
		}
	}
	return len(jobs), nil
}

// queueOutdated queues a batch of pages an earlier build rendered.
func (w *Worker) queueOutdated(ctx context.Context) {
	refs, err := w.Pages.Store.OutdatedPages(ctx, w.Pages.Build, 200)
	if err != nil || len(refs) == 0 {
		return
	}
	now := time.Now()
	jobs := make([]store.RenderJob, len(refs))
	for i, r := range refs {
		jobs[i] = store.RenderJob{Key: r.Key, WorkspaceID: r.WorkspaceID, Priority: PriorityBuild, Reason: ReasonBuild, QueuedAt: now}
	}
	w.Pages.queue(ctx, jobs)
}
