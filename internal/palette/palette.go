// Package palette holds the rules of a blog's colours: the schemes owners
// pick from, the default, which strings are colours, and the text colour
// that reads best on one. The app gets the same values and a table of this
// package's answers from tools/tsgen (web/src/api/shared.gen.ts); its
// lib/color.ts is checked against them.
package palette

import (
	"math"
	"strconv"
	"strings"
)

// Default is a blog's primary colour and a category's colour when the
// owner picks none.
const Default = "#6366f1"

// Scheme is a colour scheme the onboarding wizard and the blog settings
// offer.
type Scheme struct {
	Name, Primary, Accent string
}

// Schemes are offered in this order; the first is the default.
var Schemes = []Scheme{
	{Name: "Indigo Blue", Primary: "#6366f1", Accent: "#3b82f6"},
	{Name: "Emerald Green", Primary: "#10b981", Accent: "#14b8a6"},
	{Name: "Rose Pink", Primary: "#f43f5e", Accent: "#ec4899"},
	{Name: "Amber Gold", Primary: "#f59e0b", Accent: "#eab308"},
	{Name: "Purple", Primary: "#a855f7", Accent: "#8b5cf6"},
}

// The text colours ReadableOn chooses from.
const (
	LightInk = "#ffffff"
	DarkInk  = "#0f172a"
)

// MinContrast is the WCAG AA contrast of normal text: white text is kept
// on any colour it reaches it on.
const MinContrast = 4.5

// Pattern is the form of a colour (#rrggbb, any case), as a regular
// expression the app's forms use too.
const Pattern = `^#[0-9a-fA-F]{6}$`

// Valid reports whether s is a colour: # and six hex digits.
func Valid(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for i := 1; i < 7; i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// Safe is s (trimmed, lower case) when it is a colour, else Default: what a
// page may put in a style.
func Safe(s string) string {
	s = strings.TrimSpace(s)
	if !Valid(s) {
		return Default
	}
	return strings.ToLower(s)
}

// luminance is the WCAG relative luminance of a valid colour.
func luminance(hex string) float64 {
	v, _ := strconv.ParseUint(hex[1:], 16, 32)
	var l float64
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		c := float64(v>>(16-8*i)&0xff) / 255
		if c <= 0.03928 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		l += w * c
	}
	return l
}

// ReadableOn is the text colour for a background of colour bg (Safe(bg)):
// LightInk when it contrasts at least as much as DarkInk or reaches
// MinContrast, else DarkInk. (White's contrast with the dark ink's black
// end is taken, as WCAG's formula does with 0.05 for black.)
func ReadableOn(bg string) string {
	l := luminance(Safe(bg))
	light := 1.05 / (l + 0.05)
	dark := (l + 0.05) / 0.05
	if light >= dark || light >= MinContrast {
		return LightInk
	}
	return DarkInk
}

// Gradient is the background of a category's cards made from its colour
// (Safe(hex)), when the category has no gradient of its own.
func Gradient(hex string) string {
	c := Safe(hex)
	return "linear-gradient(135deg, " + c + ", " + c + "cc)"
}
