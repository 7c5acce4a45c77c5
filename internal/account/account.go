// Package account sends and honours the e-mails of an account: password
// reset, verification of the address after sign-up, and the change of
// address. Each is a single-use link carrying a random token of which only
// the SHA-256 is stored (store.AccountStore). It is apart from
// internal/auth (sessions and logins) because it owns mail and links; it
// uses auth for the password rule, bcrypt and its hashing slots.
package account

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/auth/password"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/store"
)

// How long each link is valid, and the limits on asking for them.
const (
	ResetTTL  = time.Hour
	VerifyTTL = 7 * 24 * time.Hour
	ChangeTTL = 24 * time.Hour

	LimitWindow = time.Hour
	// ResetsPerAddress counts requests for one e-mail address, whether or
	// not an account has it (the answer must not tell).
	ResetsPerAddress = 3
	// ResetsPerClient counts requests from one client address.
	ResetsPerClient = 10
	// ResendsPerUser counts verification e-mails a signed-in user asks for.
	ResendsPerUser = 3
	// ChangesPerUser counts address-change attempts (each checks the
	// current password: this also bounds guessing from a stolen session).
	ChangesPerUser = 5
	// LockoutMailWindow: an owner is told of their account's lockout at
	// most once in it, however long the guessing lasts.
	LockoutMailWindow = time.Hour
	// maxLockoutsRemembered bounds the instance's memory of accounts just
	// told (which spares the database a write per refused guess).
	maxLockoutsRemembered = 10_000

	tokenBytes = 32
	// maxTokenLen refuses junk before it reaches the database (a token is
	// 43 characters).
	maxTokenLen = 100
)

// Refusals.
var (
	// ErrBadLink is every unusable token alike: unknown, used, expired or
	// of another purpose.
	ErrBadLink         = apperr.New(apperr.Invalid, "invalid_link", "This link is invalid or has expired.")
	ErrWrongPassword   = apperr.New(apperr.Invalid, "wrong_password", "Your current password is incorrect.")
	ErrAlreadyVerified = apperr.New(apperr.Conflict, "already_verified", "Your e-mail address is already verified.")
	ErrSameAddress     = apperr.Validation("That is already your e-mail address.")
	// ErrEmailTaken: the caller is signed in and proved their password, so
	// telling them an address has an account leaks no more than sign-up's
	// own answer does.
	ErrEmailTaken = apperr.New(apperr.Conflict, "email_taken", "Another account already uses this e-mail address.")
)

// Store is what the Service touches: account tokens, users by address and
// the rate limits of account e-mails.
type Store interface {
	store.AccountStore
	GetUserByEmail(ctx context.Context, email string) (*store.User, error)
	ratelimit.Store
	// Deleting an account: its record, and the name of the blog to type.
	RequestDeletion(ctx context.Context, userID int64, at, purgeAt time.Time) ([]int64, error)
	GetDeletion(ctx context.Context, userID int64) (*store.AccountDeletion, error)
	CancelDeletion(ctx context.Context, userID int64, now time.Time) ([]int64, error)
	OwnedWorkspaces(ctx context.Context, userID int64) ([]*store.Workspace, error)
	GetSettings(ctx context.Context, workspaceID int64) (*store.Settings, error)
}

// Service sends account e-mails and applies their links.
type Service struct {
	Store Store
	Auth  *auth.Service
	// Mail queues the e-mails (the platform's: WorkspaceID 0).
	Mail mail.Queuer
	// SiteName brands the e-mails; BaseURL is the origin of the links.
	SiteName string
	BaseURL  string
	Now      func() time.Time
	Logger   *slog.Logger
	// SiteWorkspace is the platform's blog, which no account deletion takes.
	SiteWorkspace string
	// BlogsChanged is told of the workspaces an account deletion took
	// offline or a restore brought back: their cached and stored pages
	// must go.
	BlogsChanged func(ctx context.Context, workspaceIDs []int64)

	initOnce sync.Once
	limiter  *ratelimit.Limiter
	// background: reset e-mails are written after the answer (see Forgot).
	background sync.WaitGroup

	lockMu   sync.Mutex
	lockSeen map[string]time.Time // e-mail -> when this instance last handled its lockout
}

// New returns a Service with the real clock.
func New(s Store, a *auth.Service, q mail.Queuer, siteName, baseURL string, logger *slog.Logger) *Service {
	return &Service{Store: s, Auth: a, Mail: q, SiteName: siteName, BaseURL: strings.TrimRight(baseURL, "/"), Now: time.Now, Logger: logger}
}

func (s *Service) init() {
	s.initOnce.Do(func() {
		if s.Now == nil {
			s.Now = time.Now
		}
		if s.Logger == nil {
			s.Logger = slog.Default()
		}
		s.limiter = &ratelimit.Limiter{Store: s.Store, Now: func() time.Time { return s.Now() }}
	})
}

// Wait blocks until e-mails being written in the background are queued.
func (s *Service) Wait() { s.background.Wait() }

// Info is the account as its owner sees it.
type Info struct {
	Email        string
	Verified     bool
	PendingEmail string // an address change waiting for its link
}

// Account returns u's account.
func (s *Service) Account(ctx context.Context, u *store.User) (*Info, error) {
	s.init()
	out := &Info{Email: u.Email, Verified: u.EmailVerified}
	t, err := s.Store.PendingEmailChange(ctx, u.ID, s.Now())
	switch {
	case err == nil:
		out.PendingEmail = t.Email
	case !errors.Is(err, store.ErrNotFound):
		return nil, err
	}
	return out, nil
}

func normalizeEmail(raw string) (string, error) {
	if strings.TrimSpace(raw) == "" {
		return "", apperr.Validation("Email is required")
	}
	email, ok := content.NormalizeEmail(raw)
	if !ok {
		return "", apperr.Validation("Please enter a valid email address")
	}
	return email, nil
}

func forgotAddrKey(email string) string { return "forgot-email:" + email }

// Forgot sends a reset link when an account has email. Its answer is the
// same either way: the limits are taken before the lookup (so the
// per-address limit counts unknown addresses too), and the token and
// e-mail are written after the answer, so its timing does not depend on
// the account existing. addr is the client's address.
func (s *Service) Forgot(ctx context.Context, rawEmail, addr string) error {
	s.init()
	email, err := normalizeEmail(rawEmail)
	if err != nil {
		return err
	}
	if _, err := s.limiter.Reserve(ctx, "password reset requests",
		ratelimit.Rule{Key: forgotAddrKey(email), Max: ResetsPerAddress, Window: LimitWindow},
		ratelimit.Rule{Key: "forgot-client:" + addr, Max: ResetsPerClient, Window: LimitWindow}); err != nil {
		return err
	}
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		if err := s.sendReset(ctx, email); err != nil {
			s.Logger.Error("password reset e-mail", "err", err)
		}
	}()
	return nil
}

func (s *Service) sendReset(ctx context.Context, email string) error {
	u, err := s.Store.GetUserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	token, err := s.newToken(ctx, u.ID, store.TokenReset, u.Email, ResetTTL)
	if err != nil {
		return err
	}
	return s.send(ctx, store.MailPasswordReset, u.Email, resetMail, mailData{Name: u.Name,
		Link: s.link("/reset-password", token), Valid: "1 hour"})
}

// Reset sets a new password with a reset link's token: every session of
// the user ends, the address counts as verified (the link reached it) and
// the failed logins from addr and reset requests for the address are
// forgotten.
func (s *Service) Reset(ctx context.Context, token, pw, addr string) error {
	s.init()
	if err := password.Check(pw); err != nil {
		return err
	}
	hash, err := s.usable(ctx, token, store.TokenReset)
	if err != nil {
		return err
	}
	// Hash only for a live link: junk tokens cost no bcrypt.
	pwHash, err := s.Auth.HashPassword(ctx, pw)
	if err != nil {
		return err
	}
	u, err := s.Store.ResetPassword(ctx, hash, pwHash, s.Now())
	if errors.Is(err, store.ErrNotFound) {
		return ErrBadLink
	}
	if err != nil {
		return err
	}
	if err := s.Auth.ClearLoginFailures(ctx, u.Email, addr); err != nil {
		return err
	}
	return s.limiter.Clear(ctx, forgotAddrKey(u.Email))
}

// LoginLocked tells an account's owner, once per LockoutMailWindow across
// instances, that failed logins have paused sign-ins to it, with the way
// back in (a password reset). It is auth's OnLockout: it answers at once
// and writes in the background, so the refusal's timing tells nothing of
// whether the e-mail has an account.
func (s *Service) LoginLocked(ctx context.Context, email string) {
	s.init()
	now := s.Now()
	s.lockMu.Lock()
	if s.lockSeen == nil || len(s.lockSeen) >= maxLockoutsRemembered {
		s.lockSeen = map[string]time.Time{}
	}
	if at, ok := s.lockSeen[email]; ok && now.Sub(at) < LockoutMailWindow {
		s.lockMu.Unlock()
		return
	}
	s.lockSeen[email] = now
	s.lockMu.Unlock()
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		if err := s.sendLocked(ctx, email); err != nil {
			s.Logger.Error("lockout e-mail", "err", err)
		}
	}()
}

func (s *Service) sendLocked(ctx context.Context, email string) error {
	u, err := s.Store.GetUserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	// Once across instances: the slot is the e-mail.
	if _, err := s.limiter.Reserve(ctx, "lockout e-mails",
		ratelimit.Rule{Key: "lockout-mail:" + u.Email, Max: 1, Window: LockoutMailWindow}); err != nil {
		if e := apperr.As(err); e != nil && e.Kind == apperr.TooMany {
			return nil
		}
		return err
	}
	return s.send(ctx, store.MailLoginLocked, u.Email, lockedMail, mailData{Name: u.Name,
		Link: s.BaseURL + "/forgot-password"})
}

// usable returns the hash of a token that is live for purpose, or ErrBadLink.
func (s *Service) usable(ctx context.Context, token, purpose string) (string, error) {
	token = strings.TrimSpace(token)
	if token == "" || len(token) > maxTokenLen {
		return "", ErrBadLink
	}
	hash := auth.HashToken(token)
	if _, err := s.Store.GetAccountToken(ctx, hash, purpose, s.Now()); errors.Is(err, store.ErrNotFound) {
		return "", ErrBadLink
	} else if err != nil {
		return "", err
	}
	return hash, nil
}

// SignedUp sends a new account its verification e-mail (auth's
// AfterSignUp): a failure is logged, the account works anyway and the
// user can ask again.
func (s *Service) SignedUp(ctx context.Context, u *store.User) {
	if err := s.sendVerify(ctx, u); err != nil {
		s.init()
		s.Logger.Error("verification e-mail", "user", u.ID, "err", err)
	}
}

func (s *Service) sendVerify(ctx context.Context, u *store.User) error {
	s.init()
	token, err := s.newToken(ctx, u.ID, store.TokenVerify, u.Email, VerifyTTL)
	if err != nil {
		return err
	}
	return s.send(ctx, store.MailVerifyEmail, u.Email, verifyMail, mailData{Name: u.Name,
		Link: s.link("/verify-email", token), Valid: "7 days"})
}

// Resend sends u a new verification link (earlier ones stop working).
func (s *Service) Resend(ctx context.Context, u *store.User) error {
	s.init()
	if u.EmailVerified {
		return ErrAlreadyVerified
	}
	if _, err := s.limiter.Reserve(ctx, "verification e-mails",
		ratelimit.Rule{Key: "verify-resend:" + strconv.FormatInt(u.ID, 10), Max: ResendsPerUser, Window: LimitWindow}); err != nil {
		return err
	}
	return s.sendVerify(ctx, u)
}

// Verify marks the address a verification link went to as verified.
func (s *Service) Verify(ctx context.Context, token string) (*store.User, error) {
	s.init()
	hash, err := s.usable(ctx, token, store.TokenVerify)
	if err != nil {
		return nil, err
	}
	u, err := s.Store.VerifyEmail(ctx, hash, s.Now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrBadLink
	}
	return u, err
}

// ChangeEmail asks to move u to a new address: with u's current password,
// a link goes to the new address and a notice to the current one; nothing
// changes until the link is opened (ConfirmEmail).
func (s *Service) ChangeEmail(ctx context.Context, u *store.User, rawEmail, pw string) error {
	s.init()
	email, err := normalizeEmail(rawEmail)
	if err != nil {
		return err
	}
	if email == u.Email {
		return ErrSameAddress
	}
	if pw == "" {
		return apperr.Validation("Your current password is required")
	}
	if _, err := s.limiter.Reserve(ctx, "attempts to change your e-mail address",
		ratelimit.Rule{Key: "change-email:" + strconv.FormatInt(u.ID, 10), Max: ChangesPerUser, Window: LimitWindow}); err != nil {
		return err
	}
	ok, err := s.Auth.CheckPassword(ctx, u, pw)
	if err != nil {
		return err
	}
	if !ok {
		return ErrWrongPassword
	}
	switch _, err := s.Store.GetUserByEmail(ctx, email); {
	case err == nil:
		return ErrEmailTaken
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	token, err := s.newToken(ctx, u.ID, store.TokenChange, email, ChangeTTL)
	if err != nil {
		return err
	}
	if err := s.send(ctx, store.MailChangeEmail, email, changeMail, mailData{Name: u.Name,
		Link: s.link("/confirm-email", token), Valid: "24 hours", NewEmail: email, OldEmail: u.Email}); err != nil {
		return err
	}
	return s.send(ctx, store.MailChangeEmail, u.Email, changeNoticeMail, mailData{Name: u.Name,
		Link: s.BaseURL + "/forgot-password", NewEmail: email, OldEmail: u.Email})
}

// ConfirmEmail moves the account to the address a change link went to.
func (s *Service) ConfirmEmail(ctx context.Context, token string) (*store.User, error) {
	s.init()
	hash, err := s.usable(ctx, token, store.TokenChange)
	if err != nil {
		return nil, err
	}
	u, _, err := s.Store.ConfirmEmailChange(ctx, hash, s.Now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrBadLink
	case errors.Is(err, store.ErrConflict):
		return nil, ErrEmailTaken
	}
	return u, err
}

func (s *Service) newToken(ctx context.Context, userID int64, purpose, email string, ttl time.Duration) (string, error) {
	token := auth.RandomToken(tokenBytes)
	now := s.Now()
	err := s.Store.CreateAccountToken(ctx, &store.AccountToken{TokenHash: auth.HashToken(token), UserID: userID,
		Purpose: purpose, Email: email, ExpiresAt: now.Add(ttl), CreatedAt: now})
	return token, err
}

func (s *Service) link(path, token string) string { return s.BaseURL + path + "?token=" + token }
