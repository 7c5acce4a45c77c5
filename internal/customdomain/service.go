package customdomain

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/store"
)

// Resolver looks up TXT records; *net.Resolver is one, tests pass a fake.
type Resolver interface {
	LookupTXT(ctx context.Context, name string) ([]string, error)
}

// Manual checks ("Check now") per workspace: enough to retry while a record
// propagates, too few to turn the server into a DNS hammer.
const (
	ChecksPerWindow = 10
	CheckWindow     = 15 * time.Minute
)

// LookupTimeout bounds one TXT lookup.
const LookupTimeout = 10 * time.Second

// Refusals.
var (
	ErrNoDomain    = apperr.New(apperr.NotFound, "domain_not_found", "This blog has no custom domain.")
	ErrTaken       = apperr.New(apperr.Conflict, "domain_taken", "Another blog already uses that domain.")
	ErrNotOnPlan   = apperr.New(apperr.Forbidden, "custom_domain_unavailable", "Custom domains are available on the Professional and Agency plans. Upgrade to use your own domain.")
	ErrSiteBlog    = apperr.New(apperr.Forbidden, "custom_domain_unavailable", "The platform's own blog is served at the base URL and cannot have a custom domain.")
	errNoWorkspace = apperr.New(apperr.NotFound, "workspace_not_found", "Workspace not found")
)

// Store is what the Service touches: custom domains and the workspaces they
// belong to.
type Store interface {
	store.DomainStore
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
}

// Service sets, verifies and removes custom domains, and answers which
// names may have a certificate.
type Service struct {
	Store    Store
	Cache    *cache.Cache
	Site     *blogaddr.Site
	Resolver Resolver
	Limiter  *ratelimit.Limiter
	// Pages is told that a blog's address changed (its pages move).
	Pages interface {
		BlogChanged(ctx context.Context, workspaceID int64)
	}
	// PlatformHost is the host of the base URL: never a custom domain, and
	// the target of the CNAME records. PublicIP ("" when unknown) is the
	// address an apex domain's A or AAAA record points at.
	PlatformHost string
	PublicIP     string
	// SiteWorkspace is the slug of the platform's own blog (always served
	// at the base URL).
	SiteWorkspace string
	Logger        *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time

	refusedMu sync.Mutex
	refused   map[string]time.Time // name -> until when a certificate stays refused without a lookup
}

// RefusalTTL is how long a name refused a certificate for want of a
// verified domain is refused again without a database query: handshakes
// for unknown names cost one query per name and TTL, and a domain verified
// on another instance gets its certificate at most this much later.
const RefusalTTL = time.Minute

// maxRefusals bounds the remembered refusals (past it they start afresh).
const maxRefusals = 10_000

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// changed drops the workspace's cached pages and the cached blog lookups
// (its address changed).
func (s *Service) changed(workspaceID int64) {
	if s.Cache != nil {
		s.Cache.Invalidate(workspaceID)
	}
	if s.Site != nil {
		s.Site.Forget()
	}
	if s.Pages != nil {
		s.Pages.BlogChanged(context.Background(), workspaceID)
	}
}

// Records are the DNS records d needs.
func (s *Service) Records(d *store.Domain) []Record { return Records(d, s.PlatformHost, s.PublicIP) }

// Get is the workspace's domain, or nil when it has none.
func (s *Service) Get(ctx context.Context, ws *store.Workspace) (*store.Domain, error) {
	d, err := s.Store.GetDomain(ctx, ws.ID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return d, err
}

// Set gives the owner's workspace the domain name, pending until its TXT
// record is found. Only plans that sell custom domains may; setting the
// name the workspace already has keeps its state (a verified domain stays
// verified).
func (s *Service) Set(ctx context.Context, ws *store.Workspace, isAdmin bool, name string) (*store.Domain, error) {
	if !plan.For(ws.PlanTier, isAdmin).CustomDomain {
		return nil, ErrNotOnPlan
	}
	return s.set(ctx, ws, name)
}

// Grant sets a workspace's domain whatever its plan (an admin's decision),
// pending like any other; an empty name removes it.
func (s *Service) Grant(ctx context.Context, workspaceID int64, name string) (*store.Workspace, *store.Domain, error) {
	ws, err := s.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &workspaceID})
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, errNoWorkspace
	}
	if err != nil {
		return nil, nil, err
	}
	if strings.TrimSpace(name) == "" {
		if err := s.Remove(ctx, ws); err != nil {
			return nil, nil, err
		}
		ws.CustomDomain = ""
		return ws, nil, nil
	}
	d, err := s.set(ctx, ws, name)
	if err != nil {
		return nil, nil, err
	}
	ws.CustomDomain = d.Name
	return ws, d, nil
}

func (s *Service) set(ctx context.Context, ws *store.Workspace, raw string) (*store.Domain, error) {
	if ws.Slug == s.SiteWorkspace {
		return nil, ErrSiteBlog
	}
	name, err := Normalize(raw, s.PlatformHost)
	if err != nil {
		return nil, err
	}
	cur, err := s.Get(ctx, ws)
	if err != nil {
		return nil, err
	}
	if cur != nil && cur.Name == name {
		return cur, nil
	}
	d := &store.Domain{WorkspaceID: ws.ID, Name: name, Status: store.DomainPending, Token: newToken(), AddedAt: s.now()}
	switch err := s.Store.SetDomain(ctx, d); {
	case errors.Is(err, store.ErrConflict):
		return nil, ErrTaken
	case errors.Is(err, store.ErrNotFound):
		return nil, errNoWorkspace
	case err != nil:
		return nil, err
	}
	s.changed(ws.ID)
	return d, nil
}

// newToken is the secret the TXT record proves knowledge of: 128 random
// bits, in hex (every DNS console takes it as typed).
func newToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b)
}

// Remove drops the workspace's domain: its blog is served at /blog/{slug} again.
func (s *Service) Remove(ctx context.Context, ws *store.Workspace) error {
	if err := s.Store.DeleteDomain(ctx, ws.ID); err != nil {
		return err
	}
	s.changed(ws.ID)
	return nil
}

// Verify looks the workspace's TXT record up now ("Check now"), within the
// workspace's check limit, and records the outcome: verified, or failed
// with the reason. A verified domain whose record is missing stays verified
// (only background checks take a domain off the air).
func (s *Service) Verify(ctx context.Context, ws *store.Workspace) (*store.Domain, error) {
	d, err := s.Get(ctx, ws)
	if err != nil {
		return nil, err
	}
	if d == nil {
		return nil, ErrNoDomain
	}
	if d.Token == "" {
		// Served before verification existed: nothing to look for.
		return d, nil
	}
	if _, err := s.Limiter.Reserve(ctx, "domain checks",
		ratelimit.Rule{Key: fmt.Sprintf("domain-check:%d", ws.ID), Max: ChecksPerWindow, Window: CheckWindow}); err != nil {
		return nil, err
	}
	next, err := s.check(ctx, d, true)
	if errors.Is(err, store.ErrNotFound) {
		// Changed or removed while we looked: answer what is there now.
		return s.Get(ctx, ws)
	}
	return next, err
}

// check looks d's record up and records the outcome.
func (s *Service) check(ctx context.Context, d *store.Domain, manual bool) (*store.Domain, error) {
	outcome, why := s.lookup(ctx, d)
	next := Next(*d, outcome, why, manual, s.now())
	err := s.Store.RecordDomainCheck(ctx, &next)
	if errors.Is(err, store.ErrConflict) {
		// Another blog proved the name first: this claim fails, with why.
		next.Status, next.VerifiedAt, next.Error = store.DomainFailed, time.Time{}, store.DomainClaimedError
		err = s.Store.RecordDomainCheck(ctx, &next)
	}
	if err != nil {
		return nil, err
	}
	if next.Status != d.Status {
		if next.Status == store.DomainVerified {
			s.forgetRefusal(d.Name)
		}
		s.changed(d.WorkspaceID)
	}
	return &next, nil
}

// lookup reads the TXT records at _inkpress.{name} and says whether one
// holds the token, with the reason when none does.
func (s *Service) lookup(ctx context.Context, d *store.Domain) (Outcome, string) {
	name := TXTPrefix + d.Name
	ctx, cancel := context.WithTimeout(ctx, LookupTimeout)
	defer cancel()
	txts, err := s.Resolver.LookupTXT(ctx, name)
	var dnsErr *net.DNSError
	switch {
	case err != nil && errors.As(err, &dnsErr) && dnsErr.IsNotFound:
		return Missing, "No TXT record found at " + name + "."
	case err != nil:
		return LookupFailed, "Could not look up " + name + ": DNS did not answer. Try again in a few minutes."
	case len(txts) == 0:
		return Missing, "No TXT record found at " + name + "."
	}
	want := TXTValue(d.Token)
	for _, t := range txts {
		if strings.TrimSpace(t) == want {
			return Found, ""
		}
	}
	return Missing, "The TXT record at " + name + " does not hold " + want + "."
}

// MaxChecksPerRun bounds one background run (the rest wait for the next).
const MaxChecksPerRun = 200

// CheckDue runs the background checks that are due (see Next for what they
// decide) and reports how many ran. Each domain is claimed by one instance.
func (s *Service) CheckDue(ctx context.Context) (int, error) {
	n := 0
	for n < MaxChecksPerRun {
		now := s.now()
		d, err := s.Store.ClaimDomainCheck(ctx, now, now.Add(-RetryEvery), now.Add(-Window), now.Add(-RecheckEvery))
		if errors.Is(err, store.ErrNotFound) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
		next, err := s.check(ctx, d, false)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return n, err
		}
		if err == nil && next.Status != d.Status && s.Logger != nil {
			s.Logger.Info("custom domain checked", "domain", d.Name, "workspace", d.WorkspaceID, "status", next.Status, "reason", next.Error)
		}
	}
	return n, nil
}

// Run checks due domains every tick until ctx ends.
func (s *Service) Run(ctx context.Context, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		if _, err := s.CheckDue(ctx); err != nil && ctx.Err() == nil && s.Logger != nil {
			s.Logger.Warn("custom domain checks", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// AllowCertificate says whether a TLS certificate may be issued for name
// (the host a TLS client asked for): only for a verified custom domain,
// by its exact normalised name. IP addresses, the platform's own host,
// unknown names and pending or failed domains are refused, so nobody can
// make the server request certificates for names it does not serve.
func (s *Service) AllowCertificate(ctx context.Context, name string) error {
	n, err := Normalize(name, s.PlatformHost)
	if err != nil {
		return fmt.Errorf("certificate for %q refused: %w", name, err)
	}
	if n != strings.ToLower(strings.TrimSuffix(strings.TrimSpace(name), ".")) {
		// Only the exact name a client sends (already ASCII) is served.
		return fmt.Errorf("certificate for %q refused: not a normalised host name", name)
	}
	now := s.now()
	s.refusedMu.Lock()
	until, ok := s.refused[n]
	s.refusedMu.Unlock()
	if ok && now.Before(until) {
		return fmt.Errorf("certificate for %q refused: no verified blog uses it (remembered)", name)
	}
	d, err := s.Store.FindDomain(ctx, n)
	switch {
	case errors.Is(err, store.ErrNotFound):
		err = fmt.Errorf("certificate for %q refused: no blog uses it", name)
	case err != nil:
		return err // the database's failure is not remembered
	case d.Status != store.DomainVerified:
		err = fmt.Errorf("certificate for %q refused: the domain is %s, not verified", name, d.Status)
	default:
		return nil
	}
	s.refusedMu.Lock()
	if s.refused == nil || len(s.refused) >= maxRefusals {
		s.refused = map[string]time.Time{}
	}
	s.refused[n] = now.Add(RefusalTTL)
	s.refusedMu.Unlock()
	return err
}

// forgetRefusal drops a remembered refusal of name (verified here).
func (s *Service) forgetRefusal(name string) {
	s.refusedMu.Lock()
	delete(s.refused, name)
	s.refusedMu.Unlock()
}
