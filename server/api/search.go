package api

import (
	"net/http"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/site"
	"github.com/inkpress/inkpress/server/api/contract"
)

// searchPosts answers GET /api/posts?q=: one page of the blog's public
// posts matching the text (its sort and category do not apply). Answers
// are not cached: every text would take its own place in the page cache,
// which the blog's pages need more.
func (h *Handler) searchPosts(w http.ResponseWriter, r *http.Request, b *site.Blog, q reader.ListQuery) error {
	l, err := h.Reader.Search(r.Context(), b.Workspace.ID, r.URL.Query().Get("q"), q.Limit, q.Page)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	return WriteJSON(w, http.StatusOK, contract.PostsPage{Posts: summaries(b, l.Posts, l.Names), Page: l.Page, HasMore: l.HasMore})
}

// tagSlugs are the URL segments of tags (content.TagSlug), in order.
func tagSlugs(tags []string) []string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = content.TagSlug(t)
	}
	return out
}
