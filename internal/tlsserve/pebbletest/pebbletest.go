// Package pebbletest runs Pebble, Let's Encrypt's test ACME server, for
// tests: on free loopback ports, behind a proxy that counts the ACME
// requests it gets, with a DNS server that sends every name to 127.0.0.1 so
// that Pebble checks the HTTP and TLS-ALPN challenges against the test's
// own listeners. The binary is built by scripts/test-deps.sh (see Path).
package pebbletest

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/toolcache"
	"github.com/miekg/dns"
)

// Path is where scripts/test-deps.sh builds Pebble; INKPRESS_PEBBLE overrides it.
func Path() string { return toolcache.Path("pebble", "INKPRESS_PEBBLE") }

// Options say where Pebble checks challenges: the ports of the plain HTTP
// and TLS listeners that answer them (on 127.0.0.1, whatever the name).
type Options struct {
	HTTPPort, TLSPort int
}

// Pebble is a running Pebble behind its counting proxy.
type Pebble struct {
	// Directory is the ACME directory URL to configure (the proxy's).
	Directory string
	// RootFile is a PEM file of the root that signs the certificates of
	// Pebble's and the proxy's own HTTPS listeners: what the client must
	// trust for the directory. Certificates Pebble issues chain to another
	// root, IssuingRoot.
	RootFile string
	mgmt     string // Pebble's management address
	client   *http.Client
	newOrder string // path of the newOrder endpoint

	mu       sync.Mutex
	requests int
	orders   int
}

// Start runs Pebble for the test's duration. Without the binary the test is
// skipped, saying why, or fails when Pebble is required (make test, CI:
// toolcache.Required).
func Start(t testing.TB, o Options) *Pebble {
	t.Helper()
	bin := Path()
	if _, err := os.Stat(bin); err != nil {
		toolcache.Missing(t, toolcache.Pebble, "Pebble is not installed at "+bin,
			"scripts/test-deps.sh pebble builds it (GOBIN=$HOME/.cache/inkpress-tools go install github.com/letsencrypt/pebble/v2/cmd/pebble@latest)")
	}
	dir := t.TempDir()
	rootPEM, leaf := testCA(t)
	p := &Pebble{RootFile: filepath.Join(dir, "root.pem")}
	writeFile(t, p.RootFile, rootPEM)
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	writeFile(t, certFile, leaf.cert)
	writeFile(t, keyFile, leaf.key)
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(rootPEM)
	p.client = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}

	// Pebble's own ports are picked free just before it starts; should
	// another process take one meanwhile, Pebble exits and is started again
	// on new ones.
	dnsAddr := startDNS(t)
	var acmeAddr, newOrder string
	for attempt := 1; ; attempt++ {
		var exitErr error
		acmeAddr, p.mgmt = freeAddr(t), freeAddr(t)
		newOrder, exitErr = p.run(t, bin, dir, acmeAddr, dnsAddr, certFile, keyFile, o)
		if exitErr == nil {
			break
		}
		if attempt == 3 {
			t.Fatalf("Pebble exited at each of 3 starts, last: %v", exitErr)
		}
	}
	u, err := url.Parse(newOrder)
	if err != nil {
		t.Fatal(err)
	}
	p.newOrder = u.Path

	// The proxy keeps the Host it was asked for, so the URLs Pebble writes
	// into its answers lead back through the proxy.
	target, _ := url.Parse("https://" + acmeAddr)
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.Transport = p.client.Transport
	proxy := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.requests++
		if r.Method == http.MethodPost && r.URL.Path == p.newOrder {
			p.orders++
		}
		p.mu.Unlock()
		rp.ServeHTTP(w, r)
	}))
	pair, err := tls.X509KeyPair(leaf.cert, leaf.key)
	if err != nil {
		t.Fatal(err)
	}
	proxy.TLS = &tls.Config{Certificates: []tls.Certificate{pair}}
	proxy.StartTLS()
	t.Cleanup(proxy.Close)
	p.Directory = proxy.URL + "/dir"
	return p
}

// run starts Pebble and waits until it answers: the newOrder URL of its
// directory, or the error it exited with before it was ready.
func (p *Pebble) run(t testing.TB, bin, dir, acmeAddr, dnsAddr, certFile, keyFile string, o Options) (string, error) {
	t.Helper()
	cfg := map[string]any{"pebble": map[string]any{
		"listenAddress":                  acmeAddr,
		"managementListenAddress":        p.mgmt,
		"certificate":                    certFile,
		"privateKey":                     keyFile,
		"httpPort":                       o.HTTPPort,
		"tlsPort":                        o.TLSPort,
		"ocspResponderURL":               "",
		"externalAccountBindingRequired": false,
	}}
	cfgJSON, _ := json.Marshal(cfg)
	cfgFile := filepath.Join(dir, "pebble.json")
	writeFile(t, cfgFile, cfgJSON)

	cmd := exec.Command(bin, "-config", cfgFile, "-dnsserver", dnsAddr)
	// No random sleep before validating, no refused nonces: a test waits
	// for nothing Pebble adds on purpose to exercise clients.
	cmd.Env = append(os.Environ(), "PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0")
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start Pebble: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	// Wait for readiness: poll the directory until Pebble answers, exits,
	// or a generous deadline passes.
	direct := "https://" + acmeAddr + "/dir"
	deadline := time.Now().Add(60 * time.Second)
	var directory struct {
		NewOrder string `json:"newOrder"`
	}
	for {
		resp, err := p.client.Get(direct)
		if err == nil {
			err = json.NewDecoder(resp.Body).Decode(&directory)
			resp.Body.Close()
			if err == nil && directory.NewOrder != "" {
				break
			}
		}
		select {
		case err := <-exited:
			t.Logf("Pebble exited: %v\n%s", err, out.String())
			return "", fmt.Errorf("pebble exited: %v", err)
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-exited
			t.Fatalf("Pebble not ready after 60s:\n%s", out.String())
		}
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("Pebble's output:\n%s", out.String())
		}
	})
	return directory.NewOrder, nil
}

// Requests is how many requests the ACME server got through the proxy.
func (p *Pebble) Requests() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.requests
}

// Orders is how many certificates were ordered (newOrder requests).
func (p *Pebble) Orders() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.orders
}

// IssuingRoot is the root Pebble's certificates chain to, from its
// management interface.
func (p *Pebble) IssuingRoot(t testing.TB) *x509.Certificate {
	t.Helper()
	resp, err := p.client.Get("https://" + p.mgmt + "/roots/0")
	if err != nil {
		t.Fatalf("Pebble's root: %v", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	block, _ := pem.Decode(body)
	if resp.StatusCode != http.StatusOK || block == nil {
		t.Fatalf("Pebble's root: %d %q", resp.StatusCode, body)
	}
	root, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// startDNS answers every A question with 127.0.0.1 (and AAAA with
// nothing), so Pebble reaches the test's listeners for any name. Pebble
// asks over TCP; UDP on the same port is served too when it is free.
func startDNS(t testing.TB) string {
	t.Helper()
	handler := dns.HandlerFunc(func(w dns.ResponseWriter, r *dns.Msg) {
		m := new(dns.Msg)
		m.SetReply(r)
		for _, q := range r.Question {
			if q.Qtype == dns.TypeA {
				m.Answer = append(m.Answer, &dns.A{
					Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 0},
					A:   net.IPv4(127, 0, 0, 1)})
			}
		}
		_ = w.WriteMsg(m)
	})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	servers := []*dns.Server{{Listener: l, Handler: handler}}
	if pc, err := net.ListenPacket("udp", l.Addr().String()); err == nil {
		servers = append(servers, &dns.Server{PacketConn: pc, Handler: handler})
	}
	for _, srv := range servers {
		started := make(chan struct{})
		srv.NotifyStartedFunc = func() { close(started) }
		go func() { _ = srv.ActivateAndServe() }()
		<-started
		t.Cleanup(func() { _ = srv.ShutdownContext(context.Background()) })
	}
	return l.Addr().String()
}

type keyPair struct{ cert, key []byte }

// testCA makes a root and a certificate for 127.0.0.1 and localhost signed
// by it, for Pebble's and the proxy's HTTPS listeners.
func testCA(t testing.TB) ([]byte, keyPair) {
	t.Helper()
	rootKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	root := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "pebbletest root"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	rootDER, err := x509.CreateCertificate(rand.Reader, root, root, &rootKey.PublicKey, rootKey)
	if err != nil {
		t.Fatal(err)
	}
	root, _ = x509.ParseCertificate(rootDER)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	leaf := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "localhost"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, root, &key.PublicKey, rootKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: rootDER}), keyPair{
		cert: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: leafDER}),
		key:  pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}),
	}
}

func writeFile(t testing.TB, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// freeAddr returns a loopback address that was free a moment ago.
func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// syncBuffer collects Pebble's output from its two pipes.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.WriteString(string(p))
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
