package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"sync"
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

// target is one row of the table: the load rotates over its URLs (or
// picks them in the order pick gives).
type target struct {
	key  string // name in -targets
	name string
	urls []string
	pick order // nil: in turn
}

// client is the target's load on conns connections, as a browser.
func (t target) client(conns int) client {
	pick := t.pick
	if pick == nil {
		pick = inTurn
	}
	return client{targeter: targets(t.urls, pick, clientHeader), conns: conns}
}

func mainTargets(base, ceilingBase string, s *seeded) []target {
	return []target{
		{key: "ceiling", name: "static ceiling (same bytes, bare net/http)", urls: prefixed(ceilingBase, s.pagePaths)},
		{key: "page", name: fmt.Sprintf("post page HTML (%d posts)", len(s.pagePaths)), urls: prefixed(base, s.pagePaths)},
		{key: "api", name: fmt.Sprintf("post JSON API (%d posts)", len(s.pagePaths)), urls: prefixed(base+"/api/posts", s.pagePaths)},
		// The app asks with ?view=1 when it navigates to a post on its own.
		{key: "apiview", name: "post JSON API, SPA view (?view=1)", urls: withQuery(prefixed(base+"/api/posts", s.pagePaths), "view=1")},
		{key: "home", name: "home page data (3 API calls)", urls: prefixed(base, []string{"/api/categories", "/api/posts?limit=6",
			"/api/posts?sort=trending&limit=4"})},
		{key: "feed", name: "workspace feed /blog/ws-1/feed.xml", urls: []string{base + "/blog/ws-1/feed.xml"}},
		{key: "sitemap", name: fmt.Sprintf("/sitemap.xml (%d URLs)", s.info.SitePosts+len(siteCategories())+3),
			urls: []string{base + "/sitemap.xml"}},
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
	// PlainPages are 200 answers with the plain fallback page instead of a
	// server render (counted by classifying loads only).
	PlainPages uint64 `json:"plainPages,omitempty"`
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
		drive(ctx, t.client(o.conns), time.Second, 0, nil) // warm-up
	}
	for done := time.Duration(0); done < o.duration; done += round {
		for i, t := range ts {
			drive(ctx, t.client(o.conns), min(round, o.duration-done), 0, &samples[i])
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
	// With a classifying client: URLs answered with a plain page, and URLs
	// not answered 200.
	plain, failed []string
}

// attack drives closed-loop load: conns workers on conns keep-alive
// connections, each sending its next request as soon as the previous one is
// answered, rotating over urls, for dur or (maxHits > 0) at most maxHits
// requests. Results go to into (nil: a warm-up, results dropped).
func attack(ctx context.Context, urls []string, dur time.Duration, conns int, maxHits uint64, into *sample) {
	drive(ctx, client{targeter: rotate(urls), conns: conns}, dur, maxHits, into)
}

// client is one simulated client: what it asks for and on how many
// connections. With classify set, each HTML answer's body is read and
// counted as a server-rendered or plain page (see classifyPage).
type client struct {
	targeter vegeta.Targeter
	conns    int
	classify bool
}

// drive runs c's closed-loop load for dur or (maxHits > 0) at most maxHits
// requests, stopping early when ctx ends; results go to into (nil: dropped).
func drive(ctx context.Context, c client, dur time.Duration, maxHits uint64, into *sample) {
	tr := &http.Transport{DialContext: (&net.Dialer{KeepAlive: 30 * time.Second}).DialContext,
		MaxConnsPerHost: c.conns}
	defer tr.CloseIdleConnections() // each attack starts on fresh connections
	maxBody := int64(0)             // bodies are read and discarded, not kept per result
	if c.classify {
		maxBody = -1
	}
	a := vegeta.NewAttacker(vegeta.Client(&http.Client{Transport: tr, Timeout: 30 * time.Second}),
		vegeta.Workers(uint64(c.conns)), vegeta.MaxWorkers(uint64(c.conns)), vegeta.Connections(c.conns),
		vegeta.KeepAlive(true), vegeta.Redirects(vegeta.NoFollow), vegeta.MaxBody(maxBody))
	var pacer vegeta.Pacer = vegeta.ConstantPacer{} // rate 0: as fast as the server answers
	if maxHits > 0 {
		pacer = countPacer(maxHits)
	}
	if into == nil {
		into = &sample{}
	}
	var n uint64
	start := time.Now()
	for res := range a.Attack(c.targeter, pacer, dur, "") {
		switch {
		case !c.classify:
		case res.Code != http.StatusOK:
			into.failed = append(into.failed, res.URL)
		case classifyPage(res.Body, res.Headers) == pagePlain:
			into.plain = append(into.plain, res.URL)
		}
		res.Body = nil
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
	r := row{Requests: m.Requests, P50ms: ms(m.Latencies.P50), P99ms: ms(m.Latencies.P99), PlainPages: uint64(len(s.plain))}
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

// order picks the URL of request i among n.
type order func(i uint64, n int) int

// inTurn rotates over the URLs.
func inTurn(i uint64, n int) int { return int(i % uint64(n)) }

// uniform picks a URL at random, each as likely.
func uniform(_ uint64, n int) int { return rand.IntN(n) }

// zipf picks URLs with Zipf-distributed popularity (exponent s): the k-th
// most read is read in proportion to 1/k^s. Which URL ranks k is a fixed
// random permutation, so popularity does not follow the URLs' order.
func zipf(s float64, n int) order {
	r := rand.New(rand.NewPCG(1, 2))
	rank := r.Perm(n)
	z := rand.NewZipf(r, s, 1, uint64(n-1))
	var mu sync.Mutex
	return func(uint64, int) int {
		mu.Lock()
		defer mu.Unlock()
		return rank[z.Uint64()]
	}
}

// targets hands out GETs of urls in the given order; request i is sent as
// client i mod len(headers) (one header set each: its own X-Forwarded-For).
// vegeta calls it from every worker at once.
func targets(urls []string, pick order, headers ...http.Header) vegeta.Targeter {
	var next atomic.Uint64
	return func(t *vegeta.Target) error {
		i := next.Add(1) - 1
		t.Method, t.URL, t.Header = http.MethodGet, urls[pick(i, len(urls))], headers[i%uint64(len(headers))]
		return nil
	}
}

// rotate hands out urls in turn as a browser.
func rotate(urls []string) vegeta.Targeter { return targets(urls, inTurn, clientHeader) }

// forwardedFor is header as sent by a client at addr behind the trusted
// proxy (the bench starts servers with INKPRESS_TRUSTED_PROXIES set to
// loopback, so each simulated client is told apart by this address).
func forwardedFor(header http.Header, addr string) http.Header {
	h := header.Clone()
	h.Set("X-Forwarded-For", addr)
	return h
}

// clients are the header sets of n clients at 10.<net>.x.y.
func clients(network, n int) []http.Header {
	out := make([]http.Header, n)
	for i := range out {
		out[i] = forwardedFor(clientHeader, fmt.Sprintf("10.%d.%d.%d", network, i/250, i%250+1))
	}
	return out
}
