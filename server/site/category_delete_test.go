package site_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// TestDeletingACategoryMovesItsPosts: a category with posts is deleted only
// when the request names where its posts go; they move there in one step
// (drafts and planned posts too), their old addresses answer 301 to the new
// ones, the stored pages follow, and a refused delete changes nothing.
func TestDeletingACategoryMovesItsPosts(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		c := a.Client(t)
		c.SignUp("Nina Park", "nina@example.com", "secret123")
		u, err := a.Store.GetUserByEmail(ctx, "nina@example.com")
		if err != nil {
			t.Fatal(err)
		}
		ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
		if err != nil {
			t.Fatal(err)
		}
		cats := map[string]*store.Category{}
		for _, slug := range []string{"keto", "fitness", "empty", "later"} {
			cat := &store.Category{WorkspaceID: ws.ID, Name: strings.ToUpper(slug[:1]) + slug[1:], Slug: slug}
			if err := a.Store.CreateCategory(ctx, cat); err != nil {
				t.Fatal(err)
			}
			cats[slug] = cat
		}
		other, otherPost := otherBlog(t, a) // its own "keto": never a target here
		live := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Fat first", Content: "<p>Why fat comes first.</p>"}
		draft := &store.Post{WorkspaceID: ws.ID, Category: "keto", Title: "Later", Content: "<p>Later.</p>", Status: store.PostDraft}
		for _, p := range []*store.Post{live, draft} {
			if err := a.Posts.Create(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		planned := &store.PlannedPost{WorkspaceID: ws.ID, Category: "keto", Topic: "Keto snacks", InputMode: "topic",
			GenerateAt: time.Now().Add(24 * time.Hour), Frequency: "once", Status: "pending"}
		later := &store.PlannedPost{WorkspaceID: ws.ID, Category: "later", Topic: "Rest days", InputMode: "topic",
			GenerateAt: time.Now().Add(48 * time.Hour), Frequency: "weekly", Status: "pending"}
		if err := a.Store.CreatePlanned(ctx, []*store.PlannedPost{planned, later}, 0); err != nil {
			t.Fatal(err)
		}
		// The owner's list says what each category holds.
		var list contract.CategoriesResponse
		c.Get("/api/workspace/categories").JSON(t, &list)
		for _, cat := range list.Categories {
			want := map[string][2]int{"keto": {2, 1}, "later": {0, 1}}[cat.Slug]
			if [2]int{cat.PostCount, cat.PlannedCount} != want {
				t.Errorf("%s: %d posts, %d planned, want %v", cat.Slug, cat.PostCount, cat.PlannedCount, want)
			}
		}
		blog := "/blog/" + ws.Slug
		// Readers' pages, rendered and stored before the delete.
		for _, path := range []string{blog + "/keto/" + live.Slug, blog + "/keto", blog, blog + "/empty"} {
			if r := c.Get(path); r.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d", path, r.StatusCode)
			}
		}
		del := func(cat *store.Category, moveTo string) *apptest.Response {
			path := "/api/workspace/categories/" + strconv.FormatInt(cat.ID, 10)
			if moveTo != "" {
				path += "?moveTo=" + url.QueryEscape(moveTo)
			}
			return c.Do(http.MethodDelete, path, nil)
		}
		for _, tc := range []struct{ moveTo, code string }{
			{"", "move_to_required"},
			{"keto", "invalid_move_to"},     // itself
			{"nope", "invalid_move_to"},     // no such category
			{"Fitness!", "invalid_move_to"}, // not a slug
			{other.Slug, "invalid_move_to"}, // a slug of nothing here
		} {
			if r := del(cats["keto"], tc.moveTo); r.StatusCode != http.StatusBadRequest || r.ErrorCode() != tc.code {
				t.Errorf("delete keto moving to %q: %d %s, want 400 %s", tc.moveTo, r.StatusCode, r.Body, tc.code)
			}
		}
		if _, err := a.Store.GetCategory(ctx, ws.ID, "keto"); err != nil {
			t.Fatalf("a refused delete removed the category: %v", err)
		}
		if p, _ := a.Store.GetPost(ctx, store.FindPost{ID: &live.ID}); p.Category != "keto" {
			t.Fatalf("a refused delete moved the post to %q", p.Category)
		}
		if r := c.Get(blog + "/keto/" + live.Slug); r.StatusCode != http.StatusOK {
			t.Fatalf("post after a refused delete: %d", r.StatusCode)
		}

		// Another blog's category is out of reach, whatever the target.
		theirs, err := a.Store.GetCategory(ctx, other.ID, "keto")
		if err != nil {
			t.Fatal(err)
		}
		if r := del(theirs, "fitness"); r.StatusCode != http.StatusNotFound {
			t.Errorf("other blog's category: %d", r.StatusCode)
		}

		if r := del(cats["keto"], "fitness"); r.StatusCode != http.StatusNoContent {
			t.Fatalf("delete keto to fitness: %d %s", r.StatusCode, r.Body)
		}
		for _, p := range []*store.Post{live, draft} {
			if got, _ := a.Store.GetPost(ctx, store.FindPost{ID: &p.ID}); got.Category != "fitness" {
				t.Errorf("%s is in %q, want fitness", p.Title, got.Category)
			}
		}
		if got, _ := a.Store.GetPlanned(ctx, ws.ID, planned.ID); got.Category != "fitness" {
			t.Errorf("planned post is in %q, want fitness", got.Category)
		}
		if r := c.Get(blog + "/fitness/" + live.Slug); r.StatusCode != http.StatusOK || !strings.Contains(string(r.Body), "Fat first") {
			t.Errorf("post at its new address: %d", r.StatusCode)
		}
		if r := c.Get(blog + "/keto/" + live.Slug); r.StatusCode != http.StatusMovedPermanently ||
			r.Header.Get("Location") != blog+"/fitness/"+live.Slug {
			t.Errorf("old address: %d to %q, want 301 to the new one", r.StatusCode, r.Header.Get("Location"))
		}
		if r := c.Get(blog + "/keto"); r.StatusCode != http.StatusNotFound {
			t.Errorf("deleted category's page: %d", r.StatusCode)
		}
		if r := c.Get(blog + "/fitness"); !strings.Contains(string(r.Body), "Fat first") {
			t.Error("the target category's page does not list the moved post")
		}
		// Planned posts alone need a target too, and move with the category.
		if r := del(cats["later"], ""); r.StatusCode != http.StatusBadRequest || r.ErrorCode() != "move_to_required" {
			t.Errorf("delete a category of planned posts without a target: %d %s", r.StatusCode, r.Body)
		}
		if r := del(cats["later"], "fitness"); r.StatusCode != http.StatusNoContent {
			t.Errorf("delete later to fitness: %d %s", r.StatusCode, r.Body)
		}
		if got, _ := a.Store.GetPlanned(ctx, ws.ID, later.ID); got.Category != "fitness" {
			t.Errorf("planned post is in %q, want fitness", got.Category)
		}
		// An empty category needs no target.
		if r := del(cats["empty"], ""); r.StatusCode != http.StatusNoContent {
			t.Errorf("delete empty: %d %s", r.StatusCode, r.Body)
		}
		if r := c.Get(blog + "/empty"); r.StatusCode != http.StatusNotFound {
			t.Errorf("deleted empty category's stored page: %d", r.StatusCode)
		}
		if p, _ := a.Store.GetPost(ctx, store.FindPost{ID: &otherPost.ID}); p.Category != "keto" {
			t.Errorf("another blog's post moved to %q", p.Category)
		}
	})
}
