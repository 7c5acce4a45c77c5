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
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/workspace"
	"github.com/inkpress/inkpress/store"
)

// Refusals of sign-up and login.
var (
	ErrInvalidCredentials = apperr.New(apperr.Unauthenticated, "invalid_credentials", "Invalid credentials")
	ErrEmailTaken         = apperr.New(apperr.Conflict, "email_taken", "An account with this email already exists")
	// ErrNoSession is an absent, unknown or expired session: the caller is
	// a visitor, which is not an error to answer.
	ErrNoSession = errors.New("not signed in")
)

// rateLimited says when the caller may try again.
func rateLimited(retry time.Duration) *apperr.Error {
	e := apperr.Newf(apperr.TooMany, "rate_limited", "Too many login attempts. Try again in %d minutes.", int(retry.Minutes())+1)
	e.RetryAfter = retry
	return e
}

// Login rate limit: stricter than Ghost's 5 per hour per address.
const (
	Window        = 15 * time.Minute
	MaxPerAccount = 5  // failures for one account from one address
	MaxPerAddress = 50 // failures from one address, any account
	// Sign-up form lengths (the blog name's is blog.MaxBlogTitle).
	MaxNameLen     = 100
	MinPasswordLen = 6
	MaxPasswordLen = 72 // bcrypt's limit
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
		return apperr.Validation("Name is required")
	}
	if len([]rune(in.Name)) > MaxNameLen {
		return apperr.Validation("Name must be at most %d characters", MaxNameLen)
	}
	email, ok := content.NormalizeEmail(in.Email)
	if strings.TrimSpace(in.Email) == "" {
		return apperr.Validation("Email is required")
	}
	if !ok {
		return apperr.Validation("Please enter a valid email address")
	}
	in.Email = email
	if err := checkPassword(in.Password); err != nil {
		return err
	}
	if in.BlogName == "" {
		in.BlogName = in.Name + "'s Blog"
	}
	if len([]rune(in.BlogName)) > blog.MaxBlogTitle {
		return apperr.Validation("Blog name must be at most %d characters", blog.MaxBlogTitle)
	}
	return nil
}

func checkPassword(pw string) error {
	if len(pw) < MinPasswordLen {
		return apperr.Validation("Password must be at least %d characters", MinPasswordLen)
	}
	if len(pw) > MaxPasswordLen {
		return apperr.Validation("Password must be at most %d characters", MaxPasswordLen)
	}
	return nil
}

// SignUp creates the user and their workspace (workspace.Record: settings
// and this month's usage row) in one transaction. The workspace is named
// after the blog name and its slug made from the user's name.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) (*store.User, *store.Workspace, error) {
	if err := ValidateSignUp(&in); err != nil {
		return nil, nil, err
	}
	hash, err := s.HashPassword(in.Password)
	if err != nil {
		return nil, nil, err
	}
	rec := workspace.Record(workspace.New{Name: in.BlogName, Slug: content.Slugify(in.Name)}, s.Now())
	u, ws, err := s.Store.SignUp(ctx, store.SignUp{
		Email: in.Email, Name: in.Name, PasswordHash: hash, BlogName: rec.Name,
		WorkspaceSlug: rec.Slug, Month: rec.Month, PostsLimit: rec.Posts, ImagesLimit: rec.Images,
	})
	if errors.Is(err, store.ErrConflict) {
		return nil, nil, ErrEmailTaken
	}
	return u, ws, err
}

// Login checks the rate limit, then the password. Failures are recorded per
// account+address and per address; a success clears the account's count.
func (s *Service) Login(ctx context.Context, email, password, addr string) (*store.User, error) {
	if email == "" || password == "" {
		return nil, apperr.Validation("Email and password are required")
	}
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
			return rateLimited(retry)
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
		return nil, apperr.Validation("Please enter a valid email address")
	}
	if err := checkPassword(password); err != nil {
		return nil, err
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
