package store

import (
	"context"
	"time"
)

// AccountStore keeps what account e-mails need (store/sqlstore/account.go):
// whether a user's address is verified, and the single-use links sent to
// it. Tokens are stored as their SHA-256 (TokenHash); a token is used at
// most once, whoever tries at the same time.
type AccountStore interface {
	// CreateAccountToken stores t and, in the same transaction, deletes
	// the user's unused tokens of the same purpose: a new link replaces
	// the earlier ones.
	CreateAccountToken(ctx context.Context, t *AccountToken) error
	// GetAccountToken returns the unused token of hash and purpose that is
	// still valid at now; ErrNotFound otherwise (unknown, used, expired or
	// another purpose).
	GetAccountToken(ctx context.Context, hash, purpose string, now time.Time) (*AccountToken, error)
	// PendingEmailChange is the newest valid unused change token of the
	// user (ErrNotFound when none).
	PendingEmailChange(ctx context.Context, userID int64, now time.Time) (*AccountToken, error)

	// The following use a token (GetAccountToken's conditions) and apply
	// it in one transaction; ErrNotFound, and nothing changes, when the
	// token is not usable. Two concurrent calls with one token: one wins.

	// ResetPassword sets the user's password hash, ends every session of
	// the user and, when the link went to the user's current address,
	// marks it verified.
	ResetPassword(ctx context.Context, hash, passwordHash string, now time.Time) (*User, error)
	// VerifyEmail marks the address the link went to verified, when it is
	// still the user's address.
	VerifyEmail(ctx context.Context, hash string, now time.Time) (*User, error)
	// ConfirmEmailChange moves the user to the token's address, verified,
	// and drops the user's other unused tokens (they went to the old
	// address or asked for another one). ErrConflict, and nothing changes
	// (the token stays usable), when another account has the address.
	ConfirmEmailChange(ctx context.Context, hash string, now time.Time) (user *User, oldEmail string, err error)

	// ChangePassword sets the user's password hash and, in the same
	// transaction, ends every session of the user but the one whose token
	// hash is keepSession, and spends the user's unused reset links (they
	// were asked for the old password). ErrNotFound when the user is gone.
	ChangePassword(ctx context.Context, userID int64, passwordHash, keepSession string) error
	// DeleteUserSessions ends every session of the user.
	DeleteUserSessions(ctx context.Context, userID int64) (int64, error)
	// WorkspaceOwnerVerified reports whether the workspace's owner has a
	// verified address (false for a workspace without an owner);
	// ErrNotFound when the workspace does not exist.
	WorkspaceOwnerVerified(ctx context.Context, workspaceID int64) (bool, error)
	// PruneAccountTokens deletes tokens that expired before before.
	PruneAccountTokens(ctx context.Context, before time.Time) (int64, error)
}

// Purposes of account tokens.
const (
	TokenReset  = "reset"
	TokenVerify = "verify"
	TokenChange = "change"
)

// AccountToken is one link sent to an account's address. Email is the
// address it was sent to (for change: the new address).
type AccountToken struct {
	TokenHash string
	UserID    int64
	Purpose   string
	Email     string
	ExpiresAt time.Time
	UsedAt    time.Time
	CreatedAt time.Time
}
