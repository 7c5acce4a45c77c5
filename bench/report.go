package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Targets of issue 3 (on 2 cores).
const (
	minCeilingShare = 0.60 // post page and JSON: req/s >= 60% of the static ceiling
	maxPageP99ms    = 25   // post page and JSON: p99 < 25 ms
	maxCachedP50ms  = 5    // cached feed and the 10k sitemap: p50 < 5 ms
	maxScaleGrowth  = 1.5  // 100k/1k latency ratio that still counts as "does not grow"
)

// report is what the run prints and writes as JSON.
type report struct {
	Time       string        `json:"time"`
	GoVersion  string        `json:"goVersion"`
	OS         string        `json:"os"`
	CPUs       int           `json:"cpus"`
	GOMAXPROCS int           `json:"gomaxprocs"`
	DB         string        `json:"db"`
	Conns      int           `json:"connections"`
	Duration   string        `json:"durationPerTarget"`
	Seed       seedInfo      `json:"seed"`
	Rows       []row         `json:"targets"`
	Scale      []scaleResult `json:"scale,omitempty"`
	// ScaleRatios are 100k/1k latency ratios (cold and warm, p50 and p99).
	ScaleRatios map[string]float64 `json:"scaleRatios,omitempty"`
	// Memory is the server's resident memory after crawling a 100k-post site.
	Memory *memoryResult `json:"memory,omitempty"`
	// Search is the search figure (search.go).
	Search *searchResult `json:"search,omitempty"`
	Checks []check       `json:"checks"`
}

// check is one target with its verdict.
type check struct {
	Target string `json:"target"`
	Want   string `json:"want"`
	Got    string `json:"got"`
	Pass   bool   `json:"pass"`
}

func newReport(o options) *report {
	return &report{Time: time.Now().UTC().Format(time.RFC3339), GoVersion: runtime.Version(),
		OS: runtime.GOOS + "/" + runtime.GOARCH, CPUs: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0),
		Conns: o.conns, Duration: o.duration.String()}
}

func (r *report) row(key string) *row {
	for i := range r.Rows {
		if r.Rows[i].Key == key {
			return &r.Rows[i]
		}
	}
	return nil
}

// ceiling is the static ceiling's req/s.
func (r *report) ceiling() float64 {
	if c := r.row("ceiling"); c != nil {
		return c.RPS
	}
	return 0
}

// evaluate fills the ratios to the ceiling and the PASS/FAIL checks.
func (r *report) evaluate() {
	if ceiling := r.ceiling(); ceiling > 0 {
		for i := range r.Rows {
			r.Rows[i].Ratio = r.Rows[i].RPS / ceiling
		}
	}
	for _, key := range []string{"page", "api"} {
		if x := r.row(key); x != nil {
			r.expect(x.Name, fmt.Sprintf(">= %.0f%% of ceiling req/s", minCeilingShare*100),
				fmt.Sprintf("%.0f%%", x.Ratio*100), x.Ratio >= minCeilingShare)
			r.expect(x.Name, fmt.Sprintf("p99 < %d ms", maxPageP99ms), fmtMS(x.P99ms), x.P99ms < maxPageP99ms)
		}
	}
	for _, key := range []string{"feed", "sitemap"} {
		if x := r.row(key); x != nil {
			r.expect(x.Name, fmt.Sprintf("p50 < %d ms", maxCachedP50ms), fmtMS(x.P50ms), x.P50ms < maxCachedP50ms)
		}
	}
	r.evaluateScale()
	if m := r.Memory; m != nil {
		r.expect(fmt.Sprintf("server memory after crawling %dk posts (pages, JSON, feeds)", m.Posts/1000),
			fmt.Sprintf("VmRSS < %d MiB", maxServerRSSMiB), fmt.Sprintf("%.1f MiB", m.RSSMiB), m.RSSMiB < maxServerRSSMiB)
	}
	if s := r.Search; s != nil {
		r.expect(fmt.Sprintf("search of a %dk-post blog", s.Posts/1000), fmt.Sprintf("p50 < %d ms", maxSearchP50ms),
			fmtMS(s.Load.P50ms), s.Load.P50ms < maxSearchP50ms)
	}
	r.expectAll200()
}

// expectAll200 is one check over every row: each answered 200 only.
func (r *report) expectAll200() {
	var bad []string
	for _, x := range r.allRows() {
		if x.OK200 != 1 || x.Requests == 0 {
			bad = append(bad, fmt.Sprintf("%s %.2f%%", x.Name, x.OK200*100))
		}
	}
	got := "all"
	if len(bad) > 0 {
		got = strings.Join(bad, ", ")
	}
	r.expect("every load", "only 200 answers", got, len(bad) == 0)
}

// evaluateScale compares the largest database with the smallest.
func (r *report) evaluateScale() {
	if len(r.Scale) < 2 {
		return
	}
	small, large := r.Scale[0], r.Scale[len(r.Scale)-1]
	label := fmt.Sprintf("%dk/%dk", large.Posts/1000, small.Posts/1000)
	r.ScaleRatios = map[string]float64{
		"coldP50": ratio(large.Cold.P50ms, small.Cold.P50ms), "coldP99": ratio(large.Cold.P99ms, small.Cold.P99ms),
		"coldApiP50": ratio(large.ColdAPI.P50ms, small.ColdAPI.P50ms), "coldApiP99": ratio(large.ColdAPI.P99ms, small.ColdAPI.P99ms),
		"warmP50": ratio(large.Warm.P50ms, small.Warm.P50ms), "warmP99": ratio(large.Warm.P99ms, small.Warm.P99ms),
		"singleP50": ratio(large.Single.P50ms, small.Single.P50ms), "singleP99": ratio(large.Single.P99ms, small.Single.P99ms),
	}
	for _, k := range []struct{ key, name string }{
		{"coldP50", "post page misses p50"}, {"coldP99", "post page misses p99"},
		{"coldApiP50", "post JSON misses p50"}, {"coldApiP99", "post JSON misses p99"},
		{"warmP50", "cached pages p50"}, {"singleP50", "one cached page p50"},
	} {
		v := r.ScaleRatios[k.key]
		r.expect("latency "+label+", "+k.name, fmt.Sprintf("ratio <= %.1f", maxScaleGrowth), fmt.Sprintf("%.2f", v),
			v <= maxScaleGrowth)
	}
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func (r *report) expect(target, want, got string, pass bool) {
	r.Checks = append(r.Checks, check{Target: target, Want: want, Got: got, Pass: pass})
}

func (r *report) allRows() []row {
	out := append([]row(nil), r.Rows...)
	for _, s := range r.Scale {
		out = append(out, s.Cold, s.ColdAPI, s.Warm, s.Single)
	}
	if r.Memory != nil {
		out = append(out, r.Memory.Crawl)
	}
	if r.Search != nil {
		out = append(out, r.Search.Load)
	}
	return out
}

func fmtMS(v float64) string { return fmt.Sprintf("%.2f ms", v) }

// print writes the tables and the verdicts.
func (r *report) print(w io.Writer) {
	fmt.Fprintf(w, "\nInkPress bench: %s, %s, %d CPUs, %s, %d connections, %s per target\n", r.GoVersion, r.OS, r.CPUs,
		r.DB, r.Conns, r.Duration)
	if r.Seed.TotalPosts > 0 {
		fmt.Fprintf(w, "seed: %d workspaces x %d posts + %d site posts (%d total, ~%d words, %d distinct bodies) in %.1fs\n\n",
			r.Seed.Workspaces, r.Seed.PostsPerWorkspace, r.Seed.SitePosts, r.Seed.TotalPosts, r.Seed.WordsPerPost,
			r.Seed.DistinctBodies, r.Seed.SeedSeconds)
	}
	if len(r.Rows) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "target\treq/s\tp50\tp99\tx ceiling\t200s\tbytes\t")
		for _, x := range r.Rows {
			fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%.0f%%\t%.1f%%\t%d\t\n", x.Name, x.RPS, fmtMS(x.P50ms), fmtMS(x.P99ms),
				x.Ratio*100, x.OK200*100, x.Bytes)
		}
		tw.Flush()
	}
	if c := r.row("ceiling"); c != nil && len(c.RoundRPS) > 1 && slices.Min(c.RoundRPS) < 0.75*slices.Max(c.RoundRPS) {
		fmt.Fprintf(w, "note: the ceiling's rounds ranged from %.0f to %.0f req/s: the machine was busy at times\n",
			slices.Min(c.RoundRPS), slices.Max(c.RoundRPS))
	}
	r.printScale(w)
	r.printSearch(w)
	if m := r.Memory; m != nil {
		fmt.Fprintf(w, "\nmemory: %d URLs (%dk post pages and JSON, feeds) read once on a fresh server in %.0fs at %.0f req/s "+
			"(p50 %s, p99 %s); server resident afterwards %.1f MiB (VmRSS), peak %.1f MiB (VmHWM)\n",
			m.URLs, m.Posts/1000, m.CrawlSecs, m.Crawl.RPS, fmtMS(m.Crawl.P50ms), fmtMS(m.Crawl.P99ms), m.RSSMiB, m.PeakMiB)
	}
	fmt.Fprintln(w)
	failed := 0
	for _, c := range r.Checks {
		verdict := "PASS"
		if !c.Pass {
			verdict, failed = "FAIL", failed+1
		}
		fmt.Fprintf(w, "%s  %s: want %s, got %s\n", verdict, c.Target, c.Want, c.Got)
	}
	for _, x := range r.allRows() {
		if len(x.Errors) > 0 {
			fmt.Fprintf(w, "errors in %s: %s\n", x.Name, strings.Join(x.Errors, "; "))
		}
	}
	fmt.Fprintf(w, "\n%d of %d checks passed\n", len(r.Checks)-failed, len(r.Checks))
}

func (r *report) printScale(w io.Writer) {
	if len(r.Scale) == 0 {
		return
	}
	fmt.Fprintln(w, "\nscale: a site workspace of 1k vs 100k posts")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "load\treq/s\tp50\tp99\t200s\t")
	for _, s := range r.Scale {
		for _, x := range []row{s.Cold, s.ColdAPI, s.Warm, s.Single} {
			fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%.1f%%\t\n", x.Name, x.RPS, fmtMS(x.P50ms), fmtMS(x.P99ms), x.OK200*100)
		}
	}
	tw.Flush()
	if r.ScaleRatios != nil {
		q := r.ScaleRatios
		fmt.Fprintf(w, "100k/1k latency: page misses p50 %.2f p99 %.2f, JSON misses p50 %.2f p99 %.2f, "+
			"cached p50 %.2f p99 %.2f, one page p50 %.2f p99 %.2f\n", q["coldP50"], q["coldP99"], q["coldApiP50"],
			q["coldApiP99"], q["warmP50"], q["warmP99"], q["singleP50"], q["singleP99"])
	}
}

// write saves the report as dir/<timestamp>-<db>.json.
func (r *report) write(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, time.Now().Format("20060102-150405")+"-"+r.DB+".json")
	return path, os.WriteFile(path, append(b, '\n'), 0o644)
}
