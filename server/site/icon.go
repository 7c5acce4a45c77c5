package site

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// IconPath is the site's square icon: feeds name it where readers want a
// square image (JSON Feed icon and favicon, Atom icon), which the 1200x630
// preview image is not.
const IconPath = "/icon.png"

// PlatformIconPath is the platform's own browser icon (the app's
// favicon.svg), which its pages name and a blog's pages never do.
const PlatformIconPath = "/favicon.svg"

// IconSize is the icon's side in pixels, the size JSON Feed suggests.
const IconSize = 512

// Colours of the default preview image, so the icon matches it.
var (
	iconFrom = color.RGBA{0x63, 0x66, 0xf1, 0xff} // #6366f1
	iconTo   = color.RGBA{0x1e, 0x1b, 0x4b, 0xff} // #1e1b4b
)

// icons holds each site name's drawn icon: it depends on nothing else.
// Two first requests at once may both draw it; either result is kept.
var icons sync.Map

// FaviconPath is where browsers ask for an icon on their own, whatever the
// page names: it answers the same square icon (browsers take a PNG there).
const FaviconPath = "/favicon.ico"

// faviconMaxAge is a week: browsers ask for /favicon.ico on every site they
// visit and rarely notice a change anyway; the icon changes only with the
// site name.
const faviconMaxAge = 7 * 24 * 60 * 60

func (h *Handler) icon(w http.ResponseWriter, _ *http.Request) error {
	return h.serveIcon(w, 86400)
}

func (h *Handler) favicon(w http.ResponseWriter, _ *http.Request) error {
	return h.serveIcon(w, faviconMaxAge)
}

func (h *Handler) serveIcon(w http.ResponseWriter, maxAge int) error {
	v, ok := icons.Load(h.Config.SiteName)
	if !ok {
		b, err := drawIcon(h.Config.SiteName)
		if err != nil {
			return err
		}
		v, _ = icons.LoadOrStore(h.Config.SiteName, b)
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age="+strconv.Itoa(maxAge))
	_, _ = w.Write(v.([]byte))
	return nil
}

// drawIcon draws the site name's first letter on the preview image's
// gradient, as a square PNG of IconSize.
func drawIcon(siteName string) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, IconSize, IconSize))
	lerp := func(a, b uint8, t float64) uint8 { return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5) }
	for y := range IconSize {
		for x := range IconSize {
			t := float64(x+y) / float64(2*(IconSize-1))
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] =
				lerp(iconFrom.R, iconTo.R, t), lerp(iconFrom.G, iconTo.G, t), lerp(iconFrom.B, iconTo.B, t), 0xff
		}
	}
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("icon font: %w", err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: IconSize * 0.6, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("icon font face: %w", err)
	}
	defer face.Close()
	letter := iconLetter(siteName)
	d := &font.Drawer{Dst: img, Src: image.White, Face: face}
	bounds, _ := d.BoundString(letter)
	// Centre the glyph's own box, not the advance and line height.
	w, ht := bounds.Max.X-bounds.Min.X, bounds.Max.Y-bounds.Min.Y
	d.Dot = fixed.Point26_6{
		X: (fixed.I(IconSize)-w)/2 - bounds.Min.X,
		Y: (fixed.I(IconSize)-ht)/2 - bounds.Min.Y,
	}
	d.DrawString(letter)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("icon: encode: %w", err)
	}
	return buf.Bytes(), nil
}

// iconLetter is the site name's first letter or digit, upper-cased ("I"
// when it has none).
func iconLetter(name string) string {
	for _, r := range strings.TrimSpace(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return string(unicode.ToUpper(r))
		}
	}
	return "I"
}
