package posts_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/storetest"
)

// paragraphs is about n bytes of HTML that sanitising leaves as it is.
func paragraphs(n int) string {
	const p = "<p>Plain words make a long but harmless post body.</p>"
	return strings.Repeat(p, n/len(p)+1)
}

// A post's HTML is capped on every write path: creating (what the AI and
// the demo content use) and editing.
func TestContentCap(t *testing.T) {
	ctx := context.Background()
	s := storetest.SQLite(t)
	ws, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: "W", Slug: "w", PlanTier: store.PlanProfessional,
		Settings: store.DefaultSettings(0, "W")})
	if err != nil {
		t.Fatal(err)
	}
	svc := posts.New(s, cache.New(time.Minute, 1<<20))
	tooLarge := func(t *testing.T, err error) {
		t.Helper()
		e := apperr.As(err)
		if e == nil || e.Kind != apperr.TooLarge || e.Code != "content_too_large" ||
			!strings.Contains(e.Message, "512 KB") {
			t.Fatalf("err = %v, want the content cap", err)
		}
	}
	for _, tc := range []struct {
		name string
		size int
		ok   bool
	}{
		{"well below the cap", 10_000, true},
		{"just below the cap", posts.MaxContentBytes - 100, true},
		{"above the cap", posts.MaxContentBytes + 1, false},
		{"far above the cap", 3 * posts.MaxContentBytes, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := paragraphs(tc.size)
			if tc.ok {
				body = body[:strings.LastIndex(body[:tc.size], "</p>")+4]
			}
			p := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "Create " + tc.name, Content: body,
				PublishedAt: time.Now()}
			err := svc.Create(ctx, p)
			if tc.ok {
				if err != nil {
					t.Fatalf("create: %v", err)
				}
			} else {
				tooLarge(t, err)
				if n, _ := s.CountPosts(ctx, store.FindPost{WorkspaceID: &ws.ID, Search: store.Ptr("Create " + tc.name)}); n != 0 {
					t.Fatal("an oversized post was stored")
				}
			}
			small := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "Edit " + tc.name, Content: "<p>short</p>",
				PublishedAt: time.Now()}
			if err := svc.Create(ctx, small); err != nil {
				t.Fatal(err)
			}
			_, err = svc.Update(ctx, ws.ID, small.ID, posts.Patch{Content: &body})
			if tc.ok {
				if err != nil {
					t.Fatalf("update: %v", err)
				}
				return
			}
			tooLarge(t, err)
			got, _ := svc.Get(ctx, ws.ID, small.ID)
			if got.Content != "<p>short</p>" {
				t.Fatal("an oversized edit was stored")
			}
		})
	}
}
