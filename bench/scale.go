package main

import (
	"context"
	"fmt"
	"time"
)

// scaleSizes are the site workspace sizes compared by the scale check.
var scaleSizes = []int{1000, 100000}

// scaleDistinct is how many different posts the cold passes read.
const scaleDistinct = 2000

// coldRestarts is how many times the server restarts to read them uncached.
const coldRestarts = 3

// scaleResult is one database size of the scale check.
type scaleResult struct {
	Posts       int     `json:"posts"`
	SeedSeconds float64 `json:"seedSeconds"`
	// Cold reads each of up to 2,000 different posts once on a freshly
	// started server, three times: every request misses the page cache and
	// reads the database.
	Cold row `json:"cold"`
	// ColdAPI is the same for the post JSON API (what the app loads).
	ColdAPI row `json:"coldApi"`
	// Warm rotates over the same posts for the duration (now cached).
	Warm row `json:"warm"`
	// Single is one cached page for the duration.
	Single row `json:"single"`
}

// runScale measures page latency on a 1k and a 100k-post database.
func runScale(ctx context.Context, o options, tmp string, bodies []bodyTemplate, rep *report) error {
	fmt.Println("\nscale check: page latency on 1k vs 100k site posts")
	for _, n := range scaleSizes {
		r, err := scaleRun(ctx, o, tmp, bodies, n)
		if err != nil {
			return fmt.Errorf("scale %d: %w", n, err)
		}
		rep.Scale = append(rep.Scale, r)
	}
	return nil
}

func scaleRun(ctx context.Context, o options, tmp string, bodies []bodyTemplate, n int) (scaleResult, error) {
	res := scaleResult{Posts: n}
	db, err := freshDatabase(ctx, o.db, tmp, fmt.Sprintf("scale%d", n))
	if err != nil {
		return res, err
	}
	defer db.drop()
	start := time.Now()
	paths, err := seedScale(ctx, db, n, bodies)
	if err != nil {
		return res, err
	}
	res.SeedSeconds = time.Since(start).Seconds()
	fmt.Printf("  seeded %d posts in %s\n", n, time.Since(start).Round(10*time.Millisecond))
	paths = spread(paths, scaleDistinct)
	srv, cold, err := coldPasses(ctx, o, db.url, tmp, paths, n)
	if err != nil {
		return res, err
	}
	defer srv.stop()
	posts := prefixed(srv.base, paths)
	res.Cold = namedRow(&cold[0], fmt.Sprintf("%dk: post page, cache misses", n/1000))
	res.ColdAPI = namedRow(&cold[1], fmt.Sprintf("%dk: post JSON, cache misses", n/1000))
	res.Warm = scaleRow(ctx, fmt.Sprintf("%dk: same %d posts, cached", n/1000, len(posts)), posts, o.duration, o)
	res.Single = scaleRow(ctx, fmt.Sprintf("%dk: one cached page", n/1000), posts[:1], o.duration, o)
	return res, ctx.Err()
}

// coldPasses times misses: it starts the server coldRestarts times (an
// empty cache each time) and reads every post once as a page, then once
// from the JSON API. One pass is too short for a steady p99. A pass stops
// early after the run's duration, so a slow miss path cannot stall the
// bench. It returns the last server, still running.
func coldPasses(ctx context.Context, o options, dbURL, tmp string, paths []string, n int) (*process, *[2]sample, error) {
	var cold [2]sample
	for pass := 1; ; pass++ {
		srv, err := startServer(ctx, o, dbURL, tmp, "")
		if err != nil {
			return nil, nil, err
		}
		// Warm the process, the connections and the database pool (which
		// grows on demand) on routes that leave the posts' cache entries empty.
		attack(ctx, warmupURLs(srv.base, n), time.Second, o.conns, 0, nil)
		hits := uint64(len(paths))
		attack(ctx, prefixed(srv.base, paths), o.duration, o.conns, hits, &cold[0])
		attack(ctx, prefixed(srv.base+"/api/posts", paths), o.duration, o.conns, hits, &cold[1])
		if pass == coldRestarts && ctx.Err() == nil {
			return srv, &cold, nil
		}
		srv.stop()
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
	}
}

// scaleRow runs one scale load for dur.
func scaleRow(ctx context.Context, name string, urls []string, dur time.Duration, o options) row {
	var s sample
	attack(ctx, urls, dur, o.conns, 0, &s)
	return namedRow(&s, name)
}

// namedRow names a sample's row and prints it.
func namedRow(s *sample, name string) row {
	r := s.row()
	r.Name = name
	fmt.Printf("  %-44s %9.0f req/s  p50 %6.2f ms  p99 %6.2f ms\n", name, r.RPS, r.P50ms, r.P99ms)
	return r
}

// warmupURLs are post list pages: each is a database query on first touch,
// so 32 connections at once open the pool's database connections.
func warmupURLs(base string, posts int) []string {
	var out []string
	for page := 1; page <= min(posts/12, 500); page++ {
		out = append(out, fmt.Sprintf("%s/api/posts?limit=12&page=%d", base, page))
	}
	return out
}
