package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Targets of the crawl figure (issues 3 and 20).
const (
	maxServerRSSMiB  = 150 // the server's resident memory after the crawl
	maxCrawlP99ms    = 500 // a never-rendered page's answer to the crawler
	maxCrawlSlowdown = 2.0 // the light client's p99 during the crawl / before it
	lightConns       = 4   // the light client's connections
)

// crawlResult is the crawl figure: a crawler reading every post page of a
// site nobody read before, once each, beside a light client reading pages
// read before; then every post's JSON and every blog's feeds; the server's
// resident memory afterwards.
type crawlResult struct {
	Blogs        int     `json:"blogs"`
	PostsPerBlog int     `json:"postsPerBlog"`
	Posts        int     `json:"posts"`
	SeedSeconds  float64 `json:"seedSeconds"`
	// Render is the rendering of the light client's pages beforehand.
	Render renderPass `json:"render"`
	// Pages are the post pages the crawler was to read (every post but the
	// light client's); Crawl is what it read (PlainPages: plain fallbacks),
	// in CrawlSecs, Capped when it stopped at -crawl-cap.
	Pages     int     `json:"pages"`
	Crawl     row     `json:"crawl"`
	CrawlSecs float64 `json:"crawlSeconds"`
	Capped    bool    `json:"capped"`
	// LightAlone is the light client just before the crawl, LightDuring
	// beside it.
	LightAlone  row     `json:"lightAlone"`
	LightDuring row     `json:"lightDuring"`
	Slowdown    float64 `json:"lightP99Slowdown"`
	// Rest is every post's JSON and every blog's feeds, read after the pages.
	Rest     row      `json:"rest"`
	Counters counters `json:"counters,omitempty"` // the server's, during the page crawl
	// RSSMiB is the server's VmRSS after all that, PeakMiB its VmHWM.
	RSSMiB  float64 `json:"rssMiB"`
	PeakMiB float64 `json:"peakRssMiB"`
}

// runCrawl seeds a site of -crawl-blogs x -crawl-posts posts, renders a
// light client's pages, measures it alone, then crawls every other post
// page beside it; then the JSON and feeds; then reads the server's resident
// memory from /proc.
func runCrawl(ctx context.Context, o options, tmp string, bodies []bodyTemplate, rep *report) error {
	res := &crawlResult{Blogs: o.crawlBlogs, PostsPerBlog: o.crawlPosts, Posts: o.crawlBlogs * o.crawlPosts}
	fmt.Printf("\ncrawl: every post page of a %d-post site (%d blogs) nobody read before, beside a light client\n",
		res.Posts, res.Blogs)
	site, err := openSite(ctx, o, tmp, "crawl", o.crawlBlogs, o.crawlPosts, bodies, rep)
	if err != nil {
		return err
	}
	defer site.close()
	srv, paths := site.srv, site.paths
	res.SeedSeconds = site.seedSeconds
	lightPaths := spread(paths, cachedPages)
	light := prefixed(srv.base, lightPaths)
	res.Render = renderAll(ctx, o, srv, light, 2*time.Minute)
	lightClient := client{targeter: targets(light, inTurn, clients(2, lightConns)...), conns: lightConns}
	drive(ctx, lightClient, time.Second, 0, nil) // warm-up
	var alone, during, crawl sample
	drive(ctx, lightClient, o.duration, 0, &alone)
	res.LightAlone = namedRow(&alone, "crawl: light client alone")

	pages := prefixed(srv.base, without(paths, lightPaths))
	res.Pages = len(pages)
	before := countersOrNil(ctx, srv)
	lightCtx, stopLight := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { drive(lightCtx, lightClient, o.crawlCap+time.Minute, 0, &during) })
	drive(ctx, client{targeter: targets(pages, inTurn, forwardedFor(crawlerHeader, "10.3.0.1")), conns: o.conns, classify: true}, o.crawlCap,
		uint64(len(pages)), &crawl)
	stopLight()
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	res.Counters = countersOrNil(ctx, srv).minus(before)
	res.Crawl = namedRow(&crawl, fmt.Sprintf("crawl: %d post pages, once each", len(pages)))
	res.CrawlSecs = crawl.wall.Seconds()
	res.Capped = res.Crawl.Requests < uint64(len(pages))
	res.LightDuring = namedRow(&during, "crawl: light client during the crawl")
	res.Slowdown = ratio(res.LightDuring.P99ms, res.LightAlone.P99ms)
	fmt.Printf("  %d of %d pages in %.0fs (%.1f pages/s), %d plain\n", res.Crawl.Requests, len(pages), res.CrawlSecs,
		res.Crawl.RPS, res.Crawl.PlainPages)
	if res.Counters != nil {
		fmt.Printf("  server during the crawl: %s\n", res.Counters)
	}

	rest := restURLs(srv.base, paths, o.crawlBlogs)
	var s sample
	attack(ctx, rest, o.crawlCap, o.conns, uint64(len(rest)), &s)
	if err := ctx.Err(); err != nil {
		return err
	}
	res.Rest = namedRow(&s, fmt.Sprintf("crawl: %d post JSON and blog feeds", len(rest)))
	if res.Rest.Requests < uint64(len(rest)) {
		fmt.Printf("  stopped at the cap (-crawl-cap %s) after %d of them\n", o.crawlCap, res.Rest.Requests)
	}
	status, err := procStatus(srv.cmd.Process.Pid)
	if err != nil {
		return fmt.Errorf("server memory: %w", err)
	}
	res.RSSMiB, res.PeakMiB = status["VmRSS"], status["VmHWM"]
	fmt.Printf("  server resident after the crawl: %.1f MiB (peak %.1f MiB)\n", res.RSSMiB, res.PeakMiB)
	rep.Crawl = res
	return nil
}

// without is list less the items of drop.
func without(list, drop []string) []string {
	skip := make(map[string]bool, len(drop))
	for _, d := range drop {
		skip[d] = true
	}
	out := make([]string, 0, len(list))
	for _, s := range list {
		if !skip[s] {
			out = append(out, s)
		}
	}
	return out
}

// restURLs are what the crawl reads besides the pages: each post's JSON
// (/api/posts/{category}/{slug}?workspace=ws-N), then each blog's RSS,
// Atom and JSON Feed.
func restURLs(base string, paths []string, blogs int) []string {
	out := make([]string, 0, len(paths)+3*blogs)
	for _, p := range paths {
		blog, post, _ := strings.Cut(strings.TrimPrefix(p, "/blog/"), "/")
		out = append(out, base+"/api/posts/"+post+"?workspace="+blog)
	}
	for i := 1; i <= blogs; i++ {
		for _, name := range []string{"feed.xml", "feed.atom", "feed.json"} {
			out = append(out, base+"/blog/"+blogSlug(i)+"/"+name)
		}
	}
	return out
}

// procStatus reads the kB figures of /proc/<pid>/status, in MiB.
func procStatus(pid int) (map[string]float64, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		fields := strings.Fields(v)
		if !ok || len(fields) != 2 || fields[1] != "kB" {
			continue
		}
		if n, err := strconv.ParseFloat(fields[0], 64); err == nil {
			out[k] = n / 1024
		}
	}
	if _, ok := out["VmRSS"]; !ok && sc.Err() == nil {
		return nil, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
	}
	return out, sc.Err()
}
