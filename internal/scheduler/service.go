package scheduler

import (
	"context"
	"errors"

	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/store"
)

// ServiceStore is what the Service touches: the workspace's planned posts
// and the category an item is for.
type ServiceStore interface {
	CreatePlanned(ctx context.Context, items []*store.PlannedPost, max int) error
	ListPlanned(ctx context.Context, workspaceID int64) ([]*store.PlannedPost, error)
	DeletePlanned(ctx context.Context, workspaceID, id int64) error
	RetryPlanned(ctx context.Context, workspaceID, id int64, max int) (*store.PlannedPost, error)
	GetCategory(ctx context.Context, workspaceID int64, slug string) (*store.Category, error)
}

// Service keeps a workspace's planned posts: it checks the forms (Input,
// BulkInput), then the category and banners against the workspace, and
// stores the items the Scheduler processes later.
type Service struct {
	Store ServiceStore
	// Generator checks banners exactly as generating will.
	Generator *generate.Service
}

// List returns the workspace's planned posts.
func (s *Service) List(ctx context.Context, wsID int64) ([]*store.PlannedPost, error) {
	return s.Store.ListPlanned(ctx, wsID)
}

// Create stores one planned post of the workspace.
func (s *Service) Create(ctx context.Context, wsID int64, in Input) (*store.PlannedPost, error) {
	item, err := in.Item()
	if err != nil {
		return nil, err
	}
	items := []*store.PlannedPost{item}
	if err := s.create(ctx, wsID, items); err != nil {
		return nil, err
	}
	return item, nil
}

// Bulk stores the bulk form's items in one transaction: all or none.
func (s *Service) Bulk(ctx context.Context, wsID int64, in BulkInput) ([]*store.PlannedPost, error) {
	items, err := in.Items()
	if err != nil {
		return nil, err
	}
	if err := s.create(ctx, wsID, items); err != nil {
		return nil, err
	}
	return items, nil
}

// create checks the items' category and banners (shared by all of them)
// against the workspace and stores them.
func (s *Service) create(ctx context.Context, wsID int64, items []*store.PlannedPost) error {
	first := items[0]
	if _, err := s.Store.GetCategory(ctx, wsID, first.Category); errors.Is(err, store.ErrNotFound) {
		return errInvalidCategory
	} else if err != nil {
		return err
	}
	banners, err := s.Generator.CheckBanners(ctx, wsID, first.Banners)
	if err != nil {
		return err
	}
	for _, it := range items {
		it.WorkspaceID, it.Banners = wsID, banners
	}
	err = s.Store.CreatePlanned(ctx, items, MaxPending)
	if errors.Is(err, store.ErrLimit) {
		return errTooManyPending
	}
	return err
}

// Retry puts a failed item of the workspace back in the queue.
func (s *Service) Retry(ctx context.Context, wsID, id int64) (*store.PlannedPost, error) {
	if id <= 0 {
		return nil, ErrNotFound
	}
	item, err := s.Store.RetryPlanned(ctx, wsID, id, MaxPending)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrNotFound
	case errors.Is(err, store.ErrConflict):
		return nil, errNotFailed
	case errors.Is(err, store.ErrLimit):
		return nil, errTooManyPending
	}
	return item, err
}

// Delete removes an item of the workspace.
func (s *Service) Delete(ctx context.Context, wsID, id int64) error {
	if id <= 0 {
		return ErrNotFound
	}
	err := s.Store.DeletePlanned(ctx, wsID, id)
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	return err
}
