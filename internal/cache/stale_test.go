package cache

import (
	"errors"
	"testing"
	"time"
)

// When a refill fails (the database is down), the expired entry is served
// for up to StaleFor more; after that, or for an error StaleOn refuses, the
// error is returned. An invalidated entry is never served stale.
func TestFillErrorServesStaleEntry(t *testing.T) {
	c := New(time.Second, 1<<20)
	c.StaleFor = time.Minute
	c.StaleOn = func(err error) bool { return err.Error() != "not found" }
	now := time.Now()
	c.now = func() time.Time { return now }
	ok := func() (*Entry, error) { return &Entry{Body: []byte("page")}, nil }
	down := func() (*Entry, error) { return nil, errors.New("database down") }
	if _, err := c.Get(1, "k", ok); err != nil {
		t.Fatal(err)
	}
	now = now.Add(2 * time.Second)
	c.Sweep() // an expired entry within its stale window survives the sweep
	e, err := c.Get(1, "k", down)
	if err != nil || string(e.Body) != "page" {
		t.Fatalf("stale entry not served: %v %v", e, err)
	}
	if _, err := c.Get(1, "k", func() (*Entry, error) { return nil, errors.New("not found") }); err == nil {
		t.Fatal("stale entry served for an error StaleOn refuses")
	}
	now = now.Add(2 * time.Minute)
	if _, err := c.Get(1, "k", down); err == nil {
		t.Fatal("entry served past its stale window")
	}
	if _, err := c.Get(1, "k", ok); err != nil {
		t.Fatal(err)
	}
	c.Invalidate(1)
	now = now.Add(2 * time.Second)
	if _, err := c.Get(1, "k", down); err == nil {
		t.Fatal("invalidated entry served stale")
	}
	if n, b := c.Stats(); n != 0 || b != 0 {
		t.Fatalf("stats %d %d after invalidate", n, b)
	}
}
