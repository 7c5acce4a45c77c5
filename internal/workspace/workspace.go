// Package workspace creates tenants and keeps their plan: the one way a
// workspace comes to be (sign-up, an owner's first visit, the site
// workspace), the owner's dashboard view of plan and usage, and the admin's
// plan changes.
package workspace

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// New is a workspace to create.
type New struct {
	// UserID is the owner (sign-up leaves it 0: the store's transaction
	// creates the user first).
	UserID int64
	// OwnerAdmin makes the first month's allowance unlimited.
	OwnerAdmin bool
	Name       string
	// Slug is the wanted slug; the store appends -2, -3... when it is taken.
	Slug string
	// Tier defaults to starter.
	Tier string
	// Settings default to the store's defaults titled Name.
	Settings *store.Settings
	// Site is the site workspace: it has no owner, so no monthly allowance.
	Site bool
	// Exact refuses a Slug that is taken instead of making it unique;
	// MaxOwned refuses the blog when its owner owns that many already
	// (store.CreateWorkspace).
	Exact    bool
	MaxOwned int
}

// Record is what the store creates for n at now: the workspace, its
// settings and (but for the site workspace) this month's usage row carrying
// the plan's limits; a new starter workspace starts in its trial.
func Record(n New, now time.Time) store.CreateWorkspace {
	tier := n.Tier
	if tier == "" {
		tier = store.PlanStarter
	}
	rec := store.CreateWorkspace{UserID: n.UserID, Name: n.Name, Slug: n.Slug, PlanTier: tier, Settings: n.Settings,
		Exact: n.Exact, MaxOwned: n.MaxOwned}
	if !n.Site {
		a := plan.AllowanceAt(tier, n.OwnerAdmin, now, now)
		rec.Month, rec.Posts, rec.Images = plan.Month(now), a.Posts, a.Images
	}
	return rec
}

// Creator is what Create needs of the store.
type Creator interface {
	CreateWorkspace(ctx context.Context, in store.CreateWorkspace) (*store.Workspace, error)
}

// Create creates n (see Record).
func Create(ctx context.Context, st Creator, n New, now time.Time) (*store.Workspace, error) {
	return st.CreateWorkspace(ctx, Record(n, now))
}

// ErrNotFound is the answer for a workspace that does not exist (or that
// the caller does not have).
var ErrNotFound = apperr.New(apperr.NotFound, "workspace_not_found", "Workspace not found")

// Store is what the Service touches: workspaces (and the admin's list of
// them), their usage rows, their post counts and their owners' roles.
type Store interface {
	store.WorkspaceStore
	store.TeamStore
	plan.UsageStore
	OwnedWorkspaces(ctx context.Context, userID int64) ([]*store.Workspace, error)
	CountPosts(ctx context.Context, f store.FindPost) (int, error)
	PostStorage(ctx context.Context, workspaceID int64) (int64, error)
	HasRole(ctx context.Context, userID int64, role string) (bool, error)
}

// Service reads and changes workspaces.
type Service struct {
	Store Store
	Blog  *blog.Service
	Now   func() time.Time
	// SiteSlug is the site workspace's slug: the platform's own blog,
	// which admins run (their desk works on it).
	SiteSlug string
}

// NewService returns a Service with the real clock.
func NewService(st Store, b *blog.Service) *Service {
	return &Service{Store: st, Blog: b, Now: time.Now}
}

// OfUser returns the user's workspace: an admin's is the site workspace.
// With create, any other user without one gets one named after the
// e-mail's local part.
func (s *Service) OfUser(ctx context.Context, u *store.User, isAdmin, create bool) (*store.Workspace, error) {
	return s.Desk(ctx, u, isAdmin, create, false)
}

// Desk is OfUser for a desk that may be switched: with own, an admin who
// owns a blog of their own (one made before admins ran the site workspace,
// or before they became admins) works on it; an admin who owns none works
// on the site workspace. Others always work on their own.
func (s *Service) Desk(ctx context.Context, u *store.User, isAdmin, create, own bool) (*store.Workspace, error) {
	if isAdmin && own {
		ws, err := s.OwnBlog(ctx, u)
		if !errors.Is(err, ErrNotFound) {
			return ws, err
		}
	}
	if isAdmin && s.SiteSlug != "" {
		ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: &s.SiteSlug})
		if errors.Is(err, store.ErrNotFound) {
			return nil, ErrNotFound
		}
		return ws, err
	}
	b, err := s.first(ctx, u, create)
	if err != nil {
		return nil, err
	}
	return b.Workspace, nil
}

// OwnBlog is the workspace the user owns, other than the site workspace
// (ErrNotFound when none): an admin's former personal blog.
func (s *Service) OwnBlog(ctx context.Context, u *store.User) (*store.Workspace, error) {
	ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
	if errors.Is(err, store.ErrNotFound) || (err == nil && s.SiteSlug != "" && ws.Slug == s.SiteSlug) {
		return nil, ErrNotFound
	}
	return ws, err
}

func (s *Service) createFor(ctx context.Context, u *store.User, isAdmin bool) (*store.Workspace, error) {
	local, _, _ := strings.Cut(u.Email, "@")
	if local == "" {
		local = "blog"
	}
	// MaxOwned 1: of two first visits at once, one creates the blog.
	ws, err := Create(ctx, s.Store, New{UserID: u.ID, OwnerAdmin: isAdmin, Name: local, Slug: content.Slugify(local), MaxOwned: 1}, s.Now())
	return ws, err
}

// Overview is the owner's dashboard: settings, the month's usage and the
// plan in force.
type Overview struct {
	Settings *store.Settings
	Usage    *store.Usage
	Plan     plan.Plan
	// Drafts counts the workspace's drafts (waiting for review).
	Drafts int
	// Site is true for the site workspace.
	Site bool
	// PostBytes is what its posts and revisions store (Plan.Posts caps it).
	PostBytes int64
}

// Overview returns the dashboard of ws for its owner.
func (s *Service) Overview(ctx context.Context, ws *store.Workspace, isAdmin bool) (*Overview, error) {
	set, err := s.Blog.Settings(ctx, ws)
	if err != nil {
		return nil, err
	}
	u, err := plan.Usage(ctx, s.Store, ws, isAdmin, s.Now())
	if err != nil {
		return nil, err
	}
	drafts, err := s.Store.CountPosts(ctx, store.FindPost{WorkspaceID: &ws.ID, Status: store.Ptr(store.PostDraft)})
	if err != nil {
		return nil, err
	}
	bytes, err := s.Store.PostStorage(ctx, ws.ID)
	if err != nil {
		return nil, err
	}
	return &Overview{Settings: set, Usage: u, Plan: plan.For(ws.PlanTier, isAdmin), Drafts: drafts,
		Site: s.SiteSlug != "" && ws.Slug == s.SiteSlug, PostBytes: bytes}, nil
}

// List is every workspace, newest first, for the admin. Each usage row
// (nil: none this month) shows the limits in force now: a row keeps the
// limits it was last synced with (the trial's, an old plan's) until its
// owner next generates, and the admin should see what that generation will
// enforce.
func (s *Service) List(ctx context.Context) ([]*store.WorkspaceOverview, error) {
	now := s.Now()
	list, err := s.Store.ListWorkspaceOverviews(ctx, plan.Month(now))
	if err != nil {
		return nil, err
	}
	for _, o := range list {
		if o.Usage != nil {
			o.Usage.PostsLimit, o.Usage.ImagesLimit = plan.Limits(o.Workspace.PlanTier, o.Workspace.CreatedAt, now, o.OwnerAdmin)
		}
	}
	return list, nil
}

// SetPlan changes a workspace's plan; this month's usage row takes the new
// plan's limits at once (the counters are kept) and is returned.
func (s *Service) SetPlan(ctx context.Context, id int64, tier string) (*store.Workspace, *store.Usage, error) {
	if id <= 0 {
		return nil, nil, ErrNotFound
	}
	if !plan.Valid(tier) {
		return nil, nil, apperr.New(apperr.Invalid, "invalid_plan", "Unknown plan: use starter, professional, agency or admin")
	}
	ws, err := s.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: id, PlanTier: &tier})
	if errors.Is(err, store.ErrNotFound) {
		err = ErrNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	if s.Blog != nil {
		// The plan decides white-label: every page of the blog says it.
		s.Blog.Changed(ws)
	}
	if err := s.followPlan(ctx, ws); err != nil {
		return nil, nil, err
	}
	ownerAdmin := false
	if ws.UserID != 0 {
		if ownerAdmin, err = s.Store.HasRole(ctx, ws.UserID, store.RoleAdmin); err != nil {
			return nil, nil, err
		}
	}
	u, err := plan.Usage(ctx, s.Store, ws, ownerAdmin, s.Now())
	if err != nil {
		return nil, nil, err
	}
	return ws, u, nil
}
