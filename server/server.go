// Package server assembles the HTTP server: middleware (recovery, logging,
// security headers, cross-origin protection), the JSON API under /api/,
// uploaded media, the embedded app's assets and the public site (pages,
// feeds, sitemaps). See docs/security.md for the CSRF defences.
package server

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
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
	HSTS bool
	// Ready lists what /readyz checks besides the database (Store.Ping),
	// each within ReadyTimeout (2s when zero).
	Ready        []Check
	ReadyTimeout time.Duration
	// RequestTimeout is the deadline of every request's context (none when
	// zero), except the long routes (longRoute), which set their own.
	RequestTimeout time.Duration
	// AccessLog is which requests are logged: "all" (the default when
	// empty), "errors" (5xx answers) or "off". A request whose client went
	// away is logged at debug as such, whatever it answered.
	AccessLog string
	// Listener, when set, is the plain listener, already bound (tests bind
	// first to know the port); nil listens on Addr.
	Listener net.Listener
	// TLS, when set, serves the same handler on a second listener over TLS
	// (automatic certificates for custom domains, internal/tlsserve).
	TLS *TLS
	// CustomDomain reports whether host is a tenant's verified custom
	// domain (nil: none is), where only the blog's public side answers
	// (tenantHost); PlatformURL is where the app's screens asked for
	// there are sent.
	CustomDomain func(ctx context.Context, host string) bool
	PlatformURL  string
	handler      http.Handler
}

// TLS is the second listener: its address and configuration, and Plain,
// which wraps the plain listener's handler (ACME challenges, redirects).
type TLS struct {
	Addr     string
	Listener net.Listener // already bound, or nil to listen on Addr
	Config   *tls.Config
	Plain    func(http.Handler) http.Handler
}

// Check is one readiness check: nil when the part named works.
type Check struct {
	Name  string
	Check func(ctx context.Context) error
}

// longRoute reports the requests that keep no request deadline: drawing a
// post's new AI cover, bounded by the generation limit (internal/generate),
// longer than any ordinary request. (Writing posts runs as a job.)
func longRoute(r *http.Request) bool {
	return r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/api/workspace/posts/") &&
		strings.HasSuffix(r.URL.Path, "/cover")
}

// Handler returns the fully wrapped handler.
func (s *Server) Handler() http.Handler {
	if s.handler != nil {
		return s.handler
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("/api/", s.API)
	if s.Media != nil {
		mux.Handle("GET /media/", s.Media)
	}
	mux.Handle("/", s.Site)
	s.handler = s.recoverer(s.logRequests(s.securityHeaders(s.crossOrigin(s.deadline(s.tenantHost(mux))))))
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
	// RFC 8058 one-click unsubscribe: mail providers POST from anywhere;
	// the secret token in the address is the proof (server/api/newsletter.go).
	cop.AddInsecureBypassPattern("POST " + api.OneClickPath)
	// Spam complaint reports come from mail providers' servers; the
	// configured secret is the proof (server/api/mail_feedback.go).
	cop.AddInsecureBypassPattern("POST " + api.ComplaintsPath)
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

// healthz is liveness: the process serves HTTP. It touches nothing else, so
// a database outage never gets a healthy process restarted.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok\n"))
}

// readyz is readiness: the database answers and every Ready check passes.
// It answers 200 {"status":"ready"} or 503 {"status":"unavailable",
// "failed":[names]}; the errors themselves are logged, not shown.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	checks := s.Ready
	if s.Store != nil {
		checks = append([]Check{{"database", s.Store.Ping}}, checks...)
	}
	timeout := s.ReadyTimeout
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	failed := []string{}
	for _, c := range checks {
		ctx, cancel := context.WithTimeout(r.Context(), timeout)
		err := c.Check(ctx)
		cancel()
		if err != nil {
			failed = append(failed, c.Name)
			s.Logger.Warn("not ready", "check", c.Name, "err", err)
		}
	}
	body := map[string]any{"status": "ready"}
	status := http.StatusOK
	if len(failed) > 0 {
		body = map[string]any{"status": "unavailable", "failed": failed}
		status = http.StatusServiceUnavailable
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// deadline bounds every request's context by RequestTimeout, so a database
// or storage that stops answering cannot hold requests (and their
// connections and files) open; the work sees context.DeadlineExceeded.
func (s *Server) deadline(next http.Handler) http.Handler {
	if s.RequestTimeout <= 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if longRoute(r) {
			next.ServeHTTP(w, r)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.RequestTimeout)
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// Run serves until ctx is cancelled, then shuts down gracefully, letting
// in-flight requests (a long AI generation included) finish for up to grace.
// With TLS it serves both listeners; one failing stops the other.
func (s *Server) Run(ctx context.Context, grace time.Duration) error {
	plain := s.httpServer(s.Addr, s.Handler(), slog.LevelWarn)
	servers, listeners := []*http.Server{plain}, []net.Listener{s.Listener}
	if s.TLS != nil {
		plain.Handler = s.TLS.Plain(plain.Handler)
		// net/http's error lines on a public TLS port are nearly all failed
		// handshakes (names without a certificate, scanners): debug.
		ts := s.httpServer(s.TLS.Addr, s.Handler(), slog.LevelDebug)
		ts.TLSConfig = s.TLS.Config
		servers, listeners = append(servers, ts), append(listeners, s.TLS.Listener)
	}
	errc := make(chan error, len(servers))
	for i, srv := range servers {
		go func() {
			l := listeners[i]
			switch {
			case l != nil && srv.TLSConfig != nil:
				errc <- srv.ServeTLS(l, "", "")
			case l != nil:
				errc <- srv.Serve(l)
			case srv.TLSConfig != nil:
				errc <- srv.ListenAndServeTLS("", "")
			default:
				errc <- srv.ListenAndServe()
			}
		}()
	}
	var failed error
	pending := len(servers)
	select {
	case failed = <-errc:
		pending--
	case <-ctx.Done():
		s.Logger.Info("shutting down", "grace", grace)
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	errs := make([]error, len(servers))
	var wg sync.WaitGroup
	for i, srv := range servers {
		wg.Go(func() { errs[i] = srv.Shutdown(sctx) })
	}
	wg.Wait()
	errs = append(errs, failed)
	for range pending {
		if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// httpServer is one listener's server; errorLevel is the level of
// net/http's own error lines.
func (s *Server) httpServer(addr string, h http.Handler, errorLevel slog.Level) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		// Generation lifts this per request (http.ResponseController).
		WriteTimeout:   60 * time.Second,
		IdleTimeout:    120 * time.Second,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(s.Logger.Handler(), errorLevel),
	}
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
	status   int
	bytes    int
	writeErr error
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
	if err != nil && w.writeErr == nil {
		w.writeErr = err
	}
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests writes the access log (AccessLog): one structured line per
// request, at error for a 5xx answer. A request whose client went away
// (connection closed, broken pipe) is not a server error: it is logged at
// debug as "client went away" whatever the handler answered.
func (s *Server) logRequests(next http.Handler) http.Handler {
	if s.AccessLog == "off" {
		return next
	}
	errorsOnly := s.AccessLog == "errors"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		attrs := []any{"method", r.Method, "path", r.URL.Path, "status", sw.status, "bytes", sw.bytes,
			"duration", time.Since(start)}
		if clientGone(r.Context(), sw.writeErr) {
			s.Logger.Debug("client went away", attrs...)
			return
		}
		level := slog.LevelInfo
		// A probe's 503 is its answer, not a server error (readyz logs
		// what failed at warn).
		probe := r.URL.Path == "/healthz" || r.URL.Path == "/readyz"
		if sw.status >= 500 && !probe {
			level = slog.LevelError
		} else if errorsOnly {
			return
		}
		s.Logger.Log(r.Context(), level, "request", attrs...)
	})
}

// clientGone reports whether a request ended because its client left: the
// request's context was cancelled (net/http does so when the connection
// closes) or writing the answer failed.
func clientGone(ctx context.Context, writeErr error) bool {
	return errors.Is(ctx.Err(), context.Canceled) || writeErr != nil
}

// ClientGoneHandler wraps a log handler so that an error logged for a
// request whose client went away (its context cancelled) is logged at debug
// as "client went away: ..." instead: handlers log failures of their work,
// which fails when the client leaves, and that is no server error.
func ClientGoneHandler(h slog.Handler) slog.Handler { return clientGoneHandler{h} }

type clientGoneHandler struct{ slog.Handler }

func (h clientGoneHandler) Handle(ctx context.Context, rec slog.Record) error {
	if rec.Level >= slog.LevelError && ctx != nil && errors.Is(ctx.Err(), context.Canceled) {
		if !h.Handler.Enabled(ctx, slog.LevelDebug) {
			return nil
		}
		quiet := slog.NewRecord(rec.Time, slog.LevelDebug, "client went away: "+rec.Message, rec.PC)
		rec.Attrs(func(a slog.Attr) bool { quiet.AddAttrs(a); return true })
		return h.Handler.Handle(ctx, quiet)
	}
	return h.Handler.Handle(ctx, rec)
}

func (h clientGoneHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return clientGoneHandler{h.Handler.WithAttrs(as)}
}

func (h clientGoneHandler) WithGroup(name string) slog.Handler {
	return clientGoneHandler{h.Handler.WithGroup(name)}
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
