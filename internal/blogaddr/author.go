package blogaddr

// AuthorPath is the path of an author's page on the blog.
func (b *Blog) AuthorPath(slug string) string { return b.Prefix + "/author/" + slug }
