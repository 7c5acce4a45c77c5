package storetest

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// Two deletes moving posts into each other's category at once: one wins,
// the other is refused, and every post ends in a category that exists.
func TestCategoryDeletesNeverStrandPosts(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "d@x.io", "deletes")
		ids := map[string]int64{}
		for _, slug := range []string{"a", "b"} {
			c := &store.Category{WorkspaceID: ws.ID, Name: slug, Slug: slug}
			if err := s.CreateCategory(ctx, c); err != nil {
				t.Fatal(err)
			}
			ids[slug] = c.ID
			p := &store.Post{WorkspaceID: ws.ID, Category: slug, Title: slug, Slug: "post-" + slug, Content: "<p>x</p>",
				ContentHTML: "<p>x</p>", Status: store.PostPublished, PublishedAt: time.Now(), UpdatedAt: time.Now()}
			if err := s.CreatePost(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.DeleteCategory(ctx, ws.ID, ids["a"], ""); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("delete with posts and no target: %v", err)
		}
		if _, err := s.DeleteCategory(ctx, ws.ID, ids["a"], "a"); !errors.Is(err, store.ErrInvalidTarget) {
			t.Fatalf("delete into itself: %v", err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		wg.Go(func() { _, errs[0] = s.DeleteCategory(ctx, ws.ID, ids["a"], "b") })
		wg.Go(func() { _, errs[1] = s.DeleteCategory(ctx, ws.ID, ids["b"], "a") })
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, store.ErrInvalidTarget):
				t.Errorf("losing delete: %v", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d deletes passed (%v), want 1", won, errs)
		}
		cats, err := s.ListCategories(ctx, ws.ID)
		if err != nil || len(cats) != 1 {
			t.Fatalf("categories left: %d, %v", len(cats), err)
		}
		ps, err := s.ListPosts(ctx, store.FindPost{WorkspaceID: &ws.ID})
		if err != nil || len(ps) != 2 {
			t.Fatalf("posts: %d, %v", len(ps), err)
		}
		for _, p := range ps {
			if p.Category != cats[0].Slug {
				t.Errorf("%s is in %q, which is gone", p.Title, p.Category)
			}
		}
	})
}
