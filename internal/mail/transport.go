package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/inkpress/inkpress/store"
)

// Transport opens a connection that sends messages; a worker opens one
// per batch.
type Transport interface {
	Open(ctx context.Context) (Conn, error)
}

// Conn sends one message at a time. An error of a Conn is classified by
// the worker (Classify): SMTP replies 5xx are permanent, anything else is
// retried later.
type Conn interface {
	Send(ctx context.Context, d *store.Delivery, msg *gomail.Msg) error
	Close() error
}

// SMTP sends through an SMTP server.
type SMTP struct {
	host     string
	port     int
	user     string
	pass     string
	implicit bool // smtps: TLS from the first byte
	tls      *tls.Config
	timeout  time.Duration
}

// SMTPOption tunes NewSMTP.
type SMTPOption func(*SMTP)

// WithTLSConfig sets the TLS configuration (tests trust their own
// certificate through RootCAs); ServerName defaults to the URL's host.
func WithTLSConfig(c *tls.Config) SMTPOption { return func(s *SMTP) { s.tls = c.Clone() } }

// WithTimeout bounds connecting and each SMTP command (default 30s).
func WithTimeout(d time.Duration) SMTPOption { return func(s *SMTP) { s.timeout = d } }

// NewSMTP reads smtp://[user:pass@]host[:port] (STARTTLS when the server
// offers it; port 587 by default) or smtps://... (implicit TLS; port 465).
// The login picks the strongest mechanism offered; PLAIN and LOGIN only
// over TLS, so the password never travels in clear.
func NewSMTP(rawURL string, opts ...SMTPOption) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("the SMTP URL does not parse") // the URL holds a password: never echoed
	}
	s := &SMTP{host: u.Hostname(), timeout: 30 * time.Second}
	switch u.Scheme {
	case "smtp":
		s.port = 587
	case "smtps":
		s.port, s.implicit = 465, true
	default:
		return nil, fmt.Errorf("the SMTP URL must start with smtp:// or smtps://, not %q", u.Scheme+"://")
	}
	if s.host == "" {
		return nil, errors.New("the SMTP URL has no host")
	}
	if p := u.Port(); p != "" {
		if s.port, err = strconv.Atoi(p); err != nil || s.port < 1 || s.port > 65535 {
			return nil, fmt.Errorf("the SMTP URL's port %q is not a port", p)
		}
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.pass, _ = u.User.Password()
	}
	for _, o := range opts {
		o(s)
	}
	if s.tls == nil {
		s.tls = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	if s.tls.ServerName == "" {
		s.tls.ServerName = s.host
	}
	return s, nil
}

// Check connects, says hello, starts TLS and logs in as a batch would, and
// hangs up: a wrong host, port, certificate or password stops the start
// with an error that names it, instead of failing every e-mail later.
func (s *SMTP) Check(ctx context.Context) error {
	c, err := s.Open(ctx)
	if err != nil {
		var hint string
		var unknown x509.UnknownAuthorityError
		if errors.As(err, &unknown) || strings.Contains(err.Error(), "certificate signed by unknown authority") {
			hint = " (a private CA? INKPRESS_SMTP_CA_FILE trusts it)"
		}
		return fmt.Errorf("cannot send through %s: %w%s", s.Addr(), err, hint)
	}
	return c.Close()
}

// RootCAs are the system's certificate authorities and those of the PEM
// file at path (a private CA of the mail server).
func RootCAs(path string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("no PEM certificate in %s", path)
	}
	return pool, nil
}

// Addr is host:port (logs, the dashboard); never the credentials.
func (s *SMTP) Addr() string { return s.host + ":" + strconv.Itoa(s.port) }

func (s *SMTP) Open(ctx context.Context) (Conn, error) {
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTLSConfig(s.tls), gomail.WithTimeout(s.timeout)}
	if s.implicit {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.user),
			gomail.WithPassword(s.pass))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return nil, err
	}
	if err := c.DialWithContext(ctx); err != nil {
		return nil, err
	}
	return smtpConn{c}, nil
}

type smtpConn struct{ c *gomail.Client }

func (c smtpConn) Send(_ context.Context, _ *store.Delivery, msg *gomail.Msg) error {
	return c.c.Send(msg)
}
func (c smtpConn) Close() error { return c.c.Close() }

// Outbox writes each message as <dir>/<queued time>-<delivery id>.eml
// instead of sending it: the default without SMTP (development, tests,
// small installations that read their mail there). The name is the same
// for every attempt of a delivery, so writing it twice leaves one file.
type Outbox struct {
	Dir string

	cleaned sync.Once
}

// staleTemp is the age past which a temporary file of the outbox is one a
// crash left (writing a message takes milliseconds).
const staleTemp = time.Minute

func (o *Outbox) Open(context.Context) (Conn, error) {
	if err := os.MkdirAll(o.Dir, 0o750); err != nil {
		return nil, err
	}
	o.cleaned.Do(func() { o.Clean(time.Now()) })
	return o, nil
}

// Clean removes the temporary files a process killed while writing left
// (older than staleTemp at now: a younger one may be another process's
// write under way) and reports how many it removed.
func (o *Outbox) Clean(now time.Time) int {
	names, _ := filepath.Glob(filepath.Join(o.Dir, ".eml-*"))
	n := 0
	for _, name := range names {
		if st, err := os.Lstat(name); err == nil && st.Mode().IsRegular() && now.Sub(st.ModTime()) > staleTemp {
			if os.Remove(name) == nil {
				n++
			}
		}
	}
	return n
}

func (o *Outbox) Close() error { return nil }

// FileName is where the outbox writes delivery d.
func (o *Outbox) FileName(d *store.Delivery) string {
	return filepath.Join(o.Dir, d.CreatedAt.UTC().Format("20060102T150405Z")+"-"+strconv.FormatInt(d.ID, 10)+".eml")
}

// Send writes to a temporary file and renames it: a reader never sees half
// a message.
func (o *Outbox) Send(_ context.Context, d *store.Delivery, msg *gomail.Msg) error {
	f, err := os.CreateTemp(o.Dir, ".eml-*")
	if err != nil {
		return err
	}
	_, err = msg.WriteTo(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), o.FileName(d))
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}
