package cache

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestWriteNegotiatesGzipAndValidators(t *testing.T) {
	c := New(time.Minute, 10)
	body := strings.Repeat("<item>feed</item>", 200)
	mod := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	e, _ := c.Get(1, "k", func() (*Entry, error) {
		return &Entry{Body: []byte(body), ContentType: "application/rss+xml", LastModified: mod}, nil
	})
	get := func(h map[string]string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "/feed.xml", nil)
		for k, v := range h {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		e.Write(w, r, "public, max-age=300")
		return w
	}
	plain := get(nil)
	if plain.Body.String() != body || plain.Header().Get("Content-Length") != "3400" || plain.Header().Get("Content-Encoding") != "" {
		t.Fatalf("plain answer: %d bytes, headers %v", plain.Body.Len(), plain.Header())
	}
	gz := get(map[string]string{"Accept-Encoding": "br, gzip"})
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("ETag") == plain.Header().Get("ETag") {
		t.Fatalf("gzip answer headers %v", gz.Header())
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); string(got) != body {
		t.Fatal("gzip body does not decode to the body")
	}
	for name, h := range map[string]map[string]string{
		"etag":          {"If-None-Match": plain.Header().Get("ETag")},
		"gzip etag":     {"If-None-Match": gz.Header().Get("ETag"), "Accept-Encoding": "gzip"},
		"weak etag":     {"If-None-Match": "W/" + plain.Header().Get("ETag")},
		"last-modified": {"If-Modified-Since": mod.Format(http.TimeFormat)},
	} {
		if w := get(h); w.Code != 304 || w.Body.Len() != 0 {
			t.Errorf("%s: %d", name, w.Code)
		}
	}
	if w := get(map[string]string{"If-None-Match": `"other"`}); w.Code != 200 {
		t.Errorf("stale etag: %d", w.Code)
	}
	if w := get(map[string]string{"If-Modified-Since": mod.Add(-time.Hour).Format(http.TimeFormat)}); w.Code != 200 {
		t.Errorf("older copy: %d", w.Code)
	}
	small, _ := c.Get(1, "small", func() (*Entry, error) { return &Entry{Body: []byte("{}")}, nil })
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	small.Write(w, r, "no-cache")
	if w.Header().Get("Content-Encoding") != "" {
		t.Fatal("tiny bodies are not worth compressing")
	}
}

// An entry kept compressed only is served as it is to gzip clients and
// decompressed for the others, with the same validator.
func TestGzipOnlyEntry(t *testing.T) {
	full := &Entry{Body: bytes.Repeat([]byte("page "), 500), ContentType: "text/html"}
	full.Prepare()
	e := &Entry{Gzip: full.Gzip, ETag: full.ETag, ContentType: "text/html", Status: 200}
	for _, gz := range []bool{true, false} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if gz {
			r.Header.Set("Accept-Encoding", "gzip")
		}
		e.Write(w, r, "no-cache")
		want := full.Body
		if gz {
			want = full.Gzip
		}
		if w.Code != 200 || !bytes.Equal(w.Body.Bytes(), want) {
			t.Errorf("gzip %v: status %d, %d bytes, want %d", gz, w.Code, w.Body.Len(), len(want))
		}
	}
}
