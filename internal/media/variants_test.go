package media

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gen2brain/webp"
)

func TestVariantKeys(t *testing.T) {
	const orig = "12/covers/1700000000000-ab12cd34-title.png"
	if got := VariantKey(orig, 480); got != orig+".w480.webp" {
		t.Fatalf("VariantKey = %q", got)
	}
	for _, tc := range []struct {
		key   string
		orig  string
		width int
		ok    bool
	}{
		{orig + ".w480.webp", orig, 480, true},
		{orig + ".w960.webp", orig, 960, true},
		{orig + ".w1440.webp", orig, 1440, true},
		{"3/library/1-x.jpg.w960.webp", "3/library/1-x.jpg", 960, true},
		{orig + ".w500.webp", "", 0, false},           // not a width we make
		{orig + ".w0480.webp", "", 0, false},          // one spelling per width
		{orig + ".w480.png", "", 0, false},            // variants are WebP
		{orig, "", 0, false},                          // an original
		{"12/covers/1-x.txt.w480.webp", "", 0, false}, // not an image
		{"12/covers/1-x.png.w480.webp.w480.webp", "", 0, false},
		{"12/../13/covers/1-x.png.w480.webp", "", 0, false},
		{"/12/covers/1-x.png.w480.webp", "", 0, false},
	} {
		o, w, ok := ParseVariantKey(tc.key)
		if o != tc.orig || w != tc.width || ok != tc.ok {
			t.Errorf("ParseVariantKey(%q) = %q, %d, %v; want %q, %d, %v", tc.key, o, w, ok, tc.orig, tc.width, tc.ok)
		}
	}
}

func TestSrcSet(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"/media/12/covers/1-ab-t.png",
			"/media/12/covers/1-ab-t.png.w480.webp 480w, /media/12/covers/1-ab-t.png.w960.webp 960w, /media/12/covers/1-ab-t.png.w1440.webp 1440w"},
		{"/media/3/library/5-photo.jpg",
			"/media/3/library/5-photo.jpg.w480.webp 480w, /media/3/library/5-photo.jpg.w960.webp 960w, /media/3/library/5-photo.jpg.w1440.webp 1440w"},
		{"https://cdn.example.com/12/covers/1-ab-t.png", ""}, // not served here
		{"/media/12/covers/1-ab-t.png?x=1", ""},
		{"/media/x.png", ""},
		{"/media/12/covers/1-ab-t.png.w480.webp", ""}, // already a variant
		{"", ""},
	} {
		got, ok := SrcSet(tc.url)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("SrcSet(%q) = %q, %v; want %q", tc.url, got, ok, tc.want)
		}
	}
}

func TestVariantSizeNeverUpscales(t *testing.T) {
	for _, tc := range []struct{ sw, sh, w, ww, wh int }{
		{1200, 630, 480, 480, 252},
		{1200, 630, 960, 960, 504},
		{1200, 630, 1440, 1200, 630}, // narrower original: its own size
		{300, 200, 480, 300, 200},
		{4000, 3000, 1440, 1440, 1080},
		{5000, 3, 480, 480, 1}, // never 0 pixels high
	} {
		if w, h := variantSize(tc.sw, tc.sh, tc.w); w != tc.ww || h != tc.wh {
			t.Errorf("variantSize(%d, %d, %d) = %dx%d, want %dx%d", tc.sw, tc.sh, tc.w, w, h, tc.ww, tc.wh)
		}
	}
}

// pngOf is a w x h PNG with a horizontal ramp.
func pngOf(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x * 255 / w), 90, 200, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func newLocal(t *testing.T) *Local {
	t.Helper()
	l, err := NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func webpSize(t *testing.T, l *Local, key string) (int, int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(l.Dir, filepath.FromSlash(key)))
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	cfg, err := webp.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s is no WebP: %v", key, err)
	}
	return cfg.Width, cfg.Height
}

func TestEnsureMakesOnceAndStores(t *testing.T) {
	ctx := context.Background()
	l := newLocal(t)
	const orig = "4/library/1-photo.png"
	if _, err := l.Put(ctx, orig, pngOf(t, 1200, 600), "image/png"); err != nil {
		t.Fatal(err)
	}
	v := NewVariants(l)
	for _, tc := range []struct{ width, w, h int }{{480, 480, 240}, {960, 960, 480}, {1440, 1200, 600}} {
		vk := VariantKey(orig, tc.width)
		before := v.encodes.Load()
		for range 2 { // the second call finds it stored
			if err := v.Ensure(ctx, vk); err != nil {
				t.Fatalf("Ensure(%s): %v", vk, err)
			}
		}
		if n := v.encodes.Load() - before; n != 1 {
			t.Errorf("%s: %d encodes, want 1", vk, n)
		}
		if w, h := webpSize(t, l, vk); w != tc.w || h != tc.h {
			t.Errorf("%s is %dx%d, want %dx%d", vk, w, h, tc.w, tc.h)
		}
	}
	// A new maker (another process) finds them in storage.
	v2 := NewVariants(l)
	if err := v2.Ensure(ctx, VariantKey(orig, 480)); err != nil || v2.encodes.Load() != 0 {
		t.Errorf("second maker: err %v, %d encodes", err, v2.encodes.Load())
	}
}

func TestEnsureConcurrentFirstRequestsEncodeOnce(t *testing.T) {
	ctx := context.Background()
	l := newLocal(t)
	const orig = "4/covers/1-c.png"
	if _, err := l.Put(ctx, orig, pngOf(t, 1000, 500), "image/png"); err != nil {
		t.Fatal(err)
	}
	v := NewVariants(l)
	// The first encode waits until every caller has started, so the others
	// come while it is in flight (or after it stored the file).
	const callers = 8
	var started sync.WaitGroup
	started.Add(callers)
	release := make(chan struct{})
	v.beforeEncode = func() { <-release }
	go func() { started.Wait(); close(release) }()
	var done sync.WaitGroup
	errs := make(chan error, callers)
	for range callers {
		done.Add(1)
		go func() {
			defer done.Done()
			started.Done()
			errs <- v.Ensure(ctx, VariantKey(orig, 960))
		}()
	}
	done.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := v.encodes.Load(); n != 1 {
		t.Fatalf("%d encodes for %d concurrent first requests, want 1", n, callers)
	}
}

func TestEnsureRefusesWhatCannotBeAVariant(t *testing.T) {
	ctx := context.Background()
	l := newLocal(t)
	if _, err := l.Put(ctx, "4/library/1-notimage.png", []byte("just text, not a PNG"), "image/png"); err != nil {
		t.Fatal(err)
	}
	// A header claiming more pixels than the caps (a decoding bomb).
	if _, err := l.Put(ctx, "4/library/2-bomb.png", hugePNG(30000, 30000), "image/png"); err != nil {
		t.Fatal(err)
	}
	v := NewVariants(l)
	for _, key := range []string{
		"4/library/1-notimage.png.w480.webp",
		"4/library/2-bomb.png.w480.webp",
		"4/library/3-missing.png.w480.webp",
		"4/library/1-notimage.png.w500.webp",
		"4/library/1-x.txt.w480.webp",
	} {
		if err := v.Ensure(ctx, key); err != errNoVariant {
			t.Errorf("Ensure(%s) = %v, want errNoVariant", key, err)
		}
	}
	if v.encodes.Load() != 0 {
		t.Errorf("%d encodes", v.encodes.Load())
	}
}

func TestVariantHandler(t *testing.T) {
	ctx := context.Background()
	l := newLocal(t)
	const orig = "4/covers/1-c.png"
	if _, err := l.Put(ctx, orig, pngOf(t, 800, 400), "image/png"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Put(ctx, "4/covers/2-text.png", []byte("hello"), "image/png"); err != nil {
		t.Fatal(err)
	}
	h := NewVariants(l).Handler(l.URLPrefix, l.Handler())
	for _, tc := range []struct {
		path   string
		status int
		ctype  string
	}{
		{"/media/" + orig + ".w480.webp", 200, "image/webp"},
		{"/media/" + orig + ".w480.webp", 200, "image/webp"}, // from storage now
		{"/media/" + orig + ".w1440.webp", 200, "image/webp"},
		{"/media/" + orig, 200, "image/png"},
		{"/media/" + orig + ".w500.webp", 404, ""},
		{"/media/4/covers/2-text.png.w480.webp", 404, ""},
		{"/media/4/covers/3-gone.png.w480.webp", 404, ""},
		// Names longer than the file system takes are missing files, not errors.
		{"/media/4/covers/" + strings.Repeat("a", 300) + ".png", 404, ""},
		{"/media/" + strings.Repeat("b", 300) + "/c.png", 404, ""},
		{"/media/4/covers/" + strings.Repeat("a", 300) + ".png.w480.webp", 404, ""},
		{"/media/" + orig + "/x", 404, ""},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
		if rec.Code != tc.status {
			t.Errorf("GET %s = %d, want %d", tc.path, rec.Code, tc.status)
			continue
		}
		if tc.status != 200 {
			continue
		}
		if ct := rec.Header().Get("Content-Type"); ct != tc.ctype {
			t.Errorf("GET %s: Content-Type %q, want %q", tc.path, ct, tc.ctype)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("GET %s: Cache-Control %q", tc.path, cc)
		}
		if rec.Header().Get("Last-Modified") == "" {
			t.Errorf("GET %s: no Last-Modified", tc.path)
		}
	}
	if w, _ := webpSize(t, l, orig+".w1440.webp"); w != 800 {
		t.Errorf("1440 variant of an 800-wide image is %d wide", w)
	}
	// While image work holds the memory budget, a missing variant is 503
	// with Retry-After: the reader comes back, the server stays up.
	SetImageMemory(64 << 20)
	defer SetImageMemory(DefaultImageMemory)
	release, err := reserve(context.Background(), 64<<20, false)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/media/"+orig+".w960.webp", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Errorf("busy: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	release()
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/media/"+orig+".w960.webp", nil))
	if rec.Code != http.StatusOK {
		t.Errorf("after the budget is free: %d", rec.Code)
	}
}
