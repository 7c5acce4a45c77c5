package generate

import (
	"context"
	"errors"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

// MsgCoverFailed tells the user a new AI cover could not be drawn.
const MsgCoverFailed = "The AI image could not be generated; the post keeps its cover. Try again in a moment."

// NewCover draws a new AI cover for a post of ws from its current title
// and category, counting one image of the month (402 when none is left);
// the old cover is replaced. Usage goes back when drawing fails.
func (s *Service) NewCover(ctx context.Context, ws *store.Workspace, isAdmin bool, postID int64) (*Result, error) {
	p, err := s.Posts.Get(ctx, ws.ID, postID)
	if err != nil {
		return nil, err
	}
	cat, err := s.Store.GetCategory(ctx, ws.ID, p.Category)
	if err != nil {
		return nil, err
	}
	blog := ws.Name
	if set, err := s.Store.GetSettings(ctx, ws.ID); err == nil && set.BlogTitle != "" {
		blog = set.BlogTitle
	} else if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	now := s.now()
	usage, held, err := s.reserve(ctx, ws, isAdmin, now, 0, 1)
	if err != nil {
		return nil, err
	}
	done := false
	defer func() {
		if !done {
			s.release(ctx, held, 0, 1)
		}
	}()
	ctx, stop := s.work(ctx, held)
	defer stop()
	cover, err := s.illustrate(ctx, ws.ID, cat, p.Title, blog, now)
	if err != nil {
		s.logger().WarnContext(ctx, "AI cover failed", "workspace", ws.ID, "post", postID, "err", err)
		return nil, &apperr.Error{Kind: apperr.Upstream, Code: "provider_error", Message: MsgCoverFailed, Err: err}
	}
	// A live post shows readers what its owner updates, all at once: its
	// new cover is one of the unsaved changes (an update names it; unused,
	// the file is swept like any unused upload). Others take it now.
	saved := p
	if p.Status != store.PostPublished {
		if saved, err = s.Posts.SetCover(context.WithoutCancel(ctx), ws.ID, postID, *cover); err != nil {
			s.deleteStored(ctx, cover.URL)
			return nil, err
		}
	}
	if err := s.Store.CommitReservation(context.WithoutCancel(ctx), held.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	done = true
	return &Result{Post: saved, Usage: usage, Cover: cover}, nil
}
