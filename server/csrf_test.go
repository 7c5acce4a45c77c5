package server

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/server/api"
)

// doubleSubmit stands in for the API: it refuses writes whose header does
// not echo the CSRF cookie (the rule of server/api/auth.go) and otherwise
// records that it ran.
func doubleSubmit(reached *bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			ck, err := r.Cookie(api.CSRFCookie)
			if err != nil || ck.Value == "" || ck.Value != r.Header.Get(api.CSRFHeader) {
				api.WriteError(w, r, api.Errorf(http.StatusForbidden, "csrf_failed", "token missing"))
				return
			}
		}
		*reached = true
		w.WriteHeader(http.StatusNoContent)
	})
}

func TestCrossOriginWritesRefusedEvenWithAValidToken(t *testing.T) {
	var reached bool
	s := &Server{
		API:            doubleSubmit(&reached),
		Site:           doubleSubmit(&reached),
		Store:          okPinger{},
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		TrustedOrigins: []string{"https://blog.example.com/some/path"},
	}
	h := s.Handler()
	const token = "valid-double-submit-token"
	cases := []struct {
		name    string
		method  string
		path    string
		headers map[string]string
		token   bool // send a matching cookie and header
		want    int
		code    string // API error code of a refusal
	}{
		{"cross-site fetch with a valid token", "POST", "/api/auth/logout", map[string]string{"Sec-Fetch-Site": "cross-site"}, true, 403, "cross_origin"},
		{"same-site (sibling subdomain) fetch", "POST", "/api/posts", map[string]string{"Sec-Fetch-Site": "same-site"}, true, 403, "cross_origin"},
		{"other host's Origin, no Sec-Fetch-Site", "DELETE", "/api/posts/1", map[string]string{"Origin": "https://evil.example"}, true, 403, "cross_origin"},
		{"cross-site form post to a page", "POST", "/some/page", map[string]string{"Sec-Fetch-Site": "cross-site"}, true, 403, ""},
		{"same-origin fetch", "POST", "/api/auth/logout", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://inkpress.test"}, true, 204, ""},
		{"same-origin by Origin only", "POST", "/api/posts", map[string]string{"Origin": "http://inkpress.test"}, true, 204, ""},
		{"trusted base URL behind a Host-rewriting proxy", "POST", "/api/posts", map[string]string{"Origin": "https://blog.example.com"}, true, 204, ""},
		{"user-initiated (Sec-Fetch-Site: none)", "POST", "/api/posts", map[string]string{"Sec-Fetch-Site": "none"}, true, 204, ""},
		{"cross-site GET is safe", "GET", "/api/posts", map[string]string{"Sec-Fetch-Site": "cross-site"}, false, 204, ""},
		// No Sec-Fetch-Site and no Origin: a non-browser client or an old
		// browser. The double-submit token decides.
		{"no browser headers, valid token", "POST", "/api/posts", nil, true, 204, ""},
		{"no browser headers, no token", "POST", "/api/posts", nil, false, 403, "csrf_failed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reached = false
			r := httptest.NewRequest(c.method, "http://inkpress.test"+c.path, strings.NewReader("{}"))
			for k, v := range c.headers {
				r.Header.Set(k, v)
			}
			if c.token {
				r.AddCookie(&http.Cookie{Name: api.CSRFCookie, Value: token})
				r.Header.Set(api.CSRFHeader, token)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != c.want {
				t.Fatalf("status %d, want %d: %s", w.Code, c.want, w.Body)
			}
			if want := c.want < 400; reached != want {
				t.Fatalf("handler reached = %v, want %v", reached, want)
			}
			if c.code != "" {
				var body struct {
					Error struct {
						Code string `json:"code"`
					} `json:"error"`
				}
				if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error.Code != c.code {
					t.Fatalf("body %s: want code %q (%v)", w.Body, c.code, err)
				}
			}
			if w.Header().Get("X-Content-Type-Options") != "nosniff" {
				t.Fatal("security headers missing on the answer")
			}
		})
	}
}
