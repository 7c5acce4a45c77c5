package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"expvar"
	"io/fs"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/inkpress/inkpress/internal/config"
)

// buildID names the app build: a hash of the files that decide how a page
// is drawn (the browser app's index.html, naming its hashed assets, and the
// server bundle) and of the settings pages spell out (the base URL and the
// site's name). Pages another build drew are rendered again.
func buildID(cfg *config.Config, dist, ssrBundle fs.FS) string {
	h := sha256.New()
	h.Write([]byte(cfg.BaseURL + "\x00" + cfg.SiteName + "\x00"))
	for _, f := range []struct {
		fsys fs.FS
		name string
	}{{dist, "index.html"}, {ssrBundle, "entry-server.js"}} {
		b, err := fs.ReadFile(f.fsys, f.name)
		if err != nil {
			continue
		}
		h.Write([]byte(f.name))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// loadVersions reads every workspace's last content change before the first
// request, so that a page stored before a restart is judged by the same
// versions it was rendered at (else every page would look stale).
func (a *App) loadVersions(ctx context.Context) error {
	changed, err := a.Store.ChangedWorkspaces(ctx, time.Time{})
	if err != nil {
		return err
	}
	for id, at := range changed {
		a.Pages.Changed(id, at)
	}
	return nil
}

// serveDebug serves the counters (expvar) and profiles (pprof) on
// INKPRESS_DEBUG_ADDR until ctx ends: a private address, never the public
// listener.
func (a *App) serveDebug(ctx context.Context) {
	mux := http.NewServeMux()
	mux.Handle("GET /debug/vars", expvar.Handler())
	// Profiles of the running server (CPU, heap, goroutines), for the
	// operator's eyes only: this listener is never the public one.
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Addr: a.Config.DebugAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		a.Logger.Error("debug listener", "addr", a.Config.DebugAddr, "err", err)
	}
}
