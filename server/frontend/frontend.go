// Package frontend serves the embedded React app: hashed assets with long
// immutable caching, and the app's index.html as a template into which the
// server writes each route's head (title, description, canonical, Open
// Graph, JSON-LD) and, for crawlers, the page's readable content.
package frontend

import (
	"bytes"
	"html"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
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
	fonts  map[string]Font // the blog fonts' stylesheets, from fonts.json
	// index split around the markers and the <html> tag's lang value:
	// beforeLang + lang + prefix + head + middle + body + suffix.
	beforeLang, prefix, middle, suffix []byte
}

// DefaultLang is a page's language when the caller names none.
const DefaultLang = "en"

// fallbackIndex is used before the first `npm run build`.
const fallbackIndex = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>InkPress</title>` +
	headMarker + `</head><body><div id="` + RootID + `">` + bodyMarker +
	`<p style="font-family:sans-serif;padding:2rem">The web app has not been built yet: run <code>make run</code>.</p></div></body></html>`

// New prepares the app from the built files.
func New(files fs.FS) *App {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		index = []byte(fallbackIndex)
	}
	a := &App{files: files, assets: http.FileServerFS(files), fonts: readFonts(files)}
	// The static <title> of index.html is replaced by the server's head.
	if i, j := bytes.Index(index, []byte("<title>")), bytes.Index(index, []byte("</title>")); i >= 0 && j > i {
		index = append(index[:i:i], index[j+len("</title>"):]...)
	}
	// So are its icons: a blog's pages name the blog's, never the platform's.
	index = dropIconLinks(index)
	h := bytes.Index(index, []byte(headMarker))
	if h < 0 {
		h = bytes.Index(index, []byte("</head>"))
		index = append(index[:h:h], append([]byte(headMarker), index[h:]...)...)
	}
	a.beforeLang, a.prefix = splitLang(index[:h])
	rest := index[h+len(headMarker):]
	if b := bytes.Index(rest, []byte(bodyMarker)); b >= 0 {
		a.middle, a.suffix = rest[:b], rest[b+len(bodyMarker):]
	} else {
		a.middle = rest
	}
	return a
}

// dropIconLinks removes the <link rel="icon"> elements of index.html (the
// dev server's), with the indentation before them.
func dropIconLinks(index []byte) []byte {
	const open = `<link rel="icon"`
	for {
		i := bytes.Index(index, []byte(open))
		if i < 0 {
			return index
		}
		j := bytes.IndexByte(index[i:], '>')
		if j < 0 {
			return index
		}
		end := i + j + 1
		for i > 0 && (index[i-1] == ' ' || index[i-1] == '\t') {
			i--
		}
		if end < len(index) && index[end] == '\n' && (i == 0 || index[i-1] == '\n') {
			end++
		}
		index = append(index[:i:i], index[end:]...)
	}
}

// splitLang cuts the start of index.html around the value of the <html>
// tag's lang attribute, which it adds when the tag has none.
func splitLang(start []byte) (before, after []byte) {
	const open = `<html lang="`
	if i := bytes.Index(start, []byte(open)); i >= 0 {
		i += len(open)
		if j := bytes.IndexByte(start[i:], '"'); j >= 0 {
			return start[:i:i], start[i+j:]
		}
	}
	if i := bytes.Index(start, []byte("<html")); i >= 0 {
		i += len("<html")
		return append(start[:i:i], open[len("<html"):]...), append([]byte(`"`), start[i:]...)
	}
	return nil, start
}

// Page renders index.html with the page's language (a BCP-47 code, ""
// for DefaultLang) and the given head and body HTML (both already escaped
// by the caller).
func (a *App) Page(lang, head, body string) []byte {
	if lang == "" {
		lang = DefaultLang
	}
	var b bytes.Buffer
	b.Grow(len(a.beforeLang) + len(lang) + len(a.prefix) + len(head) + len(a.middle) + len(body) + len(a.suffix))
	if a.beforeLang != nil {
		b.Write(a.beforeLang)
		b.WriteString(html.EscapeString(lang))
	}
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
// assets/, which never change, so they are cached for a year. The build
// writes brotli and gzip copies beside text files (name.br, name.gz); the
// best one the client accepts is sent as it is.
func (a *App) ServeAsset(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if strings.HasPrefix(r.URL.Path, "/assets/") {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "public, max-age=3600")
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if a.hasFile(name+".br") || a.hasFile(name+".gz") {
		// Caches must keep each encoding apart, including the original.
		h.Add("Vary", "Accept-Encoding")
		coding, suffix := chooseEncoding(r.Header.Get("Accept-Encoding"), func(s string) bool { return a.hasFile(name + s) })
		if coding != "" && a.serveVariant(w, r, name, coding, suffix) {
			return
		}
	}
	a.assets.ServeHTTP(w, r)
}

func (a *App) hasFile(name string) bool {
	st, err := fs.Stat(a.files, name)
	return err == nil && st.Mode().IsRegular()
}

// serveVariant sends name+suffix as name encoded with coding: the type is
// the original's, the length the compressed file's. Ranges are ignored (a
// whole 200 answer is allowed), and the embedded files carry no time to
// validate against. It reports false when the file cannot be read (the
// caller sends the original).
func (a *App) serveVariant(w http.ResponseWriter, r *http.Request, name, coding, suffix string) bool {
	f, err := a.files.Open(name + suffix)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return false
	}
	h := w.Header()
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	h.Set("Content-Encoding", coding)
	h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = io.Copy(w, f) // the file is in memory: no copy of it per request
	}
	return true
}
