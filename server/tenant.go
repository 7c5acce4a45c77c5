package server

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/server/frontend"
)

// tenantHost keeps the platform on the platform's host. On a tenant's
// verified custom domain (whose DNS, and so whose traffic, the tenant
// controls) only the blog's public pages, feeds, media and the API routes
// they use answer: the app's screens and other blogs' addresses are sent
// to the platform's host, other API routes are 404, and the session
// cookie is neither read nor set.
func (s *Server) tenantHost(next http.Handler) http.Handler {
	if s.CustomDomain == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.CustomDomain(r.Context(), r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		dropSessionCookie(r)
		w = &noSessionCookie{ResponseWriter: w}
		p := r.URL.Path
		switch {
		case p == "/healthz" || p == "/readyz" || strings.HasPrefix(p, "/media/"):
		case p == "/api" || strings.HasPrefix(p, "/api/"):
			if !api.OnCustomDomain(r.Method, r.URL.EscapedPath()) {
				api.WriteError(w, r, api.Errorf(http.StatusNotFound, "not_found",
					"Not found. Sign-in, the dashboard and the API are on the platform's own address."))
				return
			}
		case platformPage(p):
			if s.PlatformURL == "" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
				http.NotFound(w, r)
				return
			}
			target := strings.TrimRight(s.PlatformURL, "/") + (&url.URL{Path: p, RawQuery: r.URL.RawQuery}).String()
			http.Redirect(w, r, target, http.StatusFound)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// platformPage reports the paths that belong to the platform, not to the
// blog at a custom domain's root: the app's screens, preview links and
// the platform's addresses of blogs (/blog/...).
func platformPage(p string) bool {
	if _, ok := frontend.ScreenTitle(p); ok {
		return true
	}
	return p == "/blog" || strings.HasPrefix(p, "/blog/") || strings.HasPrefix(p, "/preview/") ||
		p == "/admin" || strings.HasPrefix(p, "/admin/") || p == "/dashboard" || strings.HasPrefix(p, "/dashboard/")
}

// dropSessionCookie removes the session cookie from r's Cookie headers.
func dropSessionCookie(r *http.Request) {
	cookies := r.Cookies()
	r.Header.Del("Cookie")
	for _, c := range cookies {
		if c.Name != api.SessionCookie {
			r.AddCookie(c)
		}
	}
}

// noSessionCookie drops a session cookie a handler would set.
type noSessionCookie struct {
	http.ResponseWriter
	wrote bool
}

func (w *noSessionCookie) strip() {
	if w.wrote {
		return
	}
	w.wrote = true
	h := w.Header()
	kept := h.Values("Set-Cookie")[:0:0]
	for _, v := range h.Values("Set-Cookie") {
		if !strings.HasPrefix(strings.TrimSpace(v), api.SessionCookie+"=") {
			kept = append(kept, v)
		}
	}
	h.Del("Set-Cookie")
	for _, v := range kept {
		h.Add("Set-Cookie", v)
	}
}

func (w *noSessionCookie) WriteHeader(code int) { w.strip(); w.ResponseWriter.WriteHeader(code) }
func (w *noSessionCookie) Write(b []byte) (int, error) {
	w.strip()
	return w.ResponseWriter.Write(b)
}
func (w *noSessionCookie) Unwrap() http.ResponseWriter { return w.ResponseWriter }
