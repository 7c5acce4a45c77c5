package views

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
)

// fakeStore counts like the SQL store: each (post, hour, visitor) once.
type fakeStore struct {
	mu     sync.Mutex
	seen   map[store.View]bool
	counts map[int64]int64
	salts  map[int64]string
	pruned [3]int64
	fail   bool
}

func newFake() *fakeStore {
	return &fakeStore{seen: map[store.View]bool{}, counts: map[int64]int64{}, salts: map[int64]string{}}
}

func (f *fakeStore) AddViews(_ context.Context, vs []store.View) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail {
		return 0, errors.New("down")
	}
	var n int64
	for _, v := range vs {
		if !f.seen[v] {
			f.seen[v] = true
			f.counts[v.PostID]++
			n++
		}
	}
	return n, nil
}

func (f *fakeStore) ViewSalt(_ context.Context, day int64, candidate string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail {
		return "", errors.New("down")
	}
	if _, ok := f.salts[day]; !ok {
		f.salts[day] = candidate
	}
	return f.salts[day], nil
}

func (f *fakeStore) PruneViews(_ context.Context, beforeHour, beforeDay, countsBeforeDay int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pruned = [3]int64{beforeHour, beforeDay, countsBeforeDay}
	return nil
}

const browser = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36"

func TestCountsOncePerVisitorPostAndHour(t *testing.T) {
	type add struct {
		post       int64
		addr, ua   string
		times      int
		afterHours int // advance the clock first
	}
	for _, tc := range []struct {
		name string
		adds []add
		want map[int64]int64
	}{
		{"one visitor 2,000 times", []add{{post: 1, addr: "203.0.113.9", ua: browser, times: 2000}}, map[int64]int64{1: 1}},
		{"two visitors", []add{{post: 1, addr: "203.0.113.9", ua: browser, times: 700},
			{post: 1, addr: "203.0.113.10", ua: browser, times: 700}},
			map[int64]int64{1: 2}},
		{"another user agent is the same visitor", []add{{post: 1, addr: "203.0.113.9", ua: browser, times: 1},
			{post: 1, addr: "203.0.113.9", ua: browser + " other", times: 1}, {post: 1, addr: "203.0.113.9", ua: "Mozilla/5.0 (Macintosh) Safari/605", times: 1}},
			map[int64]int64{1: 1}},
		{"known bots count nothing", []add{{post: 1, addr: "a", ua: "Mozilla/5.0 (compatible; Googlebot/2.1)", times: 3},
			{post: 1, addr: "b", ua: "", times: 3}, {post: 1, addr: "c", ua: "curl/8.0", times: 3}},
			map[int64]int64{1: 0}},
		{"one visitor, two posts", []add{{post: 1, addr: "a", ua: browser, times: 5}, {post: 2, addr: "a", ua: browser, times: 5}},
			map[int64]int64{1: 1, 2: 1}},
		{"the next hour counts again", []add{{post: 1, addr: "a", ua: browser, times: 5},
			{post: 1, addr: "a", ua: browser, times: 5, afterHours: 1}}, map[int64]int64{1: 2}},
		{"the next day too", []add{{post: 1, addr: "a", ua: browser, times: 5},
			{post: 1, addr: "a", ua: browser, times: 5, afterHours: 24}}, map[int64]int64{1: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			c := New(f)
			now := time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)
			c.Now = func() time.Time { return now }
			for i, a := range tc.adds {
				now = now.Add(time.Duration(a.afterHours) * time.Hour)
				for range a.times {
					c.Add(a.post, a.addr, a.ua)
				}
				if i%2 == 1 { // flush between some adds: batches must not change the count
					if err := c.Flush(context.Background()); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := c.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			for id, want := range tc.want {
				if want == 0 && f.counts[id] != 0 {
					t.Fatalf("post %d: %d views, want none", id, f.counts[id])
				}
				if f.counts[id] != want {
					t.Fatalf("post %d: %d views, want %d (all %v)", id, f.counts[id], want, f.counts)
				}
			}
		})
	}
}

// Two instances (two counters on one store) count a visitor once: they hash
// under the same stored salt.
func TestTwoCountersShareTheVisitor(t *testing.T) {
	f := newFake()
	a, b := New(f), New(f)
	for range 100 {
		a.Add(1, "198.51.100.7", browser)
		b.Add(1, "198.51.100.7", browser)
	}
	b.Add(1, "198.51.100.8", browser)
	if err := a.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := b.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if f.counts[1] != 2 {
		t.Fatalf("views %d, want 2", f.counts[1])
	}
}

// What is stored is a salted hash: neither the address nor the user agent,
// nor the same value on another day.
func TestVisitorIsStoredSalted(t *testing.T) {
	f := newFake()
	c := New(f)
	now := time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC)
	c.Now = func() time.Time { return now }
	c.Add(1, "192.0.2.44", browser)
	now = now.Add(time.Hour)
	c.Add(1, "192.0.2.44", browser)
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var visitors []string
	for v := range f.seen {
		if strings.Contains(v.Visitor, "192.0.2.44") || strings.Contains(v.Visitor, "Mozilla") || len(v.Visitor) != 32 {
			t.Fatalf("stored visitor %q", v.Visitor)
		}
		visitors = append(visitors, v.Visitor)
	}
	if len(visitors) != 2 || visitors[0] == visitors[1] || len(f.salts) != 2 {
		t.Fatalf("two days' hashes %v with salts %v: want two different", visitors, f.salts)
	}
}

func TestFailedFlushKeepsViewsAndPrunes(t *testing.T) {
	f := newFake()
	f.fail = true
	c := New(f)
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Go(func() { c.Add(7, "addr-"+string(rune('a'+i%26)), browser) })
	}
	wg.Wait()
	if err := c.Flush(context.Background()); err == nil {
		t.Fatal("flush error swallowed")
	}
	f.fail = false
	c.Add(8, "x", browser)
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if f.counts[7] != 26 || f.counts[8] != 1 {
		t.Fatalf("got %v", f.counts)
	}
	if hour := c.Now().Unix() / 3600; f.pruned != [3]int64{hour - 2, hour/24 - 1, hour/24 - 6} {
		t.Fatalf("pruned %v", f.pruned)
	}
}

// Distinct views held between flushes are bounded.
func TestPendingIsBounded(t *testing.T) {
	c := New(newFake())
	for i := range MaxPending + 500 {
		c.Add(int64(i), "a", browser)
	}
	if len(c.pending) != MaxPending || c.dropped != 500 {
		t.Fatalf("pending %d dropped %d", len(c.pending), c.dropped)
	}
}

func TestIsBot(t *testing.T) {
	for ua, want := range map[string]bool{
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36": false,
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)":    true,
		"facebookexternalhit/1.1": true,
		"Twitterbot/1.0":          true,
		"":                        true,
		"curl/8.0":                true,
	} {
		if got := IsBot(ua); got != want {
			t.Errorf("IsBot(%q) = %v", ua, got)
		}
	}
}
