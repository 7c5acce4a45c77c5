package builtin

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/inkpress/inkpress/internal/ai"
)

// Cover geometry: the 1200x630 social-preview size used across the site.
const (
	coverW   = 1200
	coverH   = 630
	margin   = 90
	maxLines = 4
)

var (
	defaultFrom = color.RGBA{0x63, 0x66, 0xf1, 0xff} // #6366f1, the default category colour
	defaultTo   = color.RGBA{0x8b, 0x5c, 0xf6, 0xff} // #8b5cf6
	titleSizes  = []float64{88, 76, 68, 60, 52, 46, 40}
)

// coverQuality is the JPEG quality of covers: a smooth gradient and large
// type stay clean at it, at under a third of a PNG's bytes (a typical
// cover is about 50 KB, 175 KB as a PNG).
const coverQuality = 82

// goBold is parsed once; an sfnt font is safe for concurrent use, faces are
// not, so each drawing makes its own faces.
var goBold = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

func drawCover(req ai.ImageRequest, asPNG bool) (data []byte, contentType string, err error) {
	img, err := paintCover(req)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	if asPNG {
		contentType = "image/png"
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	} else {
		contentType = "image/jpeg"
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: coverQuality})
	}
	if err != nil {
		return nil, "", fmt.Errorf("builtin cover: encode: %w", err)
	}
	return buf.Bytes(), contentType, nil
}

func paintCover(req ai.ImageRequest) (*image.RGBA, error) {
	f, err := goBold()
	if err != nil {
		return nil, fmt.Errorf("builtin cover: parse font: %w", err)
	}
	from, to := parseHex(req.ColorFrom, defaultFrom), parseHex(req.ColorTo, defaultTo)
	img := image.NewRGBA(image.Rect(0, 0, coverW, coverH))
	paintGradient(img, from, to)
	paintCircle(img, 1060, 110, 280, 0.07)
	paintCircle(img, 1150, 600, 190, 0.05)

	ink, shadow := textColors(from, to)
	if err := drawTitle(img, f, coverTitle(req), ink, shadow); err != nil {
		return nil, err
	}
	if err := drawLabel(img, f, req.Brand, ink); err != nil {
		return nil, err
	}
	return img, nil
}

func coverTitle(req ai.ImageRequest) string {
	if t := strings.TrimSpace(req.Title); t != "" {
		return t
	}
	return ai.Shorten(req.Prompt, 120)
}

// parseHex reads #rgb or #rrggbb (the '#' is optional); anything else gives def.
func parseHex(s string, def color.RGBA) color.RGBA {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return def
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return def
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// paintGradient fills img with a top-left to bottom-right blend.
func paintGradient(img *image.RGBA, from, to color.RGBA) {
	lerp := func(a, b uint8, t float64) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }
	for y := range coverH {
		row := img.Pix[y*img.Stride:]
		for x := range coverW {
			t := (float64(x)/(coverW-1) + float64(y)/(coverH-1)) / 2
			p := row[x*4 : x*4+4 : x*4+4]
			p[0], p[1], p[2], p[3] = lerp(from.R, to.R, t), lerp(from.G, to.G, t), lerp(from.B, to.B, t), 0xff
		}
	}
}

// paintCircle lightens a disc for a little depth behind the text.
func paintCircle(img *image.RGBA, cx, cy, r int, alpha float64) {
	b := image.Rect(cx-r, cy-r, cx+r, cy+r).Intersect(img.Bounds())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if dx, dy := x-cx, y-cy; dx*dx+dy*dy > r*r {
				continue
			}
			i := img.PixOffset(x, y)
			for c := range 3 {
				v := float64(img.Pix[i+c])
				img.Pix[i+c] = uint8(v + (255-v)*alpha)
			}
		}
	}
}

// textColors picks white text with a soft shadow, or dark text when the
// workspace colours are too light for white to be readable.
func textColors(from, to color.RGBA) (ink, shadow color.Color) {
	lum := func(c color.RGBA) float64 { return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B) }
	if (lum(from)+lum(to))/2 > 170 {
		return color.RGBA{0x11, 0x18, 0x27, 0xff}, color.NRGBA{0xff, 0xff, 0xff, 0x50}
	}
	return color.White, color.NRGBA{0, 0, 0, 0x48}
}

func drawTitle(img *image.RGBA, f *opentype.Font, title string, ink, shadow color.Color) error {
	if title == "" {
		return nil
	}
	face, lines, err := fitTitle(f, title)
	if err != nil {
		return err
	}
	defer face.Close()

	m := face.Metrics()
	lineH := m.Height.Ceil() + m.Height.Ceil()/8
	blockH := lineH * len(lines)
	top := (coverH-blockH)/2 - 20

	// An accent bar anchors the text block visually.
	bar := image.Rect(margin, top-34, margin+72, top-26)
	fillRect(img, bar, ink)

	d := &font.Drawer{Dst: img, Face: face}
	for i, line := range lines {
		y := top + m.Ascent.Ceil() + i*lineH
		d.Src = image.NewUniform(shadow)
		d.Dot = fixed.P(margin+3, y+3)
		d.DrawString(line)
		d.Src = image.NewUniform(ink)
		d.Dot = fixed.P(margin, y)
		d.DrawString(line)
	}
	return nil
}

// fitTitle picks the largest size at which the title fits in maxLines,
// truncating with an ellipsis at the smallest size.
func fitTitle(f *opentype.Font, title string) (font.Face, []string, error) {
	width := fixed.I(coverW - 2*margin)
	var (
		face  font.Face
		lines []string
	)
	for _, size := range titleSizes {
		if face != nil {
			face.Close()
		}
		var err error
		face, err = opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return nil, nil, fmt.Errorf("builtin cover: font face: %w", err)
		}
		limit := maxLines
		if size > 80 {
			limit = 2 // the largest size is only for short titles
		}
		if lines = wrap(face, title, width); len(lines) <= limit {
			return face, lines, nil
		}
	}
	lines = lines[:maxLines]
	lines[maxLines-1] = ellipsize(face, lines[maxLines-1], width)
	return face, lines, nil
}

// wrap breaks text into lines no wider than width, splitting words that are
// too long on their own.
func wrap(face font.Face, text string, width fixed.Int26_6) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		for font.MeasureString(face, w) > width {
			head := fitPrefix(face, w, width)
			if line != "" {
				lines = append(lines, line)
				line = ""
			}
			lines = append(lines, head)
			w = w[len(head):]
		}
		switch candidate := strings.TrimSpace(line + " " + w); {
		case line == "" || font.MeasureString(face, candidate) <= width:
			line = candidate
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// fitPrefix returns the longest prefix of w (at least one rune) that fits.
func fitPrefix(face font.Face, w string, width fixed.Int26_6) string {
	end := 0
	for i, r := range w {
		next := i + len(string(r))
		if end > 0 && font.MeasureString(face, w[:next]) > width {
			break
		}
		end = next
	}
	return w[:end]
}

func ellipsize(face font.Face, line string, width fixed.Int26_6) string {
	for line != "" && font.MeasureString(face, line+"…") > width {
		r := []rune(line)
		line = strings.TrimSpace(string(r[:len(r)-1]))
	}
	return line + "…"
}

// drawLabel signs the cover with the blog's name, one line, cut to fit.
func drawLabel(img *image.RGBA, f *opentype.Font, label string, ink color.Color) error {
	label = strings.Join(strings.Fields(label), " ")
	if label == "" {
		return nil
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 26, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return fmt.Errorf("builtin cover: font face: %w", err)
	}
	defer face.Close()
	r, g, b, _ := ink.RGBA()
	d := &font.Drawer{
		Dst:  img,
		Src:  image.NewUniform(color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xb0}),
		Face: face,
		Dot:  fixed.P(margin, coverH-52),
	}
	if width := fixed.I(coverW - 2*margin); font.MeasureString(face, label) > width {
		label = ellipsize(face, label, width)
	}
	d.DrawString(label)
	return nil
}

func fillRect(img *image.RGBA, r image.Rectangle, c color.Color) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Over)
}
