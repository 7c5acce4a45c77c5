package store

import (
	"context"
	"time"
)

// RenderedPage is a reader page (or feed, sitemap) as it was rendered once,
// stored so that reading it never renders it again. Key is the page's
// absolute address (origin, path and the query parameters the page reads).
type RenderedPage struct {
	Key          string
	WorkspaceID  int64
	Status       int
	ContentType  string
	CSP          string
	ETag         string
	LastModified time.Time
	Body         []byte
	// Gzip is Body compressed once when rendered (nil: not worth it). A page
	// read back holds only Gzip when it has one (Body nil): nearly every
	// reader takes gzip, and the others get it decompressed.
	Gzip []byte
	// Version is the workspace's content version (its last change, Unix ms)
	// the page was rendered at; Build is the app build that rendered it. A
	// page older than either is stale: served, and rendered again.
	Version    int64
	Build      string
	RenderedAt time.Time
	// PostID is the post a post page shows (0 on other pages): a reader's
	// view is counted without reading the post.
	PostID int64
}

// PageRef names a stored page.
type PageRef struct {
	Key         string
	WorkspaceID int64
}

// PageStore keeps rendered pages where every app instance can read them.
// The database implements it (store/sqlstore); internal/pages has a local
// directory one, the embedded default.
type PageStore interface {
	// GetPage returns the workspace's page of key: ErrNotFound when the page was never stored (or was
	// dropped because what it shows changed).
	GetPage(ctx context.Context, workspaceID int64, key string) (*RenderedPage, error)
	// PutPage stores or replaces a page.
	PutPage(ctx context.Context, p *RenderedPage) error
	// DeletePages drops pages of a workspace; unknown keys are ignored.
	DeletePages(ctx context.Context, workspaceID int64, keys []string) error
	// OutdatePages marks stored pages of a workspace as drawn by build,
	// in place: each keeps its bytes and version (a write's last copy,
	// internal/pages.Outdated); unknown keys are ignored.
	OutdatePages(ctx context.Context, workspaceID int64, keys []string, build string) error
	// PageKeys lists up to limit stored pages of a workspace.
	PageKeys(ctx context.Context, workspaceID int64, limit int) ([]string, error)
	// OutdatedPages lists up to limit stored pages rendered by another build
	// than build.
	OutdatedPages(ctx context.Context, build string, limit int) ([]PageRef, error)
}

// RenderJob asks for a page to be rendered (again). Seq changes each time the
// job is queued again, so a render that started before the last change does
// not finish the job.
type RenderJob struct {
	Key         string
	WorkspaceID int64
	// Priority: higher first (a write's pages before stale refreshes before a
	// new build's).
	Priority int
	Reason   string
	QueuedAt time.Time
	Seq      int64
}

// RenderQueue is the database queue of page renders, shared by every app
// instance: a job is claimed by one instance at a time under a lease.
type RenderQueue interface {
	// QueueRenders adds jobs; a page already queued keeps one job, with the
	// higher priority, and becomes claimable again at once.
	QueueRenders(ctx context.Context, jobs []RenderJob) error
	// ClaimRenders leases up to limit jobs (highest priority, oldest first)
	// until leaseUntil.
	ClaimRenders(ctx context.Context, now, leaseUntil time.Time, limit int) ([]RenderJob, error)
	// FinishRender removes a job, unless it was queued again since it was
	// claimed (its Seq changed): then it stays, for the newer content.
	FinishRender(ctx context.Context, key string, seq int64) error
	// QueuedRenders counts the jobs waiting or running.
	QueuedRenders(ctx context.Context) (int, error)
}
