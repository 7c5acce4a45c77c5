// Package scheduler runs what happens at a set time: it publishes posts
// scheduled to go live, and keeps planned posts (posts the AI writes at a
// set time, the "Scheduled Posts" screen): Service checks and stores what
// the scheduling forms ask for (the rules are in input.go), and Scheduler
// turns due items into posts. Both live here because what an item means
// (a random topic when it has none, how daily and weekly items repeat) is
// one rule set, read on the way in and on the way out.
//
// Every app instance runs one Scheduler; each item is leased with one
// atomic claim in the database, so several instances never process the
// same item. The lease is short and renewed while the item is generated,
// so the item of an instance that dies is taken over within minutes; the
// post's insert records it on the item, so a retry never makes a second
// post. Claims go round-robin across workspaces.
//
// Cadence: users are told planned items are processed by an "hourly
// run", and the UI keeps saying so. The scheduler looks for due
// items every minute instead: nothing is ever processed before its time,
// and an item is processed within a minute of it rather than within an hour.
package scheduler

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/lease"
	"github.com/inkpress/inkpress/store"
)

// Tone and length of planned posts: the scheduling form has neither, so
// they get the generate dialog's first choices.
const (
	Tone   = "professional"
	Length = "medium"
)

// SchedulerStore is what the Scheduler touches: its claims on due items, and
// the workspace, owner's role, settings and category an item is generated
// for.
type SchedulerStore interface {
	ClaimDuePlanned(ctx context.Context, now, leaseUntil time.Time) (*store.PlannedPost, error)
	RenewPlanned(ctx context.Context, id int64, from, to time.Time) error
	GetPlanned(ctx context.Context, workspaceID, id int64) (*store.PlannedPost, error)
	FinishPlanned(ctx context.Context, id int64, status, errText string, postID int64, next *store.PlannedPost) error

	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	HasRole(ctx context.Context, userID int64, role string) (bool, error)
	GetSettings(ctx context.Context, workspaceID int64) (*store.Settings, error)
	GetCategory(ctx context.Context, workspaceID int64, slug string) (*store.Category, error)
}

// Scheduler publishes due scheduled posts and generates due planned posts. Store and Generator are required.
type Scheduler struct {
	Store     SchedulerStore
	Generator *generate.Service
	Now       func() time.Time
	// Every is the interval of Run (default one minute).
	Every time.Duration
	// Lease is how long a claim keeps other instances off an item without
	// a renewal (default DefaultLease); the instance working on it renews
	// it every third. An instance that dies mid-run leaves the item to be
	// claimed again when the lease ends.
	Lease  time.Duration
	Logger *slog.Logger
}

func (s *Scheduler) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Scheduler) every() time.Duration {
	if s.Every > 0 {
		return s.Every
	}
	return time.Minute
}

// DefaultLease is the claim's lease: short, since a live instance renews it.
const DefaultLease = 2 * time.Minute

func (s *Scheduler) lease() time.Duration {
	if s.Lease > 0 {
		return s.Lease
	}
	return DefaultLease
}

func (s *Scheduler) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// Run processes due items at once and then every Every until ctx ends.
// An item being generated when ctx ends is handed back, not failed.
func (s *Scheduler) Run(ctx context.Context) {
	t := time.NewTicker(s.every())
	defer t.Stop()
	for {
		n, err := s.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			s.logger().Warn("scheduled posts", "err", err)
		}
		if n > 0 {
			s.logger().Info("scheduled posts processed", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunOnce publishes the scheduled posts whose time has come, then claims
// and processes due items one at a time until none is left, and reports
// how many items it processed.
func (s *Scheduler) RunOnce(ctx context.Context) (processed int, err error) {
	if s.Generator != nil && s.Generator.Posts != nil {
		published, err := s.Generator.Posts.PublishDue(ctx)
		if err != nil {
			return 0, fmt.Errorf("publish scheduled posts: %w", err)
		}
		for _, p := range published {
			s.logger().Info("scheduled post published", "post", p.ID, "workspace", p.WorkspaceID)
		}
	}
	for ctx.Err() == nil {
		now := s.now()
		item, err := s.Store.ClaimDuePlanned(ctx, now, now.Add(s.lease()))
		if errors.Is(err, store.ErrNotFound) {
			return processed, nil
		}
		if err != nil {
			return processed, fmt.Errorf("claim scheduled post: %w", err)
		}
		s.process(ctx, item)
		processed++
	}
	return processed, ctx.Err()
}

// process generates one claimed item and records the outcome. A daily or
// weekly item schedules its next occurrence whether this one completed or
// failed, so one bad day (a provider outage, the month's limit) never ends
// a series; a failed occurrence can still be retried on its own.
func (s *Scheduler) process(ctx context.Context, item *store.PlannedPost) {
	if item.PostID != 0 {
		// A run that crashed after writing the post: it only needs recording.
		s.finish(ctx, item, store.PlanCompleted, "", item.PostID, s.next(item))
		return
	}
	held := item.ClaimedUntil
	wctx, stop := lease.Keep(ctx, lease.Every(s.lease()), s.logger(), func(rctx context.Context) error {
		to := s.now().Add(s.lease())
		if err := s.Store.RenewPlanned(rctx, item.ID, held, to); err != nil {
			return err
		}
		held = to
		return nil
	})
	postID, failure, done := s.generate(wctx, item)
	stop()
	switch {
	case postID != 0:
		// Written: record it, even if the lease was lost meanwhile.
	case done:
		// An earlier run wrote the post (and crashed before recording it).
		got, err := s.Store.GetPlanned(context.WithoutCancel(ctx), item.WorkspaceID, item.ID)
		if err != nil {
			s.logger().Warn("read scheduled post", "id", item.ID, "err", err)
			s.finish(ctx, item, store.PlanPending, "", 0, nil) // the next claim sees the post
			return
		}
		postID = got.PostID
	case errors.Is(context.Cause(wctx), lease.ErrLost):
		// Another instance took the item over (or it was finished or
		// deleted): the outcome is theirs to record.
		s.logger().Warn("scheduled post lease lost", "id", item.ID)
		return
	case failure != "" && ctx.Err() != nil:
		// Shutting down: hand the item back for the next run.
		s.finish(ctx, item, store.PlanPending, "", 0, nil)
		return
	}
	status := store.PlanCompleted
	if failure != "" {
		status = store.PlanFailed
	}
	s.finish(ctx, item, status, failure, postID, s.next(item))
}

func (s *Scheduler) finish(ctx context.Context, item *store.PlannedPost, status, failure string, postID int64, next *store.PlannedPost) {
	// Record the outcome even while shutting down: the post exists.
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	err := s.Store.FinishPlanned(fctx, item.ID, status, failure, postID, next)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.logger().Info("scheduled post deleted while processed", "id", item.ID)
	case err != nil:
		s.logger().Error("record scheduled post", "id", item.ID, "status", status, "err", err)
	}
}

// generate runs the generate service for item and returns the post's id or
// the failure shown to the owner; done when the item already had its post
// (store.ErrAlreadyDone). A panic in a provider fails the item instead of
// the server.
func (s *Scheduler) generate(ctx context.Context, item *store.PlannedPost) (postID int64, failure string, done bool) {
	defer func() {
		if r := recover(); r != nil {
			s.logger().Error("scheduled post panicked", "id", item.ID, "panic", r)
			postID, failure = 0, generate.MsgFailed+": internal error"
		}
	}()
	ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &item.WorkspaceID})
	if err != nil {
		return 0, s.failure(item, err), false
	}
	// The owner's limits, as when they generate by hand: an admin owner
	// is unlimited, and so is the site workspace, which admins run.
	isAdmin := ws.UserID == 0
	if ws.UserID != 0 {
		if isAdmin, err = s.Store.HasRole(ctx, ws.UserID, store.RoleAdmin); err != nil {
			return 0, s.failure(item, err), false
		}
	}
	req := s.request(ctx, item)
	// The owner may want to read AI posts before readers do.
	if set, err := s.Store.GetSettings(ctx, ws.ID); err == nil && set.ReviewAIPosts {
		req.Status = store.PostDraft
	}
	// The item's post is written by a generation job, as the owner's are:
	// it counts against the workspace's running jobs and shows in its jobs
	// list. The post's insert records the item, so however many jobs a
	// retried item queues, one post is written (the others end without one
	// and give their usage back).
	j, _, err := s.Generator.Enqueue(ctx, ws, isAdmin, req)
	if err != nil {
		return 0, s.failure(item, err), false
	}
	return s.await(ctx, item, j.ID)
}

// awaitPoll is how often a waiting scheduler looks at its item's job.
const awaitPoll = 500 * time.Millisecond

// await follows item's job to its end, working the job queue meanwhile
// (this instance's workers may be busy, or there may be none).
func (s *Scheduler) await(ctx context.Context, item *store.PlannedPost, jobID int64) (postID int64, failure string, done bool) {
	for {
		if _, err := s.Generator.RunJobs(ctx); err != nil && ctx.Err() == nil {
			s.logger().Warn("generation jobs", "err", err)
		}
		j, err := s.Generator.Job(context.WithoutCancel(ctx), item.WorkspaceID, jobID)
		if err != nil {
			return 0, s.failure(item, err), false
		}
		switch j.Status {
		case store.JobSucceeded:
			if j.PostID == 0 {
				return 0, "", true // another job wrote the item's post
			}
			return j.PostID, "", false
		case store.JobFailed, store.JobCanceled:
			return 0, j.Error, false
		}
		select {
		case <-ctx.Done():
			return 0, generate.MsgFailed + ": interrupted", false
		case <-time.After(awaitPoll):
		}
	}
}

// request builds the generate request of an item: a random topic (topic
// mode) when it has none, an AI cover when it asks for images.
func (s *Scheduler) request(ctx context.Context, item *store.PlannedPost) generate.Request {
	req := generate.Request{Category: item.Category, Topic: item.Topic, InputMode: item.InputMode, Tone: Tone, Length: Length,
		ImageMode: generate.ImageNone, Banners: item.Banners, GenerateImages: item.GenerateImage, PlannedID: item.ID}
	if item.GenerateImage {
		req.ImageMode = generate.ImageAI
	}
	if item.Topic == "" {
		name := item.Category
		if c, err := s.Store.GetCategory(ctx, item.WorkspaceID, item.Category); err == nil {
			name = c.Name
		}
		req.Topic, req.InputMode = RandomTopic(item.ID, item.Category, name), "topic"
	}
	return req
}

// failure is the sentence stored on a failed item.
func (s *Scheduler) failure(item *store.PlannedPost, err error) string {
	ge := apperr.As(err)
	if ge == nil {
		s.logger().Error("scheduled post failed", "id", item.ID, "err", err)
		return generate.MsgFailed + ": internal error"
	}
	switch {
	case ge.Kind == apperr.Limit || ge.Kind == apperr.Upstream:
		return ge.Message // already the full sentence the user sees
	case ge.Code == "invalid_category":
		return generate.MsgFailed + ": the category " + item.Category + " no longer exists in your blog"
	}
	return generate.MsgFailed + ": " + lowerFirst(ge.Message)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// next is the following occurrence of a daily or weekly item (nil for
// once, and for a series reaching past the year 9999, where it ends): its
// time plus whole periods, the first one after now, so a series that was
// stalled (downtime, a late retry) resumes instead of producing a burst of
// catch-up posts.
func (s *Scheduler) next(item *store.PlannedPost) *store.PlannedPost {
	days := 0
	switch item.Frequency {
	case store.FrequencyDaily:
		days = 1
	case store.FrequencyWeekly:
		days = 7
	default:
		return nil
	}
	now := s.now()
	at := item.GenerateAt.AddDate(0, 0, days)
	for !at.After(now) {
		at = at.AddDate(0, 0, days)
	}
	if !InRange(at) {
		return nil
	}
	return &store.PlannedPost{WorkspaceID: item.WorkspaceID, Category: item.Category, Topic: item.Topic,
		InputMode: item.InputMode, GenerateAt: at, Frequency: item.Frequency, GenerateImage: item.GenerateImage,
		Banners: item.Banners}
}
