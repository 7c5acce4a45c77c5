package safehttp

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync/atomic"
	"testing"

	"github.com/inkpress/inkpress/internal/safehttp/safehttptest"
)

func TestAllowed(t *testing.T) {
	lan := Policy{Allow: []netip.Prefix{netip.MustParsePrefix("10.1.0.0/16"), netip.MustParsePrefix("fd00:1::/64")}}
	tests := []struct {
		addr        string
		public, lan bool
	}{
		{"93.184.215.14", true, true},
		{"2606:2800:21f:cb07:6820:80da:af6b:8b2c", true, true},
		{"127.0.0.1", false, false},
		{"127.3.4.5", false, false},
		{"::1", false, false},
		{"::ffff:127.0.0.1", false, false}, // IPv4-mapped
		{"10.0.0.1", false, false},
		{"10.1.2.3", false, true},
		{"172.16.0.1", false, false},
		{"192.168.1.1", false, false},
		{"169.254.169.254", false, false}, // cloud metadata
		{"::ffff:169.254.169.254", false, false},
		{"fe80::1", false, false},
		{"fe80::1%eth0", false, false},
		{"fd00:ec2::254", false, false}, // AWS metadata over IPv6
		{"fd00:1::5", false, true},
		{"0.0.0.0", false, false},
		{"::", false, false},
		{"100.64.0.1", false, false},
		{"224.0.0.1", false, false},
		{"255.255.255.255", false, false},
		{"64:ff9b::a00:1", false, false}, // NAT64 of 10.0.0.1
		{"2002:a00:1::", false, false},   // 6to4 of 10.0.0.1
	}
	for _, tt := range tests {
		a := netip.MustParseAddr(tt.addr)
		if got := (Policy{}).Allowed(a); got != tt.public {
			t.Errorf("%s: allowed by default = %v, want %v", tt.addr, got, tt.public)
		}
		if got := lan.Allowed(a); got != tt.lan {
			t.Errorf("%s: allowed with the allow-list = %v, want %v", tt.addr, got, tt.lan)
		}
	}
}

func get(t *testing.T, c *http.Client, url string) (*http.Response, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(req)
	if err == nil {
		resp.Body.Close()
	}
	return resp, err
}

// counting is a test server on addr that counts its requests.
func counting(t *testing.T, addr string, h http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	return safehttptest.Server(t, addr, h)
}

func TestClientRefusesInwardAddresses(t *testing.T) {
	inner, hits := counting(t, "127.0.0.1:0", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("secret")) })
	_, port, _ := net.SplitHostPort(inner.Listener.Addr().String())
	c := New(nil)
	for _, url := range []string{
		inner.URL,
		"http://localhost:" + port + "/", // a name resolving to loopback
		"http://[::ffff:127.0.0.1]:" + port + "/",
		"http://169.254.169.254/latest/meta-data/", // refused before any packet is sent
	} {
		if _, err := get(t, c, url); !Blocked(err) {
			t.Errorf("GET %s: err %v, want a blocked address", url, err)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the inner server answered %d requests", n)
	}
	// An allow-list lets a self-hosted service on a private network through.
	if resp, err := get(t, New([]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}), inner.URL); err != nil || resp.StatusCode != 200 {
		t.Fatalf("allowed address: %v", err)
	}
}

func TestClientChecksEveryRedirect(t *testing.T) {
	// 127.0.0.1 is allowed (the "provider"), 127.0.0.2 is not: a redirect
	// there is refused, and the server there never hears of it.
	target, hits := counting(t, "127.0.0.2:0", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("secret")) })
	front, _ := counting(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/inward":
			http.Redirect(w, r, target.URL+"/x", http.StatusFound)
		case "/file":
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		default:
			w.Write([]byte("ok"))
		}
	})
	c := New([]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")})
	if resp, err := get(t, c, front.URL+"/ok"); err != nil || resp.StatusCode != 200 {
		t.Fatalf("allowed front: %v", err)
	}
	for _, path := range []string{"/inward", "/file"} {
		if _, err := get(t, c, front.URL+path); !Blocked(err) {
			t.Errorf("%s: err %v, want a blocked address", path, err)
		}
	}
	if _, err := get(t, c, front.URL+"/loop"); err == nil {
		t.Error("endless redirects were followed")
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the redirect target answered %d requests", n)
	}
}
