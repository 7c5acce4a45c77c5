package server_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/server"
)

// An outage's identical errors are logged a few times per window, then one
// line says how many were dropped; other messages and info lines pass.
func TestRepeatedErrorsAreRateLimited(t *testing.T) {
	var buf bytes.Buffer
	now := time.Unix(1000, 0)
	log := slog.New(server.RepeatLimitHandler(slog.NewTextHandler(&buf, nil), func() time.Time { return now }))
	for range 1000 {
		log.Error("public page", "err", errors.New("database is down"))
		log.Info("request", "status", 200)
	}
	log.Warn("something else")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	count := func(s string) int {
		n := 0
		for _, l := range lines {
			if strings.Contains(l, s) {
				n++
			}
		}
		return n
	}
	if n := count("public page"); n != server.RepeatBurst {
		t.Errorf("%d lines of the repeated error, want %d", n, server.RepeatBurst)
	}
	if n := count("msg=request"); n != 1000 {
		t.Errorf("%d info lines, want 1000 (not limited)", n)
	}
	if n := count("something else"); n != 1 {
		t.Errorf("another message: %d lines", n)
	}
	buf.Reset()
	now = now.Add(server.RepeatWindow)
	log.With("k", "v").ErrorContext(context.Background(), "public page")
	if got := buf.String(); !strings.Contains(got, "dropped_repeats=995") {
		t.Errorf("next window's line: %q, want dropped_repeats=995", got)
	}
}
