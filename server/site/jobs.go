package site

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/pages"
	"github.com/inkpress/inkpress/store"
)

// A render job is a request no reader made: the page's address, answered by
// the same routes, with the job in its context, so that every page is drawn
// by one path whether a reader or a write asked for it.

type jobKey struct{}

// job is a render job under way.
type job struct {
	reason string
	err    error
}

func jobOf(ctx context.Context) *job {
	j, _ := ctx.Value(jobKey{}).(*job)
	return j
}

// errNotPage: the job's address is not a stored page (a redirect, a feed).
var errNotPage = errors.New("not a stored page")

// RenderPage renders the page of key (site.Blog.PageKey: a path on the
// platform's host, or a custom domain's address) now and stores it,
// replacing what the memory cache holds: the pages.Worker's RenderFunc. A
// page that no longer exists is dropped from the store.
func (h *Handler) RenderPage(ctx context.Context, key, reason string) error {
	if strings.HasPrefix(key, "/") {
		key = h.Config.BaseURL + key
	}
	u, err := url.Parse(key)
	if err != nil || u.Host == "" {
		return fmt.Errorf("render %q: not an address", key)
	}
	j := &job{reason: reason, err: errNotPage}
	r, err := http.NewRequestWithContext(context.WithValue(ctx, jobKey{}, j), http.MethodGet, u.RequestURI(), nil)
	if err != nil {
		return err
	}
	r.Host = u.Host
	r.RemoteAddr = "127.0.0.1:0"
	w := &discard{header: http.Header{}}
	h.ServeHTTP(w, r)
	if w.status == http.StatusNotFound {
		return store.ErrNotFound
	}
	return j.err
}

// renderJob is serveHTML for a render job: render, store, and put the fresh
// page in the memory cache; a page gone (404) leaves the store.
func (h *Handler) renderJob(r *http.Request, b *blogaddr.Blog, key string, fill func(ctx context.Context) (*page, error), j *job) error {
	if h.Pages != nil {
		// A reader may have had it rendered since it was queued.
		if p, err := h.Pages.Get(r.Context(), b.Workspace.ID, key); err == nil && !h.Pages.Stale(b.Workspace.ID, p.Version, p.Build) {
			j.err = nil
			return nil
		}
	}
	e, err := h.produce(r, b, key, fill, j.reason)
	j.err = err
	if errors.Is(err, store.ErrNotFound) && h.Pages != nil {
		_ = h.Pages.Store.DeletePages(r.Context(), b.Workspace.ID, []string{key})
		h.Cache.Delete(b.Workspace.ID, "html:"+key)
	}
	if err != nil {
		return err
	}
	// Kept in memory unless the blog changed while it was made: readers
	// would be served the page from before the change.
	if !e.NoStore && (h.Pages == nil || !h.Pages.Stale(b.Workspace.ID, e.Version, e.Build)) {
		h.Cache.Set(b.Workspace.ID, "html:"+key, e)
	}
	return nil
}

// discard is the ResponseWriter of a render job: only the status matters.
type discard struct {
	header http.Header
	status int
}

func (d *discard) Header() http.Header { return d.header }
func (d *discard) WriteHeader(s int) {
	if d.status == 0 {
		d.status = s
	}
}
func (d *discard) Write(p []byte) (int, error) {
	d.WriteHeader(http.StatusOK)
	return len(p), nil
}

var _ pages.RenderFunc = (*Handler)(nil).RenderPage
