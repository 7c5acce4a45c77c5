package server

import (
	"context"
	"crypto/tls"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// With a TLS listener, one listener that cannot start stops the other and
// Run reports why, instead of serving half the app.
func TestRunStopsWhenTheTLSListenerFails(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	s := &Server{Addr: "127.0.0.1:0", Site: http.NotFoundHandler(), API: http.NotFoundHandler(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		TLS:    &TLS{Addr: taken.Addr().String(), Config: &tls.Config{}, Plain: func(h http.Handler) http.Handler { return h }}}
	done := make(chan error, 1)
	go func() { done <- s.Run(context.Background(), time.Minute) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "address already in use") {
			t.Fatalf("Run = %v, want the TLS listener's error", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Run kept serving without its TLS listener")
	}
}
