// Package views counts post page views in memory and flushes them to the
// store in batches, so counting costs no write per request.
//
// A view counts at most once per visitor, post and hour, across every app
// instance: the visitor is a hash of the client's key (its address, an IPv6
// one as its /64; whatever its user agent, which costs nothing to change),
// stored only under the day's salt (shared through the store, deleted after
// the day), and the store records each (post, hour, visitor) once, so
// repeats and another instance's flush of the same view count nothing.
package views

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Store persists views: all of store.ViewStore.
type Store interface {
	store.ViewStore
}

// MaxPending bounds the distinct views held between two flushes, so a flood
// of made-up visitors cannot grow memory without end; views beyond it are
// not counted.
const MaxPending = 100_000

// pruneEvery is how often a flush deletes the views of past hours.
const pruneEvery = 10 * time.Minute

// view is a pending view. visitor is the unsalted hash of the client key:
// it never leaves the process; what is stored is salted.
type view struct {
	post, hour int64
	visitor    [sha256.Size]byte
}

// Counter batches views.
type Counter struct {
	store Store
	// Now is the clock (tests move it).
	Now func() time.Time

	mu      sync.Mutex
	pending map[view]struct{}
	dropped int

	flushMu   sync.Mutex // one flush at a time; guards salts and lastPrune
	salts     map[int64][]byte
	lastPrune time.Time
}

// New returns a Counter writing to s.
func New(s Store) *Counter {
	return &Counter{store: s, Now: time.Now, pending: map[view]struct{}{}, salts: map[int64][]byte{}}
}

// Add counts a view of post id by the client with key client (see
// config.ClientKey). The user agent only tells known bots, which are not
// counted; it is no part of the visitor, so rotating it buys no views.
func (c *Counter) Add(id int64, client, userAgent string) {
	if IsBot(userAgent) {
		return
	}
	v := view{post: id, hour: c.Now().Unix() / 3600, visitor: sha256.Sum256([]byte(client))}
	c.mu.Lock()
	if len(c.pending) < MaxPending {
		c.pending[v] = struct{}{}
	} else {
		c.dropped++
	}
	c.mu.Unlock()
}

// Flush writes pending views; on failure they are kept for the next flush.
func (c *Counter) Flush(ctx context.Context) error {
	c.flushMu.Lock()
	defer c.flushMu.Unlock()
	c.mu.Lock()
	pending, dropped := c.pending, c.dropped
	c.pending, c.dropped = map[view]struct{}{}, 0
	c.mu.Unlock()
	if dropped > 0 {
		slog.Warn("views: too many distinct views between flushes, some not counted", "dropped", dropped)
	}
	if len(pending) > 0 {
		if err := c.write(ctx, pending); err != nil {
			c.mu.Lock()
			for v := range pending {
				if len(c.pending) >= MaxPending {
					break
				}
				c.pending[v] = struct{}{}
			}
			c.mu.Unlock()
			return err
		}
	}
	c.prune(ctx)
	return nil
}

func (c *Counter) write(ctx context.Context, pending map[view]struct{}) error {
	views := make([]store.View, 0, len(pending))
	for v := range pending {
		salt, err := c.salt(ctx, v.hour/24)
		if err != nil {
			return err
		}
		mac := hmac.New(sha256.New, salt)
		mac.Write(v.visitor[:])
		views = append(views, store.View{PostID: v.post, Hour: v.hour, Visitor: hex.EncodeToString(mac.Sum(nil)[:16])})
	}
	_, err := c.store.AddViews(ctx, views)
	return err
}

// salt returns the day's salt, agreed with the other instances through the
// store; flushMu is held.
func (c *Counter) salt(ctx context.Context, day int64) ([]byte, error) {
	if s, ok := c.salts[day]; ok {
		return s, nil
	}
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	s, err := c.store.ViewSalt(ctx, day, hex.EncodeToString(b))
	if err != nil {
		return nil, err
	}
	for d := range c.salts {
		if d < day-1 {
			delete(c.salts, d)
		}
	}
	c.salts[day] = []byte(s)
	return c.salts[day], nil
}

// prune deletes, now and then, the views of hours no pending view can
// belong to any more (keeping the last two, which late flushes may still
// bring), the salts of days before yesterday and the daily counts older
// than the trending window; flushMu is held.
func (c *Counter) prune(ctx context.Context) {
	now := c.Now()
	if now.Sub(c.lastPrune) < pruneEvery {
		return
	}
	hour := now.Unix() / 3600
	if err := c.store.PruneViews(ctx, hour-2, hour/24-1, hour/24-(store.TrendingDays-1)); err != nil {
		slog.Warn("views: prune", "err", err)
		return
	}
	c.lastPrune = now
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
