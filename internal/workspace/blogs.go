package workspace

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/team"
	"github.com/inkpress/inkpress/store"
)

// An account owns as many blogs as its plan allows (plan.MaxBlogs). The
// plan is the account's: a new blog takes the tier of the first blog the
// account owns, and an admin's plan change of any of its blogs changes
// them all. Each blog keeps its own monthly allowance (usage rows are per
// blog), its settings, categories, media, subscribers, domain and
// newsletter. People work on a blog as its members, each in a role
// (internal/team); the owner is an administrator.

// Blog is a blog the caller works on, with their role there.
type Blog struct {
	Workspace *store.Workspace
	Role      team.Role
}

// Resolve returns the blog an owner request acts on and the caller's role.
// With slug (the blog named by the request), it is that blog when the
// caller is a member (an admin is the site blog's administrator), else
// ErrNotFound, as for another tenant's ids. Without, it is the desk's blog
// (Desk): an admin's site blog or own blog, anyone else's first blog (with
// create, made when they have none).
func (s *Service) Resolve(ctx context.Context, u *store.User, isAdmin, create, own bool, slug string) (*Blog, error) {
	if slug == "" {
		if isAdmin {
			ws, err := s.Desk(ctx, u, isAdmin, create, own)
			if err != nil {
				return nil, err
			}
			return &Blog{Workspace: ws, Role: team.Administrator}, nil
		}
		return s.first(ctx, u, create)
	}
	if isAdmin && s.SiteSlug != "" && slug == s.SiteSlug {
		ws, err := s.Desk(ctx, u, isAdmin, false, false)
		if err != nil {
			return nil, err
		}
		return &Blog{Workspace: ws, Role: team.Administrator}, nil
	}
	ms, err := s.Store.Memberships(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		if m.Workspace.Slug == slug {
			return &Blog{Workspace: m.Workspace, Role: team.Role(m.Role)}, nil
		}
	}
	return nil, ErrNotFound
}

// first is the user's first blog (their oldest membership); with create, a
// user who has none gets one.
func (s *Service) first(ctx context.Context, u *store.User, create bool) (*Blog, error) {
	ms, err := s.Store.Memberships(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if len(ms) > 0 {
		return &Blog{Workspace: ms[0].Workspace, Role: team.Role(ms[0].Role)}, nil
	}
	if !create {
		return nil, ErrNotFound
	}
	ws, err := s.createFor(ctx, u, false)
	if errors.Is(err, store.ErrLimit) {
		// A concurrent request created it first (or the user owns a blog
		// they are no longer a member of: that grants nothing).
		ms, err := s.Store.Memberships(ctx, u.ID)
		if err != nil {
			return nil, err
		}
		if len(ms) == 0 {
			return nil, ErrNotFound
		}
		return &Blog{Workspace: ms[0].Workspace, Role: team.Role(ms[0].Role)}, nil
	}
	if err != nil {
		return nil, err
	}
	return &Blog{Workspace: ws, Role: team.Administrator}, nil
}

// Mine lists the blogs the user works on: an admin's site blog first, then
// their memberships, oldest first.
func (s *Service) Mine(ctx context.Context, u *store.User, isAdmin bool) ([]*Blog, error) {
	var out []*Blog
	if isAdmin && s.SiteSlug != "" {
		ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: &s.SiteSlug})
		if err == nil {
			out = append(out, &Blog{Workspace: ws, Role: team.Administrator})
		} else if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
	}
	ms, err := s.Store.Memberships(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		if isAdmin && m.Workspace.Slug == s.SiteSlug {
			continue
		}
		out = append(out, &Blog{Workspace: m.Workspace, Role: team.Role(m.Role)})
	}
	return out, nil
}

// AccountPlan is the tier of the user's account: that of the first blog
// they own (starter when they own none).
func (s *Service) AccountPlan(ctx context.Context, u *store.User) (string, error) {
	ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
	if errors.Is(err, store.ErrNotFound) {
		return store.PlanStarter, nil
	}
	if err != nil {
		return "", err
	}
	return ws.PlanTier, nil
}

// NewBlog is a blog an owner asks for.
type NewBlog struct {
	Name string
	// Slug is its address, as onboarding and Settings check one: taken
	// and reserved addresses are refused, not changed.
	Slug string
}

// errBlogName refuses a blank or long blog name.
var errBlogName = apperr.Validation("Please enter a blog name (at most %d characters)", blog.MaxBlogTitle)

// CreateBlog creates a blog the user owns, on their account's plan, unless
// the plan's cap of blogs is reached (counted in the creating transaction,
// so concurrent creations cannot pass it together). A refusal creates
// nothing.
func (s *Service) CreateBlog(ctx context.Context, u *store.User, isAdmin bool, in NewBlog) (*Blog, error) {
	name := strings.TrimSpace(in.Name)
	if name == "" || utf8.RuneCountInString(name) > blog.MaxBlogTitle {
		return nil, errBlogName
	}
	slug := blog.NormalizeAddress(in.Slug)
	if err := blog.CheckAddress(slug); err != nil {
		return nil, err
	}
	tier, err := s.AccountPlan(ctx, u)
	if err != nil {
		return nil, err
	}
	p := plan.For(tier, isAdmin)
	ws, err := Create(ctx, s.Store, New{UserID: u.ID, OwnerAdmin: isAdmin, Name: name, Slug: slug, Tier: tier,
		Exact: true, MaxOwned: p.MaxBlogs}, s.Now())
	switch {
	case errors.Is(err, store.ErrLimit):
		return nil, BlogLimit(p)
	case errors.Is(err, store.ErrConflict):
		return nil, blog.AddressTaken(slug)
	case err != nil:
		return nil, err
	}
	return &Blog{Workspace: ws, Role: team.Administrator}, nil
}

// BlogLimit is the refusal of a blog past the plan's cap.
func BlogLimit(p plan.Plan) error {
	if p.MaxBlogs == 1 {
		return apperr.Newf(apperr.Limit, "blog_limit", "Your %s plan allows 1 blog. Upgrade to add more.", p.Name)
	}
	return apperr.Newf(apperr.Limit, "blog_limit", "Your %s plan allows up to %d blogs. Upgrade to add more.", p.Name, p.MaxBlogs)
}

// followPlan gives the other blogs of ws's owner ws's tier: the plan is
// the account's.
func (s *Service) followPlan(ctx context.Context, ws *store.Workspace) error {
	if ws.UserID == 0 {
		return nil
	}
	owned, err := s.Store.OwnedWorkspaces(ctx, ws.UserID)
	if err != nil {
		return err
	}
	for _, o := range owned {
		if o.ID == ws.ID || o.PlanTier == ws.PlanTier {
			continue
		}
		got, err := s.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: o.ID, PlanTier: &ws.PlanTier})
		if errors.Is(err, store.ErrNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return err
		}
		if s.Blog != nil {
			s.Blog.Changed(got)
		}
	}
	return nil
}
