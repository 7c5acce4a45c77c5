// Package web embeds the built React app (web/dist, produced by `npm run
// build`) so the Go binary serves it. Until the first build, dist holds only
// .gitkeep and the server answers with a short notice instead of the app.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

//go:embed all:dist-ssr
var distSSR embed.FS

// Dist returns the built app's files, rooted at dist/.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees dist exists
	}
	return sub
}

// SSR returns the app's server bundle (web/dist-ssr, built by `npm run build`
// with vite.ssr.config.ts): the script the server renders public pages with.
// Until the first build it holds only .gitkeep.
func SSR() fs.FS {
	sub, err := fs.Sub(distSSR, "dist-ssr")
	if err != nil {
		panic(err) // the embed pattern guarantees dist-ssr exists
	}
	return sub
}
