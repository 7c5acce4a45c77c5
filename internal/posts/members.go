package posts

import (
	"context"
	"errors"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/team"
	"github.com/inkpress/inkpress/store"
)

// A blog's members write on its desk in their roles (internal/team): an
// editor or administrator touches every post; an author only the posts
// they wrote; a contributor only their own drafts, and publishes nothing.
// The *As methods are the desk's; they check the member, then do what the
// method of the same name does. Whatever route a request takes, a post is
// only reached through them.

// Refusals of a member's change.
var (
	// ErrNotYours refuses another member's post to an author or contributor.
	ErrNotYours = apperr.New(apperr.Forbidden, "not_your_post", "You can only change posts you wrote")
	// ErrDraftsOnly refuses a contributor a post that is no longer a draft.
	ErrDraftsOnly = apperr.New(apperr.Forbidden, "drafts_only", "Contributors can only change their drafts; an editor publishes them")
	// ErrMayNotPublish refuses a contributor's publishing or scheduling.
	ErrMayNotPublish = apperr.New(apperr.Forbidden, "may_not_publish", "Contributors cannot publish or schedule posts: save a draft and an editor publishes it")
)

// May is nil when m may read and change p on the desk, else the refusal.
func May(m team.Member, p *store.Post) error {
	if m.May(team.EditAllPosts) {
		return nil
	}
	if p.AuthorID != m.UserID {
		return ErrNotYours
	}
	if !m.May(team.PublishPosts) && p.Status != store.PostDraft {
		return ErrDraftsOnly
	}
	return nil
}

// mayPublish is nil when m may give a post status (nil: unchanged).
func mayPublish(m team.Member, status *string) error {
	if status != nil && *status != store.PostDraft && !m.May(team.PublishPosts) {
		return ErrMayNotPublish
	}
	return nil
}

// Scope narrows a desk's list to the posts m may see: an author's or
// contributor's own.
func Scope(m team.Member, f store.FindPost) store.FindPost {
	if !m.May(team.EditAllPosts) {
		f.AuthorID = &m.UserID
	}
	return f
}

// GetAs is Get for a member.
func (s *Service) GetAs(ctx context.Context, m team.Member, workspaceID, id int64) (*store.Post, error) {
	p, err := s.Get(ctx, workspaceID, id)
	if err != nil {
		return nil, err
	}
	if err := May(m, p); err != nil {
		return nil, err
	}
	return p, nil
}

// WriteAs is Write by a member, who becomes the post's author.
func (s *Service) WriteAs(ctx context.Context, m team.Member, ws *store.Workspace, in Patch) (*store.Post, error) {
	if err := mayPublish(m, in.Status); err != nil {
		return nil, err
	}
	in.Author = m.UserID
	return s.Write(ctx, ws, in)
}

// UpdateAs is Update by a member.
func (s *Service) UpdateAs(ctx context.Context, m team.Member, workspaceID, id int64, in Patch) (*store.Post, error) {
	if _, err := s.GetAs(ctx, m, workspaceID, id); err != nil {
		return nil, err
	}
	if err := mayPublish(m, in.Status); err != nil {
		return nil, err
	}
	return s.Update(ctx, workspaceID, id, in)
}

// DeleteAs is Delete by a member: when any of ids is a post m may not
// change, nothing is deleted.
func (s *Service) DeleteAs(ctx context.Context, m team.Member, workspaceID int64, ids []int64) (int64, error) {
	if len(ids) > MaxBulkDelete {
		return 0, errBulkTooMany
	}
	if !m.May(team.EditAllPosts) {
		for _, id := range ids {
			p, err := s.Get(ctx, workspaceID, id)
			if errors.Is(err, ErrNotFound) {
				continue // not counted, as Delete does
			}
			if err != nil {
				return 0, err
			}
			if err := May(m, p); err != nil {
				return 0, err
			}
		}
	}
	return s.Delete(ctx, workspaceID, ids)
}

// DeleteOneAs is DeleteOne by a member.
func (s *Service) DeleteOneAs(ctx context.Context, m team.Member, workspaceID, id int64) error {
	if _, err := s.GetAs(ctx, m, workspaceID, id); err != nil {
		return err
	}
	return s.DeleteOne(ctx, workspaceID, id)
}

// RevisionsAs is Revisions for a member.
func (s *Service) RevisionsAs(ctx context.Context, m team.Member, workspaceID, id int64) ([]*store.Revision, error) {
	if _, err := s.GetAs(ctx, m, workspaceID, id); err != nil {
		return nil, err
	}
	return s.Revisions(ctx, workspaceID, id)
}

// RestoreAs is Restore by a member.
func (s *Service) RestoreAs(ctx context.Context, m team.Member, workspaceID, id, revisionID int64) (*store.Post, error) {
	if _, err := s.GetAs(ctx, m, workspaceID, id); err != nil {
		return nil, err
	}
	return s.Restore(ctx, workspaceID, id, revisionID)
}
