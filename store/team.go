package store

import (
	"context"
	"time"
)

// TeamStore is blogs' members: who works on a blog, and in which role
// (internal/team names the roles and what each may do).
type TeamStore interface {
	// Memberships lists the blogs the user is a member of with their
	// role, their oldest membership first (the user's first blog).
	Memberships(ctx context.Context, userID int64) ([]*Membership, error)
	// AddMember makes the user a member of the workspace in role;
	// ErrConflict when they are one already.
	AddMember(ctx context.Context, workspaceID, userID int64, role string) error
	// RemoveMember ends the user's membership; ErrNotFound when there was
	// none. Their next request to the blog is refused.
	RemoveMember(ctx context.Context, workspaceID, userID int64) error
	// CountOwned counts the blogs the user owns (bills).
	CountOwned(ctx context.Context, userID int64) (int, error)
}

// Membership is a user's place on a blog.
type Membership struct {
	Workspace *Workspace
	Role      string
	CreatedAt time.Time
}
