// Package ssr renders the app's public routes to HTML on the server, with the
// app's own React code, so that the page a reader first sees is the page the
// browser then hydrates.
//
// The app's server bundle (web/dist-ssr, built by Vite from
// web/src/entry-server.tsx) runs in QuickJS, compiled to Go
// (modernc.org/quickjs: no cgo). A page is rendered in passes: each pass
// renders the route, the queries it asked for are answered by the API in
// process (GET /api/... through Fetcher), and the next pass renders with
// that data, until a pass asks for nothing new. The query cache is then
// serialised for the page, so the browser's first render needs no request.
//
// Rendering happens once per page-cache fill. Every render runs under a
// time and a memory budget; a bundle that throws, runs too long or needs too
// much memory makes Render return an error (the caller serves its plain
// page) and the engine that failed is thrown away.
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
	"time"

	"modernc.org/quickjs"
)

// Fetcher answers a GET request for the API (path with query, e.g.
// "/api/posts?limit=6") as the API would answer a reader without a session
// on the given host.
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
	// Memory bounds what one engine may allocate, in bytes.
	Memory int64
	// PagesPerEngine is how many pages an engine renders before a fresh
	// one takes its place: the engine's heap grows with every render (about
	// 0.4 MB a pass that the collector never frees: Preact's hooks queue
	// each rendered component's effects for a timer that never fires here),
	// so an engine is replaced long before Memory would stop it, and the
	// engines' memory stays small (about 15 MB loaded, under 30 MB at most).
	PagesPerEngine int
	Logger         *slog.Logger
}

// Defaults of Config.
const (
	DefaultTimeout        = 2 * time.Second
	DefaultMemory         = 128 << 20
	DefaultPagesPerEngine = 10
	// maxPasses bounds the render passes of one page: a route that asks for
	// data it depends on (a post, then its author) needs two or three.
	maxPasses = 6
)

// ErrNoBundle: the app's server bundle was not built (make build).
var ErrNoBundle = errors.New("ssr: the app's server bundle is missing (web/dist-ssr)")

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
	if cfg.PagesPerEngine <= 0 {
		cfg.PagesPerEngine = DefaultPagesPerEngine
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
	e, err := r.take(ctx)
	if err != nil {
		return nil, err
	}
	rd := &render{ctx: ctx, host: u.Host, url: pageURL}
	p, err := r.run(e, rd)
	if err == nil {
		e.pages++
	}
	if err == nil && (rd.interrupted || e.pages >= r.cfg.PagesPerEngine) {
		// The page is good, but the engine is done: its heap has grown for
		// PagesPerEngine pages, or the budget's interrupt fired just as the
		// page finished and would carry into the next one. Its successor
		// starts now, not when the next page waits for it.
		e.vm.Close()
		r.pool <- nil
		go r.Warm(context.WithoutCancel(ctx))
		return p, nil
	}
	if err != nil {
		// The engine may hold half a render (React's and the app's module
		// state): a fresh one takes its place.
		e.vm.Close()
		r.pool <- nil
		r.cfg.Logger.ErrorContext(ctx, "server render failed: the plain page is served", "url", pageURL, "err", err,
			"console", strings.Join(rd.logs, "\n"))
		return nil, err
	}
	r.pool <- e
	return p, nil
}

// run does one page's passes on e under the time budget.
func (r *Renderer) run(e *engine, rd *render) (*Page, error) {
	e.req = rd
	defer func() { e.req = nil }()
	deadline := time.Now().Add(r.cfg.Timeout)
	if d, ok := rd.ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
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
		return fmt.Errorf("ssr: over the memory budget (%d MB): %w", r.cfg.Memory>>20, err)
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

// fetch answers the bundle's fetch: GET /api/... only, through the Fetcher.
func (e *engine) fetch(path string) (int, string) {
	rd := e.req
	if rd == nil || !strings.HasPrefix(path, "/api/") {
		return 404, `{"error":{"code":"not_found","message":"Not found"}}`
	}
	status, body := e.fetcher(rd.ctx, rd.host, path)
	return status, string(body)
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
