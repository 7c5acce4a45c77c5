// Command bench is InkPress's load benchmark of the public face (`make bench`).
//
// It seeds a fresh database through the store (SQLite in a temporary
// directory, or a fresh schema of a PostgreSQL database), starts the built
// server as a subprocess, measures a static ceiling (the same post-page bytes
// served from memory by a bare net/http handler in a second process) and
// drives load over loopback with vegeta. It prints a table with PASS/FAIL
// against the targets of issue 3 and writes it as JSON under bench/results.
// See bench/README.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"
)

// options are the command-line flags.
type options struct {
	bin        string
	db         string
	workspaces int
	posts      int
	sitePosts  int
	duration   time.Duration
	conns      int
	scale      bool
	out        string
	targets    string
	only       string
	cpuProfile string
	// The figures of issue 20: the cold site (cold and flood), the crawl.
	coldBlogs, coldPosts   int
	renderCap              time.Duration
	crawlBlogs, crawlPosts int
	crawlCap               time.Duration
	// The figure of issue 21: concurrent uploads of 40-megapixel images.
	imageUploads int

	// Hidden modes: the bench re-executes itself as the static ceiling server
	// and, with -cpuprofile, as the profiled app, so every server under load
	// is its own process and the load generator is this one.
	staticFile     string
	staticAddr     string
	staticEncoding string
	serveApp       bool
}

// parseFlags parses and checks the flags, reporting problems on stderr.
func parseFlags(args []string) (options, bool) {
	var o options
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.StringVar(&o.bin, "bin", "../bin/inkpress", "path of the built server (the default assumes the working directory bench/)")
	fs.StringVar(&o.db, "db", "", "empty: SQLite in a temporary directory; postgres://...: fresh schemas in that database, dropped at the end")
	fs.IntVar(&o.workspaces, "workspaces", 100, "workspaces ws-1..ws-N")
	fs.IntVar(&o.posts, "posts", 100, "posts per workspace")
	fs.IntVar(&o.sitePosts, "site-posts", 10000, "posts of the site workspace")
	fs.DurationVar(&o.duration, "duration", 5*time.Second, "measured load per target (after a 1s warm-up)")
	fs.IntVar(&o.conns, "conns", 32, "concurrent keep-alive connections")
	fs.BoolVar(&o.scale, "scale", true, "also compare page latency on 1k and 100k posts")
	fs.StringVar(&o.out, "out", "results", "directory for the JSON result (the default assumes the working directory bench/)")
	fs.StringVar(&o.targets, "targets", "", "comma-separated subset of targets (the ceiling always runs): page,api,apiview,home,feed,sitemap")
	fs.StringVar(&o.only, "only", "", "run just these figures (comma-separated): search, cold, flood, crawl (memory is the same), renders, images")
	fs.IntVar(&o.coldBlogs, "cold-blogs", 2000, "blogs of the cold and flood figures' site (the targets are set for 2000 x 25)")
	fs.IntVar(&o.coldPosts, "cold-posts", 25, "posts per blog of the cold and flood figures' site")
	fs.DurationVar(&o.renderCap, "render-cap", 20*time.Minute, "longest first render of the cold site's pages")
	fs.IntVar(&o.crawlBlogs, "crawl-blogs", 2000, "blogs of the crawl figure's site (the targets are set for 2000 x 50)")
	fs.IntVar(&o.crawlPosts, "crawl-posts", 50, "posts per blog of the crawl figure's site")
	fs.DurationVar(&o.crawlCap, "crawl-cap", 10*time.Minute, "longest crawl: it stops there and reports what it read")
	fs.IntVar(&o.imageUploads, "image-uploads", 8, "concurrent 40-megapixel uploads of the images figure")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "run the server in-process under this bench binary and write its CPU profile here")
	fs.StringVar(&o.staticFile, "static-file", "", "internal: serve this file from memory")
	fs.StringVar(&o.staticAddr, "static-addr", "", "internal: listen address of -static-file")
	fs.StringVar(&o.staticEncoding, "static-encoding", "", "internal: Content-Encoding of -static-file")
	fs.BoolVar(&o.serveApp, "serve-app", false, "internal: run the app in-process (with -cpuprofile)")
	if err := fs.Parse(args); err != nil {
		return o, false // flag has reported it
	}
	var problem string
	switch {
	case o.db != "" && !strings.HasPrefix(o.db, "postgres://") && !strings.HasPrefix(o.db, "postgresql://"):
		problem = "-db must be empty (SQLite) or a postgres:// URL"
	case !validOnly(o.only):
		problem = "-only must be empty (everything) or figures among " + strings.Join(figures, ", ")
	case o.conns < 1 || o.duration <= 0 || o.workspaces < 1 || o.posts < 1 || o.sitePosts < 1 ||
		o.coldBlogs < 2 || o.coldPosts < 1 || o.crawlBlogs < 1 || o.crawlPosts < 1 || o.renderCap <= 0 || o.crawlCap <= 0 || o.imageUploads < 1:
		problem = "-conns, -duration, -workspaces, -posts, -site-posts, -cold-blogs (2 or more), -cold-posts, " +
			"-crawl-blogs, -crawl-posts, -render-cap, -crawl-cap and -image-uploads must be positive"
	}
	if problem != "" {
		fmt.Fprintln(os.Stderr, "bench:", problem)
		return o, false
	}
	return o, true
}

func main() {
	o, ok := parseFlags(os.Args[1:])
	if !ok {
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch {
	case o.staticFile != "":
		err = serveStatic(ctx, o.staticFile, o.staticAddr, o.staticEncoding)
	case o.serveApp:
		err = serveApp(ctx, o.cpuProfile)
	default:
		err = run(ctx, o)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// figures are what -only selects; "memory" is the crawl figure's old name.
var figures = []string{"search", "cold", "flood", "crawl", "memory", "renders", "images"}

func validOnly(only string) bool {
	for _, f := range strings.Split(only, ",") {
		if only != "" && !slices.Contains(figures, strings.TrimSpace(f)) {
			return false
		}
	}
	return true
}

// runs reports whether figure is to run: everything runs without -only.
func (o options) runs(figure string) bool {
	if o.only == "" {
		return true
	}
	for _, f := range strings.Split(o.only, ",") {
		f = strings.TrimSpace(f)
		if f == figure || (f == "memory" && figure == "crawl") {
			return true
		}
	}
	return false
}

// run is the benchmark: main database and targets, the scale check, then
// the search, cold, flood, crawl, renders and images figures (-only: those
// alone).
func run(ctx context.Context, o options) error {
	start := time.Now()
	tmp, err := os.MkdirTemp("", "inkpress-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	bodies, err := deriveBodies(ctx, 10)
	if err != nil {
		return err
	}
	rep := newReport(o)
	if o.only == "" {
		if err := runMain(ctx, o, tmp, bodies, rep); err != nil {
			return err
		}
		if o.scale {
			if err := runScale(ctx, o, tmp, bodies, rep); err != nil {
				return err
			}
		}
	}
	if o.runs("search") {
		if err := runSearch(ctx, o, tmp, bodies, rep); err != nil {
			return fmt.Errorf("search: %w", err)
		}
	}
	if o.runs("cold") || o.runs("flood") {
		if err := runColdSite(ctx, o, tmp, bodies, rep); err != nil {
			return fmt.Errorf("cold site: %w", err)
		}
	}
	if o.runs("crawl") {
		if err := runCrawl(ctx, o, tmp, bodies, rep); err != nil {
			return fmt.Errorf("crawl: %w", err)
		}
	}
	if o.runs("renders") {
		if err := runRenders(ctx, o, tmp, rep); err != nil {
			return fmt.Errorf("renders: %w", err)
		}
	}
	if o.runs("images") {
		if err := runImages(ctx, o, tmp, rep); err != nil {
			return fmt.Errorf("images: %w", err)
		}
	}
	rep.evaluate()
	rep.print(os.Stdout)
	path, err := rep.write(o.out)
	if err != nil {
		return err
	}
	fmt.Printf("\nwrote %s (total %s)\n", path, time.Since(start).Round(time.Second))
	if o.cpuProfile != "" {
		fmt.Printf("server CPU profile: %s (go tool pprof -top -cum %s)\n", o.cpuProfile, o.cpuProfile)
	}
	return nil
}

// runColdSite seeds the site of blogs the cold and the flood figures read
// and runs them on one server.
func runColdSite(ctx context.Context, o options, tmp string, bodies []bodyTemplate, rep *report) error {
	res := &coldResult{Blogs: o.coldBlogs, PostsPerBlog: o.coldPosts, Posts: o.coldBlogs * o.coldPosts}
	fmt.Printf("\ncold site: %d blogs x %d posts, the server's memory cache as by default\n", res.Blogs, res.PostsPerBlog)
	site, err := openSite(ctx, o, tmp, "cold", o.coldBlogs, o.coldPosts, bodies, rep)
	if err != nil {
		return err
	}
	defer site.close()
	res.SeedSeconds = site.seedSeconds
	if o.runs("cold") {
		if err := runCold(ctx, o, tmp, site.srv, site.paths, res); err != nil {
			return err
		}
		rep.Cold = res
	}
	if o.runs("flood") {
		if rep.Flood, err = runFlood(ctx, o, site.srv, site.paths, o.coldBlogs, o.coldPosts); err != nil {
			return err
		}
	}
	return nil
}

// runMain seeds the main database, starts the server and the static
// ceiling, and measures every target.
func runMain(ctx context.Context, o options, tmp string, bodies []bodyTemplate, rep *report) error {
	db, err := freshDatabase(ctx, o.db, tmp, "main")
	if err != nil {
		return err
	}
	defer db.drop()
	rep.DB = db.kind
	fmt.Printf("seeding %s: %d workspaces x %d posts + %d site posts...\n", db.kind, o.workspaces, o.posts, o.sitePosts)
	seeded, err := seedMain(ctx, db, o, bodies)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	rep.Seed = seeded.info
	fmt.Printf("seeded %d posts (~%d words each) in %s\n", seeded.info.TotalPosts, seeded.info.WordsPerPost,
		time.Duration(seeded.info.SeedSeconds*float64(time.Second)).Round(10*time.Millisecond))

	// The seeding garbage must not be collected on the load generator's time.
	debug.FreeOSMemory()
	srv, err := startServer(ctx, o, db.url, tmp, o.cpuProfile)
	if err != nil {
		return err
	}
	defer srv.stop()
	ceiling, err := startCeiling(ctx, tmp, srv.base+seeded.pagePaths[0])
	if err != nil {
		return err
	}
	defer ceiling.stop()
	rep.Rows, err = measureMain(ctx, o, mainTargets(srv.base, ceiling.base, seeded))
	return err
}

// measureMain measures the wanted targets. The ceiling, the page and the
// JSON API alternate in one-second rounds: their ratio is the figure that
// matters and must not hang on which of them ran while the machine was busy.
func measureMain(ctx context.Context, o options, targets []target) ([]row, error) {
	var paired, single []target
	for _, t := range targets {
		switch {
		case !wanted(o.targets, t.key):
		case t.key == "ceiling" || t.key == "page" || t.key == "api":
			paired = append(paired, t)
		default:
			single = append(single, t)
		}
	}
	rows, err := measureInterleaved(ctx, o, paired, time.Second)
	if err != nil {
		return nil, err
	}
	for _, t := range single {
		r, err := measureTarget(ctx, o, t)
		if err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// wanted reports whether the target key is in the -targets filter.
func wanted(filter, key string) bool {
	if filter == "" || key == "ceiling" {
		return true
	}
	for _, k := range strings.Split(filter, ",") {
		if strings.TrimSpace(k) == key {
			return true
		}
	}
	return false
}
