package media

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/inkpress/inkpress/internal/apperr"
)

func TestFitSize(t *testing.T) {
	for _, tc := range []struct{ w, h, mw, mh, ww, wh int }{
		{800, 600, 1440, 2880, 800, 600},     // small: kept
		{1440, 2880, 1440, 2880, 1440, 2880}, // exactly the box
		{7746, 5164, 1440, 2880, 1440, 960},  // 40 MP landscape: by width
		{3000, 12000, 1440, 2880, 720, 2880}, // tall: by height
		{12000, 3, 1440, 2880, 1440, 1},      // never 0 pixels high
		{5164, 7746, 2880, 1440, 960, 1440},  // a turned photo's box
	} {
		if w, h := fitSize(tc.w, tc.h, tc.mw, tc.mh); w != tc.ww || h != tc.wh {
			t.Errorf("fitSize(%d, %d, %d, %d) = %dx%d, want %dx%d", tc.w, tc.h, tc.mw, tc.mh, w, h, tc.ww, tc.wh)
		}
	}
}

func TestAreaWeightsCoverEverySourcePixelOnce(t *testing.T) {
	for _, tc := range []struct{ sn, dn int }{{10, 10}, {10, 3}, {7746, 1440}, {5, 2}, {1000, 999}} {
		got := make([]float64, tc.sn)
		for _, ws := range areaWeights(tc.sn, tc.dn) {
			var sum float64
			for _, s := range ws {
				sum += float64(s.w)
				got[s.src] += float64(s.w) * float64(tc.sn) / float64(tc.dn)
			}
			if sum < 0.999 || sum > 1.001 {
				t.Fatalf("%d->%d: weights of a pixel add up to %f", tc.sn, tc.dn, sum)
			}
		}
		for i, g := range got {
			if g < 0.999 || g > 1.001 {
				t.Fatalf("%d->%d: source pixel %d counted %f times", tc.sn, tc.dn, i, g)
			}
		}
	}
}

func TestShrinkAveragesAreas(t *testing.T) {
	// Left half opaque red, right half transparent: each destination pixel
	// is wholly one or the other, and transparency does not darken red.
	src := image.NewNRGBA(image.Rect(10, 20, 410, 220)) // bounds not at 0,0
	for y := 20; y < 220; y++ {
		for x := 10; x < 210; x++ {
			src.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
		}
	}
	dst := shrink(src, 40, 20)
	if dst.Bounds() != image.Rect(0, 0, 40, 20) {
		t.Fatalf("bounds %v", dst.Bounds())
	}
	for _, tc := range []struct {
		x, y int
		want color.RGBA
	}{{0, 0, color.RGBA{255, 0, 0, 255}}, {19, 19, color.RGBA{255, 0, 0, 255}}, {20, 0, color.RGBA{}}, {39, 19, color.RGBA{}}} {
		if got := dst.RGBAAt(tc.x, tc.y); got != tc.want {
			t.Errorf("pixel %d,%d = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
	// A 2:1 shrink of black and white columns is grey; so is a 3:1 one of
	// a pattern with one white column in three, at a third of white.
	stripes := image.NewGray(image.Rect(0, 0, 6, 3))
	for x := 0; x < 6; x += 2 {
		for y := range 3 {
			stripes.SetGray(x, y, color.Gray{255})
		}
	}
	if got := shrink(stripes, 3, 3).RGBAAt(1, 1); got != (color.RGBA{128, 128, 128, 255}) {
		t.Errorf("2:1 stripes = %v", got)
	}
	if got := shrink(stripes, 2, 1).RGBAAt(0, 0); got != (color.RGBA{170, 170, 170, 255}) {
		t.Errorf("3:1 stripes = %v", got)
	}
}

func jpegBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The estimate of a decode follows what the standard decoders allocate.
func TestDecodeCost(t *testing.T) {
	gray := jpegBytes(t, 100, 50) // 1 component, padded to 104x56
	if s, prog, ok := jpegSamples(gray); !ok || prog || s != 104*56 {
		t.Errorf("gray JPEG: %d samples, progressive %v, ok %v", s, prog, ok)
	}
	var col bytes.Buffer
	_ = jpeg.Encode(&col, image.NewRGBA(image.Rect(0, 0, 100, 50)), nil) // 4:2:0: Y 112x64 and two 56x32 planes
	if s, _, ok := jpegSamples(col.Bytes()); !ok || s != 112*64+2*56*32 {
		t.Errorf("colour JPEG: %d samples", s)
	}
	// A progressive frame header (SOF2) costs its coefficients too.
	prog := bytes.Replace(gray, []byte{0xFF, 0xC0}, []byte{0xFF, 0xC2}, 1)
	cfg := image.Config{Width: 100, Height: 50}
	if got := decodeCost("image/jpeg", prog, cfg); got != 5*104*56 {
		t.Errorf("progressive cost %d", got)
	}
	for _, tc := range []struct {
		model color.Model
		want  int64
	}{{color.GrayModel, 1}, {color.NRGBAModel, 4}, {color.RGBA64Model, 8}, {color.Palette{color.Black}, 1}, {color.YCbCrModel, 8}} {
		if got := decodeCost("image/png", []byte{}, image.Config{ColorModel: tc.model, Width: 10, Height: 10}); got != tc.want*100 {
			t.Errorf("PNG of %T: %d", tc.model, got)
		}
	}
	if got := decodeCost("image/jpeg", []byte("junk"), cfg); got != 16*5000 {
		t.Errorf("unreadable JPEG header: %d", got)
	}
}

func TestReserve(t *testing.T) {
	defer SetImageMemory(DefaultImageMemory)
	SetImageMemory(100)
	ctx := context.Background()
	r1, err := reserve(ctx, 60, false)
	if err != nil {
		t.Fatal(err)
	}
	// Taken: an upload is told to come back.
	_, err = reserve(ctx, 60, false)
	if !errors.Is(err, ErrImagesBusy) || apperr.As(err).Kind != apperr.Unavailable || apperr.As(err).RetryAfter <= 0 {
		t.Fatalf("err %v, want ErrImagesBusy with a Retry-After", err)
	}
	// More than the whole budget is refused, never waited for.
	if _, err := reserve(ctx, 101, true); !errors.Is(err, errTooCostly) {
		t.Fatalf("err %v, want errTooCostly", err)
	}
	// Background work waits, and gets its turn when the first gives back.
	got := make(chan error)
	go func() {
		r, err := reserve(ctx, 60, true)
		if err == nil {
			r()
		}
		got <- err
	}()
	r1()
	r1() // a second release gives back nothing more
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	r3, err := reserve(ctx, 100, false)
	if err != nil {
		t.Fatalf("the whole budget after every release: %v", err)
	}
	r3()
	// A waiter gives up with its context.
	r4, _ := reserve(ctx, 100, false)
	defer r4()
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := reserve(cctx, 1, true); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want the context's", err)
	}
}

// A large upload is stored at the largest size the product shows, upright.
func TestCleanScalesDownToTheStoredSize(t *testing.T) {
	img, err := Clean(pngOf(t, 1600, 400), 64<<20)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(img.Data))
	if err != nil || cfg.Width != 1440 || cfg.Height != 360 || img.Width != 1440 || img.Height != 360 {
		t.Fatalf("stored %dx%d (%dx%d), %v", cfg.Width, cfg.Height, img.Width, img.Height, err)
	}
	// Turned a quarter (EXIF 6): the box applies to the upright picture.
	img, err = Clean(exifJPEG(t, 1600, 1500, 6), 64<<20)
	if err != nil {
		t.Fatal(err)
	}
	if img.Width != 1440 || img.Height != 1536 {
		t.Fatalf("turned photo stored %dx%d, want 1440x1536", img.Width, img.Height)
	}
}
