package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"time"
)

// maxSearchP50ms is the search target: p50 latency of one search of a
// 100,000-post blog.
const maxSearchP50ms = 20

// searchPosts is the size of the searched blog.
const searchPosts = 100000

// searchQueries are what readers type into the search of the seeded site
// (titles "{topic}, part N", the topics' excerpts and tags): a word of a
// tenth of the posts, phrases, a prefix, a tag, a needle among many (one
// post of "part"'s 100,000), a word of every post, words no post holds, and
// hostile text.
var searchQueries = []string{
	"keto", "keto diet", "content calendar", "strength training basics", "recovery days", "rss feeds",
	"affiliate marketing disclosures", "mobile", "nutrition labels", "calen", "electrolytes", "social media",
	"part 4242", "part", "zebra crossing", `" OR 1=1 --`, "AI writing assistant", "hidden carbs",
}

// searchResult is the search figure: GET /api/posts?q= on a blog of
// searchPosts posts, one request at a time (latency without queueing), the
// mix of searchQueries in turn; PerQuery is each text's median.
type searchResult struct {
	Posts       int                `json:"posts"`
	SeedSeconds float64            `json:"seedSeconds"`
	Load        row                `json:"load"`
	P95ms       float64            `json:"p95Ms"`
	PerQuery    map[string]float64 `json:"perQueryP50Ms"`
}

// runSearch seeds a blog of searchPosts posts and times its search.
func runSearch(ctx context.Context, o options, tmp string, bodies []bodyTemplate, rep *report) error {
	fmt.Printf("\nsearch: GET /api/posts?workspace=site&q=... on a %d-post blog, one request at a time\n", searchPosts)
	db, err := freshDatabase(ctx, o.db, tmp, "search")
	if err != nil {
		return err
	}
	defer db.drop()
	if rep.DB == "" {
		rep.DB = db.kind
	}
	res := &searchResult{Posts: searchPosts, PerQuery: map[string]float64{}}
	start := time.Now()
	if _, err := seedScale(ctx, db, searchPosts, bodies); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	res.SeedSeconds = time.Since(start).Seconds()
	fmt.Printf("  seeded %d posts in %s\n", searchPosts, time.Since(start).Round(10*time.Millisecond))
	srv, err := startServer(ctx, o, db.url, tmp, "")
	if err != nil {
		return err
	}
	defer srv.stop()
	urls := make([]string, len(searchQueries))
	for i, q := range searchQueries {
		urls[i] = srv.base + "/api/posts?workspace=site&limit=12&q=" + url.QueryEscape(q)
	}
	attack(ctx, urls, time.Second, 1, 0, nil)
	var s sample
	attack(ctx, urls, o.duration, 1, 0, &s)
	res.P95ms = ms(s.m.Latencies.Quantile(0.95))
	res.Load = namedRow(&s, fmt.Sprintf("search: %d texts in turn, %dk posts", len(urls), searchPosts/1000))
	for i, u := range urls {
		res.PerQuery[searchQueries[i]] = medianMS(ctx, u, 15)
	}
	rep.Search = res
	return ctx.Err()
}

// medianMS is the median latency of n sequential GETs of u.
func medianMS(ctx context.Context, u string, n int) float64 {
	var took []float64
	for range n {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return 0
		}
		t := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		took = append(took, float64(time.Since(t).Microseconds())/1000)
	}
	slices.Sort(took)
	return took[len(took)/2]
}

// printSearch writes the search figure.
func (r *report) printSearch(w io.Writer) {
	s := r.Search
	if s == nil {
		return
	}
	fmt.Fprintf(w, "\nsearch of a %dk-post blog, one request at a time: p50 %s, p95 %s, p99 %s (%.0f req/s)\n", s.Posts/1000,
		fmtMS(s.Load.P50ms), fmtMS(s.P95ms), fmtMS(s.Load.P99ms), s.Load.RPS)
	for _, q := range searchQueries {
		fmt.Fprintf(w, "  %-34q median %s\n", q, fmtMS(s.PerQuery[q]))
	}
}
