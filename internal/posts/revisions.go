package posts

import (
	"context"
	"errors"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

// ErrRevisionNotFound answers a revision that is not one of the post's.
var ErrRevisionNotFound = apperr.New(apperr.NotFound, "revision_not_found", "That revision is not one of this post's; reload the list of revisions")

// Revisions lists the saved versions of a post of the workspace, newest first.
func (s *Service) Revisions(ctx context.Context, workspaceID, id int64) ([]*store.Revision, error) {
	if _, err := s.Get(ctx, workspaceID, id); err != nil {
		return nil, err
	}
	return s.Store.ListRevisions(ctx, workspaceID, id, store.MaxRevisions)
}

// Restore makes a revision the post's title and body again (which keeps
// a revision of its own, so a restore can be undone).
func (s *Service) Restore(ctx context.Context, workspaceID, id, revisionID int64) (*store.Post, error) {
	if _, err := s.Get(ctx, workspaceID, id); err != nil {
		return nil, err
	}
	rev, err := s.Store.GetRevision(ctx, workspaceID, id, revisionID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrRevisionNotFound
	}
	if err != nil {
		return nil, err
	}
	return s.Update(ctx, workspaceID, id, Patch{Title: &rev.Title, Content: &rev.Content})
}
