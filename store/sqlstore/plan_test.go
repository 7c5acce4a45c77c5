package sqlstore

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Every reader query of a blog's posts searches an index that leads with the
// blog (workspace_id), whatever the other blogs hold: SQLite plans without
// statistics (nothing runs ANALYZE), from the schema alone, so an index that
// merely matches the status and the date would be taken, and a large
// platform's old blog would walk every blog's posts for a page.
func TestReaderQueriesSearchTheBlogsOwnIndex(t *testing.T) {
	d, err := Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "plan.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ws, now := int64(7), time.Now()
	public := func(f store.FindPost) store.FindPost {
		f.WorkspaceID, f.Status, f.PublishedBefore = &ws, store.Ptr(store.PostPublished), &now
		return f
	}
	cases := []struct {
		name string
		f    store.FindPost
	}{
		{"a blog's list", public(store.FindPost{Limit: 10, Light: true})},
		{"a page further", public(store.FindPost{Limit: 10, Offset: 40, Light: true})},
		{"a category's list", public(store.FindPost{Category: store.Ptr("news"), Limit: 10, Light: true})},
		{"related posts", public(store.FindPost{Category: store.Ptr("news"), ExcludeSlug: store.Ptr("a"), Limit: 3, Light: true})},
		{"a post", public(store.FindPost{Category: store.Ptr("news"), Slug: store.Ptr("a"), Limit: 1})},
		{"a tag's list", public(store.FindPost{Tag: store.Ptr("go"), Limit: 10, Light: true})},
		{"an author's list", public(store.FindPost{AuthorID: store.Ptr(int64(3)), Limit: 10, Light: true})},
		{"most read", public(store.FindPost{Order: store.OrderTrending, Limit: 4, Light: true})},
		{"a feed", public(store.FindPost{Limit: 50})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, args := listPostsSQL(c.f)
			plan := explain(t, d, q, args)
			if !strings.Contains(plan, "blog_posts USING") || !strings.Contains(plan, "(workspace_id=?") {
				t.Fatalf("the posts are not searched by the blog's index:\n%s\n%s", plan, q)
			}
		})
	}
}

// The scheduler's due posts keep an index of their own.
func TestDuePostsSearchTheScheduledIndex(t *testing.T) {
	d, err := Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "plan.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	plan := explain(t, d, `SELECT id FROM blog_posts WHERE status = 'scheduled' AND published_at <= $1`, []any{int64(1)})
	if !strings.Contains(plan, "blog_posts_scheduled") {
		t.Fatalf("due posts not found through their index:\n%s", plan)
	}
}

func explain(t *testing.T, d *DB, q string, args []any) string {
	t.Helper()
	rows, err := d.SQL().QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

// SQLite's wait for the write lock ends before the call's own deadline, so a
// caller is told the database is locked rather than seeing its call cancelled.
func TestLockWaitEndsBeforeTheDeadline(t *testing.T) {
	for _, tc := range []struct{ deadline, want time.Duration }{
		{15 * time.Second, 10 * time.Second}, // the product's default
		{2 * time.Minute, 115 * time.Second},
		{3 * time.Second, time.Second}, // never less than a second
	} {
		if got := lockWait(tc.deadline); got != tc.want {
			t.Errorf("lockWait(%v) = %v, want %v", tc.deadline, got, tc.want)
		}
	}
}
