package server

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

type okPinger struct{}

func (okPinger) Ping(context.Context) error { return nil }

func TestRecoverAnswers500AndLogs(t *testing.T) {
	var logs bytes.Buffer
	s := &Server{
		API:    http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }),
		Site:   http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }),
		Store:  okPinger{},
		Logger: slog.New(slog.NewTextHandler(&logs, nil)),
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	for _, path := range []string{"/api/x", "/page"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 500 {
			t.Fatalf("%s: status %d", path, resp.StatusCode)
		}
		if strings.HasPrefix(path, "/api/") && !strings.Contains(string(body), `"code":"internal"`) {
			t.Fatalf("api panic body %s", body)
		}
	}
	if !strings.Contains(logs.String(), "panic") || !strings.Contains(logs.String(), "boom") {
		t.Fatalf("panic not logged: %s", logs.String())
	}
	// The server still answers after panics.
	resp, err := http.Get(srv.URL + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz after panic: %v %v", resp, err)
	}
	if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatal("security headers missing")
	}
}
