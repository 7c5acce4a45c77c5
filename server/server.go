// Package server assembles the HTTP server: middleware (recovery, logging,
// security headers, cross-origin protection), the JSON API under /api/,
// uploaded media, the embedded app's assets and the public site (pages,
// feeds, sitemaps). See docs/security.md for the CSRF defences.
package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"github.com/inkpress/inkpress/server/api"
)

// Server is InkPress's HTTP server.
type Server struct {
	Addr   string
	API    http.Handler
	Site   http.Handler // public pages, feeds, sitemaps, app routes, 404s
	Media  http.Handler // /media/ (nil when media is served elsewhere)
	Store  interface{ Ping(context.Context) error }
	Logger *slog.Logger
	// TrustedOrigins are origins ("https://blog.example.com") whose
	// cross-origin writes are allowed: the configured base URL belongs here.
	// A browser's request from the app's own page is same-origin anyway, but
	// behind a proxy that rewrites Host, a browser that sends Origin and no
	// Sec-Fetch-Site would otherwise look cross-origin. A base URL with a
	// path is reduced to its origin; an invalid one is logged and ignored.
	TrustedOrigins []string
	// CSP is the Content-Security-Policy sent with every answer; an HTML
	// page with inline scripts replaces it with one naming their hashes.
	CSP string
	// HSTS turns on Strict-Transport-Security (the base URL is https).
	HSTS    bool
	handler http.Handler
}

// Handler returns the fully wrapped handler.
func (s *Server) Handler() http.Handler {
	if s.handler != nil {
		return s.handler
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("/api/", s.API)
	if s.Media != nil {
		mux.Handle("GET /media/", s.Media)
	}
	mux.Handle("/", s.Site)
	s.handler = s.recoverer(s.logRequests(s.securityHeaders(s.crossOrigin(mux))))
	return s.handler
}

// crossOrigin refuses cross-origin browser requests with unsafe methods
// (POST, PUT, PATCH, DELETE, ...) on every route, /api/ included, before any
// handler runs: net/http's CrossOriginProtection reads Sec-Fetch-Site, or
// compares Origin with Host when a browser sends no Sec-Fetch-Site. Requests
// with neither header (non-browser clients, very old browsers) pass here and
// meet the API's double-submit token (server/api/auth.go) instead.
func (s *Server) crossOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	for _, o := range s.TrustedOrigins {
		origin := o
		if u, err := url.Parse(o); err == nil && u.Scheme != "" && u.Host != "" {
			origin = u.Scheme + "://" + u.Host
		}
		if err := cop.AddTrustedOrigin(origin); err != nil {
			s.Logger.Warn("cross-origin protection: trusted origin ignored", "origin", o, "err", err)
		}
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			api.WriteError(w, r, api.Errorf(http.StatusForbidden, "cross_origin",
				"Cross-origin request refused. Open InkPress from its own address and try again."))
			return
		}
		http.Error(w, "Forbidden: cross-origin request", http.StatusForbidden)
	}))
	return cop.Handler(next)
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.Store.Ping(ctx); err != nil {
		http.Error(w, "database unreachable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok\n"))
}

// Run serves until ctx is cancelled, then shuts down gracefully, letting
// in-flight requests (a long AI generation included) finish for up to grace.
func (s *Server) Run(ctx context.Context, grace time.Duration) error {
	srv := &http.Server{
		Addr:              s.Addr,
		Handler:           s.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		// Generation lifts this per request (http.ResponseController).
		WriteTimeout:   60 * time.Second,
		IdleTimeout:    120 * time.Second,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(s.Logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.Logger.Info("shutting down", "grace", grace)
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// recoverer turns a panic into a logged 500 so no request can take the
// server down.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Logger.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				if strings.HasPrefix(r.URL.Path, "/api/") {
					api.WriteError(w, r, errors.New("panic"))
					return
				}
				http.Error(w, "Internal Server Error", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		level := slog.LevelInfo
		if sw.status >= 500 {
			level = slog.LevelError
		}
		s.Logger.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
			"bytes", sw.bytes, "duration", time.Since(start))
	})
}

// permissionsPolicy turns off the browser features no InkPress page uses,
// for the page and anything it embeds.
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()"

// securityHeaders sets the headers every answer carries. The CSP is set on
// every answer (not only HTML): an uploaded file opened directly gets it too.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Permissions-Policy", permissionsPolicy)
		if s.CSP != "" {
			h.Set("Content-Security-Policy", s.CSP)
		}
		if s.HSTS {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}
