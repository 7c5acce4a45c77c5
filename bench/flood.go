package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"sync"
	"time"

	"github.com/inkpress/inkpress/internal/reader"
)

// The search flood (issue 20): one client flooding search pages must not
// slow other visitors down much.
const (
	maxFloodSlowdown = 2.0 // other visitors' p99 with the flood / without
	floodConns       = 16  // the flooding client's connections
	visitorConns     = 8   // other visitors' connections (half on read pages, half on unread lists)
	visitorAddrs     = 8   // other visitors' addresses (as many)
	cachedPages      = 100 // post pages read before, which visitors read again
)

// floodResult is the flood figure.
type floodResult struct {
	// Cached are visitors reading pages read before, Fresh visitors
	// reading list pages nobody read before: alone, then beside the flood
	// (With); Flood is the flooding client's load meanwhile.
	CachedAlone row `json:"cachedAlone"`
	CachedWith  row `json:"cachedWithFlood"`
	FreshAlone  row `json:"freshAlone"`
	FreshWith   row `json:"freshWithFlood"`
	Flood       row `json:"flood"`
	// Render is the rendering of the visitors' cached pages beforehand.
	Render   renderPass `json:"render"`
	Counters counters   `json:"counters,omitempty"` // the server's, during the flood
}

// runFlood measures other visitors (from visitorAddrs addresses; half of
// visitorConns reading pages read before, half list pages nobody read
// before) alone and then beside one client (one address) sending search
// pages and search API requests on floodConns connections.
func runFlood(ctx context.Context, o options, srv *process, paths []string, blogs, perBlog int) (*floodResult, error) {
	fmt.Printf("\nflood: one client searching on %d connections beside other visitors on %d\n", floodConns, visitorConns)
	res := &floodResult{}
	cached := prefixed(srv.base, spread(paths, cachedPages))
	res.Render = renderAll(ctx, o, srv, cached, 2*time.Minute)
	visitors := func(urls []string, network int) client {
		return client{targeter: targets(urls, inTurn, clients(network, visitorAddrs/2)...), conns: visitorConns / 2,
			classify: true}
	}
	drive(ctx, visitors(cached, 1), time.Second, 0, nil) // warm-up
	// Each phase reads list pages nobody read before: half of the blogs each.
	var ca, fa, cw, fw, f sample
	together(ctx, o.duration, []client{visitors(cached, 1), visitors(listPages(srv.base, 1, blogs/2, perBlog), 2)},
		[]*sample{&ca, &fa})
	res.CachedAlone = namedRow(&ca, "flood: visitors of read pages, alone")
	res.FreshAlone = namedRow(&fa, "flood: visitors of unread lists, alone")

	before := countersOrNil(ctx, srv)
	floodCtx, stopFlood := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() {
		drive(floodCtx, client{targeter: targets(searchURLs(srv.base, blogs), inTurn, forwardedFor(clientHeader, "10.9.9.9")),
			conns: floodConns}, o.duration+time.Minute, 0, &f)
	})
	select { // the flood gets going first
	case <-time.After(time.Second):
	case <-ctx.Done():
	}
	together(ctx, o.duration, []client{visitors(cached, 1), visitors(listPages(srv.base, blogs/2+1, blogs, perBlog), 2)},
		[]*sample{&cw, &fw})
	stopFlood()
	wg.Wait()
	res.Counters = countersOrNil(ctx, srv).minus(before)
	res.CachedWith = namedRow(&cw, "flood: visitors of read pages, beside it")
	res.FreshWith = namedRow(&fw, "flood: visitors of unread lists, beside it")
	res.Flood = namedRow(&f, "flood: the flooding client (search)")
	if res.Counters != nil {
		fmt.Printf("  server during the flood: %s\n", res.Counters)
	}
	return res, ctx.Err()
}

// together runs the clients at once for dur, each into its sample.
func together(ctx context.Context, dur time.Duration, cs []client, into []*sample) {
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Go(func() { drive(ctx, c, dur, 0, into[i]) })
	}
	wg.Wait()
}

// listPages are the list pages of blogs ws-from..ws-to: each blog's home,
// its second page (when it has one) and its four category pages.
func listPages(base string, from, to, perBlog int) []string {
	var out []string
	for i := from; i <= to; i++ {
		blog := base + "/blog/" + blogSlug(i)
		out = append(out, blog)
		if perBlog > reader.HomePageSize {
			out = append(out, blog+"?page=2")
		}
		for _, c := range workspaceCategories {
			out = append(out, blog+"/"+c.slug)
		}
	}
	return out
}

// searchURLs are each blog's search page and search API for each of the
// search figure's texts, in a fixed random order.
func searchURLs(base string, blogs int) []string {
	var out []string
	for i := 1; i <= blogs; i++ {
		for _, q := range searchQueries {
			esc := url.QueryEscape(q)
			out = append(out, base+"/blog/"+blogSlug(i)+"/search?q="+esc,
				base+"/api/posts?workspace="+blogSlug(i)+"&limit=12&q="+esc)
		}
	}
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
