package store

import (
	"context"
	"time"
)

// MarkStore keeps the images drawn for a blog from its name and colour
// (internal/marks): one row per blog and kind, replaced when they are
// drawn again.
type MarkStore interface {
	// GetMark is the workspace's stored image of kind (ErrNotFound if none).
	GetMark(ctx context.Context, workspaceID int64, kind string) (*Mark, error)
	// PutMark stores m, replacing the workspace's image of its kind.
	PutMark(ctx context.Context, m *Mark) error
}

// Mark is one drawn image of a blog.
type Mark struct {
	WorkspaceID int64
	Kind        string
	// Version names what it was drawn from (marks.Spec.Version).
	Version   string
	PNG       []byte
	CreatedAt time.Time
}
