package tlsserve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/caddyserver/certmagic"

	"github.com/inkpress/inkpress/store"
)

// Default lock timing: a held lock is renewed every LockTTL/3, so a holder
// that dies frees its locks within LockTTL.
const (
	DefaultLockTTL  = 2 * time.Minute
	DefaultLockPoll = time.Second
)

// Storage is certmagic's storage over the database, so that every instance
// serves, renews and orders certificates from one place. Locks are rows
// with an expiry (store.CertStore): a holder keeps its lock alive while it
// works, and a lock whose holder stopped renewing is taken over once it
// expires. Like certmagic's own file storage, this gives up perfect
// exclusion for liveness: a holder paused longer than LockTTL may lose its
// lock, and then at worst two instances order the same certificate.
type Storage struct {
	DB     store.CertStore
	Logger *slog.Logger
	// LockTTL is how long a lock lasts unless renewed (DefaultLockTTL).
	LockTTL time.Duration
	// LockPoll is how often Lock tries again while another holds the name
	// (DefaultLockPoll).
	LockPoll time.Duration
	// Now is the clock that stamps values and lock expiries (time.Now).
	Now func() time.Time

	mu   sync.Mutex
	held map[string]*heldLock
}

// heldLock is one lock this instance holds, and its renewer.
type heldLock struct {
	token string
	stop  chan struct{}
	done  chan struct{}
}

var (
	_ certmagic.Storage   = (*Storage)(nil)
	_ certmagic.TryLocker = (*Storage)(nil)
)

// NewStorage returns the database storage with the default lock timing.
func NewStorage(s store.CertStore, logger *slog.Logger) *Storage {
	return &Storage{DB: s, Logger: logger}
}

func (s *Storage) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Storage) ttl() time.Duration {
	if s.LockTTL > 0 {
		return s.LockTTL
	}
	return DefaultLockTTL
}

// String names the storage in certmagic's logs.
func (s *Storage) String() string { return "database" }

func (s *Storage) Store(ctx context.Context, key string, value []byte) error {
	return s.DB.PutCert(ctx, key, value, s.now())
}

func (s *Storage) Load(ctx context.Context, key string) ([]byte, error) {
	v, err := s.DB.GetCert(ctx, key)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%s: %w", key, fs.ErrNotExist)
	}
	return v, err
}

func (s *Storage) Delete(ctx context.Context, key string) error {
	return s.DB.DeleteCerts(ctx, key)
}

func (s *Storage) Exists(ctx context.Context, key string) bool {
	_, err := s.Stat(ctx, key)
	return err == nil
}

// Stat describes a value, or a "directory": a key that only prefixes others.
func (s *Storage) Stat(ctx context.Context, key string) (certmagic.KeyInfo, error) {
	info, err := s.DB.StatCert(ctx, key)
	if err == nil {
		return certmagic.KeyInfo{Key: key, Modified: info.Modified, Size: info.Size, IsTerminal: true}, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return certmagic.KeyInfo{}, err
	}
	under, err := s.DB.CertKeys(ctx, key)
	if err != nil {
		return certmagic.KeyInfo{}, err
	}
	if len(under) == 0 {
		return certmagic.KeyInfo{}, fmt.Errorf("%s: %w", key, fs.ErrNotExist)
	}
	return certmagic.KeyInfo{Key: key}, nil
}

// List returns what lies under dir, as certmagic's file storage does: its
// direct entries (values and directories), or with recursive every value
// and directory below it.
func (s *Storage) List(ctx context.Context, dir string, recursive bool) ([]string, error) {
	keys, err := s.DB.CertKeys(ctx, dir)
	if err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s: %w", dir, fs.ErrNotExist)
	}
	base := ""
	if dir != "" {
		base = strings.TrimSuffix(dir, "/") + "/"
	}
	seen := map[string]bool{}
	var out []string
	for _, k := range keys {
		parts := strings.Split(strings.TrimPrefix(k, base), "/")
		n := 1
		if recursive {
			n = len(parts)
		}
		for i := 1; i <= n; i++ {
			entry := base + strings.Join(parts[:i], "/")
			if !seen[entry] {
				seen[entry] = true
				out = append(out, entry)
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

// Lock takes the named lock, waiting (polling every LockPoll) while another
// instance holds it, until ctx ends.
func (s *Storage) Lock(ctx context.Context, name string) error {
	poll := s.LockPoll
	if poll <= 0 {
		poll = DefaultLockPoll
	}
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
		ok, err := s.TryLock(ctx, name)
		if err != nil || ok {
			return err
		}
		t.Reset(poll)
	}
}

// TryLock takes the named lock if it is free (or expired), without waiting.
func (s *Storage) TryLock(ctx context.Context, name string) (bool, error) {
	token := newToken()
	now := s.now()
	ok, err := s.DB.ClaimCertLock(ctx, name, token, now, now.Add(s.ttl()))
	if err != nil || !ok {
		return false, err
	}
	h := &heldLock{token: token, stop: make(chan struct{}), done: make(chan struct{})}
	s.mu.Lock()
	if s.held == nil {
		s.held = map[string]*heldLock{}
	}
	old := s.held[name]
	s.held[name] = h
	s.mu.Unlock()
	if old != nil {
		// Our earlier hold expired and was claimed again: its renewer
		// renews nothing any more.
		close(old.stop)
	}
	go s.renew(name, h)
	return true, nil
}

// renew keeps a held lock alive until Unlock, or until it finds the lock
// lost (it expired and another instance took it).
func (s *Storage) renew(name string, h *heldLock) {
	defer close(h.done)
	every := s.ttl() / 3
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), every)
		ok, err := s.DB.RenewCertLock(ctx, name, h.token, s.now().Add(s.ttl()))
		cancel()
		switch {
		case err != nil:
			s.log().Warn("tls: renew certificate lock", "lock", name, "err", err)
		case !ok:
			s.log().Warn("tls: certificate lock lost to another instance", "lock", name)
			return
		}
	}
}

// Unlock frees a lock taken by Lock or TryLock; a lock lost meanwhile to
// another instance is left to it.
func (s *Storage) Unlock(ctx context.Context, name string) error {
	s.mu.Lock()
	h := s.held[name]
	delete(s.held, name)
	s.mu.Unlock()
	if h == nil {
		return fmt.Errorf("tls: unlock %s: not held", name)
	}
	close(h.stop)
	<-h.done
	return s.DB.ReleaseCertLock(ctx, name, h.token)
}

func (s *Storage) log() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// newToken names one holding of a lock, so that releasing or renewing it
// never touches a later holder's.
func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
