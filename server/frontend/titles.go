package frontend

import (
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/locale"
)

// The titles of reader pages: one rule for the server's head and the app's
// document title (generated into the app as PAGE_TITLES, and checked there
// against the answers of these functions), so a page keeps the same title
// when the app takes over.

// Names of reader pages that are not a post, a category or a tag.
const (
	TitleSearch      = "Search"
	TitleConfirm     = "Confirm your subscription"
	TitleUnsubscribe = "Unsubscribe"
	// The site's archive of every post (/posts), and what its head says of it.
	TitleAllPosts       = "All posts"
	DescriptionAllPosts = "Every article on marketing, keto, fitness and tech, newest first."
)

// titleSeparators join a page's name to the name of its blog or site.
var titleSeparators = []string{" | ", " – ", " — ", " - "}

// FullTitle is a page's full title: "{title} | {site}" unless the title is
// empty or the site name itself, or already ends with the site name after a
// separator ("Keto – InkPress" stays as it is, never "Keto – InkPress |
// InkPress").
func FullTitle(title, siteName string) string {
	title = strings.TrimSpace(title)
	if title == "" || title == siteName {
		return siteName
	}
	for _, sep := range titleSeparators {
		if strings.HasSuffix(title, sep+siteName) {
			return title
		}
	}
	return title + " | " + siteName
}

// BlogPageTitle is the full title of a page of a blog: "{page} | {blog}",
// the blog's name alone on its home page (page empty), and the platform's
// name in place of the blog's on the site's own blog (blogTitle empty).
func BlogPageTitle(page, blogTitle, siteName string) string {
	if blogTitle = strings.TrimSpace(blogTitle); blogTitle == "" {
		blogTitle = siteName
	}
	return FullTitle(page, blogTitle)
}

// PagedTitle numbers the title of a list's later pages in the blog's
// language (texts; nil is English): "#keto – Page 2", "#keto – Seite 2",
// "Page 2" for a home page (no title of its own).
func PagedTitle(title string, page int, texts *locale.Texts) string {
	if page <= 1 {
		return title
	}
	if texts == nil {
		texts = locale.For("en")
	}
	t := strings.TrimSpace(title + " – " + texts.Text("pageN", "n", strconv.Itoa(page)))
	return strings.TrimPrefix(t, "– ")
}

// TagTitle is the name of a tag's page (name is the tag as posts spell it).
func TagTitle(name string) string { return "#" + name }

// SearchTitle is the name of a search page: "Search", or "Search: {words}".
func SearchTitle(q string) string {
	if q = strings.TrimSpace(q); q != "" {
		return TitleSearch + ": " + q
	}
	return TitleSearch
}

// PreviewTitle is the name of a post's private preview (title: the post's
// meta title, else its title).
func PreviewTitle(title string) string { return "Preview: " + title }
