package scheduler

import (
	"context"
	"errors"

	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/store"
)

// ServiceStore is what the Service touches: the workspace's scheduled posts
// and the category an item is for.
type ServiceStore interface {
	CreateScheduled(ctx context.Context, items []*store.ScheduledPost, max int) error
	ListScheduled(ctx context.Context, workspaceID int64) ([]*store.ScheduledPost, error)
	DeleteScheduled(ctx context.Context, workspaceID, id int64) error
	RetryScheduled(ctx context.Context, workspaceID, id int64, max int) (*store.ScheduledPost, error)
	GetCategory(ctx context.Context, workspaceID int64, slug string) (*store.Category, error)
}

// Service keeps a workspace's scheduled posts: it checks the forms (Input,
// BulkInput), then the category and banners against the workspace, and
// stores the items the Scheduler processes later.
type Service struct {
	Store ServiceStore
	// Generator checks banners exactly as generating will.
	Generator *generate.Service
}

// List returns the workspace's scheduled posts.
func (s *Service) List(ctx context.Context, wsID int64) ([]*store.ScheduledPost, error) {
	return s.Store.ListScheduled(ctx, wsID)
}

// Create stores one scheduled post of the workspace.
func (s *Service) Create(ctx context.Context, wsID int64, in Input) (*store.ScheduledPost, error) {
	item, err := in.Item()
	if err != nil {
		return nil, err
	}
	items := []*store.ScheduledPost{item}
	if err := s.create(ctx, wsID, items); err != nil {
		return nil, err
	}
	return item, nil
}

// Bulk stores the bulk form's items in one transaction: all or none.
func (s *Service) Bulk(ctx context.Context, wsID int64, in BulkInput) ([]*store.ScheduledPost, error) {
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
func (s *Service) create(ctx context.Context, wsID int64, items []*store.ScheduledPost) error {
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
	err = s.Store.CreateScheduled(ctx, items, MaxPending)
	if errors.Is(err, store.ErrLimit) {
		return errTooManyPending
	}
	return err
}

// Retry puts a failed item of the workspace back in the queue.
func (s *Service) Retry(ctx context.Context, wsID, id int64) (*store.ScheduledPost, error) {
	if id <= 0 {
		return nil, ErrNotFound
	}
	item, err := s.Store.RetryScheduled(ctx, wsID, id, MaxPending)
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
	err := s.Store.DeleteScheduled(ctx, wsID, id)
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	return err
}
