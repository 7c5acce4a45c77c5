package app

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/storetest"
)

// Banner images move to the storage's URLs at the first start, and again
// only after those URLs changed: a start with the same storage reads the
// recorded URL and rewrites nothing.
func TestFollowMediaURLsRunsOncePerConfiguration(t *testing.T) {
	ctx := context.Background()
	db := storetest.SQLite(t)
	ws, err := db.CreateWorkspace(ctx, store.CreateWorkspace{Name: "B", Slug: "b", PlanTier: store.PlanAdmin})
	if err != nil {
		t.Fatal(err)
	}
	key := strconv.FormatInt(ws.ID, 10) + "/library/1700000000000-ab12cd34-deal.png"
	p := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "T", Slug: "t", Content: "<p>a</p><p>b</p><p>c</p><p>d</p>",
		Banners: []store.Banner{{ImageURL: "https://old-cdn.example/b/" + key, LinkURL: "https://deal.example/", Text: "Deal"}}}
	posts.Derive(p)
	if err := db.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	ps := &posts.Service{Store: db, Cache: cache.New(time.Minute, 1<<20)}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	start := func(prefix string) {
		t.Helper()
		local, err := media.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		local.URLPrefix = prefix
		if err := followMediaURLs(ctx, db, ps, media.NewFiles(db, local), logger); err != nil {
			t.Fatal(err)
		}
	}
	banner := func() (string, string) {
		t.Helper()
		got, err := db.GetPost(ctx, store.FindPost{ID: &p.ID})
		if err != nil {
			t.Fatal(err)
		}
		return got.Banners[0].ImageURL, got.ContentHTML
	}

	start("/media/")
	if url, html := banner(); url != "/media/"+key || !strings.Contains(html, `src="/media/`+key+`"`) {
		t.Fatalf("first start: banner %q, html %q", url, html)
	}
	if v, err := db.State(ctx, stateMediaURL); err != nil || v != "/media/"+probeKey {
		t.Fatalf("recorded %q, %v", v, err)
	}
	// A row put back to an old URL behind the server's back stays so while
	// the storage's URLs do not change: nothing is scanned.
	if _, err := db.SQL().Exec(`UPDATE blog_posts SET banners = replace(banners, '/media/', 'https://old-cdn.example/b/')`); err != nil {
		t.Fatal(err)
	}
	start("/media/")
	if url, _ := banner(); url != "https://old-cdn.example/b/"+key {
		t.Fatalf("a start with the same storage rewrote the banner: %q", url)
	}
	start("https://cdn.example/m/")
	if url, html := banner(); url != "https://cdn.example/m/"+key || !strings.Contains(html, `src="https://cdn.example/m/`+key+`"`) {
		t.Fatalf("after the change: banner %q, html %q", url, html)
	}
}
