// Package ratelimit is the one rate limiter of InkPress: "take a slot for
// key K if fewer than N were taken in the last W, else say when to come
// back". Slots are rows in the database (store.ReserveRate), so every app
// instance shares the counts and a burst of concurrent requests cannot take
// more slots than the limit. Logins, sign-ups and newsletter sign-ups use it.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

// Rule is one limit: at most Max slots for Key in any Window.
type Rule = store.RateRule

// Store is what a Limiter needs of the store (part of store.RateStore).
type Store interface {
	ReserveRate(ctx context.Context, at time.Time, rules ...store.RateRule) (retryAt time.Time, err error)
	ReleaseRate(ctx context.Context, key string, at time.Time) error
	ClearRate(ctx context.Context, key string) error
}

// Limiter takes slots in a store.
type Limiter struct {
	Store Store
	// Now is the clock (time.Now when nil).
	Now func() time.Time

	// mem takes the slots the store cannot record (store.IsFull).
	mem memory
}

// New returns a Limiter on s with the real clock.
func New(s Store) *Limiter { return &Limiter{Store: s} }

// Slot is a taken reservation; Release hands back its slot under one key.
type Slot struct {
	store Store
	at    time.Time
	mem   *memory // the slot was taken in memory (the store's disk full)
}

// Reserve takes one slot under every rule, or none when any rule is full; it
// then refuses with a TooMany error saying "Too many <what>" and when to come
// back (RetryAfter).
func (l *Limiter) Reserve(ctx context.Context, what string, rules ...Rule) (*Slot, error) {
	now := time.Now()
	if l.Now != nil {
		now = l.Now()
	}
	retryAt, err := l.Store.ReserveRate(ctx, now, rules...)
	var mem *memory
	if store.IsFull(err) {
		// The store cannot record the slot (its disk is full): the limits
		// are kept in this process meanwhile, so a sign-in still works.
		slog.WarnContext(ctx, "rate limit kept in memory: the store refuses writes", "what", what, "err", err)
		mem = &l.mem
		retryAt, err = mem.reserve(now, rules)
	}
	if errors.Is(err, store.ErrLimit) {
		return nil, Refusal(what, retryAt.Sub(now))
	}
	if err != nil {
		return nil, err
	}
	return &Slot{store: l.Store, at: now, mem: mem}, nil
}

// Release hands back the slot taken under key (for an attempt that should
// not count, such as a login that succeeded).
func (s *Slot) Release(ctx context.Context, key string) error {
	if s.mem != nil {
		s.mem.release(key, s.at)
		return nil
	}
	return s.store.ReleaseRate(ctx, key, s.at)
}

// Clear forgets every slot taken under key.
func (l *Limiter) Clear(ctx context.Context, key string) error {
	l.mem.clear(key)
	return l.Store.ClearRate(ctx, key)
}

// Refusal is the error of a full limit: 429 with Retry-After.
func Refusal(what string, retry time.Duration) *apperr.Error {
	if retry < time.Second {
		retry = time.Second
	}
	minutes := int((retry + time.Minute - 1) / time.Minute)
	unit := "minutes"
	if minutes == 1 {
		unit = "minute"
	}
	e := apperr.New(apperr.TooMany, "rate_limited", fmt.Sprintf("Too many %s. Try again in %d %s.", what, minutes, unit))
	e.RetryAfter = retry
	return e
}
