package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
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
			a.mustGenerate(genReq("tech", fmt.Sprint("Alice topic ", i)), &out)
			ids = append(ids, out.Post.ID)
		}
		before, _ := s.GetPost(context.Background(), store.FindPost{ID: &ids[0]})
		path := fmt.Sprintf("/api/workspace/posts/%d", ids[0])
		apptest.RunScenarios(t, b.scenarioClient(), []apptest.Scenario{
			{Name: "get", Method: http.MethodGet, URL: path, ExpectedStatus: http.StatusNotFound, ExpectedCode: "post_not_found"},
			{Name: "patch", Method: http.MethodPatch, URL: path, Body: map[string]any{"title": "Hijacked"},
				ExpectedStatus: http.StatusNotFound, ExpectedCode: "post_not_found"},
			{Name: "delete", Method: http.MethodDelete, URL: path, ExpectedStatus: http.StatusNotFound, ExpectedCode: "post_not_found"},
			{Name: "bulk delete counts none", Method: http.MethodPost, URL: "/api/workspace/posts/bulk-delete", Body: map[string]any{"ids": ids},
				ExpectedStatus: http.StatusOK, ExpectedContent: []string{`{"deleted":0}`}},
			{Name: "unusable id", Method: http.MethodGet, URL: "/api/workspace/posts/abc", ExpectedStatus: http.StatusNotFound, ExpectedCode: "post_not_found"},
		})
		var del struct {
			Deleted int `json:"deleted"`
		}
		after, _ := s.GetPost(context.Background(), store.FindPost{ID: &ids[0]})
		if a.postCount() != 3 || after.Title != before.Title || after.Content != before.Content || !after.UpdatedAt.Equal(before.UpdatedAt) {
			t.Fatalf("alice's posts changed: %d posts, %q", a.postCount(), after.Title)
		}

		// The owner can do all of it.
		var got generated
		a.mustJSON(http.MethodGet, path, nil, http.StatusOK, &got)
		if got.Post.RawContent == "" || got.Post.ID != ids[0] {
			t.Fatalf("owner get = %+v", got.Post)
		}
		long := strings.Repeat("a", 201)
		apptest.RunScenarios(t, a.scenarioClient(), []apptest.Scenario{
			{Name: "title too long", Method: http.MethodPatch, URL: path, Body: map[string]any{"title": long},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation", ExpectedContent: []string{"The title must be at most 200 characters"}},
			{Name: "too many tags", Method: http.MethodPatch, URL: path, Body: map[string]any{"tags": make([]string, 51)},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation", ExpectedContent: []string{"Send at most 50 tags"}},
			{Name: "tag too long", Method: http.MethodPatch, URL: path, Body: map[string]any{"tags": []string{long}},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation", ExpectedContent: []string{"Each tag must be at most 200 characters"}},
			{Name: "blank title", Method: http.MethodPatch, URL: path, Body: map[string]any{"title": " "},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation", ExpectedContent: []string{"Title is required"}},
			{Name: "empty body", Method: http.MethodPatch, URL: path, Body: map[string]any{"content": "<p> </p>"},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation", ExpectedContent: []string{"Content is required"}},
			{Name: "delete", Method: http.MethodDelete, URL: path, ExpectedStatus: http.StatusNoContent},
		})
		a.mustJSON(http.MethodPost, "/api/workspace/posts/bulk-delete", map[string]any{"ids": ids}, http.StatusOK, &del)
		if del.Deleted != 2 || a.postCount() != 0 {
			t.Fatalf("bulk delete = %d, left %d", del.Deleted, a.postCount())
		}
		many := make([]int64, 101)
		a.mustFail(http.MethodPost, "/api/workspace/posts/bulk-delete", map[string]any{"ids": many}, http.StatusBadRequest, "validation")
	})
}
