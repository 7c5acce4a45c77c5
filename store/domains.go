package store

import (
	"context"
	"time"
)

// Custom domain statuses. Only a verified domain serves its blog (and may
// get a certificate).
const (
	DomainPending  = "pending"
	DomainVerified = "verified"
	DomainFailed   = "failed"
)

// DomainClaimedError is the reason a claim fails when another blog
// verified the name first.
const DomainClaimedError = "Another blog proved it controls this domain first. If it is yours, check its DNS records."

// Domain is a workspace's custom domain and the state of its DNS proof. It
// lives on the workspace row (workspaces.custom_domain and the domain_*
// columns): a workspace has at most one; several workspaces may claim a
// name while it is not verified, and a verified name is one workspace's.
type Domain struct {
	WorkspaceID int64
	// Name is normalised (lower-case ASCII, punycode, no trailing dot).
	Name   string
	Status string
	// Token is what the TXT record at _inkpress.{Name} must hold.
	Token string
	// AddedAt is when Name was set; zero times are "never".
	AddedAt    time.Time
	CheckedAt  time.Time
	VerifiedAt time.Time
	// Error is the last failed check's reason ("" after a success).
	Error string
	// Failures counts consecutive failed checks of a verified domain.
	Failures int
}

// DomainStore keeps custom domains. UpdateWorkspace's CustomDomain is a
// trusted write (tests, operators): it stores the name as verified, as the
// upgrade does with domains set before verification existed.
type DomainStore interface {
	// GetDomain is the workspace's domain; ErrNotFound when it has none.
	GetDomain(ctx context.Context, workspaceID int64) (*Domain, error)
	// FindDomain is the domain named name (normalised): its verified claim,
	// else its oldest claim; ErrNotFound when no workspace claims it.
	FindDomain(ctx context.Context, name string) (*Domain, error)
	// SetDomain gives d.WorkspaceID the domain d, replacing its previous
	// one and every field of its state; ErrConflict when another
	// workspace has verified the name (other claims do not conflict),
	// ErrNotFound when the workspace is gone.
	SetDomain(ctx context.Context, d *Domain) error
	// DeleteDomain removes the workspace's domain (none: no error).
	DeleteDomain(ctx context.Context, workspaceID int64) error
	// RecordDomainCheck stores the outcome of a check (Status, CheckedAt,
	// VerifiedAt, Error, Failures) when the workspace still has d's name
	// and token; ErrNotFound when the domain changed or went meanwhile,
	// ErrConflict when d is verified and another workspace verified the
	// name first. Recording a verification fails every other claim of the
	// name (DomainClaimedError), in the same transaction.
	RecordDomainCheck(ctx context.Context, d *Domain) error
	// ClaimDomainCheck returns a domain due for a background check and
	// moves its CheckedAt to now, atomically, so two instances never check
	// the same domain at once: a pending one, or a failed one added after
	// retryAddedAfter, last checked before retryBefore; a verified one last
	// checked before recheckBefore. ErrNotFound when none is due.
	ClaimDomainCheck(ctx context.Context, now, retryBefore, retryAddedAfter, recheckBefore time.Time) (*Domain, error)
}
