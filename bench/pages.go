package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Rendered pages: the server renders a reader page with the app's server
// bundle, stores it and serves the stored bytes; a page not rendered yet is
// rendered on demand through a bounded queue, and when that queue is full a
// small plain page is served instead (the app renders it in the browser).
// The two are told apart by #root: `<div id="root" data-ssr>` is a server
// render.

// pageKind is what an HTML answer holds.
type pageKind int

const (
	pageOther    pageKind = iota // not a page with #root (JSON, a feed...)
	pageRendered                 // #root carries data-ssr
	pagePlain                    // #root without data-ssr: the plain fallback
)

var (
	rootTag         = []byte(`<div id="root"`)
	rootTagRendered = []byte(`<div id="root" data-ssr`)
)

// classifyPage reads an answer's body as sent (gzip or identity) and says
// whether it is a server-rendered page or the plain fallback.
func classifyPage(body []byte, h http.Header) pageKind {
	if h.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return pageOther
		}
		if body, err = io.ReadAll(zr); err != nil {
			return pageOther
		}
	}
	switch {
	case bytes.Contains(body, rootTagRendered):
		return pageRendered
	case bytes.Contains(body, rootTag):
		return pagePlain
	}
	return pageOther
}

// crawlerHeader is a browser's header set accepting gzip only, the
// encoding classifyPage reads (pages are stored and served gzipped).
var crawlerHeader = func() http.Header {
	h := clientHeader.Clone()
	h.Set("Accept-Encoding", "gzip")
	return h
}()

// errNoCounters is the answer of a server without the debug listener.
var errNoCounters = errors.New("server has no INKPRESS_DEBUG_ADDR counters")

// counters are the server's page counters: expvar's map inkpress_pages on
// the debug listener (INKPRESS_DEBUG_ADDR, /debug/vars): renders (pages
// rendered by the app's server bundle), renders_write, renders_demand,
// renders_stale, renders_build (the same by cause), plain (plain fallback
// pages served) and queue (render jobs waiting).
type counters map[string]float64

// pageCounters reads the counters of the server listening for debug at
// debugBase (errNoCounters when it has none).
func pageCounters(ctx context.Context, debugBase string) (counters, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, debugBase+"/debug/vars", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			return nil, errNoCounters // nothing listens there: a server without the debug listener
		}
		return nil, err
	}
	defer resp.Body.Close()
	var vars struct {
		Pages counters `json:"inkpress_pages"`
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w (/debug/vars: %s)", errNoCounters, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(&vars); err != nil {
		return nil, fmt.Errorf("/debug/vars: %w", err)
	}
	if vars.Pages == nil {
		return nil, fmt.Errorf("%w (no inkpress_pages in /debug/vars)", errNoCounters)
	}
	return vars.Pages, nil
}

// minus is c - before, key by key (nil when either is missing).
func (c counters) minus(before counters) counters {
	if c == nil || before == nil {
		return nil
	}
	out := counters{}
	for k, v := range c {
		if k != "queue" {
			out[k] = v - before[k]
		}
	}
	return out
}

// String lists the counters of interest in a fixed order.
func (c counters) String() string {
	if c == nil {
		return "n/a (no counters)"
	}
	return fmt.Sprintf("renders %.0f (write %.0f, demand %.0f, stale %.0f, build %.0f), plain %.0f",
		c["renders"], c["renders_write"], c["renders_demand"], c["renders_stale"], c["renders_build"], c["plain"])
}

// waitIdle waits until the server's render queue is empty and no render
// happened for a second, at most limit; it returns the counters then.
func waitIdle(ctx context.Context, p *process, limit time.Duration) (counters, error) {
	deadline := time.Now().Add(limit)
	var last counters
	stable := 0
	for {
		c, err := pageCounters(ctx, p.debug)
		if err != nil {
			return nil, err
		}
		if last != nil && c["queue"] == 0 && c["renders"] == last["renders"] {
			stable++
		} else {
			stable = 0
		}
		last = c
		if stable >= 4 {
			return c, nil
		}
		if time.Now().After(deadline) {
			return c, fmt.Errorf("render queue not idle after %s (queue %.0f)", limit, c["queue"])
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// countersOrNil reads the counters when the server has them: figures
// report them as information and go on without.
func countersOrNil(ctx context.Context, p *process) counters {
	c, err := pageCounters(ctx, p.debug)
	if err != nil {
		return nil
	}
	return c
}

// renderPass is a site's pages rendered once: what renderAll did.
type renderPass struct {
	Pages     int `json:"pages"`
	Requested int `json:"requested"`
	// Rendered pages were last answered server-rendered (data-ssr); Plain
	// were last answered with the plain page or not at all.
	Rendered    int      `json:"rendered"`
	Plain       int      `json:"plain"`
	Retries     int      `json:"retries"` // requests of pages answered plain before
	Seconds     float64  `json:"seconds"`
	PagesPerSec float64  `json:"renderedPerSec"`
	Capped      bool     `json:"capped"` // stopped at the cap (-render-cap) before every page was rendered
	Counters    counters `json:"counters,omitempty"`
}

// renderAll has the server render every page of urls once, at any speed:
// it reads each page once on o.conns connections, then (once the render
// queue is idle) reads again, on two connections, the pages answered plain
// or not answered, for as long as that makes progress, and waits for the
// queue to be idle. It stops at limit.
func renderAll(ctx context.Context, o options, srv *process, urls []string, limit time.Duration) renderPass {
	start := time.Now()
	deadline := start.Add(limit)
	before := countersOrNil(ctx, srv)
	res := renderPass{Pages: len(urls)}
	var s sample
	drive(ctx, client{targeter: targets(urls, inTurn, crawlerHeader), conns: o.conns, classify: true}, limit,
		uint64(len(urls)), &s)
	res.Requested = int(s.m.Requests)
	again := append(s.plain, s.failed...)
	for len(again) > 0 && time.Now().Before(deadline) && ctx.Err() == nil {
		if before != nil {
			_, _ = waitIdle(ctx, srv, time.Until(deadline))
		}
		var r sample
		drive(ctx, client{targeter: targets(again, inTurn, crawlerHeader), conns: 2, classify: true},
			time.Until(deadline), uint64(len(again)), &r)
		res.Retries += int(r.m.Requests)
		left := append(r.plain, r.failed...)
		if len(left) >= len(again) {
			break // no progress: the server does not render them when asked again
		}
		again = left
	}
	if before != nil && time.Now().Before(deadline) {
		_, _ = waitIdle(ctx, srv, max(time.Until(deadline), time.Second))
	}
	res.Plain = len(again)
	res.Rendered = res.Requested - res.Plain
	res.Seconds = time.Since(start).Seconds()
	res.PagesPerSec = float64(res.Rendered) / res.Seconds
	res.Capped = res.Rendered < res.Pages && time.Now().After(deadline)
	res.Counters = countersOrNil(ctx, srv).minus(before)
	capped := ""
	if res.Capped {
		capped = fmt.Sprintf(", stopped at the cap of %s", limit)
	}
	fmt.Printf("  rendered %d of %d pages in %.0fs (%.1f/s; %d left plain or unanswered, %d retries)%s\n", res.Rendered, res.Pages,
		res.Seconds, res.PagesPerSec, res.Plain, res.Retries, capped)
	return res
}
