package views_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/storetest"
)

// sitePosts returns the page paths, API paths and ids of n demo posts.
func sitePosts(t *testing.T, a *apptest.App, n int) (pages, apis []string, ids []int64) {
	t.Helper()
	ctx := context.Background()
	ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("site")})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := a.Store.ListPosts(ctx, store.FindPost{WorkspaceID: &ws.ID, Limit: n})
	if err != nil || len(ps) < n {
		t.Fatalf("posts: %d, %v", len(ps), err)
	}
	for _, p := range ps {
		pages = append(pages, "/"+p.Category+"/"+p.Slug)
		apis = append(apis, "/api/posts/"+p.Category+"/"+p.Slug+"?view=1")
		ids = append(ids, p.ID)
	}
	return pages, apis, ids
}

func views(t *testing.T, a *apptest.App, id int64) int64 {
	t.Helper()
	if err := a.Views.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	p, err := a.Store.GetPost(context.Background(), store.FindPost{ID: &id})
	if err != nil {
		t.Fatal(err)
	}
	return p.ViewCount
}

// hammer sends n GETs of paths in turn from one client over 8 connections.
func hammer(t *testing.T, c *apptest.Client, paths []string, n int, header http.Header) {
	t.Helper()
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := w; i < n; i += 8 {
				h := header.Clone()
				if h == nil {
					h = http.Header{}
				}
				if r := c.Raw("GET", paths[i%len(paths)], "", nil, h); r.StatusCode != 200 {
					t.Errorf("GET %s: %d", paths[i%len(paths)], r.StatusCode)
				}
			}
		})
	}
	wg.Wait()
}

// A reader reloading a post (page or the app's ?view=1 request) 300 times
// adds one view (views_test.go counts 2,000 without HTTP), and so do 50
// reloads each with another user agent; three readers add three; twenty
// addresses of one IPv6 /64 are one reader.
func TestViewsCountOncePerVisitor(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		a := apptest.Start(t, dbURL, apptest.Env("INKPRESS_DEMO", "true"), apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1"))
		pages, apis, ids := sitePosts(t, a, 2)
		before0, before1 := views(t, a, ids[0]), views(t, a, ids[1])
		from := func(addr string) http.Header { return http.Header{"X-Forwarded-For": {addr}} }

		hammer(t, a.Client(t), []string{pages[0], apis[0]}, 300, from("203.0.113.9"))
		if got := views(t, a, ids[0]); got != before0+1 {
			t.Fatalf("300 views from one visitor: %d -> %d, want +1", before0, got)
		}
		for i := range 50 {
			h := from("203.0.113.9")
			h.Set("User-Agent", fmt.Sprintf("Mozilla/5.0 (X11; Linux x86_64) Firefox/%d.0", 100+i))
			hammer(t, a.Client(t), pages[0:1], 1, h)
		}
		if got := views(t, a, ids[0]); got != before0+1 {
			t.Fatalf("one visitor rotating 50 user agents: %d -> %d, want +1", before0, got)
		}

		for i := range 3 {
			hammer(t, a.Client(t), []string{pages[1], apis[1]}, 30, from(fmt.Sprintf("203.0.113.%d", 20+i)))
		}
		if got := views(t, a, ids[1]); got != before1+3 {
			t.Fatalf("views from 3 visitors: %d -> %d, want +3", before1, got)
		}
		for i := range 20 {
			hammer(t, a.Client(t), pages[1:2], 1, from(fmt.Sprintf("2001:db8:5:6::%x", i+1)))
		}
		if got := views(t, a, ids[1]); got != before1+4 {
			t.Fatalf("20 addresses of one /64: %d -> %d, want +4", before1, got)
		}
	})
}

// A forged X-Forwarded-For (no trusted proxy) does not make a reader new.
func TestForgedForwardingCountsOnce(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_DEMO", "true"))
	pages, _, ids := sitePosts(t, a, 1)
	before := views(t, a, ids[0])
	forged := a.Client(t)
	for i := range 20 {
		hammer(t, forged, pages, 1, http.Header{"X-Forwarded-For": {fmt.Sprintf("10.9.8.%d", i)}})
	}
	if got := views(t, a, ids[0]); got != before+1 {
		t.Fatalf("forged forwarding addresses: %d -> %d, want +1", before, got)
	}
}

// Two instances on one database count a visitor once, whichever serves
// them and whichever flushes first.
func TestTwoInstancesCountAVisitorOnce(t *testing.T) {
	for name, url := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "shared.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	} {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			proxy := apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1")
			a := apptest.Start(t, db, apptest.Env("INKPRESS_DEMO", "true"), proxy)
			b := apptest.Start(t, db, proxy)
			pages, apis, ids := sitePosts(t, a, 1)
			before := views(t, a, ids[0])
			var wg sync.WaitGroup
			for _, inst := range []*apptest.App{a, b} {
				for v := range 3 {
					wg.Go(func() {
						hammer(t, inst.Client(t), []string{pages[0], apis[0]}, 40,
							http.Header{"X-Forwarded-For": {fmt.Sprintf("198.51.100.%d", v)}})
					})
				}
			}
			// Flush mid-way from one instance while the other keeps counting.
			_ = a.Views.Flush(context.Background())
			wg.Wait()
			for _, inst := range []*apptest.App{b, a} {
				if err := inst.Views.Flush(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			if got := views(t, a, ids[0]); got != before+3 {
				t.Fatalf("3 visitors through two instances: %d -> %d, want +3", before, got)
			}
		})
	}
}
