// Package frontend serves the embedded React app: hashed assets with long
// immutable caching, and the app's index.html as a template into which the
// server writes each route's head (title, description, canonical, Open
// Graph, JSON-LD) and, for crawlers, the page's readable content.
package frontend

import (
	"bytes"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// Markers in web/index.html that the server fills per route.
const (
	headMarker = "<!--app-head-->"
	bodyMarker = "<!--app-body-->"
)

// App is the embedded app.
type App struct {
	files  fs.FS
	assets http.Handler
	// index split around the markers: prefix + head + middle + body + suffix.
	prefix, middle, suffix []byte
}

// fallbackIndex is used before the first `npm run build`.
const fallbackIndex = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>InkPress</title>` +
	headMarker + `</head><body><div id="root">` + bodyMarker +
	`<p style="font-family:sans-serif;padding:2rem">The web app has not been built yet: run <code>make run</code>.</p></div></body></html>`

// New prepares the app from the built files.
func New(files fs.FS) *App {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		index = []byte(fallbackIndex)
	}
	a := &App{files: files, assets: http.FileServerFS(files)}
	// The static <title> of index.html is replaced by the server's head.
	if i, j := bytes.Index(index, []byte("<title>")), bytes.Index(index, []byte("</title>")); i >= 0 && j > i {
		index = append(index[:i:i], index[j+len("</title>"):]...)
	}
	h := bytes.Index(index, []byte(headMarker))
	if h < 0 {
		h = bytes.Index(index, []byte("</head>"))
		index = append(index[:h:h], append([]byte(headMarker), index[h:]...)...)
	}
	a.prefix = index[:h]
	rest := index[h+len(headMarker):]
	if b := bytes.Index(rest, []byte(bodyMarker)); b >= 0 {
		a.middle, a.suffix = rest[:b], rest[b+len(bodyMarker):]
	} else {
		a.middle = rest
	}
	return a
}

// Page renders index.html with the given head and body HTML (both already
// escaped by the caller).
func (a *App) Page(head, body string) []byte {
	var b bytes.Buffer
	b.Grow(len(a.prefix) + len(head) + len(a.middle) + len(body) + len(a.suffix))
	b.Write(a.prefix)
	b.WriteString(head)
	b.Write(a.middle)
	b.WriteString(body)
	b.Write(a.suffix)
	return b.Bytes()
}

// IsAsset reports whether the path names a built file (not index.html).
func (a *App) IsAsset(p string) bool {
	name := strings.TrimPrefix(path.Clean(p), "/")
	if name == "" || name == "index.html" || name == "." {
		return false
	}
	st, err := fs.Stat(a.files, name)
	return err == nil && !st.IsDir()
}

// ServeAsset serves a built file. Vite puts content-hashed files under
// assets/, which never change, so they are cached for a year.
func (a *App) ServeAsset(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/assets/") {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=3600")
	}
	a.assets.ServeHTTP(w, r)
}
