// Package marks draws the images that stand for a blog until its owner
// uploads their own: a sharing card, a browser icon in three sizes and a
// publisher logo, all from the blog's name, its initial and its colour, so
// a blog never wears the platform's marks. Drawing is pure (Draw); Service
// keeps what was drawn, so each image is drawn once per name and colour.
package marks

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/inkpress/inkpress/internal/palette"
)

// Kind is one of a blog's generated images.
type Kind string

// The images, each with the file name it is served under below the blog's
// address (see File) and its size.
const (
	Card      Kind = "card"     // 1200x630, the sharing image (og:image, twitter:image, feeds' image)
	Icon      Kind = "icon"     // 512x512, feeds' icon and large browser icons
	TouchIcon Kind = "icon-180" // 180x180, apple-touch-icon
	SmallIcon Kind = "icon-32"  // 32x32, the browser tab's icon
	Logo      Kind = "logo"     // up to 600x60, the publisher logo of structured data
)

// Kinds lists every kind.
var Kinds = []Kind{Card, Icon, TouchIcon, SmallIcon, Logo}

// Sizes of the images (Logo: its height and largest width).
const (
	CardWidth, CardHeight = 1200, 630
	IconSize              = 512
	TouchIconSize         = 180
	SmallIconSize         = 32
	LogoHeight            = 60
	LogoMaxWidth          = 600
)

// File is the file name k is served as ("card.png").
func (k Kind) File() string { return string(k) + ".png" }

// Path is where a blog under prefix ("" at a root, "/blog/{slug}") serves
// its image k drawn from s: the version in the query changes the address
// whenever the image changes, so browsers and crawlers may keep it for good.
func Path(prefix string, k Kind, s Spec) string {
	return prefix + "/" + k.File() + "?v=" + s.Version()
}

// ByFile is the kind served as name, if any.
func ByFile(name string) (Kind, bool) {
	for _, k := range Kinds {
		if k.File() == name {
			return k, true
		}
	}
	return "", false
}

// revision is part of every version: raise it when the drawing changes, so
// stored images are drawn again and browsers fetch the new ones.
const revision = 1

// Spec is what a blog's images are drawn from.
type Spec struct {
	Name  string // the blog's name
	Color string // its colour (#rrggbb; anything else draws palette.Default)
}

// Version names the images drawn from s: it changes with the name, the
// colour or the drawing, and goes into their addresses and ETags.
func (s Spec) Version() string {
	sum := sha256.Sum256([]byte(strconv.Itoa(revision) + "\x00" + strings.TrimSpace(s.Name) + "\x00" + palette.Safe(s.Color)))
	return hex.EncodeToString(sum[:6])
}

// parsed is the Go Bold font, parsed once; faces of each size are made from it.
var parsed = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(gobold.TTF) })

func newFace(size float64) (font.Face, error) {
	f, err := parsed()
	if err != nil {
		return nil, fmt.Errorf("marks: font: %w", err)
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
}

// drawable reports whether the font has a glyph for every rune of s that
// is not a space: a name in a script it lacks would be drawn as boxes.
func drawable(face font.Face, s string) bool {
	for _, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		if _, ok := face.GlyphAdvance(r); !ok {
			return false
		}
	}
	return true
}

// Initial is the letter the icons show: the name's first letter or digit
// that the font can draw, upper-cased; "" when it has none (the icon is
// then the colour alone).
func Initial(name string) string {
	face, err := newFace(12)
	if err != nil {
		return ""
	}
	defer face.Close()
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		u := unicode.ToUpper(r)
		if _, ok := face.GlyphAdvance(u); ok {
			return string(u)
		}
		if _, ok := face.GlyphAdvance(r); ok {
			return string(r)
		}
	}
	return ""
}

// Draw draws the image k of s as a PNG.
func Draw(k Kind, s Spec) ([]byte, error) {
	var img image.Image
	var err error
	switch k {
	case Card:
		img, err = drawCard(s)
	case Icon:
		img, err = drawIcon(s, IconSize)
	case TouchIcon:
		img, err = drawIcon(s, TouchIconSize)
	case SmallIcon:
		img, err = drawIcon(s, SmallIconSize)
	case Logo:
		img, err = drawLogo(s)
	default:
		return nil, fmt.Errorf("marks: unknown kind %q", k)
	}
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("marks: encode %s: %w", k, err)
	}
	return buf.Bytes(), nil
}

// rgb reads a colour made safe by palette.Safe.
func rgb(hex string) color.RGBA {
	v, _ := strconv.ParseUint(palette.Safe(hex)[1:], 16, 32)
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// shade mixes c with the dark ink: t = 0 is c, 1 the ink.
func shade(c color.RGBA, t float64) color.RGBA {
	ink := rgb(palette.DarkInk)
	mix := func(a, b uint8) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }
	return color.RGBA{mix(c.R, ink.R), mix(c.G, ink.G), mix(c.B, ink.B), 0xff}
}

// gradient fills r of img from the colour at its top left to a slightly
// darker one at its bottom right: the blog's colour stays the colour the
// reader recognises, and the text on it keeps its contrast.
func gradient(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	to := shade(c, 0.18)
	w, h := r.Dx(), r.Dy()
	span := float64(w + h - 2)
	if span <= 0 {
		span = 1
	}
	// One colour per diagonal (x+y), computed once.
	diag := make([]byte, 4*(w+h))
	for d := range w + h {
		t := float64(d) / span
		diag[4*d] = uint8(float64(c.R) + (float64(to.R)-float64(c.R))*t + 0.5)
		diag[4*d+1] = uint8(float64(c.G) + (float64(to.G)-float64(c.G))*t + 0.5)
		diag[4*d+2] = uint8(float64(c.B) + (float64(to.B)-float64(c.B))*t + 0.5)
		diag[4*d+3] = 0xff
	}
	for y := range h {
		i := img.PixOffset(r.Min.X, r.Min.Y+y)
		copy(img.Pix[i:i+4*w], diag[4*y:4*(y+w)])
	}
}

// roundedTile fills a square of side size at (x, y) with c, its corners
// rounded by radius (anti-aliased at the edge).
func roundedTile(img *image.RGBA, x0, y0, size, radius int, c color.RGBA) {
	for y := range size {
		for x := range size {
			cov := cornerCoverage(x, y, size, radius)
			if cov <= 0 {
				continue
			}
			blend(img, x0+x, y0+y, c, cov)
		}
	}
}

// cornerCoverage is how much of pixel (x, y) of a size x size square with
// rounded corners is inside it (0..1).
func cornerCoverage(x, y, size, radius int) float64 {
	cx, cy := -1.0, -1.0
	fx, fy := float64(x)+0.5, float64(y)+0.5
	r := float64(radius)
	switch {
	case fx < r:
		cx = r
	case fx > float64(size)-r:
		cx = float64(size) - r
	}
	switch {
	case fy < r:
		cy = r
	case fy > float64(size)-r:
		cy = float64(size) - r
	}
	if cx < 0 || cy < 0 {
		return 1
	}
	dx, dy := fx-cx, fy-cy
	d := r - math.Sqrt(dx*dx+dy*dy) + 0.5
	return min(max(d, 0), 1)
}

// blend paints c over the pixel at (x, y) with coverage a.
func blend(img *image.RGBA, x, y int, c color.RGBA, a float64) {
	if !(image.Point{x, y}.In(img.Rect)) {
		return
	}
	i := img.PixOffset(x, y)
	dstA := float64(img.Pix[i+3]) / 255
	outA := a + dstA*(1-a)
	if outA == 0 {
		return
	}
	mix := func(src, dst uint8) uint8 {
		return uint8((float64(src)*a+float64(dst)*dstA*(1-a))/outA + 0.5)
	}
	img.Pix[i], img.Pix[i+1], img.Pix[i+2] = mix(c.R, img.Pix[i]), mix(c.G, img.Pix[i+1]), mix(c.B, img.Pix[i+2])
	img.Pix[i+3] = uint8(outA*255 + 0.5)
}

// centred draws text in face centred on (cx, cy) by its glyphs' box.
func centred(dst draw.Image, face font.Face, text string, ink color.Color, cx, cy int) {
	d := &font.Drawer{Dst: dst, Src: image.NewUniform(ink), Face: face}
	b, _ := d.BoundString(text)
	w, h := b.Max.X-b.Min.X, b.Max.Y-b.Min.Y
	d.Dot = fixed.Point26_6{X: fixed.I(cx) - w/2 - b.Min.X, Y: fixed.I(cy) - h/2 - b.Min.Y}
	d.DrawString(text)
}

// drawIcon is the blog's colour filling the square with its initial
// centred in the readable ink.
func drawIcon(s Spec, size int) (image.Image, error) {
	c := rgb(s.Color)
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	gradient(img, img.Rect, c)
	if letter := Initial(s.Name); letter != "" {
		face, err := newFace(float64(size) * 0.62)
		if err != nil {
			return nil, err
		}
		defer face.Close()
		centred(img, face, letter, rgb(palette.ReadableOn(palette.Safe(s.Color))), size/2, size/2)
	}
	return img, nil
}

// fitLines breaks name into at most maxLines lines no wider than width in
// face, word by word; ok is false when a word alone is too wide or more
// lines would be needed.
func fitLines(face font.Face, name string, width fixed.Int26_6, maxLines int) (lines []string, ok bool) {
	var line string
	for _, w := range strings.Fields(name) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if font.MeasureString(face, try) <= width {
			line = try
			continue
		}
		if line == "" || font.MeasureString(face, w) > width {
			return nil, false
		}
		lines = append(lines, line)
		line = w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, len(lines) <= maxLines
}

// drawCard is the sharing card: the blog's colour, its initial on a tile
// of the readable ink, and its name set as large as fits in up to three
// lines (in the font's script only: a name the font cannot draw is left
// out rather than drawn as boxes).
func drawCard(s Spec) (image.Image, error) {
	const margin, tile = 96, 168
	c := rgb(s.Color)
	ink := rgb(palette.ReadableOn(palette.Safe(s.Color)))
	img := image.NewRGBA(image.Rect(0, 0, CardWidth, CardHeight))
	gradient(img, img.Rect, c)
	roundedTile(img, margin, margin, tile, 36, ink)
	if letter := Initial(s.Name); letter != "" {
		face, err := newFace(tile * 0.62)
		if err != nil {
			return nil, err
		}
		centred(img, face, letter, c, margin+tile/2, margin+tile/2)
		face.Close()
	}
	name := strings.Join(strings.Fields(s.Name), " ")
	if name == "" {
		return img, nil
	}
	// From 96 px down, the largest size at which the name fits the space
	// under the tile; a name too long even at the smallest is cut.
	top, width := margin+tile+40, fixed.I(CardWidth-2*margin)
	for size := 96.0; size >= 40; size -= 4 {
		face, err := newFace(size)
		if err != nil {
			return nil, err
		}
		if !drawable(face, name) {
			face.Close()
			return img, nil
		}
		lineH := int(size * 1.15)
		maxLines := min(3, (CardHeight-margin/2-top)/lineH)
		lines, ok := fitLines(face, name, width, maxLines)
		if !ok && size > 40 {
			face.Close()
			continue
		}
		if !ok {
			lines = cut(face, name, width, maxLines)
		}
		d := &font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: face}
		ascent := face.Metrics().Ascent
		for i, l := range lines {
			d.Dot = fixed.Point26_6{X: fixed.I(margin), Y: fixed.I(top+i*lineH) + ascent}
			d.DrawString(l)
		}
		face.Close()
		break
	}
	return img, nil
}

// cut fills at most maxLines lines of width with name, character by
// character, ending the last with an ellipsis.
func cut(face font.Face, name string, width fixed.Int26_6, maxLines int) []string {
	var lines []string
	runes := []rune(name)
	for len(runes) > 0 && len(lines) < maxLines {
		last := len(lines) == maxLines-1
		n := 0
		for n < len(runes) {
			s := string(runes[:n+1])
			if last && n+1 < len(runes) {
				s += "…"
			}
			if font.MeasureString(face, s) > width {
				break
			}
			n++
		}
		n = max(n, 1)
		line := strings.TrimSpace(string(runes[:n]))
		runes = []rune(strings.TrimLeft(string(runes[n:]), " "))
		if last && len(runes) > 0 {
			line += "…"
			runes = nil
		}
		lines = append(lines, line)
	}
	return lines
}

// drawLogo is the publisher logo: the icon's tile and the blog's name in
// dark ink on a transparent ground, 60 px high and as wide as it needs up
// to 600 (what search engines ask of a publisher's logo).
func drawLogo(s Spec) (image.Image, error) {
	const gap = 14
	c := rgb(s.Color)
	tile := LogoHeight
	name := strings.Join(strings.Fields(s.Name), " ")
	var face font.Face
	var text string
	for size := 34.0; size >= 18 && name != ""; size -= 2 {
		f, err := newFace(size)
		if err != nil {
			return nil, err
		}
		if !drawable(f, name) {
			f.Close()
			break
		}
		if tile+gap+font.MeasureString(f, name).Ceil() <= LogoMaxWidth || size <= 18 {
			face, text = f, name
			if tile+gap+font.MeasureString(f, name).Ceil() > LogoMaxWidth {
				text = cut(f, name, fixed.I(LogoMaxWidth-tile-gap), 1)[0]
			}
			break
		}
		f.Close()
	}
	width := tile
	if face != nil {
		defer face.Close()
		width = min(LogoMaxWidth, tile+gap+font.MeasureString(face, text).Ceil()+2)
	}
	img := image.NewRGBA(image.Rect(0, 0, width, LogoHeight))
	roundedTile(img, 0, 0, tile, 12, c)
	if letter := Initial(s.Name); letter != "" {
		lf, err := newFace(float64(tile) * 0.62)
		if err != nil {
			return nil, err
		}
		centred(img, lf, letter, rgb(palette.ReadableOn(palette.Safe(s.Color))), tile/2, tile/2)
		lf.Close()
	}
	if face != nil {
		m := face.Metrics()
		d := &font.Drawer{Dst: img, Src: image.NewUniform(rgb(palette.DarkInk)), Face: face}
		// The line's box centred on the tile.
		y := (fixed.I(LogoHeight)-(m.Ascent+m.Descent))/2 + m.Ascent
		d.Dot = fixed.Point26_6{X: fixed.I(tile + gap), Y: y}
		d.DrawString(text)
	}
	return img, nil
}
