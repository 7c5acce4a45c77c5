package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/webp"

	"github.com/inkpress/inkpress/internal/apperr"
)

// Pixel caps of a stored image, checked from the header before any pixel is
// decoded: a few kilobytes of PNG can claim a picture that takes gigabytes
// to decode here and in every reader's browser.
const (
	MaxImageSide   = 12000
	MaxImagePixels = 40_000_000
)

// jpegQuality is the quality re-encoded JPEGs are stored at.
const jpegQuality = 90

// ErrTooManyPixels refuses an image above the pixel caps.
var ErrTooManyPixels = apperr.Newf(apperr.TooLarge, "image_too_large",
	"Images may be at most %d pixels on a side and %d megapixels", MaxImageSide, MaxImagePixels/1_000_000)

// Image is an upload as it is stored: decoded, scaled down to the largest
// size the product shows (MaxStoredWidth x MaxStoredHeight), turned upright
// and encoded again, so no metadata (EXIF location, comments, profiles)
// survives.
type Image struct {
	Data        []byte
	ContentType string
	Ext         string
	Width       int
	Height      int
	// pixels is the stored picture, which its variants are made from.
	pixels image.Image
}

// Clean checks an upload by its bytes (at most max) and returns it
// re-encoded without metadata: a JPEG stays a JPEG (quality 90, turned by
// its EXIF orientation), a PNG stays a PNG, and GIF (first frame) and WebP
// are stored as PNG, there being no WebP encoder in the standard library
// and animations being no use as covers or banners. While the image memory
// budget is taken it refuses with ErrImagesBusy.
func Clean(data []byte, max int) (*Image, error) {
	img, release, err := clean(context.Background(), data, max)
	if err != nil {
		return nil, err
	}
	release()
	return img, nil
}

// clean is Clean holding its share of the image memory budget until the
// caller calls release (after making the variants of the image's pixels).
func clean(ctx context.Context, data []byte, max int) (_ *Image, release func(), err error) {
	ct, _, err := CheckImage(data, max)
	if err != nil {
		return nil, nil, err
	}
	img, release, err := decodeUpright(ctx, ct, data, false)
	if err != nil {
		return nil, nil, err
	}
	var buf bytes.Buffer
	out := &Image{pixels: img}
	if ct == "image/jpeg" {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality})
		out.ContentType, out.Ext = "image/jpeg", ".jpg"
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img)
		out.ContentType, out.Ext = "image/png", ".png"
	}
	if err != nil {
		release()
		return nil, nil, err
	}
	b := img.Bounds()
	out.Data, out.Width, out.Height = buf.Bytes(), b.Dx(), b.Dy()
	return out, release, nil
}

// decodeUpright decodes an image of type ct within the pixel caps (checked
// on its header first), scaled down to the stored size and turned upright
// (a JPEG's EXIF orientation). It first takes the image's cost from the
// image memory budget, waiting for it when wait is set, and returns the
// function that gives it back. Unreadable data is ErrInvalidType.
func decodeUpright(ctx context.Context, ct string, data []byte, wait bool) (image.Image, func(), error) {
	cfg, err := decodeConfig(ct, data)
	if err != nil {
		return nil, nil, ErrInvalidType
	}
	if err := checkPixels(cfg); err != nil {
		return nil, nil, err
	}
	release, err := reserve(ctx, imageCost(ct, data, cfg), wait)
	if err != nil {
		return nil, nil, err
	}
	if beforeDecode != nil {
		beforeDecode()
	}
	img, err := decodeStoredSize(ct, data)
	if err != nil {
		release()
		return nil, nil, err
	}
	return img, release, nil
}

// beforeDecode and afterDecode run around each decode, its share of the
// budget taken (tests).
var beforeDecode, afterDecode func()

// storedSize is the size a w x h picture of EXIF orientation o is stored
// at, before it is turned upright: the box is of the upright picture, so
// turned ones (5-8) swap its sides.
func storedSize(w, h, o int) (int, int) {
	if o >= 5 {
		return fitSize(w, h, MaxStoredHeight, MaxStoredWidth)
	}
	return fitSize(w, h, MaxStoredWidth, MaxStoredHeight)
}

// decodeStoredSize decodes an image and scales it down to the stored size
// before anything else, so the full-size picture is dropped before the
// copies orienting and encoding make; then turns it upright.
func decodeStoredSize(ct string, data []byte) (image.Image, error) {
	img, err := decode(ct, data)
	if afterDecode != nil {
		afterDecode()
	}
	if err != nil {
		return nil, ErrInvalidType
	}
	o := 1
	if ct == "image/jpeg" {
		o = jpegOrientation(data)
	}
	b := img.Bounds()
	if dw, dh := storedSize(b.Dx(), b.Dy(), o); dw != b.Dx() || dh != b.Dy() {
		img = shrink(img, dw, dh)
	}
	return orient(img, o), nil
}

// checkPixels refuses an image whose header claims more than the caps.
func checkPixels(cfg image.Config) error {
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide ||
		int64(cfg.Width)*int64(cfg.Height) > MaxImagePixels {
		return ErrTooManyPixels
	}
	return nil
}

// decoders are the image types we read; gif.Decode returns the first frame only.
var decoders = map[string]struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}{
	"image/jpeg": {jpeg.DecodeConfig, jpeg.Decode},
	"image/png":  {png.DecodeConfig, png.Decode},
	"image/gif":  {gif.DecodeConfig, gif.Decode},
	"image/webp": {webp.DecodeConfig, webp.Decode},
}

var errUnknownImage = errors.New("unknown image type")

func decodeConfig(ct string, data []byte) (image.Config, error) {
	d, ok := decoders[ct]
	if !ok {
		return image.Config{}, errUnknownImage
	}
	return d.config(bytes.NewReader(data))
}

func decode(ct string, data []byte) (image.Image, error) {
	d, ok := decoders[ct]
	if !ok {
		return nil, errUnknownImage
	}
	return d.decode(bytes.NewReader(data))
}

// jpegOrientation returns the EXIF orientation (1-8) of a JPEG, 1 when it
// has none. Only the orientation tag of IFD0 is read.
func jpegOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return exifOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// exifOrientation reads tag 0x0112 from the first IFD of a TIFF block.
func exifOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	n := int(bo.Uint16(t[off:]))
	for i := range n {
		e := off + 2 + 12*i
		if e+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[e:]) == 0x0112 && bo.Uint16(t[e+2:]) == 3 { // SHORT
			if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// orient returns img turned upright for an EXIF orientation.
func orient(img image.Image, o int) image.Image {
	if o <= 1 || o > 8 {
		return img
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	ow, oh := w, h
	if o >= 5 {
		ow, oh = h, w
	}
	src := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(src, src.Bounds(), img, b.Min, draw.Src)
	dst := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := range h {
		for x := range w {
			var dx, dy int
			switch o {
			case 2: // mirrored
				dx, dy = w-1-x, y
			case 3: // upside down
				dx, dy = w-1-x, h-1-y
			case 4: // mirrored upside down
				dx, dy = x, h-1-y
			case 5: // mirrored, turned left
				dx, dy = y, x
			case 6: // turned left: rotate 90° clockwise
				dx, dy = h-1-y, x
			case 7: // mirrored, turned right
				dx, dy = h-1-y, w-1-x
			case 8: // turned right: rotate 90° counter-clockwise
				dx, dy = y, w-1-x
			}
			i, j := src.PixOffset(x, y), dst.PixOffset(dx, dy)
			copy(dst.Pix[j:j+4], src.Pix[i:i+4])
		}
	}
	return dst
}
