package media

import (
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/inkpress/inkpress/internal/apperr"
)

// DefaultImageMemory is the process-wide budget of memory that image work
// (decoding, scaling, encoding) may hold at once, when not configured.
const DefaultImageMemory = 512 << 20

// busyRetry is the Retry-After of an upload refused while the budget is
// taken: about the time a large image takes to go through.
const busyRetry = 5 * time.Second

// ErrImagesBusy refuses an upload while image work holds the budget: the
// server answers 503 and asks to come back, rather than run out of memory.
var ErrImagesBusy = &apperr.Error{Kind: apperr.Unavailable, Code: "images_busy",
	Message: "The server is busy with other images. Please try again in a few seconds.", RetryAfter: busyRetry}

// errTooCostly refuses an image whose decoding alone would need more than
// the whole budget (a progressive JPEG near the pixel cap, on a small budget).
var errTooCostly = apperr.New(apperr.TooLarge, "image_too_large",
	"This image is too large to process. Please upload a smaller image or save it as a standard (baseline) JPEG or PNG.")

// budget is a weighted semaphore over bytes of image memory.
type budget struct {
	size int64
	sem  *semaphore.Weighted
}

var imageMemory atomic.Pointer[budget]

func init() { SetImageMemory(DefaultImageMemory) }

// SetImageMemory sets the image memory budget (bytes); the app calls it
// once at start, before any image work.
func SetImageMemory(n int64) {
	imageMemory.Store(&budget{size: n, sem: semaphore.NewWeighted(n)})
}

// reserve takes cost bytes of the budget, waiting for them while ctx lasts
// when wait is set (background work), else refusing at once with
// ErrImagesBusy (an upload: its client is told to come back). The returned
// function gives them back.
func reserve(ctx context.Context, cost int64, wait bool) (func(), error) {
	b := imageMemory.Load()
	if cost > b.size {
		return nil, errTooCostly
	}
	cost = max(cost, 1)
	if wait {
		if err := b.sem.Acquire(ctx, cost); err != nil {
			return nil, err
		}
	} else if !b.sem.TryAcquire(cost) {
		return nil, ErrImagesBusy
	}
	var once atomic.Bool
	return func() {
		if once.CompareAndSwap(false, true) {
			b.sem.Release(cost)
		}
	}, nil
}

// ReserveImage takes from the image memory budget what decoding data (an
// image of type ct whose header is cfg, within the pixel caps) and scaling
// it down need, waiting for it while ctx lasts; release gives it back.
// Image work outside this package (AI covers) goes through it, so all of
// it shares one budget.
func ReserveImage(ctx context.Context, ct string, data []byte, cfg image.Config) (release func(), err error) {
	return reserve(ctx, imageCost(ct, data, cfg), true)
}

// pipelineBase is what image work holds besides the pictures (encoder
// state, buffers).
const pipelineBase = 4 << 20

// imageCost estimates the most memory cleaning (or making the variants of)
// an image of type ct holds at once: its bytes, the decoded picture (with
// the decoder's own working memory) and, after it is scaled down, the
// stored-size copies that are oriented and encoded (WebP's encoder works
// on a copy of its own).
func imageCost(ct string, data []byte, cfg image.Config) int64 {
	o := 1
	if ct == "image/jpeg" {
		o = jpegOrientation(data)
	}
	sw, sh := storedSize(cfg.Width, cfg.Height, o)
	stored := int64(sw) * int64(sh) * 4
	return int64(len(data)) + decodeCost(ct, data, cfg) + 6*stored + pipelineBase
}

// decodeCost is the memory the standard decoders take for an image: the
// picture in its colour model and, for a progressive JPEG, the DCT
// coefficients of every block (4 bytes a sample); an interlaced PNG's
// passes add half a picture.
func decodeCost(ct string, data []byte, cfg image.Config) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	switch ct {
	case "image/jpeg":
		if samples, progressive, ok := jpegSamples(data); ok {
			if progressive {
				return samples * 5
			}
			return samples
		}
		return px * 16 // unreadable header: the worst case (progressive CMYK)
	case "image/png":
		c := px * bytesPerPixel(cfg.ColorModel)
		if len(data) > 28 && data[28] == 1 { // IHDR interlace method: Adam7
			c += c / 2
		}
		return c
	case "image/gif":
		return px * 2 // the frame and the canvas it is drawn on
	case "image/webp":
		return px * 8 // lossless WebP decodes through working buffers
	}
	return px * 16
}

// bytesPerPixel is the size of a pixel in a decoded picture of model m.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.RGBAModel, color.NRGBAModel, color.CMYKModel:
		return 4
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8
}

// jpegSamples reads a JPEG's frame header: the samples its decoded planes
// hold (each component at its own sampling) and whether it is progressive.
func jpegSamples(data []byte) (samples int64, progressive, ok bool) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 0, false, false
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 0, false, false
		}
		marker := data[i+1]
		if marker == 0xFF {
			i++
			continue
		}
		if marker == 0xD8 || marker >= 0xD0 && marker <= 0xD7 || marker == 0x01 {
			i += 2 // markers without a length
			continue
		}
		if marker == 0xDA || marker == 0xD9 {
			return 0, false, false // no frame header before the scan
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 0, false, false
		}
		seg := data[i+4 : i+2+n]
		switch marker {
		case 0xC0, 0xC1, 0xC2:
			if len(seg) < 6 {
				return 0, false, false
			}
			h, w := int64(binary.BigEndian.Uint16(seg[1:])), int64(binary.BigEndian.Uint16(seg[3:]))
			nc := int(seg[5])
			if nc < 1 || len(seg) < 6+3*nc {
				return 0, false, false
			}
			var hmax, vmax int64 = 1, 1
			for c := range nc {
				f := seg[6+3*c+1]
				hmax, vmax = max(hmax, int64(f>>4)), max(vmax, int64(f&15))
			}
			// Planes are padded to whole blocks of their sampling.
			mcusX, mcusY := (w+8*hmax-1)/(8*hmax), (h+8*vmax-1)/(8*vmax)
			for c := range nc {
				f := seg[6+3*c+1]
				hs, vs := max(int64(f>>4), 1), max(int64(f&15), 1)
				samples += mcusX * 8 * hs * mcusY * 8 * vs
			}
			return samples, marker == 0xC2, true
		}
		i += 2 + n
	}
	return 0, false, false
}
