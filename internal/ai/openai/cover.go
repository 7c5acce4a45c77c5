package openai

import (
	"bytes"
	"context"
	"image"
	"image/color"
	_ "image/gif" // decoders for what servers may answer with
	"image/jpeg"
	_ "image/png"

	xdraw "golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/media"
)

// Covers are cut to the 1200x630 social-preview size used across the site
// (and by the builtin illustrator): no image model draws that shape.
const (
	coverWidth  = 1200
	coverHeight = 630
)

// coverQuality is the JPEG quality of a cover, as uploads are stored.
const coverQuality = 90

// shareCover checks an image by its bytes and returns it scaled to cover
// 1200x630 and cut to it around the middle, as a JPEG. Its decoding takes
// its share of the process's image memory budget (waiting for it while ctx
// lasts), as uploads do.
func shareCover(ctx context.Context, data []byte) (*ai.Image, error) {
	ct, _, err := media.CheckImage(data, maxImageResponse)
	if err != nil {
		return nil, errBadImage()
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, errBadImage()
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > media.MaxImageSide || cfg.Height > media.MaxImageSide ||
		int64(cfg.Width)*int64(cfg.Height) > media.MaxImagePixels {
		return nil, errBadImage()
	}
	release, err := media.ReserveImage(ctx, ct, data, cfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, errBadImage()
	}
	defer release()
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, errBadImage()
	}
	dst := image.NewRGBA(image.Rect(0, 0, coverWidth, coverHeight))
	// White under any transparency, which JPEG cannot keep.
	xdraw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, xdraw.Src)
	crop := coverCrop(src.Bounds())
	if sub, ok := src.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok && crop.Dx() > coverWidth {
		// Downscaling: an area average a row at a time (Catmull-Rom's
		// scratch is 1200 x the source's height x 32 bytes).
		xdraw.Draw(dst, dst.Bounds(), media.Shrink(sub.SubImage(crop), coverWidth, coverHeight), image.Point{}, xdraw.Over)
	} else {
		xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, crop, xdraw.Over, nil)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: coverQuality}); err != nil {
		return nil, errBadImage()
	}
	return &ai.Image{Data: buf.Bytes(), ContentType: "image/jpeg"}, nil
}

// coverCrop is the largest centred part of b with the cover's proportions.
func coverCrop(b image.Rectangle) image.Rectangle {
	w, h := b.Dx(), b.Dy()
	if w*coverHeight > h*coverWidth { // wider than the cover: cut the sides
		cw := max(h*coverWidth/coverHeight, 1)
		x := b.Min.X + (w-cw)/2
		return image.Rect(x, b.Min.Y, x+cw, b.Max.Y)
	}
	ch := max(w*coverHeight/coverWidth, 1)
	y := b.Min.Y + (h-ch)/2
	return image.Rect(b.Min.X, y, b.Max.X, y+ch)
}
