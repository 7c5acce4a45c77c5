package ratelimit

import (
	"context"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store/storetest"
)

func TestRefusal(t *testing.T) {
	tests := []struct {
		retry time.Duration
		msg   string
		after time.Duration
	}{
		{90 * time.Second, "Too many sign-ups. Try again in 2 minutes.", 90 * time.Second},
		{time.Hour, "Too many sign-ups. Try again in 60 minutes.", time.Hour},
		{10 * time.Second, "Too many sign-ups. Try again in 1 minute.", 10 * time.Second},
		{0, "Too many sign-ups. Try again in 1 minute.", time.Second},
	}
	for _, tt := range tests {
		e := Refusal("sign-ups", tt.retry)
		if e.Kind != apperr.TooMany || e.Code != "rate_limited" || e.Message != tt.msg || e.RetryAfter != tt.after {
			t.Errorf("Refusal(%v) = %+v", tt.retry, e)
		}
	}
}

func TestReserveRefusesThenReleases(t *testing.T) {
	now := time.UnixMilli(1_800_000_000_000)
	l := &Limiter{Store: storetest.SQLite(t), Now: func() time.Time { return now }}
	ctx := context.Background()
	rule := Rule{Key: "k", Max: 2, Window: time.Hour}
	var slots []*Slot
	for range 2 {
		s, err := l.Reserve(ctx, "tries", rule)
		if err != nil {
			t.Fatal(err)
		}
		slots = append(slots, s)
	}
	now = now.Add(time.Minute)
	_, err := l.Reserve(ctx, "tries", rule)
	if e := apperr.As(err); e == nil || e.Kind != apperr.TooMany || e.RetryAfter != 59*time.Minute {
		t.Fatalf("third = %v", err)
	}
	if err := slots[0].Release(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Reserve(ctx, "tries", rule); err != nil {
		t.Fatalf("after a release: %v", err)
	}
}
