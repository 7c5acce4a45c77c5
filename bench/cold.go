package main

import (
	"context"
	"fmt"
	"time"
)

// Targets of the cold figure (issue 20): a site far larger than the memory
// cache, every page rendered once before, read uniformly at random right
// after a restart (memory cache empty, stored pages kept).
const (
	minColdShareSQLite   = 0.50 // req/s >= 50% of the static ceiling on SQLite
	minColdSharePostgres = 0.25 // 25% on PostgreSQL
	maxColdP99ms         = 50
	zipfExponent         = 1.1
)

// coldResult is the cold figure.
type coldResult struct {
	Blogs        int     `json:"blogs"`
	PostsPerBlog int     `json:"postsPerBlog"`
	Posts        int     `json:"posts"`
	SeedSeconds  float64 `json:"seedSeconds"`
	// Render is the first render of every post page, before the restart.
	Render renderPass `json:"render"`
	// Ceiling and Uniform are measured in alternating one-second rounds
	// after the restart; Zipf after them, on the same server.
	Ceiling row `json:"ceiling"`
	Uniform row `json:"uniform"`
	Zipf    row `json:"zipf"`
	// Counters are the server's page counters' change during the three.
	Counters counters `json:"counters,omitempty"`
}

// minColdShare is the cold figure's req/s target for the database kind.
func minColdShare(db string) float64 {
	if db == "postgres" {
		return minColdSharePostgres
	}
	return minColdShareSQLite
}

// runCold renders every post page of the seeded site once, restarts the
// server and reads posts uniformly at random (then Zipf-distributed) with
// the static ceiling measured alongside.
func runCold(ctx context.Context, o options, tmp string, srv *process, paths []string, res *coldResult) error {
	fmt.Printf("  first render of the %d post pages (at most %s)...\n", len(paths), o.renderCap)
	res.Render = renderAll(ctx, o, srv, prefixed(srv.base, paths), o.renderCap)
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := srv.restart(ctx); err != nil {
		return fmt.Errorf("restart: %w", err)
	}
	ceiling, err := startCeiling(ctx, tmp, srv.base+paths[0])
	if err != nil {
		return err
	}
	defer ceiling.stop()
	before := countersOrNil(ctx, srv)
	n := len(paths)
	rows, err := measureInterleaved(ctx, o, []target{
		{key: "ceiling", name: "cold: static ceiling (same bytes, bare net/http)", urls: prefixed(ceiling.base, paths[:1])},
		{key: "cold", name: fmt.Sprintf("cold: %d posts, uniformly at random", n), urls: prefixed(srv.base, paths), pick: uniform},
	}, time.Second)
	if err != nil {
		return err
	}
	res.Ceiling, res.Uniform = rows[0], rows[1]
	res.Uniform.Ratio = ratio(res.Uniform.RPS, res.Ceiling.RPS)
	res.Zipf, err = measureTarget(ctx, o, target{key: "zipf", name: fmt.Sprintf("cold: %d posts, Zipf s=%.1f", n, zipfExponent),
		urls: prefixed(srv.base, paths), pick: zipf(zipfExponent, n)})
	if err != nil {
		return err
	}
	res.Zipf.Ratio = ratio(res.Zipf.RPS, res.Ceiling.RPS)
	res.Counters = countersOrNil(ctx, srv).minus(before)
	if res.Counters != nil {
		fmt.Printf("  server during the cold loads: %s\n", res.Counters)
	}
	return nil
}
