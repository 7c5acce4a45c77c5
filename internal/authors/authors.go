// Package authors keeps authors' public profiles: the name, bio, avatar and
// links readers see in bylines and on author pages. Each user has one
// profile, made when first needed; its slug comes from the name then and
// never changes, so author pages keep their address when a name changes.
// A profile change drops the cached pages of every blog the author wrote on.
package authors

import (
	"cmp"
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
)

// Lengths the profile form also shows.
const (
	MaxDisplayName = 80
	MaxBio         = 300
)

// Slug is the address an author named name gets (content.AuthorSlug: the
// same rule made the profiles of earlier posts' authors in a migration).
func Slug(name string) string { return content.AuthorSlug(name) }

// EnsureStore is what Ensure needs of the store.
type EnsureStore interface {
	GetAuthor(ctx context.Context, f store.FindAuthor) (*store.Author, error)
	GetUser(ctx context.Context, id int64) (*store.User, error)
	EnsureAuthor(ctx context.Context, userID int64, slug string) (*store.Author, error)
}

// Ensure returns the user's profile, making it (its slug from the user's
// name) when the user has none yet.
func Ensure(ctx context.Context, st EnsureStore, userID int64) (*store.Author, error) {
	if a, err := st.GetAuthor(ctx, store.FindAuthor{UserID: &userID}); !errors.Is(err, store.ErrNotFound) {
		return a, err
	}
	u, err := st.GetUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	return st.EnsureAuthor(ctx, userID, Slug(u.Name))
}

// Store is what the Service touches: the profile (Ensure), its update and
// the blogs it shows on.
type Store interface {
	EnsureStore
	UpdateAuthor(ctx context.Context, a *store.Author) error
	AuthorWorkspaces(ctx context.Context, userID int64) ([]int64, error)
}

// Service reads and edits the caller's own profile.
type Service struct {
	Store Store
	Cache *cache.Cache
	// Images checks that an avatar is the author's workspace's image.
	Images blog.Images
	// Pages is told that the blogs the author writes for changed.
	Pages blog.BlogChanges
}

// Input is the profile form.
type Input struct {
	DisplayName, Bio, AvatarURL string
	Links                       []store.SocialLink
	// Default is the name the author's posts carry without a display name
	// ("": the account's name; on the site's own blog the configured author,
	// see reader.Credited). A display name equal to it is saved as none, so
	// it follows the default; any other, the account's name too, is kept.
	Default string
}

// Profile is the user's profile (made on first visit).
func (s *Service) Profile(ctx context.Context, user *store.User) (*store.Author, error) {
	return Ensure(ctx, s.Store, user.ID)
}

// Update validates and saves the user's profile; the avatar must be an
// image of ws, the user's workspace. Nothing changes when any part is
// refused. Every blog showing the author's byline is refreshed.
func (s *Service) Update(ctx context.Context, user *store.User, ws *store.Workspace, in Input) (*store.Author, error) {
	a, err := Ensure(ctx, s.Store, user.ID)
	if err != nil {
		return nil, err
	}
	name := strings.Join(strings.Fields(in.DisplayName), " ")
	bio := strings.TrimSpace(in.Bio)
	switch {
	case utf8.RuneCountInString(name) > MaxDisplayName:
		return nil, apperr.Validation("The display name must be at most %d characters", MaxDisplayName)
	case utf8.RuneCountInString(bio) > MaxBio:
		return nil, apperr.Validation("The bio must be at most %d characters", MaxBio)
	}
	avatar, err := blog.CheckImage(ctx, s.Images, ws.ID, "avatar", a.AvatarURL, in.AvatarURL)
	if err != nil {
		return nil, err
	}
	links, err := blog.CheckLinks(in.Links)
	if err != nil {
		return nil, err
	}
	if name == cmp.Or(in.Default, user.Name) {
		name = "" // the default: follows it
	}
	a.DisplayName, a.Bio, a.AvatarURL, a.Links = name, bio, avatar, links
	if err := s.Store.UpdateAuthor(ctx, a); err != nil {
		return nil, err
	}
	wss, err := s.Store.AuthorWorkspaces(ctx, user.ID)
	if err != nil {
		return nil, err
	}
	for _, id := range append([]int64{ws.ID}, wss...) {
		s.Cache.Invalidate(id)
		if s.Pages != nil {
			s.Pages.BlogChanged(ctx, id)
		}
	}
	return a, nil
}
