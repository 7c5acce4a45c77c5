package tlsserve

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/inkpress/inkpress/store/storetest"
)

// newManager builds a manager whose Allow accepts only the names in ok
// and records every name it was asked about.
func newManager(t *testing.T, tlsAddr string, ok ...string) (*Manager, *[]string) {
	t.Helper()
	var asked []string
	m, err := New(Config{
		Allow: func(_ context.Context, name string) error {
			asked = append(asked, name)
			for _, n := range ok {
				if n == name {
					return nil
				}
			}
			return errors.New("not verified")
		},
		Storage: NewStorage(storetest.SQLite(t), nil), CA: "https://acme.invalid/directory",
		Addr: tlsAddr, HTTPAddr: ":8080", PlatformHosts: []string{"inkpress.example"},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Stop)
	return m, &asked
}

// The platform's host, addresses and local names are refused before Allow
// is asked, even by an Allow that would accept them.
func TestDecideRefusesPlatformNames(t *testing.T) {
	m, asked := newManager(t, ":443", "inkpress.example", "127.0.0.1", "::1", "localhost", "app.localhost", "intranet", "blog.example.com")
	for _, tc := range []struct {
		name  string
		allow bool
	}{
		{"blog.example.com", true},
		{"BLOG.Example.com.", true},
		{"inkpress.example", false},
		{"INKPRESS.EXAMPLE.", false},
		{"127.0.0.1", false},
		{"::1", false},
		{"localhost", false},
		{"app.localhost", false},
		{"intranet", false},
		{"", false},
		{"other.example.com", false}, // Allow says no
	} {
		if err := m.decide(context.Background(), tc.name); (err == nil) != tc.allow {
			t.Errorf("decide(%q) = %v, want allowed %v", tc.name, err, tc.allow)
		}
	}
	want := []string{"blog.example.com", "blog.example.com", "other.example.com"}
	if len(*asked) != len(want) {
		t.Fatalf("Allow asked about %v, want %v", *asked, want)
	}
	for i := range want {
		if (*asked)[i] != want[i] {
			t.Fatalf("Allow asked about %v, want %v", *asked, want)
		}
	}
}

// Plain HTTP: an allowed custom domain moves to https (no port for 443);
// the platform's host, other names and challenge paths pass through.
func TestHTTPHandlerRedirects(t *testing.T) {
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	for _, tc := range []struct {
		tlsAddr, host, target string
		status                int
		location              string
	}{
		{":443", "blog.example.com", "/a/b?x=1&y=%2F", http.StatusPermanentRedirect, "https://blog.example.com/a/b?x=1&y=%2F"},
		{":443", "Blog.Example.com:80", "/", http.StatusPermanentRedirect, "https://blog.example.com/"},
		{"127.0.0.1:8443", "blog.example.com", "/feed.xml", http.StatusPermanentRedirect, "https://blog.example.com:8443/feed.xml"},
		{":443", "inkpress.example", "/a", http.StatusTeapot, ""},
		{":443", "other.example.com", "/a", http.StatusTeapot, ""},
		{":443", "10.0.0.1:8080", "/a", http.StatusTeapot, ""},
		{":443", "blog.example.com", "/.well-known/acme-challenge/unknown", http.StatusTeapot, ""},
	} {
		m, _ := newManager(t, tc.tlsAddr, "blog.example.com")
		r := httptest.NewRequest(http.MethodGet, tc.target, nil)
		r.Host = tc.host
		w := httptest.NewRecorder()
		m.HTTPHandler(next).ServeHTTP(w, r)
		if w.Code != tc.status || w.Header().Get("Location") != tc.location {
			t.Errorf("%s%s (TLS on %s): %d %q, want %d %q", tc.host, tc.target, tc.tlsAddr, w.Code, w.Header().Get("Location"), tc.status, tc.location)
		}
	}
}
