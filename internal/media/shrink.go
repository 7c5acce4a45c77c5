package media

import (
	"image"
	"image/draw"
)

// The largest picture the product shows is the widest variant; a stored
// original is never larger than that width, nor taller than twice it (a tall
// picture is shown at its width, so more height is never seen sharper).
var (
	MaxStoredWidth  = VariantWidths[len(VariantWidths)-1]
	MaxStoredHeight = 2 * MaxStoredWidth
)

// fitSize is the size of a w x h picture fitted within maxW x maxH, aspect
// kept, never enlarged, at least 1x1.
func fitSize(w, h, maxW, maxH int) (int, int) {
	if w <= maxW && h <= maxH {
		return w, h
	}
	// Compare w/maxW with h/maxH without floating point.
	if int64(w)*int64(maxH) >= int64(h)*int64(maxW) {
		return maxW, max(int((int64(h)*int64(maxW)+int64(w)/2)/int64(w)), 1)
	}
	return max(int((int64(w)*int64(maxH)+int64(h)/2)/int64(h)), 1), maxH
}

// span is one source pixel's share of one destination pixel.
type span struct {
	src int
	w   float32
}

// areaWeights returns, for each of the dn destination pixels along an axis
// of sn source pixels, the source pixels it covers and how much of each
// (the weights of a destination pixel add up to 1).
func areaWeights(sn, dn int) [][]span {
	out := make([][]span, dn)
	scale := float64(sn) / float64(dn)
	for d := range dn {
		lo, hi := float64(d)*scale, float64(d+1)*scale
		var ws []span
		for s := int(lo); s < sn && float64(s) < hi; s++ {
			cover := min(float64(s+1), hi) - max(float64(s), lo)
			if cover > 0 {
				ws = append(ws, span{s, float32(cover / scale)})
			}
		}
		out[d] = ws
	}
	return out
}

// Shrink is shrink, for image work outside this package: scaling down
// with it needs no scratch the size of the source.
func Shrink(img image.Image, dw, dh int) *image.RGBA { return shrink(img, dw, dh) }

// shrink returns img scaled down to dw x dh (at most its own size) by
// averaging the area each destination pixel covers, a source row at a time:
// besides the result it holds one source row and two rows of sums, however
// large img is. Colours are premultiplied, so transparent pixels do not
// bleed into their neighbours.
func shrink(img image.Image, dw, dh int) *image.RGBA {
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	if sw == 0 || sh == 0 || dw == 0 || dh == 0 {
		return dst
	}
	cols, rows := areaWeights(sw, dw), areaWeights(sh, dh)
	// owner[sy] lists the destination rows source row sy adds to.
	type share struct {
		d int
		w float32
	}
	owner := make([][]share, sh)
	for d, ws := range rows {
		for _, s := range ws {
			owner[s.src] = append(owner[s.src], share{d, s.w})
		}
	}
	line := image.NewRGBA(image.Rect(0, 0, sw, 1))
	horiz := make([]float32, dw*4)
	acc := make([][]float32, dh) // sums of destination rows being filled
	for sy := range sh {
		// image/draw converts a row of any image type to RGBA, with fast
		// paths for the types the decoders return.
		draw.Draw(line, line.Bounds(), img, image.Pt(b.Min.X, b.Min.Y+sy), draw.Src)
		for dx, ws := range cols {
			var r, g, bl, a float32
			for _, s := range ws {
				p := line.Pix[s.src*4 : s.src*4+4 : s.src*4+4]
				r += float32(p[0]) * s.w
				g += float32(p[1]) * s.w
				bl += float32(p[2]) * s.w
				a += float32(p[3]) * s.w
			}
			horiz[dx*4], horiz[dx*4+1], horiz[dx*4+2], horiz[dx*4+3] = r, g, bl, a
		}
		for _, o := range owner[sy] {
			row := acc[o.d]
			if row == nil {
				row = make([]float32, dw*4)
				acc[o.d] = row
			}
			for i, v := range horiz {
				row[i] += v * o.w
			}
			// A destination row is done with the last source row it covers.
			if ws := rows[o.d]; ws[len(ws)-1].src == sy {
				out := dst.Pix[o.d*dst.Stride : o.d*dst.Stride+dw*4]
				for i, v := range row {
					out[i] = uint8(min(max(v+0.5, 0), 255))
				}
				acc[o.d] = nil
			}
		}
	}
	return dst
}
