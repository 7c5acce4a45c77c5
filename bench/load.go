package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// clientHeader is what a browser sends. The User-Agent makes the server
// count page views as it does for readers (known bots are not counted);
// Accept-Encoding lets it compress, and as it is set explicitly Go's client
// hands over the bytes as sent instead of decompressing them.
var clientHeader = http.Header{
	"User-Agent":      {"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"},
	"Accept":          {"text/html,application/json;q=0.9,*/*;q=0.8"},
	"Accept-Encoding": {"gzip, deflate, br, zstd"},
}

// target is one row of the table: the load rotates over its URLs.
type target struct {
	key  string // name in -targets
	name string
	urls []string
}

func mainTargets(base, ceilingBase string, s *seeded) []target {
	return []target{
		{"ceiling", "static ceiling (same bytes, bare net/http)", prefixed(ceilingBase, s.pagePaths)},
		{"page", fmt.Sprintf("post page HTML (%d posts)", len(s.pagePaths)), prefixed(base, s.pagePaths)},
		{"api", fmt.Sprintf("post JSON API (%d posts)", len(s.pagePaths)), prefixed(base+"/api/posts", s.pagePaths)},
		// The app asks with ?view=1 when it navigates to a post on its own.
		{"apiview", "post JSON API, SPA view (?view=1)", withQuery(prefixed(base+"/api/posts", s.pagePaths), "view=1")},
		{"home", "home page data (3 API calls)", prefixed(base, []string{"/api/categories", "/api/posts?limit=6",
			"/api/posts?sort=trending&limit=4"})},
		{"feed", "workspace feed /blog/ws-1/feed.xml", []string{base + "/blog/ws-1/feed.xml"}},
		{"sitemap", fmt.Sprintf("/sitemap.xml (%d URLs)", s.info.SitePosts+len(siteCategories())+3),
			[]string{base + "/sitemap.xml"}},
	}
}

func prefixed(base string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = base + p
	}
	return out
}

// withQuery appends a query string to each URL.
func withQuery(urls []string, q string) []string {
	out := make([]string, len(urls))
	for i, u := range urls {
		out[i] = u + "?" + q
	}
	return out
}

// row is one measured target.
type row struct {
	Key      string  `json:"key"`
	Name     string  `json:"name"`
	Requests uint64  `json:"requests"`
	RPS      float64 `json:"reqPerSec"`
	P50ms    float64 `json:"p50Ms"`
	P99ms    float64 `json:"p99Ms"`
	Ratio    float64 `json:"ratioToCeiling,omitempty"` // req/s divided by the ceiling's
	OK200    float64 `json:"status200Share"`
	Bytes    int     `json:"bytes"` // size of one response as sent
	// RoundRPS are the req/s of each round when the target was measured in
	// rounds interleaved with the ceiling.
	RoundRPS []float64 `json:"roundReqPerSec,omitempty"`
	Errors   []string  `json:"errors,omitempty"`
}

// measureTarget measures one target for the configured duration.
func measureTarget(ctx context.Context, o options, t target) (row, error) {
	rows, err := measureInterleaved(ctx, o, []target{t}, o.duration)
	if err != nil {
		return row{}, err
	}
	return rows[0], nil
}

// measureInterleaved checks each target's first URL answers 200 (and notes
// its size), warms each up for a second, then measures them in alternating
// rounds until each has had the configured duration, so a busy moment on
// the machine (other processes, a database's background work) weighs on all
// of them alike and their ratios stay fair.
func measureInterleaved(ctx context.Context, o options, ts []target, round time.Duration) ([]row, error) {
	samples := make([]sample, len(ts))
	sizes := make([]int, len(ts))
	for i, t := range ts {
		body, _, err := fetch(ctx, t.urls[0])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t.name, err)
		}
		sizes[i] = len(body)
		attack(ctx, t.urls, time.Second, o.conns, 0, nil) // warm-up
	}
	for done := time.Duration(0); done < o.duration; done += round {
		for i, t := range ts {
			attack(ctx, t.urls, min(round, o.duration-done), o.conns, 0, &samples[i])
		}
	}
	rows := make([]row, len(ts))
	for i, t := range ts {
		r := samples[i].row()
		r.Key, r.Name, r.Bytes = t.key, t.name, sizes[i]
		if len(samples[i].rounds) > 1 {
			r.RoundRPS = samples[i].rounds
		}
		fmt.Printf("  %-44s %9.0f req/s  p50 %6.2f ms  p99 %6.2f ms\n", t.name, r.RPS, r.P50ms, r.P99ms)
		rows[i] = r
	}
	return rows, ctx.Err()
}

// sample accumulates the results of one or more attacks on one target.
type sample struct {
	m      vegeta.Metrics
	ok     uint64
	wall   time.Duration // time under load, gaps between rounds excluded
	rounds []float64     // req/s of each attack
}

// attack drives closed-loop load: conns workers on conns keep-alive
// connections, each sending its next request as soon as the previous one is
// answered, rotating over urls, for dur or (maxHits > 0) at most maxHits
// requests. Results go to into (nil: a warm-up, results dropped).
func attack(ctx context.Context, urls []string, dur time.Duration, conns int, maxHits uint64, into *sample) {
	tr := &http.Transport{DialContext: (&net.Dialer{KeepAlive: 30 * time.Second}).DialContext,
		MaxConnsPerHost: conns}
	defer tr.CloseIdleConnections() // each attack starts on fresh connections
	a := vegeta.NewAttacker(vegeta.Client(&http.Client{Transport: tr, Timeout: 30 * time.Second}),
		vegeta.Workers(uint64(conns)), vegeta.MaxWorkers(uint64(conns)), vegeta.Connections(conns),
		vegeta.KeepAlive(true), vegeta.Redirects(vegeta.NoFollow),
		vegeta.MaxBody(0)) // bodies are read and discarded, not kept per result
	var pacer vegeta.Pacer = vegeta.ConstantPacer{} // rate 0: as fast as the server answers
	if maxHits > 0 {
		pacer = countPacer(maxHits)
	}
	if into == nil {
		into = &sample{}
	}
	var n uint64
	start := time.Now()
	for res := range a.Attack(rotate(urls), pacer, dur, "") {
		into.m.Add(res)
		n++
		if res.Code == http.StatusOK {
			into.ok++
		}
		if ctx.Err() != nil {
			a.Stop()
		}
	}
	wall := time.Since(start)
	into.wall += wall
	into.rounds = append(into.rounds, float64(n)/wall.Seconds())
}

// countPacer sends as fast as the server answers and stops after n hits.
type countPacer uint64

func (n countPacer) Pace(_ time.Duration, hits uint64) (time.Duration, bool) {
	return 0, hits >= uint64(n)
}
func (n countPacer) Rate(time.Duration) float64 { return 0 }

func (s *sample) row() row {
	m := &s.m
	m.Close()
	r := row{Requests: m.Requests, P50ms: ms(m.Latencies.P50), P99ms: ms(m.Latencies.P99)}
	if m.Requests == 0 {
		return r
	}
	r.RPS = float64(m.Requests) / s.wall.Seconds()
	r.OK200 = float64(s.ok) / float64(m.Requests)
	if len(m.Errors) > 0 {
		r.Errors = m.Errors[:min(len(m.Errors), 3)]
	}
	for code, n := range m.StatusCodes {
		if code != strconv.Itoa(http.StatusOK) {
			r.Errors = append(r.Errors, fmt.Sprintf("%d answers with status %s", n, code))
		}
	}
	return r
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// rotate hands out urls in turn; vegeta calls it from every worker at once.
func rotate(urls []string) vegeta.Targeter {
	var next atomic.Uint64
	return func(t *vegeta.Target) error {
		i := next.Add(1) - 1
		t.Method, t.URL, t.Header = http.MethodGet, urls[i%uint64(len(urls))], clientHeader
		return nil
	}
}
