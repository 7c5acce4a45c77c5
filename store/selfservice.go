package store

import (
	"context"
	"errors"
	"time"
)

// Workspace statuses. A deleting workspace belongs to an account in its
// grace period: its blog is offline and no timed work of it runs.
const (
	WorkspaceActive   = "active"
	WorkspaceDeleting = "deleting"
)

// ErrLastAdmin refuses to delete the only admin not already being deleted.
var ErrLastAdmin = errors.New("last admin")

// AccountDeletion is an account its owner deleted: restorable by signing in
// until PurgeAt, then erased by one instance (ClaimedUntil is its lease).
type AccountDeletion struct {
	UserID       int64
	RequestedAt  time.Time
	PurgeAt      time.Time
	ClaimedUntil time.Time
	Attempts     int
	LastError    string
}

// DeletionStore keeps account deletions (store/sqlstore/selfservice.go).
type DeletionStore interface {
	// RequestDeletion records the user's deletion, due at purgeAt, sets
	// every workspace the user owns to WorkspaceDeleting and ends every
	// session of the user, in one transaction, and returns those
	// workspaces' ids. ErrConflict when a deletion is recorded already;
	// ErrLastAdmin (nothing changes) when the user is an admin and no other
	// admin remains who is not being deleted.
	RequestDeletion(ctx context.Context, userID int64, at, purgeAt time.Time) ([]int64, error)
	// GetDeletion is the user's recorded deletion; ErrNotFound when none.
	GetDeletion(ctx context.Context, userID int64) (*AccountDeletion, error)
	// CancelDeletion drops the user's deletion while it is still in its
	// grace at now and not claimed, and sets the user's workspaces active
	// again, returning their ids. ErrNotFound when none is recorded;
	// ErrConflict when its grace is over (the purge is due or running).
	CancelDeletion(ctx context.Context, userID int64, now time.Time) ([]int64, error)
	// ClaimDeletion leases one due deletion (PurgeAt reached, no live
	// lease) until leaseUntil, counting an attempt; ErrNotFound when none.
	// Two claimers never hold the same row.
	ClaimDeletion(ctx context.Context, now, leaseUntil time.Time) (*AccountDeletion, error)
	// RenewDeletion moves a held lease from `from` to `to`; ErrNotFound
	// when the lease is no longer the caller's.
	RenewDeletion(ctx context.Context, userID int64, from, to time.Time) error
	// FailDeletion records a failed purge and frees its lease at retryAt.
	FailDeletion(ctx context.Context, userID int64, errText string, retryAt time.Time) error
	// OwnedWorkspaces lists the workspaces the user owns.
	OwnedWorkspaces(ctx context.Context, userID int64) ([]*Workspace, error)
	// MediaFileKeys lists up to limit recorded media files of the
	// workspace whose keys sort after `after`.
	MediaFileKeys(ctx context.Context, workspaceID int64, after string, limit int) ([]string, error)
	// PurgeAccount deletes, in one transaction, every row of the user's
	// workspaces in every table (their posts' view counts, their mail, the
	// certificates of their custom domains), the account mail sent to the
	// user, and the user with every row of theirs. A user already gone is
	// not an error.
	PurgeAccount(ctx context.Context, userID int64) error
}

// Data export statuses.
const (
	ExportQueued  = "queued"
	ExportRunning = "running"
	ExportReady   = "ready"
	ExportFailed  = "failed"
)

// DataExport is an account's archive of its blog's data: one per account.
type DataExport struct {
	UserID       int64
	WorkspaceID  int64
	Status       string
	FileKey      string
	FileSize     int64
	RequestedAt  time.Time
	FinishedAt   time.Time
	ExpiresAt    time.Time
	ClaimedUntil time.Time
	Attempts     int
	Error        string
}

// ExportStore keeps data exports (store/sqlstore/selfservice.go).
type ExportStore interface {
	// RequestExport queues an export of the workspace for the user, in
	// place of the user's earlier one, which it returns (nil when none) so
	// its file can be deleted. ErrConflict, and nothing changes, while the
	// earlier one is queued or running: one export at a time.
	RequestExport(ctx context.Context, userID, workspaceID int64, at time.Time) (previous *DataExport, err error)
	// GetExport is the user's export; ErrNotFound when none.
	GetExport(ctx context.Context, userID int64) (*DataExport, error)
	// ClaimExport leases one queued export (or a running one whose lease
	// ended) until leaseUntil; ErrNotFound when none.
	ClaimExport(ctx context.Context, now, leaseUntil time.Time) (*DataExport, error)
	// RenewExport moves a held lease; ErrNotFound when it is not the caller's.
	RenewExport(ctx context.Context, userID int64, from, to time.Time) error
	// FinishExport records the outcome of the held lease `lease`: ready
	// with its file, or failed with errText. ErrNotFound when the lease is
	// no longer the caller's (the file is then the caller's to delete).
	FinishExport(ctx context.Context, e *DataExport, lease time.Time) error
	// ExpiredExports lists up to limit exports that expired before now.
	ExpiredExports(ctx context.Context, now time.Time, limit int) ([]*DataExport, error)
	// DeleteExport drops the user's export row when it is still the one
	// requested at requestedAt.
	DeleteExport(ctx context.Context, userID int64, requestedAt time.Time) error
}
