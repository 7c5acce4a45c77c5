package store

import "context"

// SearchStore finds a blog's posts by the words a reader types. Tag lists
// are FindPost.Tag (the tag's URL segment) on ListPosts and CountPosts.
type SearchStore interface {
	// SearchPosts lists the posts whose title, excerpt or tags hold every
	// term, among those f's WorkspaceID, Status and PublishedBefore allow
	// (its other filters and Order do not apply; Limit and Offset page):
	// posts with every term in their title first, then newest first. Terms
	// are words (content.SearchTerms); one of two or more characters also
	// matches the words it begins. No terms match nothing.
	SearchPosts(ctx context.Context, f FindPost, terms []string) ([]*Post, error)
}
