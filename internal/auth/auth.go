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
	"log/slog"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/auth/password"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/internal/workspace"
	"github.com/inkpress/inkpress/store"
)

// Refusals of sign-up and login.
var (
	// ErrBusy is a password check refused because the checks already
	// running and waiting fill their bound (a flood of logins).
	ErrBusy = func() *apperr.Error {
		e := apperr.New(apperr.TooMany, "rate_limited", "Too many sign-ins are being checked right now. Try again in a few seconds.")
		e.RetryAfter = 5 * time.Second
		return e
	}()
	ErrInvalidCredentials = apperr.New(apperr.Unauthenticated, "invalid_credentials", "Invalid credentials")
	ErrEmailTaken         = apperr.New(apperr.Conflict, "email_taken", "An account with this email already exists")
	// ErrNoSession is an absent, unknown or expired session: the caller is
	// a visitor, which is not an error to answer.
	ErrNoSession = errors.New("not signed in")
)

// Login rate limit: stricter than Ghost's 5 per hour per address. Every
// attempt takes a slot before its password is checked (a success hands its
// slot back), so a burst of concurrent guesses gets no more checks than the
// limit, whichever instance they reach.
const (
	Window        = 15 * time.Minute
	MaxPerAccount = 5  // attempts for one account from one address
	MaxPerAddress = 50 // attempts from one address, any account
	// SignUpWindow and DefaultSignUpsPerWindow limit accounts created from
	// one address: each has free AI quota and costs a bcrypt hash.
	SignUpWindow            = time.Hour
	DefaultSignUpsPerWindow = 5
	// Sign-up form lengths (the blog name's is blog.MaxBlogTitle).
	MaxNameLen     = 100
	MinPasswordLen = password.MinLen   // characters
	MaxPasswordLen = password.MaxBytes // bytes: bcrypt's limit
	// HashWaitersPerSlot is the default bound of calls waiting for a
	// hashing slot, per slot: past it a login is refused at once (429
	// ErrBusy) instead of queueing until its request times out.
	HashWaitersPerSlot = 2
	// DefaultCost is bcrypt's work factor for new hashes (~80 ms per check).
	DefaultCost     = 11
	sessionTokenLen = 32
)

// AccountTiers limit the failed logins of one account from every address
// together. Each tier allows twice the failures of the one before over four
// times its window, so a guesser's wait grows about exponentially (1, 4,
// 16, then 64 minutes) and a sustained attack gets about one guess a
// minute; the real owner is never kept out longer than about an hour, is
// told by e-mail (OnLockout), and a password reset or a successful login
// clears the count.
var AccountTiers = []struct {
	Max    int
	Window time.Duration
}{{8, time.Minute}, {16, 4 * time.Minute}, {32, 16 * time.Minute}, {64, 64 * time.Minute}}

// accountKeys are the rate keys of an account's tiers (an e-mail without an
// account has them too: refusals must not tell which e-mails exist).
func accountKeys(email string) []string {
	keys := make([]string, len(AccountTiers))
	for i := range AccountTiers {
		keys[i] = "acct-all:" + strconv.Itoa(i) + ":" + email
	}
	return keys
}

// Store is what the Service touches: users, sessions and the rate limits of
// logins and sign-ups.
type Store interface {
	store.UserStore
	store.SessionStore
	ratelimit.Store
}

// Service implements accounts and sessions on a store.
type Service struct {
	Store      Store
	SessionTTL time.Duration
	Now        func() time.Time
	// Cost is bcrypt's work factor (DefaultCost when 0; tests lower it).
	Cost int
	// SignUpsPerWindow is how many accounts one address may create per
	// SignUpWindow (DefaultSignUpsPerWindow when 0).
	SignUpsPerWindow int
	// MaxHashing bounds the bcrypt computations running at once (the CPU
	// count when 0): a burst waits its turn instead of making every login
	// on the machine slow.
	MaxHashing int
	// MaxHashWaiting bounds the calls waiting for a hashing slot (beyond
	// those holding one); past it ErrBusy. HashWaitersPerSlot per slot
	// when 0.
	MaxHashWaiting int
	// AfterSignUp runs once an account is created (the verification
	// e-mail); its failure does not undo the sign-up.
	AfterSignUp func(ctx context.Context, u *store.User)
	// OnLockout runs when a login is refused because the account's failed
	// logins fill a tier (every such refusal: the callee sends its e-mail
	// once per lockout). email is normalised and may have no account.
	OnLockout func(ctx context.Context, email string)

	// compare checks a password against a hash (bcrypt; tests count calls).
	compare func(hash, pw []byte) error

	initOnce  sync.Once
	hashing   chan struct{}
	hashQueue atomic.Int32 // calls waiting for a hashing slot or holding one
	limiter   *ratelimit.Limiter
	dummyOnce sync.Once
	dummy     []byte
}

// New returns a Service with the real clock.
func New(s Store, ttl time.Duration) *Service {
	return &Service{Store: s, SessionTTL: ttl, Now: time.Now}
}

func (s *Service) init() {
	s.initOnce.Do(func() {
		n := s.MaxHashing
		if n <= 0 {
			n = runtime.NumCPU()
		}
		s.hashing = make(chan struct{}, n)
		s.limiter = &ratelimit.Limiter{Store: s.Store, Now: func() time.Time { return s.Now() }}
		if s.compare == nil {
			s.compare = bcrypt.CompareHashAndPassword
		}
	})
}

// withHashSlot runs fn once a hashing slot is free. It refuses with ErrBusy,
// without waiting, when the slots and the waiters' places are all taken,
// and when ctx ends first (the request timed out waiting): under a flood
// the work stays bounded and the answer is 429, never an error.
func (s *Service) withHashSlot(ctx context.Context, fn func()) error {
	s.init()
	waiting := s.MaxHashWaiting
	if waiting <= 0 {
		waiting = cap(s.hashing) * HashWaitersPerSlot
	}
	if n := s.hashQueue.Add(1); int(n) > cap(s.hashing)+waiting {
		s.hashQueue.Add(-1)
		return ErrBusy
	}
	defer s.hashQueue.Add(-1)
	select {
	case s.hashing <- struct{}{}:
	case <-ctx.Done():
		return ErrBusy
	}
	defer func() { <-s.hashing }()
	fn()
	return nil
}

// HashPassword hashes with bcrypt at the service's cost.
func (s *Service) HashPassword(ctx context.Context, pw string) (string, error) {
	var h []byte
	var err error
	if werr := s.withHashSlot(ctx, func() { h, err = bcrypt.GenerateFromPassword([]byte(pw), s.cost()) }); werr != nil {
		return "", werr
	}
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
	// Addr is the client's address, which the sign-up limit counts by.
	Addr string
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
	if err := password.Check(in.Password); err != nil {
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

// SignUp creates the user and their workspace (workspace.Record: settings
// and this month's usage row) in one transaction. The workspace is named
// after the blog name, and its address made from the blog name the form
// gave (else from the user's name: the default blog name, "{name}'s Blog",
// says no more). A valid form takes a slot of the address's sign-up limit
// before anything is hashed.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) (*store.User, *store.Workspace, error) {
	addressOf := in.Name
	if strings.TrimSpace(in.BlogName) != "" {
		addressOf = in.BlogName
	}
	if err := ValidateSignUp(&in); err != nil {
		return nil, nil, err
	}
	s.init()
	perWindow := s.SignUpsPerWindow
	if perWindow <= 0 {
		perWindow = DefaultSignUpsPerWindow
	}
	if _, err := s.limiter.Reserve(ctx, "sign-ups from your network",
		ratelimit.Rule{Key: "signup:" + in.Addr, Max: perWindow, Window: SignUpWindow}); err != nil {
		return nil, nil, err
	}
	hash, err := s.HashPassword(ctx, in.Password)
	if err != nil {
		return nil, nil, err
	}
	rec := workspace.Record(workspace.New{Name: in.BlogName, Slug: blog.AddressFromName(addressOf)}, s.Now())
	u, ws, err := s.Store.SignUp(ctx, store.SignUp{
		Email: in.Email, Name: in.Name, PasswordHash: hash, BlogName: rec.Name,
		WorkspaceSlug: rec.Slug, Month: rec.Month, PostsLimit: rec.Posts, ImagesLimit: rec.Images,
	})
	if errors.Is(err, store.ErrConflict) {
		return nil, nil, ErrEmailTaken
	}
	if err == nil && s.AfterSignUp != nil {
		s.AfterSignUp(ctx, u)
	}
	return u, ws, err
}

// Login takes a slot of the account's tiers (every address together), then
// of the limits per account+address and per address, then checks the
// password, so concurrent attempts beyond any limit are refused without a
// bcrypt. A success hands back the address's slot and clears the account's
// counts; a failure keeps them all. An attempt refused by a later limit,
// or because the checks are busy, hands back the slots it took.
func (s *Service) Login(ctx context.Context, email, pw, addr string) (*store.User, error) {
	if email == "" || pw == "" {
		return nil, apperr.Validation("Email and password are required")
	}
	// No stored password is longer (sign-up refuses it), and bcrypt would
	// compare only its first 72 bytes: such a password never matches.
	if len(pw) > MaxPasswordLen {
		return nil, ErrInvalidCredentials
	}
	if norm, ok := content.NormalizeEmail(email); ok {
		email = norm
	} else {
		email = strings.ToLower(strings.TrimSpace(email))
	}
	s.init()
	tierKeys := accountKeys(email)
	tiers := make([]ratelimit.Rule, len(AccountTiers))
	for i, t := range AccountTiers {
		tiers[i] = ratelimit.Rule{Key: tierKeys[i], Max: t.Max, Window: t.Window}
	}
	tierSlot, err := s.limiter.Reserve(ctx, "failed logins", tiers...)
	if err != nil {
		if e := apperr.As(err); e != nil && e.Kind == apperr.TooMany {
			if s.OnLockout != nil {
				s.OnLockout(ctx, email)
			}
			return nil, lockedOut(e.RetryAfter)
		}
		return nil, err
	}
	// Slots are handed back even when the request has ended.
	rctx := context.WithoutCancel(ctx)
	releaseTiers := func() {
		for _, k := range tierKeys {
			if err := tierSlot.Release(rctx, k); err != nil {
				slog.Warn("login: hand back an account slot", "err", err)
			}
		}
	}
	acctKey, addrKey := "acct:"+email+"|"+addr, "addr:"+addr
	slot, err := s.limiter.Reserve(ctx, "login attempts",
		ratelimit.Rule{Key: acctKey, Max: MaxPerAccount, Window: Window},
		ratelimit.Rule{Key: addrKey, Max: MaxPerAddress, Window: Window})
	if err != nil {
		releaseTiers()
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
	var match bool
	if err := s.withHashSlot(ctx, func() { match = s.compare(hash, []byte(pw)) == nil }); err != nil {
		// Nothing was checked: the attempt does not count.
		releaseTiers()
		for _, k := range []string{acctKey, addrKey} {
			if rerr := slot.Release(rctx, k); rerr != nil {
				slog.Warn("login: hand back a slot", "err", rerr)
			}
		}
		return nil, err
	}
	if !match || u == nil {
		return nil, ErrInvalidCredentials
	}
	// The password matched: handing back the slots is bookkeeping, and a
	// failure (the disk full) does not fail the sign-in; the slots then
	// expire with their window.
	if err := s.clearAccount(rctx, email, acctKey); err != nil {
		slog.WarnContext(ctx, "login: clear the account's failed logins", "err", err)
	}
	if err := slot.Release(rctx, addrKey); err != nil {
		slog.WarnContext(ctx, "login: hand back the address's slot", "err", err)
	}
	return u, nil
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
func (s *Service) EnsureAdmin(ctx context.Context, email, pw, name string) (*store.User, error) {
	email, ok := content.NormalizeEmail(email)
	if !ok {
		return nil, apperr.Validation("Please enter a valid email address")
	}
	if err := password.Check(pw); err != nil {
		return nil, err
	}
	hash, err := s.HashPassword(ctx, pw)
	if err != nil {
		return nil, err
	}
	u, err := s.Store.GetUserByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		// The operator chose this address (configuration or command):
		// there is nobody to send a verification link to first.
		u = &store.User{Email: email, Name: name, PasswordHash: hash, EmailVerified: true}
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

// CheckPassword reports whether pw is u's password, checked in a hashing
// slot like a login.
func (s *Service) CheckPassword(ctx context.Context, u *store.User, pw string) (bool, error) {
	if pw == "" || len(pw) > MaxPasswordLen {
		return false, nil
	}
	s.init()
	var match bool
	if err := s.withHashSlot(ctx, func() { match = s.compare([]byte(u.PasswordHash), []byte(pw)) == nil }); err != nil {
		return false, err
	}
	return match, nil
}

// ClearLoginFailures forgets the failed logins of the account, from addr
// and from everywhere (a password reset proved who the user is).
func (s *Service) ClearLoginFailures(ctx context.Context, email, addr string) error {
	s.init()
	return s.clearAccount(ctx, email, "acct:"+email+"|"+addr)
}

// clearAccount forgets the account's failures under its tiers and acctKey.
func (s *Service) clearAccount(ctx context.Context, email, acctKey string) error {
	var errs []error
	for _, k := range append(accountKeys(email), acctKey) {
		if err := s.limiter.Clear(ctx, k); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// lockedOut is the refusal of a login to an account whose failed logins
// fill a tier: it says when to come back and that a reset ends it.
func lockedOut(retry time.Duration) *apperr.Error {
	e := ratelimit.Refusal("failed logins for this account", retry)
	e.Message = strings.TrimSuffix(e.Message, ".") + ", or reset your password."
	return e
}

// RandomToken returns n random bytes, base64url-encoded.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is the SHA-256 (hex) under which a token is stored.
func HashToken(t string) string { return hashToken(t) }

func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}

// TokensEqual compares CSRF tokens in constant time.
func TokensEqual(a, b string) bool {
	return a != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
