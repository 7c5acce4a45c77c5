package site_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/pages"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
)

// storedApp is an app whose pages the fake bundle renders (ssr_test.go),
// with no room for readers to wait for an engine.
func storedApp(t *testing.T, fn func(t *testing.T, a *apptest.App), env ...apptest.Option) {
	opts := append([]apptest.Option{apptest.Env("INKPRESS_SSR", "true"), apptest.Env("INKPRESS_SSR_BUNDLE", ssrBundle(t))}, env...)
	apptest.Run(t, fn, opts...)
}

// drain runs the render worker until the queue is empty and reports how
// many pages it rendered.
func drain(t *testing.T, a *apptest.App) int64 {
	t.Helper()
	a.Pages.Settle()
	before := pages.Renders()
	for range 1000 {
		n, err := a.PageWorker.Once(ctx, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return pages.Renders() - before
		}
	}
	t.Fatal("the render queue never emptied")
	return 0
}

// breadBlog is the site's blog with a category, Bread.
func breadBlog(t *testing.T, a *apptest.App) *store.Workspace {
	t.Helper()
	ws := siteWS(t, a)
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: ws.ID, Name: "Bread", Slug: "bread"}); err != nil {
		t.Fatal(err)
	}
	return ws
}

// publish writes a published post in Bread through the posts service (so
// its pages are queued).
func publish(t *testing.T, a *apptest.App, ws *store.Workspace, title, body string) *store.Post {
	t.Helper()
	now := time.Now().Add(-time.Hour)
	p := &store.Post{WorkspaceID: ws.ID, Category: "bread", Title: title, Content: body, Status: store.PostPublished,
		PublishedAt: now, UpdatedAt: now}
	if err := a.Posts.Create(ctx, p); err != nil {
		t.Fatal(err)
	}
	return p
}

// pageHTML is a stored page's HTML (stored pages read back compressed).
func pageHTML(t *testing.T, p *store.RenderedPage) string {
	t.Helper()
	if p.Gzip == nil {
		return string(p.Body)
	}
	zr, err := gzip.NewReader(bytes.NewReader(p.Gzip))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func queued(t *testing.T, a *apptest.App) int {
	t.Helper()
	a.Pages.Settle() // readers queue stale pages in the background
	n, err := a.Store.QueuedRenders(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A write queues exactly the pages it shows on; the worker renders each
// once; readers are then served the stored bytes, also after the memory
// cache is gone (a restart), without a render.
func TestPagesAreRenderedOnWriteAndServedStored(t *testing.T) {
	storedApp(t, func(t *testing.T, a *apptest.App) {
		ws := breadBlog(t, a)
		drain(t, a)
		now := time.Now().Add(-time.Hour)
		p := &store.Post{WorkspaceID: ws.ID, Category: "bread", Title: "Rye", Content: "<p>Dark.</p>", Tags: []string{"Sourdough", "Baking"},
			Status: store.PostPublished, PublishedAt: now, UpdatedAt: now}
		if err := a.Posts.Create(ctx, p); err != nil {
			t.Fatal(err)
		}
		// The post, the home page, /posts, the category and two tags.
		if n := queued(t, a); n != 6 {
			t.Fatalf("a published post queued %d renders, want 6 (the pages it shows on)", n)
		}
		if n := drain(t, a); n != 6 {
			t.Errorf("%d renders for one published post, want 6", n)
		}
		key := "/bread/" + p.Slug
		if sp, err := a.Pages.Get(ctx, ws.ID, key); err != nil || !strings.Contains(pageHTML(t, sp), `data-ssr><h1 class="app">Rye</h1>`) {
			t.Fatalf("stored page of %s: %v", key, err)
		}

		c := a.Client(t)
		before := pages.Renders()
		for range 2 {
			a.Cache.InvalidateAll() // the memory cache of a fresh instance
			r := c.Get("/bread/" + p.Slug)
			if r.StatusCode != http.StatusOK || !strings.Contains(string(r.Body), `data-ssr><h1 class="app">Rye</h1>`) {
				t.Fatalf("stored post page: %d\n%s", r.StatusCode, r.Body)
			}
		}
		if n := pages.Renders() - before; n != 0 {
			t.Errorf("reading stored pages rendered %d pages", n)
		}

		// An edit drops the post's page: its next reader gets the new text at
		// once (rendered on demand), and the queued job has nothing left to do.
		if _, err := a.Posts.Update(ctx, ws.ID, p.ID, postsPatchTitle("Rye, darker")); err != nil {
			t.Fatal(err)
		}
		if r := c.Get("/bread/" + p.Slug); !strings.Contains(string(r.Body), `<h1 class="app">Rye, darker</h1>`) {
			t.Fatalf("after an edit the reader got\n%s", r.Body)
		}
		before = pages.Renders()
		drain(t, a)
		if n := pages.Renders() - before; n != 5 {
			t.Errorf("after an edit the worker rendered %d pages, want the 5 the reader did not", n)
		}

		// Unpublishing removes the page from the store: the job finds it gone.
		if _, err := a.Posts.Update(ctx, ws.ID, p.ID, postsPatchStatus(store.PostDraft)); err != nil {
			t.Fatal(err)
		}
		drain(t, a)
		if _, err := a.Pages.Get(ctx, ws.ID, key); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("an unpublished post's page is still stored: %v", err)
		}
		if r := c.Get("/bread/" + p.Slug); r.StatusCode != http.StatusNotFound {
			t.Errorf("an unpublished post answers %d", r.StatusCode)
		}
	})
}

// Pages a change reaches only indirectly are served stale and queued; a new
// app build's pages likewise, at a lower priority.
func TestStalePagesAreServedAndRenderedAgain(t *testing.T) {
	storedApp(t, func(t *testing.T, a *apptest.App) {
		ws := breadBlog(t, a)
		p := publish(t, a, ws, "Rye", "<p>Dark.</p>")
		drain(t, a)
		c := a.Client(t)
		c.Get("/about") // stored on its first read
		if queued(t, a) != 0 {
			t.Fatal("a first read queued a render")
		}
		// Another post changes the workspace: /about is stale, not dropped.
		publish(t, a, ws, "Spelt", "<p>Light.</p>")
		drain(t, a)
		before := pages.Renders()
		if r := c.Get("/about"); r.StatusCode != http.StatusOK || pages.Renders() != before {
			t.Fatalf("a stale page: status %d, %d renders on the reader's request", r.StatusCode, pages.Renders()-before)
		}
		if n := queued(t, a); n != 1 {
			t.Fatalf("a stale page read queued %d renders, want 1", n)
		}
		c.Get("/about") // read again: queued once
		if n := drain(t, a); n != 1 {
			t.Errorf("a stale page was rendered %d times", n)
		}

		// A new build: stored pages are still served, and rendered again.
		a.Pages.Build = "next-build"
		before = pages.Renders()
		if r := c.Get("/bread/" + p.Slug); r.StatusCode != http.StatusOK || !strings.Contains(string(r.Body), `data-ssr`) {
			t.Fatalf("an earlier build's page: %d", r.StatusCode)
		}
		if pages.Renders() != before {
			t.Error("an earlier build's page was rendered on the reader's request")
		}
		drain(t, a)
		sp, err := a.Pages.Get(ctx, ws.ID, "/bread/"+p.Slug)
		if err != nil || sp.Build != "next-build" {
			t.Errorf("after the worker the page's build is %v (%v)", sp, err)
		}
	})
}

// With every engine busy and no queue, a reader of a page never rendered
// gets the plain page at once (not stored), and the page is queued.
func TestBusyEnginesServeThePlainPage(t *testing.T) {
	storedApp(t, func(t *testing.T, a *apptest.App) {
		ws := breadBlog(t, a)
		p := publish(t, a, ws, "Rye", "<p>Dark.</p>")
		if err := a.Pages.DropAll(ctx, ws.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Store.ClaimRenders(ctx, time.Now(), time.Now().Add(time.Hour), 100); err != nil { // out of the way
			t.Fatal(err)
		}
		release, err := a.Admission.Background(ctx) // the only engine
		if err != nil {
			t.Fatal(err)
		}
		r := a.Client(t).Get("/bread/" + p.Slug)
		body := string(r.Body)
		if r.StatusCode != http.StatusOK || strings.Contains(body, "data-ssr") || !strings.Contains(body, "<h1>Rye</h1>") ||
			!strings.Contains(body, "<p>Dark.</p>") || !strings.Contains(body, "<title>Rye | InkPress</title>") {
			t.Fatalf("busy engines: want the plain page with its head, got %d\n%s", r.StatusCode, body)
		}
		if _, err := a.Pages.Get(ctx, ws.ID, "/bread/"+p.Slug); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the plain page was stored: %v", err)
		}
		release()
		if r := a.Client(t).Get("/bread/" + p.Slug); !strings.Contains(string(r.Body), "data-ssr") {
			t.Error("the plain page was kept in memory")
		}
	}, apptest.Env("INKPRESS_RENDER_QUEUE", "0"))
}

// One client past its share of the render queue gets plain pages at once;
// another client's page waits its turn and is rendered.
func TestOneClientCannotTakeTheRenderQueue(t *testing.T) {
	storedApp(t, func(t *testing.T, a *apptest.App) {
		ws := breadBlog(t, a)
		var slugs []string
		for _, title := range []string{"Rye", "Spelt", "Oat"} {
			slugs = append(slugs, publish(t, a, ws, title, "<p>Bread.</p>").Slug)
		}
		if err := a.Pages.DropAll(ctx, ws.ID); err != nil {
			t.Fatal(err)
		}
		release, err := a.Admission.Background(ctx)
		if err != nil {
			t.Fatal(err)
		}
		get := func(addr, slug string) *apptest.Response {
			return a.Client(t).Raw("GET", "/bread/"+slug, "", nil, http.Header{"X-Forwarded-For": {addr}})
		}
		var wg sync.WaitGroup
		got := make([]*apptest.Response, 2)
		wg.Add(1)
		go func() { defer wg.Done(); got[0] = get("203.0.113.7", slugs[0]) }()
		for a.Admission.Waiting() < 1 {
			time.Sleep(time.Millisecond) // until the first request waits for the engine
		}
		// The same client again: past its share (1), a plain page at once.
		if r := get("203.0.113.7", slugs[1]); strings.Contains(string(r.Body), "data-ssr") || !strings.Contains(string(r.Body), "<h1>Spelt</h1>") {
			t.Errorf("a client past its share: want the plain page\n%s", r.Body)
		}
		wg.Add(1)
		go func() { defer wg.Done(); got[1] = get("198.51.100.9", slugs[2]) }()
		for a.Admission.Waiting() < 2 {
			time.Sleep(time.Millisecond)
		}
		release()
		wg.Wait()
		for i, r := range got {
			if !strings.Contains(string(r.Body), "data-ssr") {
				t.Errorf("request %d waited its turn but got\n%s", i, r.Body)
			}
		}
	}, apptest.Env("INKPRESS_RENDER_PER_CLIENT", "1"), apptest.Env("INKPRESS_PAGE_WORKERS", "4"), apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1"))
}

func postsPatchTitle(title string) posts.Patch { return posts.Patch{Title: &title} }

func postsPatchStatus(status string) posts.Patch { return posts.Patch{Status: &status} }

// Searches are made afresh every time, so they take their client's turns
// like any page made: a client flooding searches waits for its own, while
// stored pages and cached reads never wait.
func TestSearchesTakeTheirClientsTurns(t *testing.T) {
	storedApp(t, func(t *testing.T, a *apptest.App) {
		ws := breadBlog(t, a)
		p := publish(t, a, ws, "Rye", "<p>Bread.</p>")
		drain(t, a)
		hdr := func(addr string) http.Header { return http.Header{"X-Forwarded-For": {addr}} }
		const flooder = "203.0.113.7"
		// The flooder holds the only turn.
		done, err := a.Admission.Work(ctx, flooder)
		if err != nil {
			t.Fatal(err)
		}
		answers := make(chan *apptest.Response, 2)
		go func() { answers <- a.Client(t).Raw("GET", "/search?q=rye", "", nil, hdr(flooder)) }()
		go func() {
			answers <- a.Client(t).Raw("GET", "/api/posts?workspace="+ws.Slug+"&q=rye", "", nil, hdr(flooder))
		}()
		for a.Admission.TurnsWaiting() < 2 {
			time.Sleep(time.Millisecond) // until both searches wait for a turn
		}
		// Another reader's stored page and a cached read do not wait.
		if r := a.Client(t).Raw("GET", "/bread/"+p.Slug, "", nil, hdr("198.51.100.9")); r.StatusCode != http.StatusOK {
			t.Fatalf("a stored page while the searches wait: %d", r.StatusCode)
		}
		if r := a.Client(t).Raw("GET", "/api/posts?workspace="+ws.Slug, "", nil, hdr("198.51.100.9")); r.StatusCode != http.StatusOK {
			t.Fatalf("a list while the searches wait: %d", r.StatusCode)
		}
		select {
		case r := <-answers:
			t.Fatalf("a search went ahead without a turn: %d", r.StatusCode)
		default:
		}
		done()
		for range 2 {
			if r := <-answers; r.StatusCode != http.StatusOK || !strings.Contains(string(r.Body), "Rye") {
				t.Errorf("a search after its turn: %d\n%s", r.StatusCode, r.Body)
			}
		}
	}, apptest.Env("INKPRESS_PAGE_WORKERS", "1"), apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1"))
}

// A render job queued for a page once served plain (reason demand) is
// still a job, not a reader at the job's own address: it does not wait for
// that address's turns.
func TestJobsOfPlainPagesAreNotReaders(t *testing.T) {
	storedApp(t, func(t *testing.T, a *apptest.App) {
		ws := breadBlog(t, a)
		p := publish(t, a, ws, "Rye", "<p>Bread.</p>")
		drain(t, a)
		if err := a.Pages.DropAll(ctx, ws.ID); err != nil {
			t.Fatal(err)
		}
		// A reader at the address jobs are made from holds all its turns.
		for range 2 {
			done, err := a.Admission.Work(ctx, "127.0.0.1")
			if err != nil {
				t.Fatal(err)
			}
			defer done()
		}
		before := pages.Renders()
		if err := a.PageWorker.Render(ctx, "/bread/"+p.Slug, pages.ReasonDemand); err != nil {
			t.Fatal(err)
		}
		if pages.Renders() != before+1 {
			t.Fatalf("renders %d -> %d, want one", before, pages.Renders())
		}
	}, apptest.Env("INKPRESS_PAGE_WORKERS", "4"))
}
