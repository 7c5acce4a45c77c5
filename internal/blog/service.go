package blog

import (
	"context"
	"errors"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/store"
)

// Store is what the Service touches: categories, settings and the brand.
type Store interface {
	store.CategoryStore
	store.SettingsStore
	GetBrand(ctx context.Context, workspaceID int64) (*store.Brand, error)
	SetBrand(ctx context.Context, workspaceID int64, b *store.Brand) error
	// The blog's address (address.go).
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	ChangeAddress(ctx context.Context, workspaceID int64, slug string) (string, error)
}

// Service writes a workspace's settings and categories.
type Service struct {
	Store Store
	Cache *cache.Cache
	Site  *blogaddr.Site
	// Images checks that a brand image is the workspace's (nil: none is).
	Images Images
	// Pages is told of changes every page of a blog shows (internal/pages).
	Pages BlogChanges
}

// BlogChanges hears of a change that shows on every page of a blog (its
// name, look, categories, an author's profile, its address).
type BlogChanges interface {
	BlogChanged(ctx context.Context, workspaceID int64)
	// PostsChanged is told of posts as they were before and after a write
	// (posts moved out of a deleted category).
	PostsChanged(ctx context.Context, workspaceID int64, posts ...*store.Post)
	// CategoryGone is told of a deleted category.
	CategoryGone(ctx context.Context, workspaceID int64, slug string)
	// AddressChanged: the blog's pages moved from /blog/{old} to its
	// current address.
	AddressChanged(ctx context.Context, workspaceID int64, old string)
}

// New returns a Service.
func New(st Store, c *cache.Cache, s *blogaddr.Site) *Service {
	return &Service{Store: st, Cache: c, Site: s}
}

// Changed is told of a change to ws that every page of its blog shows,
// made outside this service (its plan, which decides white-label).
func (s *Service) Changed(ws *store.Workspace) { s.changed(ws) }

// changed drops the workspace's cached public pages and blog lookups.
func (s *Service) changed(ws *store.Workspace) {
	s.Cache.Invalidate(ws.ID)
	s.Site.Forget()
	if s.Pages != nil {
		s.Pages.BlogChanged(context.Background(), ws.ID)
	}
}

// Settings returns the workspace's settings, or the defaults when it has
// none (the same fallback readers see).
func (s *Service) Settings(ctx context.Context, ws *store.Workspace) (*store.Settings, error) {
	return reader.SettingsOf(ctx, s.Store, ws)
}

// UpdateSettings validates and saves the settings form.
func (s *Service) UpdateSettings(ctx context.Context, ws *store.Workspace, in SettingsInput) (*store.Settings, error) {
	set, err := s.Settings(ctx, ws)
	if err == nil {
		err = ApplySettings(set, in)
	}
	if err == nil {
		err = s.Store.UpdateSettings(ctx, set)
	}
	if err != nil {
		return nil, err
	}
	s.changed(ws)
	return set, nil
}

// MaxCategories is the workspace's category cap (0: none); admins have none.
func MaxCategories(ws *store.Workspace, isAdmin bool) int {
	return plan.For(ws.PlanTier, isAdmin).MaxCategories
}

func categoryLimitError(ws *store.Workspace, isAdmin bool) error {
	p := plan.For(ws.PlanTier, isAdmin)
	return apperr.Newf(apperr.Forbidden, "category_limit",
		"Your %s plan allows up to %d categories. Upgrade to add more.", p.Name, p.MaxCategories)
}

// Categories lists the workspace's categories for its owner, each with the
// count of all its posts (scheduled ones included) and planned posts.
func (s *Service) Categories(ctx context.Context, workspaceID int64) ([]*store.Category, error) {
	cats, err := s.Store.ListCategories(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	counts, err := s.Store.CountPostsByCategory(ctx, store.FindPost{WorkspaceID: &workspaceID})
	if err != nil {
		return nil, err
	}
	planned, err := s.Store.CountPlannedByCategory(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	for _, c := range cats {
		c.PostCount, c.PlannedCount = counts[c.Slug], planned[c.Slug]
	}
	return cats, nil
}

// CreateCategory adds a category within the plan's cap. The cap is checked
// inside the insert's transaction, so concurrent requests cannot pass it
// together.
func (s *Service) CreateCategory(ctx context.Context, ws *store.Workspace, isAdmin bool, in CategoryInput) (*store.Category, error) {
	cat, err := NewCategory(in)
	if err != nil {
		return nil, err
	}
	cat.WorkspaceID = ws.ID
	switch err := s.Store.CreateCategoryMax(ctx, cat, MaxCategories(ws, isAdmin)); {
	case errors.Is(err, store.ErrConflict):
		return nil, apperr.Newf(apperr.Conflict, "category_exists", "A category with the slug %q already exists", cat.Slug)
	case errors.Is(err, store.ErrLimit):
		return nil, categoryLimitError(ws, isAdmin)
	case err != nil:
		return nil, err
	}
	s.changed(ws)
	return cat, nil
}

// category loads a category of the workspace.
func (s *Service) category(ctx context.Context, ws *store.Workspace, id int64) (*store.Category, error) {
	if id <= 0 {
		return nil, ErrCategoryNotFound
	}
	cat, err := s.Store.GetCategoryByID(ctx, ws.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrCategoryNotFound
	}
	return cat, err
}

// UpdateCategory edits name, description and colour; the slug stays.
func (s *Service) UpdateCategory(ctx context.Context, ws *store.Workspace, id int64, in CategoryInput) (*store.Category, error) {
	cat, err := s.category(ctx, ws, id)
	if err != nil {
		return nil, err
	}
	if err := editCategory(cat, in); err != nil {
		return nil, err
	}
	if err := s.Store.UpdateCategory(ctx, cat); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			err = ErrCategoryNotFound
		}
		return nil, err
	}
	s.changed(ws)
	return cat, nil
}

// Refusals of a category delete that would leave posts without a category.
var (
	ErrMoveToRequired = apperr.New(apperr.Invalid, "move_to_required",
		"This category has posts. Choose another category to move them to.")
	ErrMoveToInvalid = apperr.New(apperr.Invalid, "invalid_move_to",
		"Choose another of your categories to move the posts to.")
)

// DeleteCategory removes the category, never its posts: its posts (and
// planned posts) move to the category moveTo (a slug), which must be another
// of the workspace's categories when it holds any. Moved posts' pages are
// dropped and queued, and their old addresses redirect to the new ones.
func (s *Service) DeleteCategory(ctx context.Context, ws *store.Workspace, id int64, moveTo string) error {
	cat, err := s.category(ctx, ws, id)
	if err != nil {
		return err
	}
	if moveTo != "" && (moveTo == cat.Slug || !content.ValidSlug(moveTo)) {
		return ErrMoveToInvalid
	}
	moved, err := s.Store.DeleteCategory(ctx, ws.ID, cat.ID, moveTo)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ErrCategoryNotFound
	case errors.Is(err, store.ErrConflict):
		return ErrMoveToRequired
	case errors.Is(err, store.ErrInvalidTarget):
		return ErrMoveToInvalid
	case err != nil:
		return err
	}
	s.changed(ws)
	if s.Pages != nil {
		s.Pages.CategoryGone(context.Background(), ws.ID, cat.Slug)
	}
	if s.Pages != nil && len(moved) > 0 {
		// Each post before (its page there is gone) and after the move.
		changes := make([]*store.Post, 0, 2*len(moved))
		for _, p := range moved {
			after := *p
			after.Category = moveTo
			changes = append(changes, p, &after)
		}
		s.Pages.PostsChanged(context.Background(), ws.ID, changes...)
	}
	return nil
}

// Onboarding is the onboarding wizard's answer.
type Onboarding struct {
	Settings   SettingsInput
	Categories []CategoryInput
	// Address is the blog's chosen address ("": the one it has).
	Address string
}

// CompleteOnboarding saves the settings and adds the categories (duplicates
// by slug once), all or nothing within the plan's category cap.
func (s *Service) CompleteOnboarding(ctx context.Context, ws *store.Workspace, isAdmin bool, in Onboarding) (*store.Settings, error) {
	set, err := s.Settings(ctx, ws)
	if err != nil {
		return nil, err
	}
	if err := ApplySettings(set, in.Settings); err != nil {
		return nil, err
	}
	cats, err := onboardingCategories(in.Categories)
	if err != nil {
		return nil, err
	}
	address := ""
	if in.Address != "" {
		if address, err = s.wantedAddress(ws, in.Address); err != nil {
			return nil, err
		}
	}
	return s.finishOnboarding(ctx, ws, isAdmin, set, cats, address)
}

// onboardingCategories validates the picked categories, keeping the first
// of each slug.
func onboardingCategories(in []CategoryInput) ([]*store.Category, error) {
	if len(in) == 0 {
		return nil, apperr.Validation("Please select or create at least one category")
	}
	if len(in) > MaxOnboardingCategories {
		return nil, apperr.Validation("Please choose at most %d categories", MaxOnboardingCategories)
	}
	cats := make([]*store.Category, 0, len(in))
	seen := map[string]bool{}
	for _, ci := range in {
		cat, err := OnboardingCategory(ci)
		if err != nil {
			return nil, err
		}
		if !seen[cat.Slug] {
			seen[cat.Slug] = true
			cats = append(cats, cat)
		}
	}
	return cats, nil
}

// SkipOnboarding completes setup at once, with a General category when the
// workspace has none.
func (s *Service) SkipOnboarding(ctx context.Context, ws *store.Workspace, isAdmin bool) (*store.Settings, error) {
	set, err := s.Settings(ctx, ws)
	if err != nil {
		return nil, err
	}
	existing, err := s.Store.ListCategories(ctx, ws.ID)
	if err != nil {
		return nil, err
	}
	var cats []*store.Category
	if len(existing) == 0 {
		cats = []*store.Category{{Name: "General", Slug: "general", ColorHex: DefaultColor, Description: defaultDescription("General")}}
	}
	return s.finishOnboarding(ctx, ws, isAdmin, set, cats, "")
}

// finishOnboarding saves the wizard's answers at once; address is the new
// address ("": unchanged).
func (s *Service) finishOnboarding(ctx context.Context, ws *store.Workspace, isAdmin bool, set *store.Settings,
	cats []*store.Category, address string) (*store.Settings, error) {
	err := s.Store.CompleteOnboarding(ctx, set, cats, MaxCategories(ws, isAdmin), address)
	switch {
	case errors.Is(err, store.ErrLimit):
		err = categoryLimitError(ws, isAdmin)
	case errors.Is(err, store.ErrConflict):
		err = addressTaken(address)
	}
	if err != nil {
		return nil, err
	}
	if address != "" {
		old := ws.Slug
		moved := *ws
		moved.Slug = address
		s.addressChanged(ctx, &moved, old)
	}
	s.changed(ws)
	return set, nil
}
