package frontend

import (
	"encoding/json"
	"html"
	"io/fs"
	"log/slog"
	"strings"
)

// fontsManifest is written by the app's build: each blog font's stylesheet
// and the files worth preloading (latin 400 and 700).
const fontsManifest = "fonts.json"

// Font is one blog font's files.
type Font struct {
	CSS     string   `json:"css"`
	Preload []string `json:"preload"`
}

func readFonts(files fs.FS) map[string]Font {
	data, err := fs.ReadFile(files, fontsManifest)
	if err != nil {
		return nil // before the first build, or an app without blog fonts
	}
	var fonts map[string]Font
	if err := json.Unmarshal(data, &fonts); err != nil {
		slog.Error("frontend: reading the fonts manifest", "err", err)
		return nil
	}
	return fonts
}

func (a *App) font(name string) (Font, bool) {
	name = strings.TrimSpace(name)
	if f, ok := a.fonts[name]; ok {
		return f, true
	}
	for k, f := range a.fonts {
		if strings.EqualFold(k, name) {
			return f, true
		}
	}
	return Font{}, false
}

// FontCSS returns the URL of a blog font's stylesheet (the name in any
// case). ok is false for the UI font, which is in the main CSS, and for
// unknown names.
func (a *App) FontCSS(name string) (href string, ok bool) {
	f, ok := a.font(name)
	return f.CSS, ok
}

// FontHead returns the head HTML that loads the named blog fonts: a
// preload of each font's latin files (the text is laid out with them from
// the first paint, not swapped in later) and its stylesheet. Unknown names
// and the UI font add nothing; each font is linked once. The app adds the
// same stylesheet on client-side navigation and skips it when the head has
// it already.
func (a *App) FontHead(names ...string) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, name := range names {
		f, ok := a.font(name)
		if !ok || seen[f.CSS] {
			continue
		}
		seen[f.CSS] = true
		for _, p := range f.Preload {
			b.WriteString(`<link rel="preload" href="` + html.EscapeString(p) + `" as="font" type="font/woff2" crossorigin>`)
		}
		b.WriteString(`<link rel="stylesheet" href="` + html.EscapeString(f.CSS) + `">`)
	}
	return b.String()
}
