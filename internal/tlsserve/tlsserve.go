// Package tlsserve obtains and renews certificates for custom domains on
// demand (certmagic, ACME) and serves them: the first TLS handshake for a
// name the Allow function accepts orders its certificate; every instance
// shares certificates, ACME state and locks through the database (Storage).
// On the plain HTTP listener it answers ACME HTTP challenges and sends a
// custom domain's visitors to https.
package tlsserve

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/caddyserver/certmagic"
)

// Config configures automatic TLS.
type Config struct {
	// Allow decides whether name (lower-case, no trailing dot) may have a
	// certificate: nil allows it. It is asked at every handshake for a name
	// not yet served, before any certificate is loaded or ordered, and
	// before each renewal; a refused name gets no certificate and costs no
	// ACME request.
	Allow func(ctx context.Context, name string) error
	// Storage holds certificates, keys, the ACME account and locks; the
	// database (Storage) so that every instance shares them.
	Storage certmagic.Storage
	// CA is the ACME directory URL; Email the account's contact (may be empty).
	CA, Email string
	// CARoots are the roots trusted for the ACME server (nil: the system's).
	CARoots *x509.CertPool
	// Addr and HTTPAddr are the TLS and plain listeners' addresses: ACME
	// challenges for the TLS-ALPN and HTTP methods arrive on their ports
	// (directly, or forwarded from 443 and 80), where this instance answers
	// them for any instance (the challenge is in Storage).
	Addr, HTTPAddr string
	// PlatformHosts are the platform's own host names: never asked for,
	// whatever Allow says (the platform is served behind its own proxy).
	PlatformHosts []string
	Logger        *slog.Logger
}

// Manager serves certificates for the names Allow accepts.
type Manager struct {
	cfg      Config
	magic    *certmagic.Config
	issuer   *certmagic.ACMEIssuer
	cache    *certmagic.Cache
	httpsEnd string // ":port" added to redirects, "" for 443
}

// New builds the manager; nothing is requested from the CA until a
// handshake for an allowed name needs a certificate.
func New(cfg Config) (*Manager, error) {
	if cfg.Allow == nil || cfg.Storage == nil || cfg.CA == "" {
		return nil, errors.New("tlsserve: Allow, Storage and CA are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	m := &Manager{cfg: cfg}
	host, tlsPort, err := splitPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("tlsserve: TLS address %q: %w", cfg.Addr, err)
	}
	_, httpPort, err := splitPort(cfg.HTTPAddr)
	if err != nil {
		return nil, fmt.Errorf("tlsserve: HTTP address %q: %w", cfg.HTTPAddr, err)
	}
	if tlsPort != 443 && tlsPort != 0 {
		m.httpsEnd = ":" + strconv.Itoa(tlsPort)
	}
	zl := zapLogger(cfg.Logger.Handler())
	m.cache = certmagic.NewCache(certmagic.CacheOptions{
		GetConfigForCert: func(certmagic.Certificate) (*certmagic.Config, error) { return m.magic, nil },
		Logger:           zl,
	})
	m.magic = certmagic.New(m.cache, certmagic.Config{
		Storage:  cfg.Storage,
		Logger:   zl,
		OnDemand: &certmagic.OnDemandConfig{DecisionFunc: m.decide},
	})
	// The challenge ports are this instance's own listeners: certmagic
	// finds them taken and leaves the answers to them (HTTPHandler, and
	// GetCertificate for TLS-ALPN) instead of opening listeners of its own.
	m.issuer = certmagic.NewACMEIssuer(m.magic, certmagic.ACMEIssuer{
		CA:             cfg.CA,
		Email:          cfg.Email,
		Agreed:         true, // turning TLS on is accepting the CA's terms (README)
		TrustedRoots:   cfg.CARoots,
		ListenHost:     host,
		AltHTTPPort:    httpPort,
		AltTLSALPNPort: tlsPort,
		Logger:         zl,
	})
	m.magic.Issuers = []certmagic.Issuer{m.issuer}
	return m, nil
}

func splitPort(addr string) (string, int, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, err
	}
	n, err := strconv.Atoi(port)
	if err != nil {
		return "", 0, err
	}
	return host, n, nil
}

// ErrRefused is why a name gets no certificate from this package itself:
// an IP address, a platform host, or not a public-looking name.
var ErrRefused = errors.New("no certificate for this name")

// decide is certmagic's decision function: the platform's own names and
// addresses are refused here, before Allow is asked.
func (m *Manager) decide(ctx context.Context, name string) error {
	name = strings.TrimSuffix(strings.ToLower(name), ".")
	if err := m.refused(name); err != nil {
		m.cfg.Logger.Debug("tls: certificate refused", "name", name, "err", err)
		return err
	}
	if err := m.cfg.Allow(ctx, name); err != nil {
		m.cfg.Logger.Debug("tls: certificate not allowed", "name", name, "err", err)
		return err
	}
	return nil
}

func (m *Manager) refused(name string) error {
	if name == "" || !strings.Contains(name, ".") || net.ParseIP(name) != nil ||
		name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return fmt.Errorf("%q: %w", name, ErrRefused)
	}
	for _, h := range m.cfg.PlatformHosts {
		if strings.EqualFold(name, h) {
			return fmt.Errorf("%q is the platform's host: %w", name, ErrRefused)
		}
	}
	return nil
}

// TLSConfig is the TLS listener's configuration: certificates on demand,
// and TLS-ALPN challenges answered during the handshake.
func (m *Manager) TLSConfig() *tls.Config {
	c := m.magic.TLSConfig()
	c.MinVersion = tls.VersionTLS12
	c.NextProtos = append([]string{"h2", "http/1.1"}, c.NextProtos...)
	return c
}

// HTTPHandler wraps the plain HTTP listener's handler: it answers ACME HTTP
// challenges (for any instance) and redirects requests for an allowed
// custom domain to https, path and query kept. Everything else, the
// platform's host above all (it may sit behind a proxy), passes through.
func (m *Manager) HTTPHandler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if m.issuer.HandleHTTPChallenge(w, r) {
			return
		}
		if !certmagic.LooksLikeHTTPChallenge(r) {
			host := r.Host
			if h, _, err := net.SplitHostPort(host); err == nil {
				host = h
			}
			if m.decide(r.Context(), host) == nil {
				http.Redirect(w, r, "https://"+strings.ToLower(host)+m.httpsEnd+r.URL.RequestURI(), http.StatusPermanentRedirect)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// Stop ends certmagic's background maintenance (renewals).
func (m *Manager) Stop() { m.cache.Stop() }
