package blogaddr

// reserved are the path segments a blog's own pages take right below its
// address (/blog/{slug}/tag/..., /search, /author/..., /page/..., and the
// newsletter's /confirm and /unsubscribe). A category's page lives there
// too, so no category may take one of them.
var reserved = map[string]bool{"tag": true, "search": true, "author": true, "page": true,
	"confirm": true, "unsubscribe": true}

// Reserved reports whether a category slug would clash with a blog page.
func Reserved(slug string) bool { return reserved[slug] }

// TagPath is the path of a tag's page (tag is its URL segment).
func (b *Blog) TagPath(tag string) string { return b.Prefix + "/tag/" + tag }

// SearchPath is the path of the blog's search page.
func (b *Blog) SearchPath() string { return b.Prefix + "/search" }
