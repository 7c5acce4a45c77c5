package views

import (
	"context"
	"errors"
	"sync"
	"testing"
)

type fakeAdder struct {
	mu   sync.Mutex
	got  map[int64]int64
	fail bool
}

func (f *fakeAdder) AddViews(_ context.Context, v map[int64]int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail {
		return errors.New("down")
	}
	for id, n := range v {
		f.got[id] += n
	}
	return nil
}

func TestCounterBatchesAndKeepsCountsOnFailure(t *testing.T) {
	f := &fakeAdder{got: map[int64]int64{}, fail: true}
	c := New(f)
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() { defer wg.Done(); c.Add(7) }()
	}
	wg.Wait()
	if err := c.Flush(context.Background()); err == nil {
		t.Fatal("flush error swallowed")
	}
	f.fail = false
	c.Add(8)
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if f.got[7] != 100 || f.got[8] != 1 {
		t.Fatalf("got %v", f.got)
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
