package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"runtime"
	"sync"
	"testing"

	"github.com/inkpress/inkpress/internal/plan"
)

// bigPNG is an 8000x5000 (40 megapixel, the cap) PNG of a few hundred KB:
// the kind of small upload that claims the most memory.
func bigPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 8000, 5000))
	for y := range 5000 {
		row := img.Pix[y*img.Stride : y*img.Stride+8000*4]
		for x := range 8000 {
			row[x*4], row[x*4+1], row[x*4+2], row[x*4+3] = uint8(x/32), uint8(y/20), 120, 255
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > plan.MaxUploadBytes {
		t.Fatalf("test PNG of %d bytes is above the upload cap", buf.Len())
	}
	return buf.Bytes()
}

// liveHeap is the heap in use after a collection: what the process holds.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// Eight concurrent 40-megapixel uploads, each cleaned and given its three
// variants as an upload is, never hold more live heap than the image memory
// budget (plus the test's own bytes): the uploads the budget cannot take at
// once are refused with ErrImagesBusy (503, Retry-After), the others are
// stored at the stored size. Before the budget, four such uploads took a
// server past 3 GB.
func TestConcurrentHugeUploadsStayWithinTheBudget(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("decodes 40-megapixel images (minutes under the race detector)")
	}
	const budgetBytes = DefaultImageMemory
	SetImageMemory(budgetBytes) // a budget of its own, all free
	defer SetImageMemory(DefaultImageMemory)
	data := bigPNG(t)
	base := liveHeap()

	var mu sync.Mutex
	var peak uint64
	measure := func() {
		h := liveHeap()
		mu.Lock()
		peak = max(peak, h)
		mu.Unlock()
	}
	// Measured where each upload holds the most: its full-size picture
	// just decoded, and before each variant's encode.
	afterDecode = measure
	defer func() { afterDecode = nil }()
	v := NewVariants(newLocal(t))
	v.beforeEncode = measure

	const n = 8
	errs := make(chan error, n)
	var start sync.WaitGroup
	start.Add(1)
	for i := range n {
		go func() {
			start.Wait()
			img, release, err := clean(context.Background(), data, plan.MaxUploadBytes)
			if err != nil {
				errs <- err
				return
			}
			defer release()
			if img.Width != MaxStoredWidth || img.Height != 900 {
				errs <- fmt.Errorf("stored %dx%d", img.Width, img.Height)
				return
			}
			v.MakeFrom(context.Background(), fmt.Sprintf("1/library/%d-big.png", i), img.pixels)
			errs <- nil
		}()
	}
	start.Done()
	stored, busy := 0, 0
	for range n {
		switch err := <-errs; {
		case err == nil:
			stored++
		case errors.Is(err, ErrImagesBusy):
			busy++
		default:
			t.Fatal(err)
		}
	}
	if stored == 0 {
		t.Fatal("no upload was stored")
	}
	if encodes := v.encodes.Load(); encodes != int64(3*stored) {
		t.Errorf("%d variants encoded for %d stored uploads", encodes, stored)
	}
	const slack = 32 << 20 // the runtime's own, and allocations racing the measure
	t.Logf("%d stored, %d refused as busy; peak live heap %d MiB above the start (budget %d MiB)",
		stored, busy, (peak-base)>>20, budgetBytes>>20)
	if peak > base+budgetBytes+slack {
		t.Fatalf("peak live heap %d MiB above the start, budget %d MiB", (peak-base)>>20, budgetBytes>>20)
	}
}
