package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

func TestClassifyPage(t *testing.T) {
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		_, _ = w.Write([]byte(s))
		_ = w.Close()
		return b.Bytes()
	}
	gzipped := http.Header{"Content-Encoding": {"gzip"}}
	for _, c := range []struct {
		body []byte
		h    http.Header
		want pageKind
	}{
		{[]byte(`<body><div id="root" data-ssr><main>x</main></div>`), http.Header{}, pageRendered},
		{gz(`<body><div id="root" data-ssr><main>x</main></div>`), gzipped, pageRendered},
		{gz(`<body><div id="root"><h1>x</h1></div>`), gzipped, pagePlain},
		{[]byte(`{"posts":[]}`), http.Header{}, pageOther},
		{[]byte(`not gzip`), gzipped, pageOther},
	} {
		if got := classifyPage(c.body, c.h); got != c.want {
			t.Errorf("classifyPage(%q) = %d, want %d", c.body, got, c.want)
		}
	}
}

func TestCounters(t *testing.T) {
	var renders, queue atomic.Int64
	queue.Store(2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/debug/vars" {
			http.NotFound(w, r)
			return
		}
		if q := queue.Load(); q > 0 { // each read, one job of the queue is done
			queue.Add(-1)
			renders.Add(1)
		}
		fmt.Fprintf(w, `{"cmdline":["x"],"inkpress_pages":{"renders":%d,"renders_write":%d,"plain":3,"queue":%d}}`,
			renders.Load(), renders.Load(), queue.Load())
	}))
	defer srv.Close()
	ctx := context.Background()
	before, err := pageCounters(ctx, srv.URL)
	if err != nil || before["renders"] != 1 || before["queue"] != 1 {
		t.Fatalf("pageCounters = %v, %v", before, err)
	}
	after, err := waitIdle(ctx, &process{debug: srv.URL}, 10*time.Second)
	if err != nil || after["queue"] != 0 {
		t.Fatalf("waitIdle = %v, %v", after, err)
	}
	if d := after.minus(before); d["renders"] != 1 || d["plain"] != 0 {
		t.Errorf("minus = %v", d)
	}
	if counters(nil).minus(before) != nil {
		t.Error("minus of missing counters is not nil")
	}

	if _, err := pageCounters(ctx, srv.URL+"/nothing"); !errors.Is(err, errNoCounters) {
		t.Errorf("a server without /debug/vars: %v", err)
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	if _, err := pageCounters(ctx, closed.URL); !errors.Is(err, errNoCounters) {
		t.Errorf("nothing listening: %v", err)
	}
}
