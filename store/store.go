// Package store defines InkPress's domain types and the one interface every
// database driver implements, grouped by model (PostStore, WorkspaceStore...):
// Store is their union. Services take the groups (or the few methods) they
// use; SQL lives in store/sqlstore, with migrations per database in
// store/migration.
package store

import (
	"context"
	"errors"
	"time"

	"github.com/inkpress/inkpress/internal/palette"
)

var (
	// ErrNotFound is returned when a row does not exist (or is not visible to
	// the caller's workspace, which is the same thing to the caller).
	ErrNotFound = errors.New("not found")
	// ErrConflict is returned when a unique key would be violated.
	ErrConflict = errors.New("conflict")
	// ErrLimit is returned when an atomic limit check refuses a write.
	ErrLimit = errors.New("limit reached")
	// ErrAlreadyDone is returned by CreatePost when the planned item
	// (Post.PlannedID) already has its post: a retry after a crash.
	ErrAlreadyDone = errors.New("already done")
	// ErrStorageFull is returned when a post's write would take its
	// workspace's posts past Post.StorageCap.
	ErrStorageFull = errors.New("storage full")
	// ErrEmailLimit is returned when e-mails would pass the month's
	// allowance.
	ErrEmailLimit = errors.New("e-mail allowance reached")
	// ErrInvalidTarget is returned when a write names a row to move things
	// to that does not exist (or is the row being removed).
	ErrInvalidTarget = errors.New("invalid target")
)

// Store is the persistence interface: the union of the groups below, one
// per model. One implementation serves SQLite and PostgreSQL
// (store/sqlstore) behind a small dialect seam. Services take the groups
// (or the few methods) they use, never the whole Store.
type Store interface {
	Close() error
	Ping(ctx context.Context) error
	// Dialect names the database: "sqlite" or "postgres".
	Dialect() string

	UserStore
	SessionStore
	AccountStore // account e-mails (account.go)
	RateStore
	WorkspaceStore
	TeamStore // blogs' members and their roles (team.go)
	SettingsStore
	UsageStore
	ReservationStore
	CategoryStore
	PostStore
	SearchStore // search.go
	ViewStore
	AuthorStore // authors and a blog's brand (authors.go)
	MarkStore   // images drawn for a blog (marks.go)
	MediaStore
	MediaFileStore
	ScheduleStore
	JobStore
	NewsletterStore     // subscribers and post newsletters (newsletter.go)
	NewsletterDeskStore // welcome e-mails, e-mail allowance (newsletter_desk.go)
	MailStore           // outgoing mail queue (mail.go)
	PageStore           // rendered reader pages (pages.go)
	RenderQueue         // the queue of page renders (pages.go)
	DomainStore         // custom domains (domains.go)
	CertStore           // automatic TLS (certs.go)
	StateStore          // what the server remembers about its configuration (state.go)
	DeletionStore       // accounts deleted by their owners (selfservice.go)
	ExportStore         // owners' data exports (selfservice.go)
}

// UserStore is accounts: users and their roles.
type UserStore interface {
	SignUp(ctx context.Context, in SignUp) (*User, *Workspace, error)
	CreateUser(ctx context.Context, u *User) error
	GetUser(ctx context.Context, id int64) (*User, error)
	GetUserByEmail(ctx context.Context, email string) (*User, error)
	SetPassword(ctx context.Context, userID int64, hash string) error
	AddRole(ctx context.Context, userID int64, role string) error
	HasRole(ctx context.Context, userID int64, role string) (bool, error)
	CountUsers(ctx context.Context) (int, error)
}

// SessionStore is sign-in sessions.
type SessionStore interface {
	CreateSession(ctx context.Context, s *Session) error
	GetSession(ctx context.Context, tokenHash string, now time.Time) (*Session, error)
	DeleteSession(ctx context.Context, tokenHash string) error
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error)
}

// RateStore is rate limits (logins, sign-ups, newsletter sign-ups): events
// counted per key over a sliding window, shared by every app instance.
type RateStore interface {
	// ReserveRate records one event at `at` under every rule's key when each
	// key has fewer than its Max events after at-Window, as one atomic step
	// (concurrent calls cannot both take a key's last slot); otherwise it
	// records nothing and returns ErrLimit with the time the full keys have
	// a slot again.
	ReserveRate(ctx context.Context, at time.Time, rules ...RateRule) (retryAt time.Time, err error)

	// ReleaseRate removes one event of key recorded at `at` (a slot handed back).
	ReleaseRate(ctx context.Context, key string, at time.Time) error

	// ClearRate removes every event of key.
	ClearRate(ctx context.Context, key string) error

	// PruneRate removes events (and idle keys) older than before.
	PruneRate(ctx context.Context, before time.Time) error
}

// WorkspaceStore is workspaces (a blog and its owner) and the admin's list of them.
type WorkspaceStore interface {
	CreateWorkspace(ctx context.Context, in CreateWorkspace) (*Workspace, error)
	GetWorkspace(ctx context.Context, f FindWorkspace) (*Workspace, error)
	ListWorkspaces(ctx context.Context) ([]*Workspace, error)
	UpdateWorkspace(ctx context.Context, u UpdateWorkspace) (*Workspace, error)
	// ChangeAddress makes slug the workspace's address (workspaces.slug);
	// the one it had stays the blog's, as a former address. It returns the
	// address the workspace had; ErrConflict (nothing changed) when another
	// workspace holds slug, now or as a former address; ErrNotFound when the
	// workspace does not exist.
	ChangeAddress(ctx context.Context, workspaceID int64, slug string) (old string, err error)

	// TouchWorkspace and ChangedWorkspaces let app instances tell each other
	// which workspaces' cached pages are stale.
	TouchWorkspace(ctx context.Context, workspaceID int64, at time.Time) error
	ChangedWorkspaces(ctx context.Context, since time.Time) (map[int64]time.Time, error)

	// ListWorkspaceOverviews is every workspace, newest first, with its
	// owner's e-mail and role and the month's usage row (nil when none).
	ListWorkspaceOverviews(ctx context.Context, month string) ([]*WorkspaceOverview, error)
}

// SettingsStore is a workspace's blog settings.
type SettingsStore interface {
	GetSettings(ctx context.Context, workspaceID int64) (*Settings, error)
	UpdateSettings(ctx context.Context, s *Settings) error
}

// UsageStore is the monthly usage counters of generation.
type UsageStore interface {
	EnsureUsage(ctx context.Context, workspaceID int64, month string, postsLimit, imagesLimit int) (*Usage, error)

	// ReserveUsage atomically adds posts/images to this month's counters, or
	// returns ErrLimit and changes nothing when a limit would be passed.
	ReserveUsage(ctx context.Context, workspaceID int64, month string, posts, images int) (*Usage, error)
	ReleaseUsage(ctx context.Context, workspaceID int64, month string, posts, images int) error
	ListUsage(ctx context.Context, month string) ([]*Usage, error)

	// SyncUsage returns the month's row, created or updated so that its
	// limits are the given ones (the plan's limits follow plan changes and
	// the end of the trial); the counters are kept.
	SyncUsage(ctx context.Context, workspaceID int64, month string, postsLimit, imagesLimit int) (*Usage, error)
}

// ReservationStore is usage reservations: what a generation took from its
// month's counters until its post is written (CreatePost with
// Post.ReservationID commits it: the row is deleted in the post's
// transaction) or it fails (it is released). Each holds a lease its
// generation renews; the sweeper gives back expired ones, so a process that
// dies mid-generation leaks none.
type ReservationStore interface {
	// Reserve is ReserveUsage recording r (r.ID is filled) in the same
	// transaction; ErrLimit, and nothing changes, when a limit would pass.
	Reserve(ctx context.Context, r *Reservation) (*Usage, error)

	// RenewReservation moves a reservation's lease; ErrNotFound when it is
	// gone (committed, released or swept).
	RenewReservation(ctx context.Context, id int64, expiresAt time.Time) error

	// ReleaseReservation gives posts and images of a reservation back to its
	// month (at most what it holds; the row goes when nothing is left);
	// ErrNotFound, and nothing changes, when it is gone.
	ReleaseReservation(ctx context.Context, id int64, posts, images int) error

	// CommitReservation keeps what a reservation took as used and drops it
	// (work that made no post: a post's new AI cover); ErrNotFound when it
	// is gone (swept: its usage went back).
	CommitReservation(ctx context.Context, id int64) error

	// SweepReservations releases every reservation whose lease ended before
	// now, each exactly once however many instances sweep at the same time,
	// and reports how many it released.
	SweepReservations(ctx context.Context, now time.Time) (int, error)
}

// CategoryStore is a blog's categories.
type CategoryStore interface {
	CreateCategory(ctx context.Context, c *Category) error
	GetCategory(ctx context.Context, workspaceID int64, slug string) (*Category, error)
	GetCategoryByID(ctx context.Context, workspaceID, id int64) (*Category, error)
	ListCategories(ctx context.Context, workspaceID int64) ([]*Category, error)

	// CountPostsByCategory counts the posts f matches per category slug
	// (f's order, limit and offset do not apply).
	CountPostsByCategory(ctx context.Context, f FindPost) (map[string]int, error)
	// CountPlannedByCategory counts the workspace's planned posts per
	// category slug.
	CountPlannedByCategory(ctx context.Context, workspaceID int64) (map[string]int, error)
	UpdateCategory(ctx context.Context, c *Category) error
	// DeleteCategory deletes the category and moves its posts and planned
	// posts to the category with slug moveTo in one transaction (a moved
	// published post's old address redirects), returning the posts as they
	// were before. ErrConflict when the category holds any and moveTo is
	// "", ErrInvalidTarget when moveTo is not another of the workspace's
	// categories; nothing changes then.
	DeleteCategory(ctx context.Context, workspaceID, id int64, moveTo string) ([]*Post, error)

	// CreateCategoryMax is CreateCategory refusing with ErrLimit when the
	// workspace would hold more than max categories (max <= 0: no cap).
	CreateCategoryMax(ctx context.Context, c *Category, max int) error

	// CompleteOnboarding saves settings (onboarding_completed true), adds
	// the missing categories and, when address is not "", makes it the
	// workspace's address (ChangeAddress) in one transaction; ErrLimit or
	// ErrConflict (nothing saved) when the workspace would pass max
	// categories (0 = no cap) or the address is another's.
	CompleteOnboarding(ctx context.Context, s *Settings, cats []*Category, max int, address string) error
}

// PostStore is posts: writes, reads, lifecycle, revisions, old addresses,
// the batched rewrite of banner image URLs.
type PostStore interface {
	CreatePost(ctx context.Context, p *Post) error
	GetPost(ctx context.Context, f FindPost) (*Post, error)
	ListPosts(ctx context.Context, f FindPost) ([]*Post, error)
	CountPosts(ctx context.Context, f FindPost) (int, error)
	UpdatePost(ctx context.Context, p *Post) error
	DeletePosts(ctx context.Context, workspaceID int64, ids []int64) (int64, error)
	PostSlugExists(ctx context.Context, workspaceID int64, slug string) (bool, error)

	// PublishDuePosts publishes every scheduled post whose time has come
	// (before or at now), each exactly once however many instances call it
	// at the same time, and returns them.
	PublishDuePosts(ctx context.Context, now time.Time) ([]Published, error)

	// PostRedirect returns the id of the post that was at the workspace's
	// old address (ErrNotFound when none was).
	PostRedirect(ctx context.Context, workspaceID int64, at PostAddress) (int64, error)

	// ListRevisions lists up to limit revisions of the workspace's post,
	// newest first; GetRevision is one of them (ErrNotFound for another
	// post's or workspace's).
	ListRevisions(ctx context.Context, workspaceID, postID int64, limit int) ([]*Revision, error)
	GetRevision(ctx context.Context, workspaceID, postID, id int64) (*Revision, error)

	// PostStorage is the bytes the workspace's posts (title, body and its
	// HTML) and their revisions (title and body) take.
	PostStorage(ctx context.Context, workspaceID int64) (int64, error)

	// SetPostPreview stores a post's preview token and its end (updated_at stays).
	SetPostPreview(ctx context.Context, workspaceID, postID int64, token string, expiresAt time.Time) error

	// ListSitemapEntries lists the posts f matches, last updated first
	// (f's order, limit and offset do not apply).
	ListSitemapEntries(ctx context.Context, f FindPost) ([]SitemapEntry, error)

	// PostBanners lists, by id, up to limit posts with banners whose id is
	// above afterID; only ID, WorkspaceID and Banners are filled (a light
	// read, for rewriting banner image URLs in batches).
	PostBanners(ctx context.Context, afterID int64, limit int) ([]*Post, error)

	// SetPostBanners writes p's Banners and ContentHTML, and nothing else
	// (updated_at stays), when the stored content is still p.Content and
	// the stored content_html still oldHTML; false when the post changed
	// (or went) meanwhile.
	SetPostBanners(ctx context.Context, p *Post, oldHTML string) (bool, error)
}

// ViewStore is post views: each (post, hour, visitor) counts once, whichever
// instance flushes it and however often.
type ViewStore interface {
	// AddViews records the views not yet
	// recorded and adds them to the posts' view counts in one transaction,
	// reporting how many counted.
	AddViews(ctx context.Context, views []View) (int64, error)

	// ViewSalt returns the salt of day's visitor hashes (days since the
	// Unix epoch), storing candidate when the day has none yet.
	ViewSalt(ctx context.Context, day int64, candidate string) (string, error)

	// PruneViews deletes the views of hours before beforeHour, the salts
	// of days before beforeDay and the daily counts of days before
	// countsBeforeDay.
	PruneViews(ctx context.Context, beforeHour, beforeDay, countsBeforeDay int64) error
}

// MediaStore is the media library: the items an owner uploaded.
type MediaStore interface {
	CreateMedia(ctx context.Context, m *Media, max int) error
	GetMedia(ctx context.Context, workspaceID, id int64) (*Media, error)
	ListMedia(ctx context.Context, workspaceID int64) ([]*Media, error)
	DeleteMedia(ctx context.Context, workspaceID, id int64) error

	// PostsWithCover returns the titles of up to limit posts of the
	// workspace whose cover is url.
	PostsWithCover(ctx context.Context, workspaceID int64, url string, limit int) ([]string, error)
}

// MediaFileStore is stored files: every file written to media storage has a
// row, so a workspace's bytes can be capped and unused files found.
type MediaFileStore interface {
	// AddMediaFile records f unless the workspace's files would then pass
	// quota bytes (ErrLimit, nothing recorded); quota < 0 is no cap. A key
	// already recorded is left as it is.
	AddMediaFile(ctx context.Context, f *MediaFile, quota int64) error
	DeleteMediaFile(ctx context.Context, key string) error

	// MediaBytes is the size of the workspace's recorded files.
	MediaBytes(ctx context.Context, workspaceID int64) (int64, error)
	HasMediaFile(ctx context.Context, key string) (bool, error)

	// UnusedMediaFiles lists up to limit files recorded before before that
	// nothing refers to: no post (cover, banner or body), library item or
	// scheduled post of their workspace.
	UnusedMediaFiles(ctx context.Context, before time.Time, limit int) ([]*MediaFile, error)

	// MediaFileUsed reports whether anything of the workspace refers to key.
	MediaFileUsed(ctx context.Context, workspaceID int64, key string) (bool, error)

	// PostMediaKeys returns the stored-file keys (covers and banner
	// images) the workspace's posts among ids use.
	PostMediaKeys(ctx context.Context, workspaceID int64, ids []int64) ([]string, error)
}

// ScheduleStore is planned generations (posts the AI writes at a set time): the owner's side (always scoped to
// a workspace) and the scheduler's (every workspace).
type ScheduleStore interface {
	// Owner side: always scoped to a workspace.
	// CreatePlanned inserts every item in one transaction (all or none);
	// ErrLimit, and nothing is written, when the workspace would hold more
	// than max pending items (max <= 0: no cap).
	CreatePlanned(ctx context.Context, items []*PlannedPost, max int) error
	ListPlanned(ctx context.Context, workspaceID int64) ([]*PlannedPost, error)
	GetPlanned(ctx context.Context, workspaceID, id int64) (*PlannedPost, error)
	DeletePlanned(ctx context.Context, workspaceID, id int64) error

	// RetryPlanned moves a failed item back to pending and clears its
	// error; ErrConflict when the item is not failed, ErrLimit when the
	// workspace would hold more than max pending items (max <= 0: no cap).
	RetryPlanned(ctx context.Context, workspaceID, id int64, max int) (*PlannedPost, error)

	// Scheduler side: every workspace.
	// ClaimDuePlanned leases a due pending item until leaseUntil, atomically,
	// so two instances never take the same item: the oldest due item of the
	// workspace whose turn came longest ago (round-robin, so one workspace's
	// backlog cannot starve the others); ErrNotFound when nothing is due.
	ClaimDuePlanned(ctx context.Context, now, leaseUntil time.Time) (*PlannedPost, error)

	// RenewPlanned moves a claimed item's lease from `from` (the lease its
	// holder knows) to `to`; ErrNotFound when the holder lost it (the lease
	// changed: another instance reclaimed it, or the item was finished).
	RenewPlanned(ctx context.Context, id int64, from, to time.Time) error

	// FinishPlanned sets a claimed item's status (completed, failed, or
	// pending to hand it back unprocessed), error and post (0 keeps the one
	// recorded, if any), and drops the lease. A non-nil next (the following
	// occurrence of a daily or weekly item) is inserted in the same transaction, at most once per item, so
	// a retried item never forks its series. ErrNotFound when the item is
	// gone or no longer pending.
	FinishPlanned(ctx context.Context, id int64, status, errText string, postID int64, next *PlannedPost) error

	// RewritePlannedBanners replaces planned posts' banner image URLs:
	// to returns a URL's new value for the item's workspace, or false to
	// leave it. It returns how many items changed (idempotent when to is).
	RewritePlannedBanners(ctx context.Context, to func(workspaceID int64, url string) (string, bool)) (int, error)
}

// JobClaim is one claim of a generation job (JobStore.ClaimJob).
type JobClaim struct {
	Now, LeaseUntil time.Time
	PerWorkspace    int
	// When at least LongQueue jobs are queued (0: never), the jobs of
	// trial workspaces (tier TrialTier, created after TrialSince) are
	// claimed after all others.
	LongQueue  int
	TrialTier  string
	TrialSince time.Time
}

// JobStore is generation jobs, queued and claimed by workers in any instance.
type JobStore interface {
	// CreateJob queues j unless its workspace already has max unfinished
	// jobs (ErrLimit; max <= 0: no cap).
	CreateJob(ctx context.Context, j *Job, max int) error
	GetJob(ctx context.Context, workspaceID, id int64) (*Job, error)

	// ListJobs is the workspace's newest limit jobs.
	ListJobs(ctx context.Context, workspaceID int64, limit int) ([]*Job, error)

	// ClaimJob leases a claimable job until c.LeaseUntil, atomically (two
	// workers never take the same job): a queued one, or a running one
	// whose lease ended before c.Now (its worker died), of a workspace with
	// fewer than c.PerWorkspace jobs running under a live lease. Workspaces
	// take turns (the one served longest ago first, then the oldest job);
	// when the queue is long, trial workspaces wait behind the others.
	// ErrNotFound when there is none.
	ClaimJob(ctx context.Context, c JobClaim) (*Job, error)

	// RenewJob moves a running job's lease from `from` to `to` and reports
	// whether its cancelling was asked; ErrNotFound when the holder lost it.
	RenewJob(ctx context.Context, id int64, from, to time.Time) (cancel bool, err error)

	// SetJobStage records the stage of a job its holder runs.
	SetJobStage(ctx context.Context, id int64, lease time.Time, stage string) error

	// SetJobReservation records the reservation a job holds now.
	SetJobReservation(ctx context.Context, id, reservationID int64) error

	// FinishJob ends a job (succeeded, failed or canceled) at `at`, unless
	// it is finished already (ErrNotFound).
	FinishJob(ctx context.Context, id int64, status, errText, imageError string, at time.Time) error

	// PruneJobs deletes the jobs that finished before `before` and reports how many.
	PruneJobs(ctx context.Context, before time.Time) (int64, error)

	// CancelJob cancels a queued job of the workspace at once (finished
	// at `at` with errText) or asks a running one to stop, and returns it;
	// ErrConflict when it is finished.
	CancelJob(ctx context.Context, workspaceID, id int64, errText string, at time.Time) (*Job, error)
}

// Roles.
const RoleAdmin = "admin"

// Plan tiers.
const (
	PlanStarter      = "starter"
	PlanProfessional = "professional"
	PlanAgency       = "agency"
	PlanAdmin        = "admin"
)

type User struct {
	ID           int64
	Email        string
	Name         string
	PasswordHash string
	CreatedAt    time.Time
	// EmailVerified: the owner of Email opened a link sent to it.
	EmailVerified bool
}

// RateRule is one limit a reservation must fit: at most Max events for Key
// in any Window.
type RateRule struct {
	Key    string
	Max    int
	Window time.Duration
}

type Session struct {
	TokenHash string
	UserID    int64
	ExpiresAt time.Time
	CreatedAt time.Time
}

type Workspace struct {
	ID           int64
	UserID       int64 // 0 when no owner (never for sign-ups)
	Name         string
	Slug         string
	PlanTier     string
	Status       string
	CustomDomain string
	CreatedAt    time.Time
}

type Settings struct {
	WorkspaceID         int64
	BlogTitle           string
	BlogDescription     string
	TemplateID          string
	PrimaryColor        string
	FontFamily          string
	OnboardingCompleted bool
	// ReviewAIPosts makes planned generations leave drafts.
	ReviewAIPosts bool
	// The writing profile: what every generation is told (BrandVoice,
	// Language) and where the generate dialog starts (DefaultTone,
	// DefaultLength). Language is a BCP-47 code, also the blog's lang.
	BrandVoice    string
	Language      string
	DefaultTone   string
	DefaultLength string
	// NewsletterEnabled: published posts are e-mailed to the blog's
	// confirmed subscribers; NewsletterFullText sends the whole post.
	NewsletterEnabled  bool
	NewsletterFullText bool
	// ReplyTo is where replies to the blog's e-mails go ("": its
	// owner's address).
	ReplyTo string
}

// Lang is the blog's language, English when none was saved.
func (s *Settings) Lang() string {
	if s.Language == "" {
		return "en"
	}
	return s.Language
}

// DefaultSettings are the settings of a fresh workspace.
func DefaultSettings(workspaceID int64, blogTitle string) *Settings {
	return &Settings{
		WorkspaceID:   workspaceID,
		BlogTitle:     blogTitle,
		TemplateID:    "template-1",
		PrimaryColor:  palette.Default,
		FontFamily:    "Inter",
		Language:      "en",
		DefaultTone:   "professional",
		DefaultLength: "medium",
		// Newsletters are on until the owner turns them off.
		NewsletterEnabled: true,
	}
}

type Usage struct {
	WorkspaceID     int64
	Month           string // YYYY-MM-01
	PostsGenerated  int
	ImagesGenerated int
	PostsLimit      int
	ImagesLimit     int
}

type Category struct {
	ID          int64
	WorkspaceID int64
	Name        string
	Slug        string
	Description string
	ColorHex    string
	Gradient    string
	CreatedAt   time.Time
	PostCount   int // filled by callers that show counts (CountPostsByCategory)
	// PlannedCount is the planned posts ("Scheduled Posts" items) filed
	// under it, for its owner (CountPlannedByCategory).
	PlannedCount int
}

// Banner is one banner ad as stored: structured data, never raw HTML.
type Banner struct {
	ImageURL string `json:"imageUrl"`
	LinkURL  string `json:"linkUrl"`
	Text     string `json:"text,omitempty"`
}

// View is one view of a post to count: Hour is hours since the Unix epoch
// (UTC) and Visitor a salted hash of the reader's address and user agent.
type View struct {
	PostID  int64
	Hour    int64
	Visitor string
}

// TrendingDays is the window of "most read this week": OrderTrending ranks
// by the views of the last this many days (UTC), today included.
const TrendingDays = 7

// Day is t's day since the Unix epoch, UTC: the unit of the daily view
// counts.
func Day(t time.Time) int64 { return t.Unix() / 86400 }

type Post struct {
	ID              int64
	WorkspaceID     int64
	Category        string // category slug
	Title           string
	Slug            string
	Content         string // sanitised body as edited
	ContentHTML     string // derived on write: Content with banners inserted
	Excerpt         string // derived on write: card excerpt
	CoverImageURL   string
	CoverImageType  string
	CoverImageSize  int64
	MetaTitle       string
	MetaDescription string
	Tags            []string
	Banners         []Banner
	ReadMinutes     int
	WordCount       int
	// PublishedAt is when the post went (or, scheduled, goes) live; a
	// draft's is when it was written.
	PublishedAt time.Time
	UpdatedAt   time.Time
	ViewCount   int64
	// Status is PostDraft, PostScheduled or PostPublished.
	Status string
	// AuthorID is the user who wrote the post (0: nobody known); Author
	// is their profile, filled by the public read model.
	AuthorID int64
	Author   *Author
	CoverAlt string
	// PreviewToken opens the post's private preview until PreviewExpiresAt.
	PreviewToken     string
	PreviewExpiresAt time.Time
	// Newsletter is what became of the post's e-mail to the blog's
	// subscribers (Newsletter* states; "" on insert is pending), with
	// why it was skipped and to how many it went. Written on insert and by
	// NewsletterStore only.
	Newsletter           string
	NewsletterNote       string
	NewsletterRecipients int

	// Set by the writer of a save, acted on in its transaction (never read
	// back): SaveRevision keeps the title and body as a revision (the
	// newest MaxRevisions are kept); MovedFrom records the post's previous
	// public address, which then answers with a redirect to the new one.
	SaveRevision bool
	MovedFrom    *PostAddress
	// StorageCap, when above 0, refuses the write (ErrStorageFull) when it
	// would grow the workspace's posts and revisions (PostStorage) past
	// it; a write that shrinks them always passes. KeepRevisions is how
	// many revisions the post keeps (0: MaxRevisions).
	StorageCap    int64
	KeepRevisions int

	// Set by generation when inserting (never read back): ReservationID is
	// the usage reservation the insert commits; PlannedID the planned
	// item it is for, recorded on the item in the same transaction so a
	// retried item never makes a second post (ErrAlreadyDone).
	ReservationID int64
	PlannedID     int64
	JobID         int64
}

// Post statuses.
const (
	PostDraft     = "draft"
	PostScheduled = "scheduled"
	PostPublished = "published"
)

// MaxRevisions is how many revisions a post keeps.
const MaxRevisions = 50

// PostAddress is where a post of a workspace is read: category and slug.
type PostAddress struct {
	Category string
	Slug     string
}

// Revision is a saved title and body of a post.
type Revision struct {
	ID        int64
	PostID    int64
	Title     string
	Content   string
	WordCount int
	CreatedAt time.Time
}

// Published is a scheduled post the scheduler has just published.
type Published struct {
	ID          int64
	WorkspaceID int64
}

// Post list orders.
const (
	OrderLatest   = "latest"   // published_at desc
	OrderTrending = "trending" // views since FindPost.TrendingFrom desc, then view_count desc, then newest
	OrderUpdated  = "updated"  // updated_at desc
)

// FindPost filters posts. Nil/zero fields do not filter.
type FindPost struct {
	ID          *int64
	WorkspaceID *int64
	Category    *string
	Slug        *string
	ExcludeSlug *string
	Search      *string // case-insensitive title substring
	AuthorID    *int64
	Tag         *string // posts carrying the tag whose URL segment this is (content.TagSlug)
	Status      *string
	// PublishedBefore hides posts published after it (the reader sets it
	// through reader.Public, the one "is this post public" rule).
	PublishedBefore *time.Time
	// TrendingFrom is, with OrderTrending, the first day (Day) whose views
	// rank the posts; 0 counts every day still kept.
	TrendingFrom int64
	Order        string
	Limit        int
	Offset       int
	// Light skips the heavy content columns in lists.
	Light bool
}

type SitemapEntry struct {
	Category  string
	Slug      string
	UpdatedAt time.Time
}

type Media struct {
	ID          int64
	WorkspaceID int64
	FileName    string
	FileURL     string
	FileSize    int64
	MimeType    string
	// Alt is what the image shows, for readers who cannot see it ("" when
	// none was given).
	Alt       string
	CreatedAt time.Time
}

// MediaFile is a file in media storage.
type MediaFile struct {
	Key         string
	WorkspaceID int64
	Size        int64
	CreatedAt   time.Time
}

// MediaURLs maps stored media between what the database keeps (storage
// keys) and what the domain carries (URLs, as the configured storage
// serves them now). The store applies it to covers and library items.
type MediaURLs interface {
	// URL returns the URL of a stored value (a key; a URL stays as it is).
	URL(stored string) string
	// Key returns the value to store for url: its key when the storage
	// made it, else url itself.
	Key(url string) string
}

// SignUp holds what one sign-up creates in one transaction.
type SignUp struct {
	Email        string
	Name         string
	PasswordHash string
	BlogName     string
	// WorkspaceSlug is the wanted slug; -2, -3... is appended on collision.
	WorkspaceSlug string
	Month         string
	PostsLimit    int
	ImagesLimit   int
}

type CreateWorkspace struct {
	// UserID is the blog's owner (0: none): it becomes the blog's
	// administrator, and its plan bills the owner's account.
	UserID int64
	Name   string
	Slug   string // wanted slug; made unique (-2, -3...) unless Exact
	// Exact refuses (ErrConflict) a Slug another blog holds, now or as a
	// former address, instead of making it unique.
	Exact    bool
	PlanTier string
	Settings *Settings
	Month    string
	Posts    int
	Images   int
	// MaxOwned, when above 0, refuses the blog (ErrLimit, nothing
	// created) when UserID owns that many blogs already, counted in the
	// creating transaction under a lock on the owner, so concurrent
	// creations cannot pass it together.
	MaxOwned int
}

type FindWorkspace struct {
	ID   *int64
	Slug *string
	// UserID finds the first (oldest) blog the user owns.
	UserID *int64
	// Address finds the workspace holding the address, as its current slug
	// or a former one (workspace_addresses).
	Address *string
	// CustomDomain finds the workspace that verified the name (others
	// may claim it while pending).
	CustomDomain *string
}

type UpdateWorkspace struct {
	ID           int64
	PlanTier     *string
	Status       *string
	CustomDomain *string
}

// Planned post statuses.
const (
	PlanPending   = "pending"
	PlanCompleted = "completed"
	PlanFailed    = "failed"
)

// Planned post frequencies.
const (
	FrequencyOnce   = "once"
	FrequencyDaily  = "daily"
	FrequencyWeekly = "weekly"
)

// PlannedPost is a post to generate at GenerateAt. Its banners live in
// the banner1..3 columns: bannerN_html holds the banner's image URL
// (the server builds the markup, never the browser), bannerN_text its
// caption and bannerN_link_url its link.
type PlannedPost struct {
	ID            int64
	WorkspaceID   int64
	Category      string // category slug
	Topic         string // "" = a random topic (NULL in the database)
	InputMode     string // topic or title
	GenerateAt    time.Time
	Frequency     string // once, daily, weekly
	Status        string // pending, completed, failed
	GenerateImage bool
	Banners       []Banner // at most 3
	Error         string   // last failure
	PostID        int64    // the generated post; 0 = none
	ClaimedUntil  time.Time
	CreatedAt     time.Time
}

// Reservation is usage a generation holds until it commits or releases it.
type Reservation struct {
	ID          int64
	WorkspaceID int64
	Month       string
	Posts       int
	Images      int
	ExpiresAt   time.Time
}

// Job statuses and kinds.
const (
	JobQueued    = "queued"
	JobRunning   = "running"
	JobSucceeded = "succeeded"
	JobFailed    = "failed"
	JobCanceled  = "canceled"

	JobGenerate = "generate"
)

// Job is a post the AI writes in the background.
type Job struct {
	ID          int64
	WorkspaceID int64
	Kind        string
	Status      string
	Stage       string // "" before the work starts
	Input       string // the request, as JSON
	OwnerAdmin  bool   // the caller's limits were an admin's
	// ReservationID is the usage the job holds until its post commits it.
	ReservationID   int64
	PostID          int64
	Error           string
	ImageError      string
	CancelRequested bool
	Attempts        int
	ClaimedUntil    time.Time
	CreatedAt       time.Time
	StartedAt       time.Time
	FinishedAt      time.Time
}

// WorkspaceOverview is one row of the admin's workspace list.
type WorkspaceOverview struct {
	Workspace
	OwnerEmail string
	OwnerAdmin bool
	Usage      *Usage // the month's row; nil when none exists
}

// Ptr returns a pointer to v, for Find/Update structs.
func Ptr[T any](v T) *T { return &v }
