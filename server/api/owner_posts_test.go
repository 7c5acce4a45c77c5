package api_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/inkpress/inkpress/internal/app/apptest"
	"github.com/inkpress/inkpress/store"
)

type ownerPosts struct {
	Posts []struct {
		ID       int64  `json:"id"`
		Title    string `json:"title"`
		Category string `json:"category"`
		URL      string `json:"url"`
	} `json:"posts"`
	Total int `json:"total"`
}

func TestOwnerPostsListSearchFilterAndPages(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("List Owner", "list@example.com", "tech", "food")
		for i, title := range []string{"Keto Bread Basics", "Fast Laptops", "Bread Without Flour", "Home Office Tech"} {
			cat := "food"
			if i%2 == 1 {
				cat = "tech"
			}
			if err := e.gen.Posts.Create(context.Background(), &store.Post{WorkspaceID: c.ws.ID, Category: cat, Title: title,
				Content: "<p>Body of " + title + "</p>"}); err != nil {
				t.Fatal(err)
			}
		}
		var got ownerPosts
		c.mustJSON(http.MethodGet, "/api/workspace/posts", nil, http.StatusOK, &got)
		if got.Total != 4 || len(got.Posts) != 4 || got.Posts[0].Title != "Home Office Tech" {
			t.Fatalf("all = %+v", got)
		}
		c.mustJSON(http.MethodGet, "/api/workspace/posts?search=BREAD", nil, http.StatusOK, &got)
		if got.Total != 2 || len(got.Posts) != 2 {
			t.Fatalf("search = %+v", got)
		}
		c.mustJSON(http.MethodGet, "/api/workspace/posts?category=tech&search=laptop", nil, http.StatusOK, &got)
		if got.Total != 1 || got.Posts[0].Title != "Fast Laptops" || got.Posts[0].URL != "/blog/"+c.ws.Slug+"/tech/fast-laptops" {
			t.Fatalf("category+search = %+v", got)
		}
		c.mustJSON(http.MethodGet, "/api/workspace/posts?page=2&limit=3", nil, http.StatusOK, &got)
		if got.Total != 4 || len(got.Posts) != 1 {
			t.Fatalf("page 2 = %+v", got)
		}
		c.mustFail(http.MethodGet, "/api/workspace/posts?page=0", nil, http.StatusBadRequest, "invalid_parameter")
		anon := e.client()
		anon.mustFail(http.MethodGet, "/api/workspace/posts", nil, http.StatusUnauthorized, "not_authenticated")
	})
}

// Another workspace's post ids are not found, and nothing changes.
func TestOwnerPostsRefuseOtherWorkspaces(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		a := e.owner("Alice Owner", "alice@example.com", "tech")
		b := e.owner("Bob Owner", "bob@example.com", "tech")
		var ids []int64
		for i := range 3 {
			var out generated
			a.mustJSON(http.MethodPost, "/api/workspace/posts/generate", genReq("tech", fmt.Sprint("Alice topic ", i)), http.StatusCreated, &out)
			ids = append(ids, out.Post.ID)
		}
		before, _ := s.GetPost(context.Background(), store.FindPost{ID: &ids[0]})
		path := fmt.Sprintf("/api/workspace/posts/%d", ids[0])
		b.mustFail(http.MethodGet, path, nil, http.StatusNotFound, "post_not_found")
		b.mustFail(http.MethodPatch, path, map[string]any{"title": "Hijacked"}, http.StatusNotFound, "post_not_found")
		b.mustFail(http.MethodDelete, path, nil, http.StatusNotFound, "post_not_found")
		var del struct {
			Deleted int `json:"deleted"`
		}
		b.mustJSON(http.MethodPost, "/api/workspace/posts/bulk-delete", map[string]any{"ids": ids}, http.StatusOK, &del)
		if del.Deleted != 0 {
			t.Fatalf("bob deleted %d of alice's posts", del.Deleted)
		}
		after, _ := s.GetPost(context.Background(), store.FindPost{ID: &ids[0]})
		if a.postCount() != 3 || after.Title != before.Title || after.Content != before.Content || !after.UpdatedAt.Equal(before.UpdatedAt) {
			t.Fatalf("alice's posts changed: %d posts, %q", a.postCount(), after.Title)
		}
		b.mustFail(http.MethodGet, "/api/workspace/posts/abc", nil, http.StatusNotFound, "post_not_found")

		// The owner can do all of it.
		var got generated
		a.mustJSON(http.MethodGet, path, nil, http.StatusOK, &got)
		if got.Post.RawContent == "" || got.Post.ID != ids[0] {
			t.Fatalf("owner get = %+v", got.Post)
		}
		a.mustJSON(http.MethodDelete, path, nil, http.StatusNoContent, nil)
		a.mustJSON(http.MethodPost, "/api/workspace/posts/bulk-delete", map[string]any{"ids": ids}, http.StatusOK, &del)
		if del.Deleted != 2 || a.postCount() != 0 {
			t.Fatalf("bulk delete = %d, left %d", del.Deleted, a.postCount())
		}
		many := make([]int64, 101)
		a.mustFail(http.MethodPost, "/api/workspace/posts/bulk-delete", map[string]any{"ids": many}, http.StatusBadRequest, "validation")
	})
}
