package generate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/lease"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// Generation runs as a job: the request is checked and its usage reserved
// while the client waits (so a refusal is immediate), then a worker of any
// instance claims the job and does the AI work, however long it takes. The
// client follows the job; a client that leaves finds it in the jobs list.
const (
	// JobsPerWorkspace is how many jobs of one workspace run at once; the
	// rest wait, so one workspace cannot take every worker.
	JobsPerWorkspace = 2
	// LongJobQueue is the number of queued jobs from which trial
	// workspaces' jobs wait behind paying ones (below it, turns alone
	// keep the queue fair).
	LongJobQueue = 8
	// MaxUnfinishedJobs caps a workspace's queued and running jobs.
	MaxUnfinishedJobs = 20
	// MaxJobAttempts is how often a job is started before it is given up
	// (each start after the first follows a worker that died).
	MaxJobAttempts = 3
	// DefaultJobLease is a running job's lease, renewed every third: a
	// dead worker's job is taken over within it, and a cancel is seen
	// within a third of it.
	DefaultJobLease = 15 * time.Second
	// JobRetention is how long a finished job stays in its workspace's list.
	JobRetention = 30 * 24 * time.Hour
	// queueHold is how long a queued job's usage reservation lasts before
	// the sweeper may give it back (a worker reserves again if so).
	queueHold = 30 * time.Minute
)

var (
	errTooManyJobs = apperr.Newf(apperr.TooMany, "too_many_jobs",
		"You already have %d posts being generated. Wait for one to finish, or cancel one.", MaxUnfinishedJobs)
	// ErrJobNotFound answers a job that is not the workspace's.
	ErrJobNotFound = apperr.New(apperr.NotFound, "job_not_found", "Job not found")
	errJobFinished = apperr.New(apperr.Conflict, "job_finished", "This job has already finished")
	errCanceled    = errors.New("job canceled")
)

// MsgJobCanceled is a canceled job's error.
const MsgJobCanceled = "Canceled: no post was written and the month's usage was given back."

func (s *Service) jobLease() time.Duration {
	if s.JobLease > 0 {
		return s.JobLease
	}
	return DefaultJobLease
}

// Enqueue checks req against ws, reserves its usage and queues it as a
// job. Input errors and an exhausted allowance are refused at once, with
// nothing queued or taken.
func (s *Service) Enqueue(ctx context.Context, ws *store.Workspace, isAdmin bool, req Request) (*store.Job, *store.Usage, error) {
	pr, err := s.prepare(ctx, ws.ID, req)
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	usage, held, err := s.reserve(ctx, ws, isAdmin, now, 1, pr.images())
	if err != nil {
		return nil, nil, err
	}
	if err := s.Store.RenewReservation(ctx, held.ID, now.Add(queueHold)); err != nil {
		s.release(ctx, held, 1, pr.images())
		return nil, nil, err
	}
	input, err := json.Marshal(pr.req)
	if err != nil {
		s.release(ctx, held, 1, pr.images())
		return nil, nil, err
	}
	j := &store.Job{WorkspaceID: ws.ID, Kind: store.JobGenerate, Input: string(input), OwnerAdmin: isAdmin,
		ReservationID: held.ID, CreatedAt: now.UTC()}
	if err := s.Store.CreateJob(ctx, j, MaxUnfinishedJobs); err != nil {
		s.release(ctx, held, 1, pr.images())
		if errors.Is(err, store.ErrLimit) {
			return nil, nil, errTooManyJobs
		}
		return nil, nil, err
	}
	s.wake()
	return j, usage, nil
}

// Job is a job of the workspace (ErrJobNotFound for another's).
func (s *Service) Job(ctx context.Context, wsID, id int64) (*store.Job, error) {
	j, err := s.Store.GetJob(ctx, wsID, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrJobNotFound
	}
	return j, err
}

// Jobs lists the workspace's newest jobs.
func (s *Service) Jobs(ctx context.Context, wsID int64, limit int) ([]*store.Job, error) {
	return s.Store.ListJobs(ctx, wsID, limit)
}

// Cancel stops a job of the workspace: a queued one at once (its usage
// goes back), a running one as soon as its worker hears of it.
func (s *Service) Cancel(ctx context.Context, wsID, id int64) (*store.Job, error) {
	j, err := s.Store.CancelJob(ctx, wsID, id, MsgJobCanceled, s.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrJobNotFound
	case errors.Is(err, store.ErrConflict):
		return nil, errJobFinished
	case err != nil:
		return nil, err
	}
	if j.Status == store.JobCanceled {
		s.releaseJob(ctx, j)
	}
	return j, nil
}

// releaseJob gives back what a job that wrote no post holds.
func (s *Service) releaseJob(ctx context.Context, j *store.Job) {
	if j.ReservationID == 0 {
		return
	}
	var req Request
	_ = json.Unmarshal([]byte(j.Input), &req)
	s.release(ctx, &store.Reservation{ID: j.ReservationID, WorkspaceID: j.WorkspaceID}, 1, req.images())
}

// PruneJobs deletes the jobs that finished more than JobRetention ago.
func (s *Service) PruneJobs(ctx context.Context) (int64, error) {
	return s.Store.PruneJobs(ctx, s.now().Add(-JobRetention))
}

// wake tells this instance's idle workers that a job is waiting.
func (s *Service) wake() {
	s.wakeOnce.Do(func() { s.wakeup = make(chan struct{}, 1) })
	select {
	case s.wakeup <- struct{}{}:
	default:
	}
}

// RunWorkers runs n job workers until ctx ends. Each looks for work when
// this instance queues a job, and every `poll` for jobs other instances
// queued or abandoned. A job under way when ctx ends is handed back.
func (s *Service) RunWorkers(ctx context.Context, n int, poll time.Duration) {
	s.wakeOnce.Do(func() { s.wakeup = make(chan struct{}, 1) })
	var wg sync.WaitGroup
	for range max(n, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(poll)
			defer t.Stop()
			for {
				if _, err := s.RunJobs(ctx); err != nil && ctx.Err() == nil {
					s.logger().Warn("generation jobs", "err", err)
				}
				select {
				case <-ctx.Done():
					return
				case <-s.wakeup:
				case <-t.C:
				}
			}
		}()
	}
	wg.Wait()
}

// RunJobs claims and runs jobs one at a time until none is claimable, and
// reports how many it ran.
func (s *Service) RunJobs(ctx context.Context) (int, error) {
	n := 0
	for ctx.Err() == nil {
		now := s.now()
		j, err := s.Store.ClaimJob(ctx, store.JobClaim{Now: now, LeaseUntil: now.Add(s.jobLease()), PerWorkspace: JobsPerWorkspace,
			LongQueue: LongJobQueue, TrialTier: store.PlanStarter, TrialSince: now.Add(-plan.TrialDays * 24 * time.Hour)})
		if errors.Is(err, store.ErrNotFound) {
			return n, nil
		}
		if err != nil {
			return n, fmt.Errorf("claim job: %w", err)
		}
		s.runJob(ctx, j)
		n++
	}
	return n, ctx.Err()
}

// runJob does a claimed job and records how it ended.
func (s *Service) runJob(ctx context.Context, j *store.Job) {
	finish := func(status, msg, imageErr string) {
		fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if err := s.Store.FinishJob(fctx, j.ID, status, msg, imageErr, s.now()); err != nil && !errors.Is(err, store.ErrNotFound) {
			s.logger().Error("finish job", "job", j.ID, "err", err)
		}
	}
	switch {
	case j.PostID != 0:
		// A worker that died after writing the post: it only needs recording.
		finish(store.JobSucceeded, "", "")
		return
	case j.CancelRequested:
		s.releaseJob(ctx, j)
		finish(store.JobCanceled, MsgJobCanceled, "")
		return
	case j.Attempts > MaxJobAttempts:
		s.releaseJob(ctx, j)
		finish(store.JobFailed, MsgFailed+": the generation was interrupted too often; try again", "")
		return
	}
	res, err := s.doJob(ctx, j)
	switch {
	case err == nil:
		finish(store.JobSucceeded, "", res.ImageError)
	case errors.Is(err, store.ErrAlreadyDone):
		finish(store.JobSucceeded, "", "")
	case errors.Is(err, errCanceled):
		finish(store.JobCanceled, MsgJobCanceled, "")
	case errors.Is(err, lease.ErrLost):
		// Another worker took the job over; it records the outcome.
	case ctx.Err() != nil:
		// This instance is stopping: the job is taken over when its lease ends.
	default:
		msg := MsgFailed
		if e := apperr.As(err); e != nil {
			msg = e.Message
			if errors.Is(err, ai.ErrSetup) {
				// The owner was told their admin knows: this line is how.
				s.logger().Error("AI provider not set up: generation failed", "job", j.ID, "workspace", j.WorkspaceID, "err", e.Err)
			}
		} else {
			s.logger().Error("generation job failed", "job", j.ID, "err", err)
		}
		finish(store.JobFailed, msg, "")
	}
}

// doJob runs the request of a claimed job under its lease: renewed while it
// works, ended when the job is canceled or taken over.
func (s *Service) doJob(ctx context.Context, j *store.Job) (*Result, error) {
	var req Request
	if err := json.Unmarshal([]byte(j.Input), &req); err != nil {
		s.releaseJob(ctx, j)
		return nil, fmt.Errorf("job input: %w", err)
	}
	req.JobID = j.ID
	ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &j.WorkspaceID})
	if err != nil {
		s.releaseJob(ctx, j)
		return nil, err
	}
	held, err := s.holdJob(ctx, ws, j, req)
	if err != nil {
		return nil, err
	}
	// The workspace may have changed since the job was queued (a category
	// or library image deleted): check again, giving the usage back if so.
	pr, err := s.prepare(ctx, ws.ID, req)
	if err != nil {
		s.release(ctx, held, held.Posts, held.Images)
		return nil, err
	}

	cur := j.ClaimedUntil
	var mu sync.Mutex
	jctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jctx, stop := lease.Keep(jctx, lease.Every(s.jobLease()), s.logger(), func(rctx context.Context) error {
		mu.Lock()
		defer mu.Unlock()
		next := s.now().Add(s.jobLease())
		stopIt, err := s.Store.RenewJob(rctx, j.ID, cur, next)
		if err != nil {
			return err
		}
		cur = next
		if stopIt {
			cancel(errCanceled)
		}
		return nil
	})
	defer stop()
	stage := func(st string) {
		mu.Lock()
		defer mu.Unlock()
		if err := s.Store.SetJobStage(jctx, j.ID, cur, st); err != nil && !errors.Is(err, store.ErrNotFound) {
			s.logger().Warn("job stage", "job", j.ID, "err", err)
		}
	}
	res, err := s.run(jctx, pr, held, stage)
	if err != nil {
		if cause := context.Cause(jctx); errors.Is(cause, errCanceled) || errors.Is(cause, lease.ErrLost) {
			return nil, cause
		}
	}
	return res, err
}

// holdJob returns the reservation a job holds, renewed for the run; when
// the sweeper gave it back (the job waited, or its worker died, past the
// reservation's lease) the usage is reserved again.
func (s *Service) holdJob(ctx context.Context, ws *store.Workspace, j *store.Job, req Request) (*store.Reservation, error) {
	images := req.images()
	held := &store.Reservation{ID: j.ReservationID, WorkspaceID: ws.ID, Posts: 1, Images: images}
	err := s.Store.RenewReservation(ctx, held.ID, s.now().Add(s.lease()))
	if err == nil {
		return held, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	_, held, err = s.reserve(ctx, ws, j.OwnerAdmin, s.now(), 1, images)
	if err != nil {
		return nil, err
	}
	if err := s.Store.SetJobReservation(ctx, j.ID, held.ID); err != nil {
		s.release(ctx, held, 1, images)
		return nil, err
	}
	return held, nil
}
