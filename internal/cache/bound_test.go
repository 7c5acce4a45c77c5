package cache

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// op is one step of a bound scenario.
type op struct {
	put        string        // "ws/key": fill that key with a body of size bytes
	size       int           // body bytes of put
	get        string        // "ws/key": read it (a hit moves it to the front)
	advance    time.Duration // move the clock
	sweep      bool          // run the periodic sweep
	invalidate int64         // drop a workspace (0: none)
}

func splitKey(s string) (int64, string) {
	ws, key, _ := strings.Cut(s, "/")
	var id int64
	fmt.Sscan(ws, &id)
	return id, key
}

// incompressible makes a body gzip cannot shrink, so its charge is exact.
func incompressible(n int, r *rand.Rand) []byte {
	b := make([]byte, n+8)
	for i := 0; i < n; i += 8 {
		binary.LittleEndian.PutUint64(b[i:], r.Uint64())
	}
	return b[:n:n]
}

// charge is what an incompressible entry of n body bytes under key costs.
func charge(key string, n int) int64 {
	e := &Entry{Body: make([]byte, n), ETag: ETag(nil)}
	return size(key, e)
}

func TestByteBoundLRUAndExpiry(t *testing.T) {
	const body = 10_000
	unit := charge("k1", body) // every key below has the same length
	budget := 8*unit + 10      // eight entries; an entry of at most one unit is kept
	fill8 := func(ws string) []op {
		var ops []op
		for i := 1; i <= 8; i++ {
			ops = append(ops, op{put: fmt.Sprintf("%s/k%d", ws, i), size: body})
		}
		return ops
	}
	for _, tc := range []struct {
		name   string
		budget int64
		ops    []op
		want   []string // resident "ws/key", any order
	}{
		{name: "least recently used goes first", budget: budget, ops: append(fill8("1"),
			op{get: "1/k1"}, // k2 is now the least recently used
			op{put: "2/k9", size: body},
		), want: []string{"1/k1", "1/k3", "1/k4", "1/k5", "1/k6", "1/k7", "1/k8", "2/k9"}},
		{name: "eviction in use order, not store order", budget: budget, ops: append(fill8("1"),
			op{get: "1/k3"}, op{get: "1/k1"}, op{get: "1/k2"},
			op{put: "1/k9", size: body}, op{put: "2/k9", size: body}, op{put: "3/k9", size: body},
			op{put: "4/k9", size: body}, op{put: "5/k9", size: body}, op{put: "6/k9", size: body},
		), want: []string{"1/k1", "1/k2", "1/k9", "2/k9", "3/k9", "4/k9", "5/k9", "6/k9"}},
		{name: "several small entries evicted for one large", budget: budget, ops: append(append(fill8("1")[:7],
			// five small entries fill the eighth slot: 5 x 2,000 bytes charged
			op{put: "2/k1", size: 1652}, op{put: "2/k2", size: 1652}, op{put: "2/k3", size: 1652},
			op{put: "2/k4", size: 1652}, op{put: "2/k5", size: 1652}),
			op{get: "1/k1"}, op{get: "1/k2"}, op{get: "1/k3"}, op{get: "1/k4"}, op{get: "1/k5"},
			op{get: "1/k6"}, op{get: "1/k7"},
			op{put: "3/k1", size: body},
		), want: []string{"1/k1", "1/k2", "1/k3", "1/k4", "1/k5", "1/k6", "1/k7", "3/k1"}},
		{name: "expired entries are freed by the sweep, unread", budget: budget, ops: []op{
			{put: "1/k1", size: body}, {advance: 20 * time.Second}, {put: "1/k2", size: body},
			{advance: 15 * time.Second}, {sweep: true},
		}, want: []string{"1/k2"}},
		{name: "everything expired leaves nothing", budget: budget, ops: []op{
			{put: "1/k1", size: body}, {put: "2/k2", size: body}, {advance: time.Minute}, {sweep: true},
		}, want: nil},
		{name: "expired entries go before live ones when storing", budget: budget, ops: []op{
			{put: "1/k1", size: body}, {advance: 20 * time.Second}, {put: "1/k2", size: body},
			{get: "1/k1"}, {advance: 15 * time.Second}, // k1 is the most recently used, but expired
			{put: "1/k3", size: body},
		}, want: []string{"1/k2", "1/k3"}},
		{name: "a body above an eighth of the budget is not kept", budget: budget, ops: []op{
			{put: "1/k1", size: body}, {put: "1/k2", size: 2 * body},
		}, want: []string{"1/k1"}},
		{name: "invalidation drops one workspace and its bytes", budget: budget, ops: []op{
			{put: "1/k1", size: body}, {put: "2/k2", size: body}, {put: "1/k3", size: body}, {invalidate: 1},
		}, want: []string{"2/k2"}},
		{name: "a zero budget keeps nothing", budget: 0, ops: []op{{put: "1/k1", size: 10}}, want: nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := New(30*time.Second, tc.budget)
			now := time.Unix(1_700_000_000, 0)
			c.now = func() time.Time { return now }
			r := rand.New(rand.NewPCG(1, 2))
			fills := map[string]int{}
			for _, o := range tc.ops {
				switch {
				case o.put != "":
					ws, key := splitKey(o.put)
					b := incompressible(o.size, r)
					e, err := c.Get(ws, key, func() (*Entry, error) { fills[o.put]++; return &Entry{Body: b}, nil })
					if err != nil || !bytes.Equal(e.Body, b) {
						t.Fatalf("put %s: %v", o.put, err)
					}
				case o.get != "":
					ws, key := splitKey(o.get)
					if c.lookup(ws, key) == nil {
						t.Fatalf("get %s: not cached", o.get)
					}
				case o.advance > 0:
					now = now.Add(o.advance)
				case o.sweep:
					c.Sweep()
				case o.invalidate != 0:
					c.Invalidate(o.invalidate)
				}
			}
			var got []string
			var want int64
			for ws, m := range c.entries {
				for key, n := range m {
					got = append(got, fmt.Sprintf("%d/%s", ws, key))
					want += n.size
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("resident %v, want %v", got, tc.want)
			}
			entries, bytes := c.Stats()
			if entries != len(tc.want) || bytes != want || bytes > tc.budget {
				t.Fatalf("stats %d entries %d bytes, want %d entries %d bytes (budget %d)",
					entries, bytes, len(tc.want), want, tc.budget)
			}
			if c.lru.Len() != c.fifo.Len() {
				t.Fatalf("lists disagree: lru %d fifo %d", c.lru.Len(), c.fifo.Len())
			}
		})
	}
}

// Each entry is charged its body, its gzip copy, its headers and its key.
func TestChargeCountsGzipHeadersAndKey(t *testing.T) {
	c := New(time.Minute, 1<<20)
	// Built by appending, as renderers do: spare capacity is not kept.
	body := append(bytes.Repeat([]byte("compressible text "), 1000), '\n')
	key := strings.Repeat("k", 100)
	e, _ := c.Get(1, key, func() (*Entry, error) { return &Entry{Body: body, ContentType: "text/html"}, nil })
	if e.Gzip == nil {
		t.Fatal("no gzip copy")
	}
	want := int64(cap(e.Body)+cap(e.Gzip)+len("text/html")+len(e.ETag)+len(key)) + entryOverhead
	if cap(e.Body) > len(body)+len(body)/8 || cap(e.Gzip) > len(e.Gzip)+len(e.Gzip)/8 {
		t.Fatalf("spare capacity kept: body %d/%d gzip %d/%d", len(e.Body), cap(e.Body), len(e.Gzip), cap(e.Gzip))
	}
	if _, got := c.Stats(); got != want {
		t.Fatalf("charged %d, want %d", got, want)
	}
}

// Many workspaces filling the cache with large pages never take it past its
// budget, whatever the order.
func TestChurnStaysWithinBudget(t *testing.T) {
	const budget = 256 << 10
	c := New(time.Minute, budget)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		ws, key := int64(r.IntN(8)), fmt.Sprintf("post-%d", r.IntN(2000))
		n := 1000 + r.IntN(budget/8-2000)
		_, _ = c.Get(ws, key, func() (*Entry, error) { return &Entry{Body: incompressible(n, r)}, nil })
		if _, b := c.Stats(); b > budget {
			t.Fatalf("after %d stores the cache holds %d bytes > %d", i+1, b, budget)
		}
	}
}
