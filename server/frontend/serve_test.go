package frontend

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
)

func TestServeAssetEncodings(t *testing.T) {
	js := "console.log('inkpress')"
	files := fstest.MapFS{
		"index.html":          {Data: []byte(`<html><head><!--app-head--></head><body><!--app-body--></body></html>`)},
		"assets/app-1.js":     {Data: []byte(js)},
		"assets/app-1.js.br":  {Data: []byte("BR")},
		"assets/app-1.js.gz":  {Data: []byte("GZIP")},
		"assets/app-1.css":    {Data: []byte("body{}")},
		"assets/app-1.css.gz": {Data: []byte("GZ")},
		"assets/font-1.woff2": {Data: []byte("WOFF2")},
		"favicon.svg":         {Data: []byte("<svg/>")},
		"favicon.svg.br":      {Data: []byte("SVGBR")},
	}
	a := New(files)
	tests := []struct {
		name, method, path, accept string
		body, ctype, encoding      string
		vary                       bool
		cache                      string
	}{
		{"brotli", "GET", "/assets/app-1.js", "gzip, deflate, br", "BR", "text/javascript; charset=utf-8", "br", true, "public, max-age=31536000, immutable"},
		{"gzip", "GET", "/assets/app-1.js", "gzip", "GZIP", "text/javascript; charset=utf-8", "gzip", true, "public, max-age=31536000, immutable"},
		{"brotli refused", "GET", "/assets/app-1.js", "br;q=0, gzip", "GZIP", "text/javascript; charset=utf-8", "gzip", true, "public, max-age=31536000, immutable"},
		{"none accepted", "GET", "/assets/app-1.js", "", js, "text/javascript; charset=utf-8", "", true, "public, max-age=31536000, immutable"},
		{"only gzip made", "GET", "/assets/app-1.css", "br", "body{}", "text/css; charset=utf-8", "", true, "public, max-age=31536000, immutable"},
		{"only gzip made, accepted", "GET", "/assets/app-1.css", "br, gzip", "GZ", "text/css; charset=utf-8", "gzip", true, "public, max-age=31536000, immutable"},
		{"no variants", "GET", "/assets/font-1.woff2", "br, gzip", "WOFF2", "font/woff2", "", false, "public, max-age=31536000, immutable"},
		{"head", "HEAD", "/assets/app-1.js", "br", "", "text/javascript; charset=utf-8", "br", true, "public, max-age=31536000, immutable"},
		{"root file", "GET", "/favicon.svg", "br", "SVGBR", "image/svg+xml", "br", true, "public, max-age=3600"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, tt.path, nil)
			if tt.accept != "" {
				r.Header.Set("Accept-Encoding", tt.accept)
			}
			w := httptest.NewRecorder()
			a.ServeAsset(w, r)
			res := w.Result()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := w.Body.String(); got != tt.body {
				t.Errorf("body %q, want %q", got, tt.body)
			}
			h := res.Header
			if got := h.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			if got := h.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			if got := h.Get("Vary") == "Accept-Encoding"; got != tt.vary {
				t.Errorf("Vary %q", h.Get("Vary"))
			}
			if got := h.Get("Cache-Control"); got != tt.cache {
				t.Errorf("Cache-Control %q, want %q", got, tt.cache)
			}
			// The length is the representation's, also for HEAD.
			want := len(tt.body)
			if tt.method == "HEAD" {
				want = len(files["assets/app-1.js.br"].Data)
			}
			if got := h.Get("Content-Length"); got != strconv.Itoa(want) {
				t.Errorf("Content-Length %q, want %d", got, want)
			}
		})
	}
}

func TestFonts(t *testing.T) {
	manifest := `{"Lora": {"css": "/assets/font-lora-1.css", "preload": ["/assets/lora-400.woff2", "/assets/lora-700.woff2"]},
		"Open Sans": {"css": "/assets/font-open-sans-1.css", "preload": ["/assets/os-400.woff2"]}}`
	a := New(fstest.MapFS{"fonts.json": {Data: []byte(manifest)}})
	tests := []struct {
		name string
		href string
		ok   bool
	}{
		{"Lora", "/assets/font-lora-1.css", true},
		{"open sans", "/assets/font-open-sans-1.css", true},
		{" Lora ", "/assets/font-lora-1.css", true},
		{"Inter", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		if href, ok := a.FontCSS(tt.name); href != tt.href || ok != tt.ok {
			t.Errorf("FontCSS(%q) = %q, %v; want %q, %v", tt.name, href, ok, tt.href, tt.ok)
		}
	}
	want := `<link rel="preload" href="/assets/lora-400.woff2" as="font" type="font/woff2" crossorigin>` +
		`<link rel="preload" href="/assets/lora-700.woff2" as="font" type="font/woff2" crossorigin>` +
		`<link rel="stylesheet" href="/assets/font-lora-1.css">`
	if got := a.FontHead("Lora", "Inter", "lora"); got != want {
		t.Errorf("FontHead = %s\nwant %s", got, want)
	}
	if got := a.FontHead("Inter"); got != "" {
		t.Errorf("FontHead(UI font) = %q", got)
	}
	if got := New(fstest.MapFS{}).FontHead("Lora"); got != "" {
		t.Errorf("without a manifest: %q", got)
	}
}
