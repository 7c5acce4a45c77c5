// Package smtptest runs a real SMTP server (github.com/emersion/go-smtp)
// inside a test: STARTTLS with a certificate made for the test, AUTH PLAIN
// required before any mail, and scripted answers per recipient (refuse the
// first N times, refuse always, hold a message's DATA until released). It
// keeps every accepted message, parsed.
package smtptest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Credentials the server accepts.
const (
	User     = "inkpress"
	Password = "s3cret"
)

// Message is one message the server accepted (answered 250 to).
type Message struct {
	From    string
	To      []string
	User    string // who authenticated
	TLS     bool   // the session was encrypted (STARTTLS)
	Raw     []byte
	Header  netmail.Header
	Subject string // decoded
	Text    string // the text/plain part, decoded
	HTML    string // the text/html part, decoded
	// ContentType is the top-level media type (multipart/alternative...).
	ContentType string
}

// Server is a running test SMTP server.
type Server struct {
	Addr string // 127.0.0.1:port
	// CertPEM is the server's self-signed certificate; ClientTLS trusts it.
	CertPEM []byte

	srv *smtp.Server
	mu  sync.Mutex
	// accepted messages, in order
	msgs    []Message
	rules   map[string]*rule
	holds   map[string]*Hold
	changed chan struct{} // closed and replaced on every accepted message
	closed  chan struct{}
}

type rule struct {
	code  int
	times int // < 0: always
}

// Start runs a server on a free loopback port until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	cert, certPEM, err := selfSigned()
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{CertPEM: certPEM, rules: map[string]*rule{}, holds: map[string]*Hold{},
		changed: make(chan struct{}), closed: make(chan struct{})}
	s.srv = smtp.NewServer(backend{s})
	s.srv.Domain = "localhost"
	s.srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	s.srv.AllowInsecureAuth = false // AUTH is offered only after STARTTLS
	s.srv.ReadTimeout, s.srv.WriteTimeout = time.Minute, time.Minute
	s.srv.MaxMessageBytes = 10 << 20
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.Addr = l.Addr().String()
	go func() { _ = s.srv.Serve(l) }()
	t.Cleanup(s.Close)
	return s
}

// Close stops the server and lets held messages go (refused).
func (s *Server) Close() {
	s.mu.Lock()
	select {
	case <-s.closed:
	default:
		close(s.closed)
	}
	s.mu.Unlock()
	_ = s.srv.Close()
}

// URL is the smtp:// URL of the server with the credentials.
func (s *Server) URL() string { return "smtp://" + User + ":" + Password + "@" + s.Addr }

// ClientTLS trusts the server's certificate (for the mailer's WithTLSConfig).
func ClientTLS(certPEM []byte) *tls.Config {
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(certPEM)
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
}

// Refuse answers RCPT TO for addr with code (4xx or 5xx) the next times
// times (times < 0: always).
func (s *Server) Refuse(addr string, code, times int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules[strings.ToLower(addr)] = &rule{code: code, times: times}
}

// Hold is a message to addr whose DATA the server keeps unanswered.
type Hold struct {
	arrived chan struct{}
	verdict chan bool
	once    sync.Once
}

// Arrived is closed once the whole message was received and is being held
// (the client waits for the answer).
func (h *Hold) Arrived() <-chan struct{} { return h.arrived }

// Release answers the held DATA: accept answers 250 and keeps the message;
// otherwise it is dropped and answered 451, as a server does when the
// client's connection is gone before it acknowledged (nothing is
// delivered, and nobody is there to hear the answer).
func (h *Hold) Release(accept bool) { h.once.Do(func() { h.verdict <- accept }) }

// HoldData holds the next message to addr (once).
func (s *Server) HoldData(addr string) *Hold {
	h := &Hold{arrived: make(chan struct{}), verdict: make(chan bool, 1)}
	s.mu.Lock()
	s.holds[strings.ToLower(addr)] = h
	s.mu.Unlock()
	return h
}

// Messages returns the accepted messages so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// To returns the accepted messages to addr.
func (s *Server) To(addr string) []Message {
	var out []Message
	for _, m := range s.Messages() {
		for _, r := range m.To {
			if strings.EqualFold(r, addr) {
				out = append(out, m)
			}
		}
	}
	return out
}

// CountByRecipient counts accepted messages per recipient address.
func (s *Server) CountByRecipient() map[string]int {
	n := map[string]int{}
	for _, m := range s.Messages() {
		for _, r := range m.To {
			n[strings.ToLower(r)]++
		}
	}
	return n
}

// WaitFor waits until at least n messages were accepted, or fails the test
// after timeout (generous: it is a bound, not a timing assumption).
func (s *Server) WaitFor(t testing.TB, n int, timeout time.Duration) []Message {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		got, ch := len(s.msgs), s.changed
		s.mu.Unlock()
		if got >= n {
			return s.Messages()
		}
		select {
		case <-ch:
		case <-deadline.C:
			t.Fatalf("smtptest: %d messages after %v, want %d", got, timeout, n)
		}
	}
}

type backend struct{ s *Server }

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) { return &session{s: b.s, c: c}, nil }

type session struct {
	s    *Server
	c    *smtp.Conn
	user string
	from string
	to   []string
}

var errAuthRequired = &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "Authentication required"}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (x *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != User || password != Password {
			return smtp.ErrAuthFailed
		}
		x.user = username
		return nil
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.user == "" {
		return errAuthRequired
	}
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s := x.s
	s.mu.Lock()
	r := s.rules[strings.ToLower(to)]
	refuse := 0
	if r != nil && r.times != 0 {
		refuse = r.code
		if r.times > 0 {
			r.times--
		}
	}
	s.mu.Unlock()
	if refuse != 0 {
		return &smtp.SMTPError{Code: refuse, EnhancedCode: smtp.EnhancedCodeNotSet, Message: "refused by the test script"}
	}
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s := x.s
	var hold *Hold
	s.mu.Lock()
	for _, to := range x.to {
		if h := s.holds[strings.ToLower(to)]; h != nil {
			hold = h
			delete(s.holds, strings.ToLower(to))
			break
		}
	}
	s.mu.Unlock()
	if hold != nil {
		close(hold.arrived)
		accept := false
		select {
		case accept = <-hold.verdict:
		case <-s.closed:
		}
		if !accept {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCodeNotSet, Message: "connection lost before the answer"}
		}
	}
	m := Message{From: x.from, To: append([]string(nil), x.to...), User: x.user, Raw: raw}
	_, m.TLS = x.c.TLSConnectionState()
	if err := parse(&m); err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCodeNotSet, Message: "unparseable message: " + err.Error()}
	}
	s.mu.Lock()
	s.msgs = append(s.msgs, m)
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
	return nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }

// Parse reads a raw RFC 5322 message into m's header, subject and parts.
func Parse(raw []byte) (Message, error) {
	m := Message{Raw: raw}
	return m, parse(&m)
}

func parse(m *Message) error {
	msg, err := netmail.ReadMessage(bytes.NewReader(m.Raw))
	if err != nil {
		return err
	}
	m.Header = msg.Header
	dec := new(mime.WordDecoder)
	if m.Subject, err = dec.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return err
	}
	return part(m, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body, true)
}

func part(m *Message, ctype, cte string, body io.Reader, top bool) error {
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		return err
	}
	if top {
		m.ContentType = mt
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := part(m, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, false); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(cte) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = newBase64(body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	switch mt {
	case "text/plain":
		m.Text = string(b)
	case "text/html":
		m.HTML = string(b)
	}
	return nil
}

// selfSigned makes a certificate for 127.0.0.1 and localhost.
func selfSigned() (tls.Certificate, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "smtptest"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	cert, err := tls.X509KeyPair(certPEM, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}))
	return cert, certPEM, err
}

func newBase64(r io.Reader) io.Reader {
	// Encoded bodies are wrapped in lines; the decoder skips line breaks.
	return base64.NewDecoder(base64.StdEncoding, r)
}
