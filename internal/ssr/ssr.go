// Package ssr renders the app's public routes to HTML on the server, with the
// app's own React code, so that the page a reader first sees is the page the
// browser then hydrates.
//
// The app's server bundle (web/dist-ssr, built by Vite from
// web/src/entry-server.tsx) runs in QuickJS, compiled to Go
// (modernc.org/quickjs: no cgo). A page is rendered in passes: each pass
// renders the route, the queries it asked for are answered in Go by the
// API's public reads (GET /api/... through Fetcher), and the next pass
// renders with that data, until a pass asks for nothing new. The query
// cache is then serialised for the page, so the browser's first render
// needs no request.
//
// Rendering happens once per page-cache fill. Every render runs under a
// time and a memory budget; a bundle that throws, runs too long or needs too
// much memory makes Render return an error (the caller serves its plain
// page) and the engine that failed is thrown away. The render's deadline
// bounds its data reads too: Fetch gets it in its context.
package ssr

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"modernc.org/quickjs"
)

// Fetcher answers a GET request for the API (path with query, e.g.
// "/api/posts?limit=6") as the API would answer a reader without a session
// on the given host: its status and JSON body (api.Handler.Read, which
// calls the API's public reads directly). ctx carries the page's render
// deadline; the render does not wait for a Fetcher past it.
type Fetcher func(ctx context.Context, host, path string) (status int, body []byte)

// Config sets up a Renderer.
type Config struct {
	// Bundle holds the built server bundle: polyfills.js and entry-server.js.
	Bundle fs.FS
	Fetch  Fetcher
	// Engines is how many pages may render at once (each engine is one
	// QuickJS runtime holding the app, about 20 MB).
	Engines int
	// Timeout bounds one page's render, all passes included.
	Timeout time.Duration
	// Memory bounds what one engine may allocate, in bytes. An engine keeps
	// no more after a render than before it (about 3.3 MB of heap once
	// every kind of page was rendered; see TestRealBundleHeapStaysFlat), so
	// it serves pages for as long as it does not fail. Should an engine
	// that has served pages run out of memory all the same (a dependency
	// that leaks again), the page is rendered once more on a fresh engine
	// and a warning is logged.
	Memory int64
	Logger *slog.Logger
}

// Defaults of Config.
const (
	DefaultTimeout = 2 * time.Second
	DefaultMemory  = 128 << 20
	// maxPasses bounds the render passes of one page: a route that asks for
	// data it depends on (a post, then its author) needs two or three.
	maxPasses = 6
)

// ErrNoBundle: the app's server bundle was not built (make build).
var ErrNoBundle = errors.New("ssr: the app's server bundle is missing (web/dist-ssr)")

// errOverMemory: an engine reached its memory budget.
var errOverMemory = errors.New("ssr: over the memory budget")

// maxAnswer bounds one API answer the engine reads (a page of posts with
// their text is far below it).
const maxAnswer = 8 << 20

// Page is a rendered route.
type Page struct {
	// HTML is the markup of the app's root element.
	HTML string
	// Data is the query cache the page was rendered with, as JSON safe to
	// put as it is inside a <script type="application/json"> element.
	Data string
	// Fonts are the blog fonts the page uses, for the head.
	Fonts []string
}

// Renderer renders pages with a pool of engines.
type Renderer struct {
	cfg    Config
	source string // prelude, glue, polyfills and the bundle
	code   []byte // source compiled once, loaded by every new engine
	pool   chan *engine
	once   sync.Once
	err    error
	// started counts the engines started (tests read it).
	started atomic.Int64
}

//go:embed prelude.js
var prelude string

// glue is what Go calls: begin(input), pass() → "fetching\nfonts (JSON)\nhtml", data().
const glue = `
globalThis.__inkpressBegin = function (input) { InkpressSSR.begin(input) }
globalThis.__inkpressPass = function () { var r = InkpressSSR.pass(); return r.fetching + '\n' + JSON.stringify(r.fonts || []) + '\n' + r.html }
globalThis.__inkpressData = function () { return InkpressSSR.data() }
`

// New prepares a renderer; engines start on first use.
func New(cfg Config) (*Renderer, error) {
	polyfills, err := fs.ReadFile(cfg.Bundle, "polyfills.js")
	if err != nil {
		return nil, ErrNoBundle
	}
	bundle, err := fs.ReadFile(cfg.Bundle, "entry-server.js")
	if err != nil {
		return nil, ErrNoBundle
	}
	if cfg.Engines <= 0 {
		cfg.Engines = 1
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Memory <= 0 {
		cfg.Memory = DefaultMemory
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	r := &Renderer{cfg: cfg, pool: make(chan *engine, cfg.Engines)}
	r.source = prelude + "\n;" + string(polyfills) + "\n;" + string(bundle) + "\n;" + glue
	for range cfg.Engines {
		r.pool <- nil // a free slot: its engine starts when first taken
	}
	return r, nil
}

// engine is one QuickJS runtime with the app loaded. It serves one render
// at a time; req is the render in progress (read by the fetch callback).
type engine struct {
	vm      *quickjs.VM
	fetcher Fetcher
	req     *render
	pages   int // pages rendered
}

// render is one page's render in progress.
type render struct {
	// ctx is the caller's, ending at the render's deadline at the latest:
	// the data reads (fetch) get it.
	ctx  context.Context
	host string
	url  string
	logs []string // the page's console.error/warn output, for the log line of a failure
	// interrupted: the time budget's interrupt was requested (the engine
	// must not serve another page).
	interrupted bool
}

// Warm starts one engine ahead of the first page (compiling the bundle takes
// a moment), so that page is not the one that waits.
func (r *Renderer) Warm(ctx context.Context) {
	e, err := r.take(ctx)
	if err != nil {
		if ctx.Err() == nil {
			r.cfg.Logger.Error("server render: starting an engine", "err", err)
		}
		return
	}
	r.pool <- e
}

// take waits for a free slot of the pool (until ctx ends) and returns its
// engine, starting one if the slot is empty. On error the slot stays free.
func (r *Renderer) take(ctx context.Context) (*engine, error) {
	var e *engine
	select {
	case e = <-r.pool:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if e != nil {
		return e, nil
	}
	e, err := r.start()
	if err != nil {
		r.pool <- nil
		return nil, err
	}
	return e, nil
}

// Render renders the page at pageURL (absolute: scheme, host, path, query).
// An error means the page could not be rendered within its budgets; the
// caller serves its plain page.
func (r *Renderer) Render(ctx context.Context, pageURL string) (*Page, error) {
	u, err := url.Parse(pageURL)
	if err != nil {
		return nil, fmt.Errorf("ssr: page address: %w", err)
	}
	for retried := false; ; retried = true {
		e, err := r.take(ctx)
		if err != nil {
			return nil, err
		}
		rd := &render{ctx: ctx, host: u.Host, url: pageURL}
		p, err := r.run(e, rd)
		if err == nil && !rd.interrupted {
			e.pages++
			r.pool <- e
			return p, nil
		}
		// The engine is done: it failed and may hold half a render (the
		// app's module state), or the time budget's interrupt fired just as
		// the page finished and would carry into the next one.
		e.vm.Close()
		r.pool <- nil
		if err == nil {
			// Its successor starts now, not when the next page waits for it.
			go r.Warm(context.WithoutCancel(ctx))
			return p, nil
		}
		if errors.Is(err, errOverMemory) && e.pages > 0 && !retried {
			// Not this page's doing, as far as we know: the engine's heap grew
			// over the pages it served (it must not: see Config.Memory).
			r.cfg.Logger.WarnContext(ctx, "server render: an engine ran out of memory after serving pages; the page is rendered again on a fresh one",
				"url", pageURL, "pages", e.pages, "err", err)
			continue
		}
		r.cfg.Logger.ErrorContext(ctx, "server render failed: the plain page is served", "url", pageURL, "err", err,
			"console", strings.Join(rd.logs, "\n"))
		return nil, err
	}
}

// run does one page's passes on e under the time budget.
func (r *Renderer) run(e *engine, rd *render) (*Page, error) {
	ctx, cancel := context.WithTimeout(rd.ctx, r.cfg.Timeout)
	defer cancel()
	deadline, _ := ctx.Deadline()
	rd.ctx = ctx
	e.req = rd
	defer func() { e.req = nil }()
	stop := time.AfterFunc(time.Until(deadline), e.vm.Interrupt)
	defer func() { rd.interrupted = !stop.Stop() }()
	in, err := json.Marshal(map[string]string{"url": rd.url})
	if err != nil {
		return nil, err
	}
	if _, err := e.vm.Call("__inkpressBegin", string(in)); err != nil {
		return nil, r.failure(err, deadline)
	}
	var html string
	var fonts []string
	for pass := 1; ; pass++ {
		out, err := e.vm.Call("__inkpressPass")
		if err != nil {
			return nil, r.failure(err, deadline)
		}
		if _, err := e.vm.ExecutePendingJobs(); err != nil {
			return nil, r.failure(err, deadline)
		}
		if ctx.Err() != nil {
			// A data read ran into the deadline: the pass rendered without it.
			return nil, r.failure(ctx.Err(), deadline)
		}
		s, _ := out.(string)
		n, rest, ok1 := strings.Cut(s, "\n")
		fontList, rest, ok2 := strings.Cut(rest, "\n")
		fetching, convErr := strconv.Atoi(n)
		if !ok1 || !ok2 || convErr != nil {
			return nil, fmt.Errorf("ssr: unexpected pass result %.40q", s)
		}
		if fetching == 0 {
			html = rest
			if err := json.Unmarshal([]byte(fontList), &fonts); err != nil {
				return nil, fmt.Errorf("ssr: fonts of the page: %w", err)
			}
			break
		}
		if pass == maxPasses {
			return nil, fmt.Errorf("ssr: the page still asked for data after %d passes", maxPasses)
		}
	}
	data, err := e.vm.Call("__inkpressData")
	if err != nil {
		return nil, r.failure(err, deadline)
	}
	ds, _ := data.(string)
	return &Page{HTML: html, Data: ScriptSafe(ds), Fonts: fonts}, nil
}

// failure names a budget that ran out, else the script's error.
func (r *Renderer) failure(err error, deadline time.Time) error {
	if strings.Contains(err.Error(), "out of memory") {
		return fmt.Errorf("%w (%d MB): %w", errOverMemory, r.cfg.Memory>>20, err)
	}
	if !time.Now().Before(deadline) {
		return fmt.Errorf("ssr: over the time budget (%s): %w", r.cfg.Timeout, err)
	}
	return fmt.Errorf("ssr: %w", err)
}

// start makes an engine: host functions, then the app (compiled once, by
// the first engine).
func (r *Renderer) start() (*engine, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, err
	}
	r.started.Add(1)
	e := &engine{vm: vm, fetcher: r.cfg.Fetch}
	fail := func(err error) (*engine, error) {
		vm.Close()
		return nil, err
	}
	if err := vm.RegisterFunc("__inkpressFetch", e.fetch, false); err != nil {
		return fail(err)
	}
	if err := vm.RegisterFunc("__inkpressLog", e.log(r.cfg.Logger), false); err != nil {
		return fail(err)
	}
	r.once.Do(func() { r.code, r.err = vm.Compile(r.source, quickjs.EvalGlobal) })
	if r.err != nil {
		return fail(fmt.Errorf("ssr: compiling the server bundle: %w", r.err))
	}
	if _, err := vm.EvalBytecode(r.code); err != nil {
		return fail(fmt.Errorf("ssr: loading the server bundle: %w", err))
	}
	// The budget applies to pages; loading the app is not counted against it.
	vm.SetMemoryLimit(uintptr(r.cfg.Memory))
	return e, nil
}

// fetch answers the bundle's fetch: GET /api/... only, through the Fetcher,
// waiting for it until the render's deadline at most (a Fetcher that does
// not heed its context is left to finish on its own).
func (e *engine) fetch(path string) (int, string) {
	rd := e.req
	if rd == nil || !strings.HasPrefix(path, "/api/") {
		return 404, `{"error":{"code":"not_found","message":"Not found"}}`
	}
	type answer struct {
		status int
		body   []byte
	}
	done := make(chan answer, 1)
	go func() {
		status, body := e.fetcher(rd.ctx, rd.host, path)
		done <- answer{status, body}
	}()
	select {
	case a := <-done:
		if len(a.body) > maxAnswer {
			return 500, `{"error":{"code":"internal","message":"The answer is too large to render"}}`
		}
		return a.status, string(a.body)
	case <-rd.ctx.Done():
		return 503, `{"error":{"code":"timeout","message":"The page ran out of time"}}`
	}
}

// log passes the bundle's console to slog; errors and warnings are kept for
// the log line of a failed render.
func (e *engine) log(l *slog.Logger) func(level, msg string) {
	return func(level, msg string) {
		rd := e.req
		url := ""
		if rd != nil {
			url = rd.url
			if level == "error" || level == "warn" {
				if len(rd.logs) < 20 {
					rd.logs = append(rd.logs, msg)
				}
			}
		}
		switch level {
		case "error":
			l.Error("server render: console.error", "url", url, "msg", msg)
		case "warn":
			l.Warn("server render: console.warn", "url", url, "msg", msg)
		default:
			l.Debug("server render: console", "url", url, "msg", msg)
		}
	}
}

// ScriptSafe makes JSON safe inside a <script> element: "<", ">" and "&"
// become \u escapes (valid JSON anywhere they can appear, which is only in
// strings), so no "</script>" or "<!--" can end or change the element, and
// U+2028/U+2029 are escaped for older JavaScript parsers.
func ScriptSafe(json string) string {
	if !strings.ContainsAny(json, "<>&\u2028\u2029") {
		return json
	}
	var b strings.Builder
	b.Grow(len(json) + 64)
	for _, c := range json {
		switch c {
		case '<':
			b.WriteString(`\u003c`)
		case '>':
			b.WriteString(`\u003e`)
		case '&':
			b.WriteString(`\u0026`)
		case '\u2028':
			b.WriteString(`\u2028`)
		case '\u2029':
			b.WriteString(`\u2029`)
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}
