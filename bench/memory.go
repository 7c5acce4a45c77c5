package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// maxServerRSSMiB is the target: the server's resident memory after the crawl.
const maxServerRSSMiB = 150

// memoryResult is the memory figure: a crawler reading every post page,
// every post's JSON and every feed of a 100k-post site, once each, on a
// freshly started server; the server's resident memory afterwards.
type memoryResult struct {
	Posts       int     `json:"posts"`
	SeedSeconds float64 `json:"seedSeconds"`
	URLs        int     `json:"urls"`
	Crawl       row     `json:"crawl"`
	CrawlSecs   float64 `json:"crawlSeconds"`
	// RSSMiB is the server's VmRSS right after the crawl, PeakMiB its VmHWM.
	RSSMiB  float64 `json:"rssMiB"`
	PeakMiB float64 `json:"peakRssMiB"`
}

// runMemory seeds a 100k-post site, crawls it and reads the server's
// resident memory from /proc.
func runMemory(ctx context.Context, o options, tmp string, bodies []bodyTemplate, rep *report) error {
	memoryPosts := o.memPosts
	fmt.Printf("\nmemory: crawl every post page, post JSON and feed of a %d-post site\n", memoryPosts)
	db, err := freshDatabase(ctx, o.db, tmp, "memory")
	if err != nil {
		return err
	}
	defer db.drop()
	if rep.DB == "" {
		rep.DB = db.kind
	}
	res := &memoryResult{Posts: memoryPosts}
	start := time.Now()
	paths, err := seedScale(ctx, db, memoryPosts, bodies)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	res.SeedSeconds = time.Since(start).Seconds()
	fmt.Printf("  seeded %d posts in %s\n", memoryPosts, time.Since(start).Round(10*time.Millisecond))
	srv, err := startServer(ctx, o, db.url, tmp, "")
	if err != nil {
		return err
	}
	defer srv.stop()
	urls := crawlURLs(srv.base, paths)
	res.URLs = len(urls)
	var s sample
	attack(ctx, urls, 2*time.Hour, o.conns, uint64(len(urls)), &s)
	if err := ctx.Err(); err != nil {
		return err
	}
	res.Crawl = namedRow(&s, fmt.Sprintf("memory: crawl of %d URLs", len(urls)))
	res.CrawlSecs = s.wall.Seconds()
	status, err := procStatus(srv.cmd.Process.Pid)
	if err != nil {
		return fmt.Errorf("server memory: %w", err)
	}
	res.RSSMiB, res.PeakMiB = status["VmRSS"], status["VmHWM"]
	fmt.Printf("  server resident after the crawl: %.1f MiB (peak %.1f MiB)\n", res.RSSMiB, res.PeakMiB)
	rep.Memory = res
	return nil
}

// crawlURLs is what a crawler reads: each post as a page and as JSON, in
// turn, then the site's feeds and each category's.
func crawlURLs(base string, paths []string) []string {
	out := make([]string, 0, 2*len(paths)+15)
	for _, p := range paths {
		out = append(out, base+p, base+"/api/posts"+p)
	}
	for _, prefix := range append([]string{""}, prefixed("/", siteCategories())...) {
		for _, name := range []string{"feed.xml", "feed.atom", "feed.json"} {
			out = append(out, base+prefix+"/"+name)
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
