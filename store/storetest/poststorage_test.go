package storetest

import (
	"errors"
	"testing"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

func TestPostStorageCountsPostsAndRevisions(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		p := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "Tï", Slug: "t", Content: "<p>body</p>",
			ContentHTML: "<p>body</p>", SaveRevision: true}
		if err := s.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		// Bytes, not characters: "Tï" is 3.
		want := int64(3+11+11) + int64(3+11)
		if got, err := s.PostStorage(ctx, ws.ID); err != nil || got != want {
			t.Fatalf("storage = %d, %v; want %d", got, err, want)
		}
		// A cap the write would pass refuses it, and nothing changes.
		p.Content, p.ContentHTML, p.StorageCap = "<p>a longer body</p>", "<p>a longer body</p>", want+10
		if err := s.UpdatePost(ctx, p); !errors.Is(err, store.ErrStorageFull) {
			t.Fatalf("update past the cap: %v", err)
		}
		if got, _ := s.PostStorage(ctx, ws.ID); got != want {
			t.Fatalf("after the refusal: storage = %d, want %d", got, want)
		}
		got, err := s.GetPost(ctx, store.FindPost{WorkspaceID: &ws.ID, ID: &p.ID})
		if err != nil || got.Content != "<p>body</p>" {
			t.Fatalf("post after the refusal: %+v, %v", got, err)
		}
		// Over the cap already, a write that shrinks passes.
		p.Content, p.ContentHTML, p.StorageCap, p.SaveRevision = "", "", 1, false
		if err := s.UpdatePost(ctx, p); err != nil {
			t.Fatalf("a shrinking write: %v", err)
		}
		if got, _ := s.PostStorage(ctx, ws.ID); got != 3+3+11 {
			t.Fatalf("after shrinking: storage = %d", got)
		}
	})
}
