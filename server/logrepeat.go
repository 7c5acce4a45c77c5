package server

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Repeats of one warning or error (the same level and message) are logged
// at most RepeatBurst times per RepeatWindow: during an outage every
// request fails the same way, and thousands of identical lines a second
// drown the log and fill the disk. The first line of a new window carries
// how many were dropped ("dropped_repeats").
const (
	RepeatBurst  = 5
	RepeatWindow = 10 * time.Second
	// maxRepeatKeys bounds the messages tracked; past it the count starts
	// over (at worst a few more lines pass).
	maxRepeatKeys = 1000
)

// RepeatLimitHandler wraps h with the repeat limit; now is the clock (nil:
// time.Now). Debug and info records always pass.
func RepeatLimitHandler(h slog.Handler, now func() time.Time) slog.Handler {
	if now == nil {
		now = time.Now
	}
	return repeatHandler{h, &repeats{now: now, seen: map[repeatKey]*repeat{}}}
}

type repeatKey struct {
	level slog.Level
	msg   string
}

type repeat struct {
	start   time.Time
	n       int // records in this window
	dropped int // of the previous windows, not yet reported
}

type repeats struct {
	now  func() time.Time
	mu   sync.Mutex
	seen map[repeatKey]*repeat
}

// admit reports whether a record passes, and how many repeats before it
// were dropped (to be reported with it).
func (r *repeats) admit(k repeatKey) (bool, int) {
	now := r.now()
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.seen[k]
	if c == nil {
		if len(r.seen) >= maxRepeatKeys {
			clear(r.seen)
		}
		c = &repeat{start: now}
		r.seen[k] = c
	}
	if now.Sub(c.start) >= RepeatWindow {
		c.start, c.n = now, 0
	}
	c.n++
	if c.n > RepeatBurst {
		c.dropped++
		return false, 0
	}
	d := c.dropped
	c.dropped = 0
	return true, d
}

type repeatHandler struct {
	slog.Handler
	r *repeats
}

func (h repeatHandler) Handle(ctx context.Context, rec slog.Record) error {
	if rec.Level < slog.LevelWarn {
		return h.Handler.Handle(ctx, rec)
	}
	ok, dropped := h.r.admit(repeatKey{rec.Level, rec.Message})
	if !ok {
		return nil
	}
	if dropped > 0 {
		rec = rec.Clone()
		rec.AddAttrs(slog.Int("dropped_repeats", dropped))
	}
	return h.Handler.Handle(ctx, rec)
}

func (h repeatHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return repeatHandler{h.Handler.WithAttrs(as), h.r}
}

func (h repeatHandler) WithGroup(name string) slog.Handler {
	return repeatHandler{h.Handler.WithGroup(name), h.r}
}
