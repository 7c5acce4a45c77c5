package posts

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Preview links: a private address per post that shows it as it stands,
// draft or not, to whoever has it (a reviewer without an account), until
// it expires.
const (
	PreviewTTL = 7 * 24 * time.Hour
	// previewRenew is how long before its end a link is replaced by a
	// fresh one when the owner next opens the post.
	previewRenew = 24 * time.Hour
)

// Preview returns p's preview token and its end, making a new one when
// p has none or its link ends within a day.
func (s *Service) Preview(ctx context.Context, p *store.Post) (string, time.Time, error) {
	now := s.Now()
	if p.PreviewToken != "" && p.PreviewExpiresAt.Sub(now) > previewRenew {
		return p.PreviewToken, p.PreviewExpiresAt, nil
	}
	return s.NewPreview(ctx, p)
}

// NewPreview gives p a new preview link, which ends the one it had (the
// owner shared it too widely): the old address is a 404 from now on.
func (s *Service) NewPreview(ctx context.Context, p *store.Post) (string, time.Time, error) {
	now := s.Now()
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", time.Time{}, err
	}
	token, end := base64.RawURLEncoding.EncodeToString(b), now.Add(PreviewTTL).UTC()
	if err := s.Store.SetPostPreview(ctx, p.WorkspaceID, p.ID, token, end); err != nil {
		return "", time.Time{}, err
	}
	p.PreviewToken, p.PreviewExpiresAt = token, end
	return token, end, nil
}

// ByPreview is the post a preview link shows: post id's, when token is
// its current token and has not expired (ErrNotFound otherwise, whatever
// the reason, so a link gives nothing away).
func (s *Service) ByPreview(ctx context.Context, id int64, token string) (*store.Post, error) {
	if id <= 0 || token == "" {
		return nil, ErrNotFound
	}
	p, err := s.Store.GetPost(ctx, store.FindPost{ID: &id})
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if p.PreviewToken == "" || subtle.ConstantTimeCompare([]byte(p.PreviewToken), []byte(token)) != 1 ||
		!s.Now().Before(p.PreviewExpiresAt) {
		return nil, ErrNotFound
	}
	return p, nil
}

// PublishDue publishes the scheduled posts whose time has come (each once,
// whichever instance gets there first) and drops their blogs' cached pages.
func (s *Service) PublishDue(ctx context.Context) ([]store.Published, error) {
	done, err := s.Store.PublishDuePosts(ctx, s.Now())
	byWS := map[int64][]int64{}
	for _, p := range done {
		byWS[p.WorkspaceID] = append(byWS[p.WorkspaceID], p.ID)
	}
	for ws, ids := range byWS {
		s.changed(ctx, ws, s.snapshots(ctx, ws, ids)...)
	}
	return done, err
}
