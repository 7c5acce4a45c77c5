// Package safehttptest starts web servers on chosen loopback addresses for
// tests of what the server fetches on someone's behalf: 127.0.0.1 stands
// for an inward address the client must refuse, 127.0.0.2 (let through
// with an allow-list) for a site on the internet.
package safehttptest

import (
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// Server serves h at addr ("127.0.0.2:0": a free port there) until the test
// ends, counting the requests it answers.
func Server(t testing.TB, addr string, h http.Handler) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h.ServeHTTP(w, r)
	}))
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen on %s: %v", addr, err)
	}
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, &hits
}
