package app_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/internal/tlsserve/pebbletest"
	"github.com/inkpress/inkpress/store"
)

const (
	platformHost = "inkpress.test"
	verified     = "blog.example.test"
	unverified   = "other.example.test"
)

// instance is one running app with its plain and TLS listeners.
type instance struct {
	*app.App
	plain, tls string // 127.0.0.1:port
}

// syncLog collects an instance's log lines, shown when the test fails.
type syncLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// listen binds a loopback port for an instance's listener before the
// instance starts: its address goes into the configuration (and Pebble's),
// with no window in which another process could take the port.
func listen(t *testing.T) net.Listener {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// startTLSInstance boots the whole app with INKPRESS_TLS=on on dbURL and
// runs it, serving on the given listeners, until the test ends.
func startTLSInstance(t *testing.T, name, dbURL string, pb *pebbletest.Pebble, plain, tlsL net.Listener) *instance {
	t.Helper()
	env := map[string]string{
		"INKPRESS_DATA_DIR": t.TempDir(), "INKPRESS_DATABASE_URL": dbURL, "INKPRESS_DEMO": "false",
		"INKPRESS_BASE_URL": "https://" + platformHost, "INKPRESS_ADDR": plain.Addr().String(),
		"INKPRESS_TLS": "on", "INKPRESS_TLS_ADDR": tlsL.Addr().String(), "INKPRESS_ACME_CA": pb.Directory,
		"INKPRESS_ACME_CA_ROOT": pb.RootFile, "INKPRESS_ACME_EMAIL": "ops@example.test",
	}
	cfg, err := config.Load(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncLog{}
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	a.Out = io.Discard
	if err := a.Prepare(context.Background()); err != nil {
		t.Fatal(err)
	}
	a.Server.Listener, a.Server.TLS.Listener = plain, tlsL
	ctx, stop := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- a.Run(ctx) }()
	t.Cleanup(func() {
		stop()
		if err := <-ran; err != nil {
			t.Errorf("%s: run: %v", name, err)
		}
		a.Close()
		if t.Failed() {
			t.Logf("%s's log:\n%s", name, logs.String())
		}
	})
	return &instance{App: a, plain: plain.Addr().String(), tls: tlsL.Addr().String()}
}

func port(l net.Listener) int { return l.Addr().(*net.TCPAddr).Port }

// handshake dials addr and does a TLS handshake with SNI serverName ("" =
// none), accepting whatever certificate comes (it is checked afterwards).
func handshake(addr, serverName string) (*tls.ConnectionState, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	d := tls.Dialer{Config: &tls.Config{ServerName: serverName, InsecureSkipVerify: true}}
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	st := c.(*tls.Conn).ConnectionState()
	return &st, nil
}

// A verified custom domain gets a certificate from the ACME server at its
// first handshake; a second instance on the same database serves the same
// certificate from storage without ordering again; unverified names, the
// platform's host and bare addresses get no certificate and cost no ACME
// request. Pebble really checks the challenge, against the second
// instance's listeners.
func TestTLSCertificatesOnDemand(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		if dbURL == "" {
			dbURL = "sqlite:" + filepath.Join(t.TempDir(), "shared.db")
		}
		plainA, tlsA, plainB, tlsB := listen(t), listen(t), listen(t), listen(t)
		pb := pebbletest.Start(t, pebbletest.Options{HTTPPort: port(plainB), TLSPort: port(tlsB)})
		a := startTLSInstance(t, "instance A", dbURL, pb, plainA, tlsA)
		b := startTLSInstance(t, "instance B", dbURL, pb, plainB, tlsB)

		ctx := context.Background()
		ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("site")})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: ws.ID, CustomDomain: store.Ptr(verified)}); err != nil {
			t.Fatal(err)
		}
		// Workspaces claiming the platform's host and an address as their
		// domain: still refused, whatever the database says.
		for i, domain := range []string{platformHost, "127.0.0.1"} {
			_, other, err := a.Store.SignUp(ctx, store.SignUp{Email: "owner" + strconv.Itoa(i) + "@example.test", Name: "Owner",
				PasswordHash: "x", BlogName: "Other", WorkspaceSlug: "other", Month: "2026-01-01"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: other.ID, CustomDomain: store.Ptr(domain)}); err != nil {
				t.Fatal(err)
			}
		}

		// Names that must get nothing, before any certificate exists: not
		// one request reaches the ACME server.
		refused := func(inst *instance) {
			t.Helper()
			for _, sni := range []string{unverified, platformHost, ""} {
				if st, err := handshake(inst.tls, sni); err == nil {
					t.Errorf("handshake with SNI %q got a certificate for %v", sni, st.PeerCertificates[0].DNSNames)
				}
			}
		}
		refused(a)
		if n := pb.Requests(); n != 0 {
			t.Fatalf("refused names made %d ACME requests", n)
		}

		// The first handshake waits for the order; on a slow machine the
		// order may outlast the handshake's 10 s deadline, and then the
		// next handshake gets the certificate (one order all the same).
		var st *tls.ConnectionState
		deadline := time.Now().Add(3 * time.Minute)
		for st == nil {
			if st, err = handshake(a.tls, verified); err != nil {
				if time.Now().After(deadline) {
					t.Fatalf("handshake for the verified domain: %v", err)
				}
				time.Sleep(100 * time.Millisecond) // poll interval
			}
		}
		leaf := st.PeerCertificates[0]
		roots := x509.NewCertPool()
		roots.AddCert(pb.IssuingRoot(t))
		inter := x509.NewCertPool()
		for _, c := range st.PeerCertificates[1:] {
			inter.AddCert(c)
		}
		if _, err := leaf.Verify(x509.VerifyOptions{DNSName: verified, Roots: roots, Intermediates: inter}); err != nil {
			t.Fatalf("served certificate does not chain to Pebble's root for %s: %v", verified, err)
		}
		if n := pb.Orders(); n != 1 {
			t.Fatalf("%d orders for one certificate", n)
		}

		// The other instance has nothing in memory: it loads the same
		// certificate from the database.
		st2, err := handshake(b.tls, verified)
		if err != nil {
			t.Fatalf("second instance: %v", err)
		}
		if !st2.PeerCertificates[0].Equal(leaf) {
			t.Fatalf("second instance served another certificate (serial %v, first %v)", st2.PeerCertificates[0].SerialNumber, leaf.SerialNumber)
		}
		refused(b)
		if n := pb.Orders(); n != 1 {
			t.Fatalf("%d orders after the second instance's handshakes, want 1", n)
		}

		// The app itself is served over TLS, checked like a browser would.
		client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{
			TLSClientConfig: &tls.Config{RootCAs: roots},
			DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
				return (&net.Dialer{}).DialContext(ctx, network, b.tls)
			}}}
		resp, err := client.Get("https://" + verified + "/healthz")
		if err != nil {
			t.Fatalf("https request: %v", err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Strict-Transport-Security") == "" {
			t.Fatalf("https /healthz: %d, HSTS %q", resp.StatusCode, resp.Header.Get("Strict-Transport-Security"))
		}

		// Plain HTTP: the verified domain moves to https, path and query
		// kept; the platform's host and other names are served as they are.
		noRedirect := &http.Client{Timeout: time.Minute, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		for _, tc := range []struct {
			host, location string
		}{
			{verified, "https://" + verified + ":" + strconv.Itoa(port(tlsA)) + "/tech/a-post?utm=x&y=%2F"},
			{verified + ":80", "https://" + verified + ":" + strconv.Itoa(port(tlsA)) + "/tech/a-post?utm=x&y=%2F"},
			{platformHost, ""},
			{unverified, ""},
			{"127.0.0.1", ""},
		} {
			req, _ := http.NewRequest(http.MethodGet, "http://"+a.plain+"/tech/a-post?utm=x&y=%2F", nil)
			req.Host = tc.host
			resp, err := noRedirect.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if tc.location != "" {
				if resp.StatusCode != http.StatusPermanentRedirect || resp.Header.Get("Location") != tc.location {
					t.Errorf("Host %s: %d to %q, want 308 to %q", tc.host, resp.StatusCode, resp.Header.Get("Location"), tc.location)
				}
			} else if resp.StatusCode == http.StatusPermanentRedirect || resp.StatusCode == http.StatusMovedPermanently {
				t.Errorf("Host %s redirected to %q", tc.host, resp.Header.Get("Location"))
			}
		}
		// A challenge path with an unknown token is the app's, not a redirect.
		req, _ := http.NewRequest(http.MethodGet, "http://"+a.plain+"/.well-known/acme-challenge/unknown-token", nil)
		req.Host = verified
		if resp, err := noRedirect.Do(req); err != nil || resp.StatusCode != http.StatusNotFound {
			t.Errorf("unknown challenge token: %v %v", resp, err)
		} else {
			resp.Body.Close()
		}
		if n := pb.Orders(); n != 1 {
			t.Fatalf("%d orders at the end, want 1", n)
		}
	})
}
