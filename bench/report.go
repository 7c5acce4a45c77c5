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
	// Search is the search figure (search.go).
	Search *searchResult `json:"search,omitempty"`
	// The figures of issue 20: cold.go, flood.go, crawl.go (which has the
	// server's resident memory after crawling a 100k-post site) and
	// renders.go.
	Cold    *coldResult    `json:"cold,omitempty"`
	Flood   *floodResult   `json:"flood,omitempty"`
	Crawl   *crawlResult   `json:"crawl,omitempty"`
	Renders *rendersResult `json:"renders,omitempty"`
	// Images is the figure of issue 21 (images.go).
	Images *imagesResult `json:"images,omitempty"`
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
	if s := r.Search; s != nil {
		r.expect(fmt.Sprintf("search of a %dk-post blog", s.Posts/1000), fmt.Sprintf("p50 < %d ms", maxSearchP50ms),
			fmtMS(s.Load.P50ms), s.Load.P50ms < maxSearchP50ms)
	}
	r.evaluateCold()
	if f := r.Flood; f != nil {
		r.expectSlowdown("flood: other visitors' read pages beside a search flood", f.CachedWith, f.CachedAlone, maxFloodSlowdown)
		r.expectSlowdown("flood: other visitors' unread lists beside a search flood", f.FreshWith, f.FreshAlone, maxFloodSlowdown)
	}
	r.evaluateCrawl()
	r.evaluateRenders()
	r.evaluateImages()
	r.expectAll200()
}

func (r *report) evaluateCold() {
	c := r.Cold
	if c == nil {
		return
	}
	name := fmt.Sprintf("cold: %s posts of %d blogs uniformly at random after a restart", count(c.Posts), c.Blogs)
	r.expect(fmt.Sprintf("cold: post pages rendered before the restart (%d blogs x %d)", c.Blogs, c.PostsPerBlog),
		fmt.Sprintf("all %d", c.Render.Pages), fmt.Sprintf("%d (%d plain, %.0fs)", c.Render.Rendered, c.Render.Plain,
			c.Render.Seconds), c.Render.Rendered == c.Render.Pages)
	share := minColdShare(r.DB)
	r.expect(name, fmt.Sprintf(">= %.0f%% of ceiling req/s (%s)", share*100, r.DB),
		fmt.Sprintf("%.0f%% (%.0f of %.0f req/s)", c.Uniform.Ratio*100, c.Uniform.RPS, c.Ceiling.RPS), c.Uniform.Ratio >= share)
	r.expect(name, fmt.Sprintf("p99 < %d ms", maxColdP99ms), fmtMS(c.Uniform.P99ms), c.Uniform.P99ms < maxColdP99ms)
}

func (r *report) evaluateCrawl() {
	c := r.Crawl
	if c == nil {
		return
	}
	name := fmt.Sprintf("crawl of %s never-read post pages", count(c.Pages))
	answered := uint64(float64(c.Crawl.Requests)*c.Crawl.OK200 + 0.5)
	got := fmt.Sprintf("%d of %d answered 200 (%d plain) in %.0fs", answered, c.Pages, c.Crawl.PlainPages, c.CrawlSecs)
	if c.Capped {
		got += fmt.Sprintf(", stopped at the cap at %.1f pages/s", c.Crawl.RPS)
	}
	r.expect(name, "every page answered 200", got, answered == uint64(c.Pages))
	r.expect(name, fmt.Sprintf("p99 < %d ms", maxCrawlP99ms), fmtMS(c.Crawl.P99ms), c.Crawl.P99ms < maxCrawlP99ms)
	r.expectSlowdown("light client's read pages during the crawl", c.LightDuring, c.LightAlone, maxCrawlSlowdown)
	r.expect(fmt.Sprintf("server memory after the crawl of %s posts (pages, JSON, feeds)", count(c.Posts)),
		fmt.Sprintf("VmRSS < %d MiB", maxServerRSSMiB), fmt.Sprintf("%.1f MiB", c.RSSMiB), c.RSSMiB < maxServerRSSMiB)
}

// expectSlowdown checks a load's p99 beside another against its p99 alone.
func (r *report) expectSlowdown(target string, beside, alone row, most float64) {
	x := ratio(beside.P99ms, alone.P99ms)
	r.expect(target, fmt.Sprintf("p99 within %.0fx of alone", most), fmt.Sprintf("%s vs %s alone (x%.2f)",
		fmtMS(beside.P99ms), fmtMS(alone.P99ms), x), alone.P99ms > 0 && x <= most)
}

func (r *report) evaluateRenders() {
	x := r.Renders
	if x == nil {
		return
	}
	const target = "renders caused by publishing one post"
	if x.Error != "" {
		r.expect(target, "<= the pages it changes", x.Error, false)
		return
	}
	n := x.Renders["renders"]
	r.expect(target, fmt.Sprintf("<= %d (the pages it changes)", len(x.Affected)), fmt.Sprintf("%.0f", n),
		n <= float64(len(x.Affected)))
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
	if r.Search != nil {
		out = append(out, r.Search.Load)
	}
	if c := r.Cold; c != nil {
		out = append(out, c.Ceiling, c.Uniform, c.Zipf)
	}
	if f := r.Flood; f != nil {
		out = append(out, f.CachedAlone, f.FreshAlone, f.CachedWith, f.FreshWith) // the flooding client may be turned away
	}
	if c := r.Crawl; c != nil {
		out = append(out, c.Crawl, c.LightAlone, c.LightDuring, c.Rest)
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
	r.printIssue20(w)
	if x := r.Images; x != nil && x.Error == "" {
		fmt.Fprintf(w, "\nimages: %d concurrent uploads of a %d-byte PNG of %d megapixels: %d x 201, %d x 503 + Retry-After, others %v "+
			"in %.1fs; the refused again one at a time: %d stored; server up %v, peak %.1f MiB (VmHWM), resident %.1f MiB\n",
			x.Uploads, x.FileBytes, x.Pixels/1_000_000, x.Created, x.Busy, x.Other, x.Seconds, x.Retried, x.Up, x.PeakMiB, x.RSSMiB)
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

// printIssue20 writes the cold, flood, crawl and renders figures.
func (r *report) printIssue20(w io.Writer) {
	var rows []row
	if c := r.Cold; c != nil {
		fmt.Fprintf(w, "\ncold: %d blogs x %d posts; first render %s\n", c.Blogs, c.PostsPerBlog, c.Render.summary())
		rows = append(rows, c.Ceiling, c.Uniform, c.Zipf)
	}
	if f := r.Flood; f != nil {
		fmt.Fprintf(w, "flood: the visitors' cached pages: %s\n", f.Render.summary())
		rows = append(rows, f.CachedAlone, f.FreshAlone, f.CachedWith, f.FreshWith, f.Flood)
	}
	if c := r.Crawl; c != nil {
		fmt.Fprintf(w, "crawl: %d blogs x %d posts; the light client's pages: %s\n", c.Blogs, c.PostsPerBlog, c.Render.summary())
		rows = append(rows, c.LightAlone, c.Crawl, c.LightDuring, c.Rest)
	}
	if len(rows) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "load\treq/s\tp50\tp99\tx ceiling\t200s\tplain pages\t")
		for _, x := range rows {
			fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%s\t%.1f%%\t%d\t\n", x.Name, x.RPS, fmtMS(x.P50ms), fmtMS(x.P99ms),
				share(x.Ratio), x.OK200*100, x.PlainPages)
		}
		tw.Flush()
	}
	if c := r.Cold; c != nil && c.Counters != nil {
		fmt.Fprintf(w, "server during the cold loads: %s\n", c.Counters)
	}
	if f := r.Flood; f != nil && f.Counters != nil {
		fmt.Fprintf(w, "server during the flood: %s\n", f.Counters)
	}
	if c := r.Crawl; c != nil {
		if c.Counters != nil {
			fmt.Fprintf(w, "server during the crawl: %s\n", c.Counters)
		}
		fmt.Fprintf(w, "server resident after the crawl: %.1f MiB (VmRSS), peak %.1f MiB (VmHWM)\n", c.RSSMiB, c.PeakMiB)
	}
	if x := r.Renders; x != nil && x.Post != "" {
		fmt.Fprintf(w, "\nrenders: publishing %s changes %d pages (%s) and %d feeds (built, not rendered); "+
			"%d other posts of its category list it among related posts (not counted)\n",
			x.Post, len(x.Affected), strings.Join(x.Affected, ", "), x.Feeds, x.Related)
		if x.Error == "" {
			fmt.Fprintf(w, "server from the publish until its queue was idle: %s\n", x.Renders)
			fmt.Fprintf(w, "then a reader opens each of those pages: %s; answered plain: %d\n", x.ReadRenders, len(x.ReadPlain))
		}
	}
}

// summary is one line about a render pass.
func (p renderPass) summary() string {
	s := fmt.Sprintf("%d of %d pages rendered in %.0fs (%.1f/s, %d left plain or unanswered)", p.Rendered, p.Pages, p.Seconds,
		p.PagesPerSec, p.Plain)
	if p.Capped {
		s += ", stopped at the cap"
	}
	return s
}

// share is a ratio to the ceiling as a percentage ("" when there is none).
func share(ratio float64) string {
	if ratio == 0 {
		return ""
	}
	return fmt.Sprintf("%.0f%%", ratio*100)
}

// count is n in thousands when it is a round number of them (100k).
func count(n int) string {
	if n >= 1000 && n%1000 == 0 {
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}
