package store

import (
	"context"
	"time"
)

// AuthorStore keeps who writes a blog and how the blog presents itself:
// authors' public profiles and each blog's brand (marks and links).
type AuthorStore interface {
	// GetBrand is the workspace's brand (empty when it saved none).
	GetBrand(ctx context.Context, workspaceID int64) (*Brand, error)
	// SetBrand saves the workspace's brand; ErrNotFound when the workspace
	// has no settings row.
	SetBrand(ctx context.Context, workspaceID int64, b *Brand) error

	// EnsureAuthor returns the user's profile, made first when the user has
	// none: its slug is slug, or slug-2, slug-3... when taken.
	EnsureAuthor(ctx context.Context, userID int64, slug string) (*Author, error)
	// GetAuthor finds one profile by user or slug (ErrNotFound if none).
	GetAuthor(ctx context.Context, f FindAuthor) (*Author, error)
	// ListAuthors returns the profiles of the users among ids that have one.
	ListAuthors(ctx context.Context, ids []int64) (map[int64]*Author, error)
	// UpdateAuthor saves a profile's editable fields (the slug stays).
	UpdateAuthor(ctx context.Context, a *Author) error
	// AuthorWorkspaces lists the workspaces holding posts of the user.
	AuthorWorkspaces(ctx context.Context, userID int64) ([]int64, error)
	// DefaultAuthor is who writes a workspace's post when nobody is named
	// (scheduled generations, demo posts): its owner, else an admin, else 0.
	DefaultAuthor(ctx context.Context, workspaceID int64) (int64, error)
}

// SocialLink is a profile of a blog or an author on another site.
type SocialLink struct {
	Network string `json:"network"`
	URL     string `json:"url"`
}

// Brand is how a blog presents itself: its logo, browser icon, default
// sharing image (media URLs; "" for none) and the owner's links.
type Brand struct {
	LogoURL        string
	FaviconURL     string
	SocialImageURL string
	SocialLinks    []SocialLink
}

// Author is a user's public profile as a writer.
type Author struct {
	UserID int64
	// Slug names the author's page; made once, from the name, and kept.
	Slug string
	// DisplayName is the name shown; "" shows UserName.
	DisplayName string
	// UserName is the account's name (read only).
	UserName  string
	Bio       string
	AvatarURL string
	Links     []SocialLink
	UpdatedAt time.Time
}

// Name is the name readers see.
func (a *Author) Name() string {
	if a.DisplayName != "" {
		return a.DisplayName
	}
	return a.UserName
}

// FindAuthor selects a profile; set one field.
type FindAuthor struct {
	UserID *int64
	Slug   *string
}
