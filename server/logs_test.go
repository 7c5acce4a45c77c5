package server

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// INKPRESS_ACCESS_LOG picks which requests are logged; a request whose
// client went away is logged at debug as such, never as a server error,
// and so are the errors its handler logs on the way out.
func TestAccessLogFilterAndClientGone(t *testing.T) {
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/missing":
			http.NotFound(w, r)
		case "/broken":
			http.Error(w, "boom", http.StatusInternalServerError)
		case "/gone":
			// The handler fails because the client left, and says so.
			slog.ErrorContext(r.Context(), "public page", "err", r.Context().Err())
			http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		default:
			_, _ = w.Write([]byte("ok"))
		}
	})
	for _, tc := range []struct {
		mode string
		want map[string]string // path -> level logged ("" = not logged)
	}{
		{"all", map[string]string{"/ok": "INFO", "/missing": "INFO", "/broken": "ERROR", "/gone": "DEBUG"}},
		{"errors", map[string]string{"/ok": "", "/missing": "", "/broken": "ERROR", "/gone": "DEBUG"}},
		{"off", map[string]string{"/ok": "", "/missing": "", "/broken": "", "/gone": ""}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			var logs bytes.Buffer
			logger := slog.New(ClientGoneHandler(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
			old := slog.Default()
			slog.SetDefault(logger)
			defer slog.SetDefault(old)
			s := &Server{API: handler, Site: handler, Logger: logger, AccessLog: tc.mode}
			for path := range tc.want {
				r := httptest.NewRequest(http.MethodGet, path, nil)
				if path == "/gone" {
					ctx, cancel := context.WithCancel(r.Context())
					cancel() // what net/http does when the connection closes
					r = r.WithContext(ctx)
				}
				s.Handler().ServeHTTP(httptest.NewRecorder(), r)
			}
			lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
			for path, level := range tc.want {
				var got []string
				for _, l := range lines {
					if strings.Contains(l, "path="+path+" ") || strings.HasSuffix(l, "path="+path) {
						got = append(got, l)
					}
				}
				if level == "" {
					if len(got) != 0 {
						t.Fatalf("%s logged: %q", path, got)
					}
					continue
				}
				if len(got) != 1 || !strings.Contains(got[0], "level="+level) {
					t.Fatalf("%s: want one line at %s, got %q", path, level, got)
				}
			}
			for _, l := range lines {
				if strings.Contains(l, "level=ERROR") && strings.Contains(l, "public page") {
					t.Fatalf("a client that went away logged as a server error: %s", l)
				}
			}
			if tc.mode != "off" && !strings.Contains(logs.String(), "client went away") {
				t.Fatalf("client going away not named:\n%s", logs.String())
			}
		})
	}
}
