// Package views counts post page views in memory and flushes them to the
// store as relative increments, so counting costs no write per request and
// several app instances never overwrite each other's counts.
package views

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// Adder persists increments (store.Store implements it).
type Adder interface {
	AddViews(ctx context.Context, views map[int64]int64) error
}

// Counter batches view increments.
type Counter struct {
	store Adder
	mu    sync.Mutex
	m     map[int64]int64
}

// New returns a Counter writing to s.
func New(s Adder) *Counter { return &Counter{store: s, m: map[int64]int64{}} }

// Add counts one view of post id.
func (c *Counter) Add(id int64) {
	c.mu.Lock()
	c.m[id]++
	c.mu.Unlock()
}

// Flush writes pending counts; on failure they are kept for the next flush.
func (c *Counter) Flush(ctx context.Context) error {
	c.mu.Lock()
	pending := c.m
	c.m = map[int64]int64{}
	c.mu.Unlock()
	if len(pending) == 0 {
		return nil
	}
	if err := c.store.AddViews(ctx, pending); err != nil {
		c.mu.Lock()
		for id, n := range pending {
			c.m[id] += n
		}
		c.mu.Unlock()
		return err
	}
	return nil
}

// Run flushes every interval until ctx ends, then flushes once more.
func (c *Counter) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := c.Flush(ctx); err != nil {
				slog.Warn("flush view counts", "err", err)
			}
		case <-ctx.Done():
			fctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			if err := c.Flush(fctx); err != nil {
				slog.Error("final flush of view counts", "err", err)
			}
			cancel()
			return
		}
	}
}

var botMarkers = []string{"bot", "crawler", "spider", "slurp", "facebookexternalhit", "embedly", "quora link preview",
	"whatsapp", "preview", "feedfetcher", "curl/", "wget/", "python-requests", "go-http-client", "lighthouse"}

// IsBot reports whether a user agent is a known crawler or tool.
func IsBot(userAgent string) bool {
	if userAgent == "" {
		return true
	}
	ua := strings.ToLower(userAgent)
	for _, m := range botMarkers {
		if strings.Contains(ua, m) {
			return true
		}
	}
	return false
}
