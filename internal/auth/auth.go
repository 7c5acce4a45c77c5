// Package auth holds accounts, passwords, server-side sessions, the login
// rate limit and CSRF tokens. HTTP handlers call it; it calls the store.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// Errors callers map to HTTP answers.
var (
	ErrInvalidCredentials = errors.New("Invalid credentials")
	ErrEmailTaken         = errors.New("An account with this email already exists")
	ErrNoSession          = errors.New("not signed in")
)

// RateLimitedError says when the caller may try again.
type RateLimitedError struct{ RetryAfter time.Duration }

func (e *RateLimitedError) Error() string {
	return fmt.Sprintf("Too many login attempts. Try again in %d minutes.", int(e.RetryAfter.Minutes())+1)
}

// ValidationError is bad input with a message for the user.
type ValidationError struct{ Field, Message string }

func (e *ValidationError) Error() string { return e.Message }

// Login rate limit: stricter than Ghost's 5 per hour per address.
const (
	Window         = 15 * time.Minute
	MaxPerAccount  = 5  // failures for one account from one address
	MaxPerAddress  = 50 // failures from one address, any account
	MinPasswordLen = 6
	maxPasswordLen = 72 // bcrypt's limit
	// DefaultCost is bcrypt's work factor for new hashes (~80 ms per check).
	DefaultCost     = 11
	sessionTokenLen = 32
)

// Service implements accounts and sessions on a store.
type Service struct {
	Store      store.Store
	SessionTTL time.Duration
	Now        func() time.Time
	// Cost is bcrypt's work factor (DefaultCost when 0; tests lower it).
	Cost int

	dummyOnce sync.Once
	dummy     []byte
}

// New returns a Service with the real clock.
func New(s store.Store, ttl time.Duration) *Service {
	return &Service{Store: s, SessionTTL: ttl, Now: time.Now}
}

// HashPassword hashes with bcrypt at the service's cost.
func (s *Service) HashPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), s.cost())
	return string(h), err
}

func (s *Service) cost() int {
	if s.Cost == 0 {
		return DefaultCost
	}
	return s.Cost
}

// dummyHash makes a login for an unknown e-mail cost as much as a real one,
// so response times do not reveal which e-mails have accounts.
func (s *Service) dummyHash() []byte {
	s.dummyOnce.Do(func() {
		s.dummy, _ = bcrypt.GenerateFromPassword([]byte("inkpress-timing-equaliser"), s.cost())
	})
	return s.dummy
}

// SignUpInput is the sign-up form.
type SignUpInput struct {
	Name, Email, Password, BlogName string
}

// ValidateSignUp normalises and checks the form.
func ValidateSignUp(in *SignUpInput) error {
	in.Name = strings.TrimSpace(in.Name)
	in.BlogName = strings.TrimSpace(in.BlogName)
	if in.Name == "" {
		return &ValidationError{"name", "Name is required"}
	}
	if len([]rune(in.Name)) > 100 {
		return &ValidationError{"name", "Name must be at most 100 characters"}
	}
	email, ok := content.NormalizeEmail(in.Email)
	if strings.TrimSpace(in.Email) == "" {
		return &ValidationError{"email", "Email is required"}
	}
	if !ok {
		return &ValidationError{"email", "Please enter a valid email address"}
	}
	in.Email = email
	if len(in.Password) < MinPasswordLen {
		return &ValidationError{"password", "Password must be at least 6 characters"}
	}
	if len(in.Password) > maxPasswordLen {
		return &ValidationError{"password", "Password must be at most 72 characters"}
	}
	if in.BlogName == "" {
		in.BlogName = in.Name + "'s Blog"
	}
	if len([]rune(in.BlogName)) > 120 {
		return &ValidationError{"blogName", "Blog name must be at most 120 characters"}
	}
	return nil
}

// SignUp creates the user, workspace, settings and usage row in one
// transaction. The workspace slug follows the seed's rule from the name.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) (*store.User, *store.Workspace, error) {
	if err := ValidateSignUp(&in); err != nil {
		return nil, nil, err
	}
	hash, err := s.HashPassword(in.Password)
	if err != nil {
		return nil, nil, err
	}
	now := s.Now()
	// A new workspace is in its trial: limits from the plan table.
	posts, images := plan.Limits(store.PlanStarter, now, now, false)
	u, ws, err := s.Store.SignUp(ctx, store.SignUp{
		Email: in.Email, Name: in.Name, PasswordHash: hash, BlogName: in.BlogName,
		WorkspaceSlug: content.Slugify(in.Name), Month: plan.Month(now), PostsLimit: posts, ImagesLimit: images,
	})
	if errors.Is(err, store.ErrConflict) {
		return nil, nil, ErrEmailTaken
	}
	return u, ws, err
}

// Login checks the rate limit, then the password. Failures are recorded per
// account+address and per address; a success clears the account's count.
func (s *Service) Login(ctx context.Context, email, password, addr string) (*store.User, error) {
	email, _ = content.NormalizeEmail(email)
	if email == "" {
		email = strings.ToLower(strings.TrimSpace(email))
	}
	acctKey, addrKey := "acct:"+email+"|"+addr, "addr:"+addr
	if err := s.checkLimit(ctx, acctKey, addrKey); err != nil {
		return nil, err
	}
	u, err := s.Store.GetUserByEmail(ctx, email)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	hash := s.dummyHash()
	if u != nil {
		hash = []byte(u.PasswordHash)
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil || u == nil {
		if err := s.Store.RecordLoginFailure(ctx, acctKey, addrKey, s.Now()); err != nil {
			return nil, err
		}
		return nil, ErrInvalidCredentials
	}
	if err := s.Store.ClearLoginFailures(ctx, acctKey); err != nil {
		return nil, err
	}
	return u, nil
}

func (s *Service) checkLimit(ctx context.Context, acctKey, addrKey string) error {
	now := s.Now()
	since := now.Add(-Window)
	for _, k := range []struct {
		key string
		max int
	}{{acctKey, MaxPerAccount}, {addrKey, MaxPerAddress}} {
		n, oldest, err := s.Store.CountLoginFailures(ctx, k.key, since)
		if err != nil {
			return err
		}
		if n >= k.max {
			retry := oldest.Add(Window).Sub(now)
			if retry < time.Second {
				retry = time.Second
			}
			return &RateLimitedError{RetryAfter: retry}
		}
	}
	return nil
}

// NewSession stores a session for the user and returns the cookie token.
// Only the token's SHA-256 is stored, so a database leak yields no sessions.
func (s *Service) NewSession(ctx context.Context, userID int64) (token string, expires time.Time, err error) {
	token = RandomToken(sessionTokenLen)
	now := s.Now()
	expires = now.Add(s.SessionTTL)
	err = s.Store.CreateSession(ctx, &store.Session{TokenHash: hashToken(token), UserID: userID, CreatedAt: now, ExpiresAt: expires})
	return token, expires, err
}

// Authenticate resolves a session token to its user.
func (s *Service) Authenticate(ctx context.Context, token string) (*store.User, error) {
	if token == "" || len(token) > 100 {
		return nil, ErrNoSession
	}
	sess, err := s.Store.GetSession(ctx, hashToken(token), s.Now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, err
	}
	u, err := s.Store.GetUser(ctx, sess.UserID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNoSession
	}
	return u, err
}

// Logout deletes the session.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	return s.Store.DeleteSession(ctx, hashToken(token))
}

// EnsureAdmin creates the user (or resets its password) and grants admin.
func (s *Service) EnsureAdmin(ctx context.Context, email, password, name string) (*store.User, error) {
	email, ok := content.NormalizeEmail(email)
	if !ok {
		return nil, &ValidationError{"email", "Please enter a valid email address"}
	}
	if len(password) < MinPasswordLen {
		return nil, &ValidationError{"password", "Password must be at least 6 characters"}
	}
	hash, err := s.HashPassword(password)
	if err != nil {
		return nil, err
	}
	u, err := s.Store.GetUserByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		u = &store.User{Email: email, Name: name, PasswordHash: hash}
		if err := s.Store.CreateUser(ctx, u); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	default:
		if err := s.Store.SetPassword(ctx, u.ID, hash); err != nil {
			return nil, err
		}
	}
	return u, s.Store.AddRole(ctx, u.ID, store.RoleAdmin)
}

// RandomToken returns n random bytes, base64url-encoded.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}

// TokensEqual compares CSRF tokens in constant time.
func TokensEqual(a, b string) bool {
	return a != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
