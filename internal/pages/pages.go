// Package pages keeps reader pages rendered once per change and served as
// stored bytes (the incremental static regeneration model).
//
// A reader page (a post, a blog's home and list pages, a category, tag or
// author page, the site's own pages, feeds and sitemaps) is rendered when
// what it shows changes, not when someone reads it: a write marks the pages
// it affects outdated (their next reader has them made again, and gets the
// old copy if that fails: the database is down; a page gone from its
// address is removed) and queues their renders (Changes), which a
// Worker in some instance claims and renders in the background at a bounded
// rate. Every other page of the workspace becomes stale: it is still served,
// and queued for a render at a lower priority when read. A page never
// rendered before is rendered on demand, under Admission: a bounded queue
// with a fair share per client; when it is full the reader gets the small
// plain page instead of waiting.
//
// Pages live in a store.PageStore (the database, or a local directory:
// Disk) that every instance reads and that survives restarts; the memory
// cache (internal/cache) is a bounded layer in front of it.
package pages

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Priorities of render jobs: a write's pages first, then pages readers found
// stale, then pages an earlier app build rendered.
const (
	PriorityWrite = 30
	PriorityStale = 20
	PriorityBuild = 10
)

// Reasons, as counted (Metrics) and stored with each job.
const (
	ReasonWrite  = "write"
	ReasonStale  = "stale"
	ReasonBuild  = "build"
	ReasonDemand = "demand"
)

// Service is the pages' bookkeeping shared by the reader handler, the
// domain services (through Changes) and the Worker.
type Service struct {
	Store store.PageStore
	Queue store.RenderQueue
	// Build names the app build rendering pages now (a hash of its bundle).
	Build  string
	Logger *slog.Logger
	// Now is the clock (tests).
	Now func() time.Time

	mu       sync.Mutex
	versions map[int64]int64 // workspace -> its last content change, Unix ms
	// refreshing holds stale pages queued lately, so a page read a thousand
	// times while stale is queued once.
	refreshing map[string]time.Time
	// queuing bounds the background queuings readers' refreshes start.
	queuing  chan struct{}
	inFlight sync.WaitGroup
}

// Settle waits for the readers' queuings under way (tests, shutdown).
func (s *Service) Settle() { s.inFlight.Wait() }

// maxQueuing is how many readers' refreshes may be on their way to the
// queue at once; past it a refresh is skipped (the page stays stale, and a
// later reader queues it): a slow database never piles up goroutines.
const maxQueuing = 4

// refreshAgain is how long a stale page, once queued, is not queued again.
const refreshAgain = time.Minute

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// Version is the workspace's content version as this instance knows it: the
// Unix ms of its last change (0 when none was seen since the start).
func (s *Service) Version(workspaceID int64) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.versions[workspaceID]
}

// Changed records a change of the workspace's content at `at` (this
// instance's writes, and other instances' as the cache follows them).
func (s *Service) Changed(workspaceID int64, at time.Time) {
	v := at.UnixMilli()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.versions == nil {
		s.versions = map[int64]int64{}
	}
	if v > s.versions[workspaceID] {
		s.versions[workspaceID] = v
	}
}

// Stale reports whether a page rendered at version by build shows less than
// what its workspace holds now, or was drawn by another app build.
func (s *Service) Stale(workspaceID, version int64, build string) bool {
	return version < s.Version(workspaceID) || build != s.Build
}

// Get returns the stored page of key (store.ErrNotFound when none).
func (s *Service) Get(ctx context.Context, workspaceID int64, key string) (*store.RenderedPage, error) {
	p, err := s.Store.GetPage(ctx, workspaceID, key)
	if err == nil {
		metrics.storeHits.Add(1)
	} else if errors.Is(err, store.ErrNotFound) {
		metrics.storeMisses.Add(1)
	}
	return p, err
}

// Put stores a page rendered at version, unless the workspace changed while
// it was rendered (it would be stored as current while it is not).
func (s *Service) Put(ctx context.Context, p *store.RenderedPage) error {
	if p.Version < s.Version(p.WorkspaceID) {
		return nil
	}
	p.Build = s.Build
	p.RenderedAt = s.now()
	return s.Store.PutPage(ctx, p)
}

// Refresh queues a render of a page a reader found stale, once a minute at
// most. It never waits on the queue (the database): the reader is served
// the stale page now, and the queuing goes on in the background.
func (s *Service) Refresh(ctx context.Context, workspaceID int64, key string, reason string) {
	now := s.now()
	s.mu.Lock()
	if s.refreshing == nil {
		s.refreshing = map[string]time.Time{}
	}
	if at, ok := s.refreshing[key]; ok && now.Sub(at) < refreshAgain {
		s.mu.Unlock()
		return
	}
	if len(s.refreshing) > 10000 {
		// Bounded: forgetting only means a page may be queued twice.
		clear(s.refreshing)
	}
	if s.queuing == nil {
		s.queuing = make(chan struct{}, maxQueuing)
	}
	select {
	case s.queuing <- struct{}{}:
	default:
		delete(s.refreshing, key) // a later reader queues it
		s.mu.Unlock()
		return
	}
	s.refreshing[key] = now
	s.mu.Unlock()
	prio := PriorityStale
	if reason == ReasonBuild {
		prio = PriorityBuild
	}
	s.inFlight.Add(1)
	go func() {
		defer s.inFlight.Done()
		defer func() { <-s.queuing }()
		s.queue(ctx, []store.RenderJob{{Key: key, WorkspaceID: workspaceID, Priority: prio, Reason: reason, QueuedAt: now}})
	}()
}

// Drop queues renders of pages whose content changed. A page still at its
// address (stale) keeps its last copy, marked Outdated: its reader has it
// made again (a write shows at once) and is served the old copy when that
// fails, so no reader fails when the database does. A page no longer there (gone: a post deleted,
// unpublished or moved) is removed, so no reader is served it.
func (s *Service) Drop(ctx context.Context, workspaceID int64, stale, gone []string) {
	if len(stale)+len(gone) == 0 {
		return
	}
	if len(gone) > 0 {
		if err := s.Store.DeletePages(ctx, workspaceID, gone); err != nil {
			s.logger().ErrorContext(ctx, "pages: remove gone pages", "workspace", workspaceID, "err", err)
		}
	}
	if len(stale) > 0 {
		if err := s.Store.OutdatePages(ctx, workspaceID, stale, Outdated); err != nil {
			// Not marked, a page would be served as current: remove it.
			s.logger().ErrorContext(ctx, "pages: mark changed pages outdated", "workspace", workspaceID, "err", err)
			if err := s.Store.DeletePages(ctx, workspaceID, stale); err != nil {
				s.logger().ErrorContext(ctx, "pages: remove changed pages", "workspace", workspaceID, "err", err)
			}
		}
	}
	keys := append(slices.Clip(stale), gone...)
	now := s.now()
	jobs := make([]store.RenderJob, len(keys))
	for i, k := range keys {
		jobs[i] = store.RenderJob{Key: k, WorkspaceID: workspaceID, Priority: PriorityWrite, Reason: ReasonWrite, QueuedAt: now}
	}
	s.queue(ctx, jobs)
}

// Outdated is the build of a stored page a write changed: every instance
// finds it stale (a render job does not take it for current), and a reader
// has it made again, falling back to it when that fails.
const Outdated = "-outdated-"

// RefreshAll queues every stored page of the workspace (a change that shows
// on all of them: the blog's name, look or menus), at the stale priority.
func (s *Service) RefreshAll(ctx context.Context, workspaceID int64) {
	keys, err := s.Store.PageKeys(ctx, workspaceID, maxRefreshAll)
	if err != nil {
		s.logger().ErrorContext(ctx, "pages: list a workspace's pages", "workspace", workspaceID, "err", err)
		return
	}
	now := s.now()
	jobs := make([]store.RenderJob, len(keys))
	for i, k := range keys {
		jobs[i] = store.RenderJob{Key: k, WorkspaceID: workspaceID, Priority: PriorityStale, Reason: ReasonStale, QueuedAt: now}
	}
	s.queue(ctx, jobs)
}

// DropAll removes every stored page of the workspace: its next readers have
// them rendered (a write made behind the services' backs, such as a test's
// or a repair's).
func (s *Service) DropAll(ctx context.Context, workspaceID int64) error {
	for {
		keys, err := s.Store.PageKeys(ctx, workspaceID, 500)
		if err != nil || len(keys) == 0 {
			return err
		}
		if err := s.Store.DeletePages(ctx, workspaceID, keys); err != nil {
			return err
		}
	}
}

// maxRefreshAll bounds what one blog-wide change queues at once; pages past
// it are still stale, so their next reader queues them.
const maxRefreshAll = 2000

func (s *Service) queue(ctx context.Context, jobs []store.RenderJob) {
	// Queuing outlives the request that caused it (a write answered, a
	// reader gone): the write is done either way.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := s.Queue.QueueRenders(ctx, jobs); err != nil {
		s.logger().ErrorContext(ctx, "pages: queue renders", "pages", len(jobs), "err", err)
	}
}

// Move removes the workspace's stored pages under the path prefix from (a
// blog's former address) and queues the same pages under to, at a write's
// priority; the home page at to is queued in any case.
func (s *Service) Move(ctx context.Context, workspaceID int64, from, to string) {
	keys := []string{to}
	for {
		stored, err := s.Store.PageKeys(ctx, workspaceID, maxRefreshAll)
		if err != nil {
			s.logger().ErrorContext(ctx, "pages: list a workspace's pages", "workspace", workspaceID, "err", err)
			return
		}
		var gone []string
		for _, k := range stored {
			if rest, ok := under(k, from); ok {
				gone = append(gone, k)
				if len(keys) < maxRefreshAll {
					keys = append(keys, to+rest)
				}
			}
		}
		if len(gone) == 0 {
			break
		}
		if err := s.Store.DeletePages(ctx, workspaceID, gone); err != nil {
			s.logger().ErrorContext(ctx, "pages: remove pages of a former address", "workspace", workspaceID, "err", err)
			return
		}
		if len(stored) < maxRefreshAll {
			break
		}
	}
	now := s.now()
	jobs := make([]store.RenderJob, 0, len(keys))
	seen := map[string]bool{}
	for _, k := range keys {
		if !seen[k] {
			seen[k] = true
			jobs = append(jobs, store.RenderJob{Key: k, WorkspaceID: workspaceID, Priority: PriorityWrite, Reason: ReasonWrite, QueuedAt: now})
		}
	}
	s.queue(ctx, jobs)
}

// under reports whether the page key is at or below the path prefix, and
// what follows the prefix ("", "/keto/post", "?page=2").
func under(key, prefix string) (string, bool) {
	rest, ok := strings.CutPrefix(key, prefix)
	if !ok || (rest != "" && rest[0] != '/' && rest[0] != '?') {
		return "", false
	}
	return rest, true
}
