package api

import (
	"context"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/server/api/contract"
)

// searchPosts answers GET /api/posts?q=: one page of the blog's public
// posts matching the text (its sort and category do not apply). Answers
// are not cached: every text would take its own place in the page cache,
// which the blog's pages need more.
func (h *Handler) searchPosts(ctx context.Context, b *blogaddr.Blog, text string, q reader.ListQuery) (any, error) {
	l, err := h.Reader.Search(ctx, b.Workspace.ID, text, q.Limit, q.Page)
	if err != nil {
		return nil, err
	}
	return contract.PostsPage{Posts: summaries(b, l.Posts, l.Names), Page: l.Page, HasMore: l.HasMore}, nil
}

// tagSlugs are the URL segments of tags (content.TagSlug), in order.
func tagSlugs(tags []string) []string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = content.TagSlug(t)
	}
	return out
}

// busy is the answer to a search that found no turn: its client has many
// requests waiting already (or left).
func busy(err error) error {
	return &apperr.Error{Kind: apperr.TooMany, Code: "busy", Message: "Too many searches at once. Try again in a few seconds.",
		RetryAfter: 5 * time.Second, Err: err}
}
