package frontend

import (
	"bytes"
)

var (
	rootOpen    = []byte(`<div id="` + RootID + `">`)
	rootSSR     = []byte(`<div id="` + RootID + `" ` + SSRAttr + `>`)
	bodyClosing = []byte(`</body>`)
)

// Rendered is Page for a page the app rendered on the server: html is the
// app's markup for #root, which is marked data-ssr so the browser hydrates
// it instead of rendering anew, and data (JSON already safe inside a script
// element) travels in the page for the app's first render.
func (a *App) Rendered(lang, head, html, data string) []byte {
	page := a.Page(lang, head, html)
	if i := bytes.Index(page, rootOpen); i >= 0 {
		page = append(page[:i:i], append(append([]byte{}, rootSSR...), page[i+len(rootOpen):]...)...)
	}
	script := `<script id="` + DataID + `" type="application/json">` + data + `</script>`
	if i := bytes.LastIndex(page, bodyClosing); i >= 0 {
		out := make([]byte, 0, len(page)+len(script))
		out = append(out, page[:i]...)
		out = append(out, script...)
		return append(out, page[i:]...)
	}
	return append(page, script...)
}
