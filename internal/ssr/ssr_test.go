package ssr

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

// testBundle stands in for the app's server bundle: what a page does depends
// on its path. It keeps the real contract (begin, pass, data; fetch for
// the API; data as JSON).
const testBundle = `
var InkpressSSR = (function () {
  var url, data, fetched
  return {
    begin: function (j) { url = new URL(JSON.parse(j).url); data = null; fetched = false },
    pass: function () {
      var p = url.pathname
      if (p === '/throw') throw new Error('the page broke')
      if (p === '/loop') { for (;;) {} }
      if (p === '/hog') { var a = []; for (;;) a.push(new Array(100000).fill('x')) }
      if (p === '/console') console.error('something to say')
      if (p === '/fetch' && !fetched) {
        fetched = true
        fetch('/api/post?x=1').then(function (r) { return r.json() }).then(function (d) { data = d })
        return { html: '<p>Loading...</p>', fetching: 1 }
      }
      if (p === '/forever') {
        fetch('/api/post').then(function (r) { return r.json() })
        return { html: '', fetching: 1 }
      }
      if (p === '/leak') { globalThis.__kept = globalThis.__kept || []; globalThis.__kept.push(new Array(125000).fill(1)) }
      if (p === '/fonts') return { html: '<p>themed</p>', fetching: 0, fonts: ['Lora', 'Montserrat'] }
      if (p === '/post') {
        return { html: '<p>' + (data ? 'no' : 'plain') + '</p>', fetching: 0 }
      }
      return { html: '<h1>' + (data ? data.title : p) + '</h1>', fetching: 0 }
    },
    data: function () { return JSON.stringify({ url: url.href, post: data }) },
  }
})()
`

// urlPolyfill is enough of URL for the test bundle.
const urlPolyfill = `
globalThis.URL = function (u) {
  var m = /^(https?:)\/\/([^/?#]+)([^?#]*)(\?[^#]*)?/.exec(u)
  this.href = u; this.protocol = m[1]; this.host = m[2]; this.pathname = m[3] || '/'; this.search = m[4] || ''
}
`

type api struct {
	mu    sync.Mutex
	hosts []string
	paths []string
	body  string
}

func (a *api) fetch(_ context.Context, host, path string) (int, []byte) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.hosts, a.paths = append(a.hosts, host), append(a.paths, path)
	return 200, []byte(a.body)
}

func newRenderer(t *testing.T, a *api, logs io.Writer, cfg Config) *Renderer {
	t.Helper()
	cfg.Bundle = fstest.MapFS{
		"polyfills.js":    {Data: []byte(urlPolyfill)},
		"entry-server.js": {Data: []byte(testBundle)},
	}
	cfg.Fetch = a.fetch
	if logs == nil {
		logs = io.Discard
	}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
	r, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRenderPassesFetchAndData(t *testing.T) {
	a := &api{body: `{"title":"Bread </script><script>alert(1)</script> & <!-- co\u2028"}`}
	r := newRenderer(t, a, nil, Config{})
	p, err := r.Render(context.Background(), "https://olivia.example/fetch")
	if err != nil {
		t.Fatal(err)
	}
	if want := "<h1>Bread </script><script>alert(1)</script> & <!-- co\u2028</h1>"; p.HTML != want {
		t.Errorf("html = %q, want %q", p.HTML, want)
	}
	if len(a.paths) != 1 || a.paths[0] != "/api/post?x=1" || a.hosts[0] != "olivia.example" {
		t.Errorf("fetched %v on %v", a.paths, a.hosts)
	}
	// The data cannot end or alter its script element, and reads back the same.
	for _, bad := range []string{"<", ">", "&", "\u2028"} {
		if strings.Contains(p.Data, bad) {
			t.Errorf("data holds %q: %s", bad, p.Data)
		}
	}
	var got struct {
		URL  string
		Post struct{ Title string }
	}
	if err := json.Unmarshal([]byte(p.Data), &got); err != nil {
		t.Fatal(err)
	}
	if got.URL != "https://olivia.example/fetch" || got.Post.Title != "Bread </script><script>alert(1)</script> & <!-- co\u2028" {
		t.Errorf("data = %+v", got)
	}
}

func TestEngineIsReusedAndStateDoesNotLeak(t *testing.T) {
	a := &api{body: `{"title":"secret of ws 1"}`}
	r := newRenderer(t, a, nil, Config{Engines: 1})
	if _, err := r.Render(context.Background(), "http://x/fetch"); err != nil {
		t.Fatal(err)
	}
	// The same engine renders the next page from a fresh state.
	p, err := r.Render(context.Background(), "http://y/post")
	if err != nil {
		t.Fatal(err)
	}
	if p.HTML != "<p>plain</p>" || strings.Contains(p.Data, "secret") {
		t.Errorf("the second page saw the first one's data: %q %s", p.HTML, p.Data)
	}
}

// A page that throws, loops or eats memory is refused with a reason that is
// logged, and the next page renders on a fresh engine.
func TestBudgetsAndFailures(t *testing.T) {
	cases := []struct {
		path, want string
		timeout    time.Duration
	}{
		{"/throw", "the page broke", time.Minute},
		{"/loop", "over the time budget", 300 * time.Millisecond},
		{"/hog", "over the memory budget", time.Minute},
		{"/forever", "still asked for data after", time.Minute},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			var logs bytes.Buffer
			var mu sync.Mutex
			r := newRenderer(t, &api{body: `{}`}, syncWriter{&mu, &logs}, Config{Engines: 1, Timeout: c.timeout, Memory: 64 << 20})
			_, err := r.Render(context.Background(), "http://x"+c.path)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
			mu.Lock()
			logged := logs.String()
			mu.Unlock()
			if !strings.Contains(logged, "server render failed") || !strings.Contains(logged, c.path) {
				t.Errorf("log = %q", logged)
			}
			p, err := r.Render(context.Background(), "http://x/fine")
			if err != nil || p.HTML != "<h1>/fine</h1>" {
				t.Fatalf("after a failure: %v %+v", err, p)
			}
		})
	}
}

func TestFontsOfThePage(t *testing.T) {
	r := newRenderer(t, &api{}, nil, Config{})
	p, err := r.Render(context.Background(), "http://x/fonts")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(p.Fonts, ",") != "Lora,Montserrat" {
		t.Errorf("fonts = %q", p.Fonts)
	}
	if p, _ := r.Render(context.Background(), "http://x/post"); p == nil || len(p.Fonts) != 0 {
		t.Errorf("a page without blog fonts: %+v", p)
	}
}

// An engine's heap must not grow with the pages it renders
// (TestRealBundleHeapStaysFlat). Should a dependency make it grow again,
// the page that finds its engine at the memory budget is rendered once more
// on a fresh engine, with a warning: no page is lost to that. A page that
// needs too much memory on a fresh engine is refused at once.
func TestAnEngineOutOfMemoryAfterServingPagesIsReplaced(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	r := newRenderer(t, &api{}, syncWriter{&mu, &logs}, Config{Engines: 1, Memory: 24 << 20, Timeout: time.Minute})
	// /leak keeps 2 MB in a global: about ten pages fill an engine.
	for i := range 40 {
		if _, err := r.Render(context.Background(), "http://x/leak"); err != nil {
			t.Fatalf("page %d: %v", i+1, err)
		}
	}
	if n := r.started.Load(); n < 3 || n > 8 {
		t.Errorf("%d engines started for 40 pages of 2 MB each in 24 MB engines", n)
	}
	mu.Lock()
	logged := logs.String()
	mu.Unlock()
	if !strings.Contains(logged, "an engine ran out of memory after serving pages") || strings.Contains(logged, "server render failed") {
		t.Errorf("log = %q", logged)
	}

	r = newRenderer(t, &api{}, nil, Config{Engines: 1, Memory: 24 << 20, Timeout: time.Minute})
	if _, err := r.Render(context.Background(), "http://x/hog"); err == nil || !strings.Contains(err.Error(), "over the memory budget") {
		t.Fatalf("err = %v", err)
	}
	if n := r.started.Load(); n != 1 {
		t.Errorf("a page over the budget on a fresh engine was tried on %d engines", n)
	}
}

// Every data read is bounded by the render's deadline: the Fetcher's
// context carries it, and a read that blocks until then ends the render
// with an error (the plain page is served), never holding the engine for
// the request's own timeout.
func TestDataReadsEndWithTheRender(t *testing.T) {
	const timeout = 300 * time.Millisecond
	var (
		mu          sync.Mutex
		left        time.Duration // from the read's start to its deadline
		hasDeadline bool
	)
	r, err := New(Config{
		Bundle: fstest.MapFS{"polyfills.js": {Data: []byte(urlPolyfill)}, "entry-server.js": {Data: []byte(testBundle)}},
		Fetch: func(ctx context.Context, host, path string) (int, []byte) {
			mu.Lock()
			var deadline time.Time
			deadline, hasDeadline = ctx.Deadline()
			left = time.Until(deadline)
			mu.Unlock()
			<-ctx.Done() // a database call that answers only when cancelled
			return 500, []byte(`{"error":{"code":"internal","message":"canceled"}}`)
		},
		Engines: 1, Timeout: timeout, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	r.Warm(context.Background())                                          // compiling the bundle is not the page's time
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // the request's timeout
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := r.Render(ctx, "http://x/fetch")
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a page whose data never came was rendered")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the render waited for its data past its deadline")
	}
	mu.Lock()
	defer mu.Unlock()
	if !hasDeadline {
		t.Fatal("the read's context had no deadline")
	}
	if left > timeout {
		t.Errorf("the read had %s until its deadline, more than the render's timeout %s", left, timeout)
	}
	// The engine is free for the next page.
	if _, err := r.Render(context.Background(), "http://x/fine"); err != nil {
		t.Fatal(err)
	}
}

func TestConsoleErrorsAreLoggedAndKeptForFailures(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	r := newRenderer(t, &api{}, syncWriter{&mu, &logs}, Config{})
	if _, err := r.Render(context.Background(), "http://x/console"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(logs.String(), "something to say") {
		t.Errorf("log = %q", logs.String())
	}
}

func TestConcurrentRendersShareThePool(t *testing.T) {
	a := &api{body: `{"title":"T"}`}
	r := newRenderer(t, a, nil, Config{Engines: 2})
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := "/fetch"
			if i%2 == 1 {
				path = "/post"
			}
			p, err := r.Render(context.Background(), "http://x"+path)
			if err == nil && (path == "/fetch") != (p.HTML == "<h1>T</h1>") {
				err = io.ErrUnexpectedEOF
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

func TestRenderWaitsForAnEngineUntilTheContextEnds(t *testing.T) {
	r := newRenderer(t, &api{}, nil, Config{Engines: 1})
	e := <-r.pool // every engine busy
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Render(ctx, "http://x/fine"); err == nil {
		t.Fatal("rendered without an engine")
	}
	r.pool <- e
}

func TestMissingBundle(t *testing.T) {
	if _, err := New(Config{Bundle: fstest.MapFS{".gitkeep": {}}}); err != ErrNoBundle {
		t.Fatalf("err = %v", err)
	}
}

func TestScriptSafe(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"a":1}`, `{"a":1}`},
		{`{"t":"</script>"}`, `{"t":"\u003c/script\u003e"}`},
		{`{"t":"<!--x-->"}`, `{"t":"\u003c!--x--\u003e"}`},
		{`{"t":"a&b"}`, `{"t":"a\u0026b"}`},
		{"{\"t\":\"\u2028\u2029\"}", `{"t":"\u2028\u2029"}`},
		{`{"t":"é ✓"}`, `{"t":"é ✓"}`},
	}
	for _, c := range cases {
		got := ScriptSafe(c.in)
		if got != c.want {
			t.Errorf("ScriptSafe(%q) = %q, want %q", c.in, got, c.want)
		}
		var a, b any
		if json.Unmarshal([]byte(c.in), &a) != nil || json.Unmarshal([]byte(got), &b) != nil {
			t.Fatalf("not JSON: %q", got)
		}
		if ja, _ := json.Marshal(a); !bytes.Equal(ja, mustJSON(b)) {
			t.Errorf("%q changed meaning", c.in)
		}
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

// An answer over maxAnswer is not given to the engine.
func TestFetchBoundsTheAnswer(t *testing.T) {
	a := &api{body: strings.Repeat("x", maxAnswer+1)}
	r := newRenderer(t, a, nil, Config{Engines: 1})
	e, err := r.start()
	if err != nil {
		t.Fatal(err)
	}
	defer e.vm.Close()
	e.req = &render{ctx: context.Background(), host: "x"}
	if status, _ := e.fetch("/api/x"); status != 500 {
		t.Errorf("an answer over the bound: %d", status)
	}
}

func TestFetchOnlyAPI(t *testing.T) {
	a := &api{body: `{"title":"T"}`}
	r := newRenderer(t, a, nil, Config{Engines: 1})
	e, err := r.start()
	if err != nil {
		t.Fatal(err)
	}
	defer e.vm.Close()
	e.req = &render{ctx: context.Background(), host: "x"}
	if status, _ := e.fetch("/media/secret.png"); status != 404 {
		t.Errorf("a path outside the API: %d", status)
	}
	if len(a.paths) != 0 {
		t.Errorf("asked the API for %v", a.paths)
	}
}

type syncWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (s syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
