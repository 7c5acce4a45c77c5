package frontend

// Names in a page that the server writes and the app reads (generated into
// the app as DOM by tools/tsgen).
const (
	// RootID is the id of the element the app renders into (web/index.html).
	RootID = "root"
	// DataID is the id of the script element that carries a server-rendered
	// page's data (the app seeds its query cache from it before hydrating).
	DataID = "inkpress-data"
	// SSRAttr marks #root when the server rendered the page with the app:
	// the browser hydrates it instead of rendering anew.
	SSRAttr = "data-ssr"
	// RootBlogMeta is the name of the head's meta element naming the blog
	// served at a custom domain's root (its content is the blog's slug).
	RootBlogMeta = "inkpress-blog"
	// BlogIconAttr marks the head's link to a blog's own icon, which the app
	// replaces or removes as the reader moves between blogs.
	BlogIconAttr = "data-blog-icon"
)
