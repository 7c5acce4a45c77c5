package app_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/storetest"
)

// Two app instances on one database count views of the same post by 200
// different readers at the same time; after both shut down (flushing), no
// view is lost.
func TestTwoInstancesNeverLoseViews(t *testing.T) {
	for name, url := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "shared.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	} {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			proxy := apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1")
			a := apptest.Start(t, db, apptest.Env("INKPRESS_DEMO", "true"), proxy)
			b := apptest.Start(t, db, proxy)
			ws, err := a.Store.GetWorkspace(context.Background(), store.FindWorkspace{Slug: store.Ptr("site")})
			if err != nil {
				t.Fatal(err)
			}
			ps, _ := a.Store.ListPosts(context.Background(), store.FindPost{WorkspaceID: &ws.ID, Limit: 1})
			p := ps[0]
			path := "/" + p.Category + "/" + p.Slug
			var wg sync.WaitGroup
			for i, inst := range []*apptest.App{a, b} {
				for g := range 4 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						c := inst.Client(t)
						for n := range 25 {
							// A view counts once per reader (address) and hour.
							from := http.Header{"X-Forwarded-For": {fmt.Sprintf("10.%d.%d.%d", i, g, n)}}
							if r := c.Raw("GET", path, "", nil, from); r.StatusCode != 200 {
								t.Errorf("status %d", r.StatusCode)
							}
						}
					}()
				}
			}
			// Flush mid-way from one instance while the other keeps counting.
			_ = a.Views.Flush(context.Background())
			wg.Wait()
			// Close flushes what is pending (as a graceful shutdown does).
			if err := b.Views.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			if err := a.Views.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			got, err := a.Store.GetPost(context.Background(), store.FindPost{ID: &p.ID})
			if err != nil {
				t.Fatal(err)
			}
			if got.ViewCount != p.ViewCount+200 {
				t.Fatalf("views %d -> %d, want +200", p.ViewCount, got.ViewCount)
			}
		})
	}
}

// Close (called on graceful shutdown) flushes pending view counts.
func TestCloseFlushesViews(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "v.db")
	a := apptest.Start(t, db, apptest.Env("INKPRESS_DEMO", "true"))
	ws, _ := a.Store.GetWorkspace(context.Background(), store.FindWorkspace{Slug: store.Ptr("site")})
	ps, _ := a.Store.ListPosts(context.Background(), store.FindPost{WorkspaceID: &ws.ID, Limit: 1})
	a.Views.Add(ps[0].ID, "192.0.2.1", "reader one")
	a.Views.Add(ps[0].ID, "192.0.2.2", "reader two")
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b := apptest.Start(t, db)
	got, _ := b.Store.GetPost(context.Background(), store.FindPost{ID: &ps[0].ID})
	if got.ViewCount != ps[0].ViewCount+2 {
		t.Fatalf("views after close %d, want %d", got.ViewCount, ps[0].ViewCount+2)
	}
}

// An edit made through one instance shows up on another instance's cached
// page within a poll or two (not after the 30 s TTL).
func TestEditReachesOtherInstancesCaches(t *testing.T) {
	for name, url := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "shared.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	} {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			a := apptest.Start(t, db, apptest.Env("INKPRESS_DEMO", "true"))
			// Instances share what they store: the database, and on SQLite
			// the data directory (its stored pages).
			b := apptest.Start(t, db, apptest.Env("INKPRESS_DATA_DIR", a.Config.DataDir))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go b.Cache.Follow(ctx, b.Store, 50*time.Millisecond)
			ws, _ := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("site")})
			ps, _ := a.Store.ListPosts(ctx, store.FindPost{WorkspaceID: &ws.ID, Limit: 1})
			path := "/" + ps[0].Category + "/" + ps[0].Slug
			cb := b.Client(t)
			if r := cb.Get(path); r.StatusCode != 200 { // b caches the page
				t.Fatalf("status %d", r.StatusCode)
			}
			if _, err := a.Posts.Update(ctx, ws.ID, ps[0].ID, posts.Patch{Title: store.Ptr("Edited on instance A")}); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(5 * time.Second)
			for !strings.Contains(string(cb.Get(path).Body), "<title>Edited on instance A | InkPress</title>") {
				if time.Now().After(deadline) {
					t.Fatal("instance B still serves the old title after 5 s")
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
}
