package storetest

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

func TestMediaQuotaHoldsUnderConcurrency(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "q@x.io", "q")
		const quota, size, tries = 1000, 100, 30
		var wg sync.WaitGroup
		errs := make(chan error, tries)
		for i := range tries {
			wg.Go(func() {
				key := strconv.FormatInt(ws.ID, 10) + "/library/" + strconv.Itoa(i) + "-x.png"
				errs <- s.AddMediaFile(ctx, &store.MediaFile{Key: key, WorkspaceID: ws.ID, Size: size}, quota)
			})
		}
		wg.Wait()
		close(errs)
		ok := 0
		for err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, store.ErrLimit):
				t.Fatalf("add: %v", err)
			}
		}
		if used, _ := s.MediaBytes(ctx, ws.ID); ok != quota/size || used != quota {
			t.Fatalf("%d files, %d bytes; want exactly %d files filling the quota", ok, used, quota/size)
		}
		// No cap for -1; the same key twice is recorded once.
		f := &store.MediaFile{Key: strconv.FormatInt(ws.ID, 10) + "/covers/1-a.png", WorkspaceID: ws.ID, Size: 5}
		for range 2 {
			if err := s.AddMediaFile(ctx, f, -1); err != nil {
				t.Fatal(err)
			}
		}
		if used, _ := s.MediaBytes(ctx, ws.ID); used != quota+5 {
			t.Fatalf("used = %d", used)
		}
	})
}

func TestUnusedMediaFilesAndReferences(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "u@x.io", "u")
		_, other := signUp(t, s, "o@x.io", "o")
		k := func(ws *store.Workspace, name string) string {
			return strconv.FormatInt(ws.ID, 10) + "/featured/1-" + name + ".png"
		}
		old := time.Now().Add(-48 * time.Hour)
		for _, f := range []*store.MediaFile{
			{Key: k(ws, "cover"), WorkspaceID: ws.ID}, {Key: k(ws, "banner"), WorkspaceID: ws.ID},
			{Key: k(ws, "body"), WorkspaceID: ws.ID}, {Key: k(ws, "library"), WorkspaceID: ws.ID},
			{Key: k(ws, "scheduled"), WorkspaceID: ws.ID}, {Key: k(ws, "unused"), WorkspaceID: ws.ID},
			{Key: k(other, "cover"), WorkspaceID: other.ID}, // same name, another workspace, unused
		} {
			f.Size, f.CreatedAt = 10, old
			if err := s.AddMediaFile(ctx, f, -1); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.AddMediaFile(ctx, &store.MediaFile{Key: k(ws, "fresh"), WorkspaceID: ws.ID, Size: 1}, -1); err != nil {
			t.Fatal(err)
		}
		p := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "T", Slug: "t", CoverImageURL: k(ws, "cover"),
			Content: `<p><img src="/media/` + k(ws, "body") + `"></p>`, ContentHTML: "x",
			Banners: []store.Banner{{ImageURL: "https://cdn.example/b/" + k(ws, "banner"), LinkURL: "https://x.example/"}}}
		if err := s.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateMedia(ctx, &store.Media{WorkspaceID: ws.ID, FileName: "l.png", FileURL: k(ws, "library"), FileSize: 10,
			MimeType: "image/png"}, 40); err != nil {
			t.Fatal(err)
		}
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{{WorkspaceID: ws.ID, Category: "c", InputMode: "topic",
			GenerateAt: time.Now().Add(time.Hour), Frequency: store.FrequencyOnce, Status: store.PlanPending,
			Banners: []store.Banner{{ImageURL: "/media/" + k(ws, "scheduled")}}}}, 1000); err != nil {
			t.Fatal(err)
		}
		unused, err := s.UnusedMediaFiles(ctx, time.Now().Add(-24*time.Hour), 100)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, f := range unused {
			keys = append(keys, f.Key)
		}
		slices.Sort(keys)
		if want := []string{k(ws, "unused"), k(other, "cover")}; !slices.Equal(keys, slices.Sorted(slices.Values(want))) {
			t.Fatalf("unused = %v, want %v", keys, want)
		}
		if used, err := s.MediaFileUsed(ctx, ws.ID, k(ws, "cover")); err != nil || !used {
			t.Fatalf("cover used = %v, %v", used, err)
		}
		if used, _ := s.MediaFileUsed(ctx, other.ID, k(ws, "cover")); used {
			t.Fatal("another workspace's post counted as a use")
		}
		if got, err := s.PostMediaKeys(ctx, ws.ID, []int64{p.ID}); err != nil ||
			!slices.Equal(got, []string{k(ws, "cover"), "https://cdn.example/b/" + k(ws, "banner")}) {
			t.Fatalf("post keys = %v, %v", got, err)
		}
		if got, _ := s.PostMediaKeys(ctx, other.ID, []int64{p.ID}); len(got) != 0 {
			t.Fatalf("another workspace's post keys = %v", got)
		}
		if titles, err := s.PostsWithCover(ctx, ws.ID, k(ws, "cover"), 5); err != nil || !slices.Equal(titles, []string{"T"}) {
			t.Fatalf("posts with cover = %v, %v", titles, err)
		}
	})
}

// mapURLs is a store.MediaURLs that serves keys under a prefix.
type mapURLs struct{ prefix string }

func (m mapURLs) URL(stored string) string { return m.prefix + stored }
func (m mapURLs) Key(url string) string {
	if len(url) > len(m.prefix) && url[:len(m.prefix)] == m.prefix {
		return url[len(m.prefix):]
	}
	return url
}

func TestMediaKeysStoredURLsRendered(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "k@x.io", "k")
		key := strconv.FormatInt(ws.ID, 10) + "/covers/1-a.png"
		s.SetMediaURLs(mapURLs{"https://one.example/"})
		p := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "T", Slug: "t", Content: "x", ContentHTML: "x",
			CoverImageURL: "https://one.example/" + key}
		if err := s.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		if p.CoverImageURL != "https://one.example/"+key {
			t.Fatalf("create changed the caller's cover: %q", p.CoverImageURL)
		}
		var stored string
		if err := s.SQL().QueryRow(`SELECT cover_image_url FROM blog_posts WHERE id = $1`, p.ID).Scan(&stored); err != nil || stored != key {
			t.Fatalf("stored %q, %v", stored, err)
		}
		s.SetMediaURLs(mapURLs{"https://two.example/"})
		got, err := s.GetPost(ctx, store.FindPost{ID: &p.ID})
		if err != nil || got.CoverImageURL != "https://two.example/"+key {
			t.Fatalf("cover = %q, %v", got.CoverImageURL, err)
		}
		if err := s.UpdatePost(ctx, got); err != nil {
			t.Fatal(err)
		}
		if err := s.SQL().QueryRow(`SELECT cover_image_url FROM blog_posts WHERE id = $1`, p.ID).Scan(&stored); err != nil || stored != key {
			t.Fatalf("after update stored %q, %v", stored, err)
		}
		// Rows stored as URLs by an earlier version became keys in a
		// migration (TestUpgradeFromBaseline).
	})
}

func TestBannerURLsRewrite(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "bn@x.io", "bn")
		plain := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "Plain", Slug: "plain", Content: "x", ContentHTML: "x"}
		p := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "T", Slug: "t", Content: "<p>x</p>", ContentHTML: "old html",
			Banners: []store.Banner{{ImageURL: "https://old.example/a.png", LinkURL: "https://ads.example/", Text: "Buy"}}}
		for _, q := range []*store.Post{plain, p} {
			if err := s.CreatePost(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		list, err := s.PostBanners(ctx, 0, 10)
		if err != nil || len(list) != 1 || list[0].ID != p.ID || list[0].WorkspaceID != ws.ID || len(list[0].Banners) != 1 ||
			list[0].Banners[0].ImageURL != "https://old.example/a.png" {
			t.Fatalf("post banners = %+v, %v", list, err)
		}
		if list, _ := s.PostBanners(ctx, p.ID, 10); len(list) != 0 {
			t.Fatalf("after the last id: %+v", list)
		}
		before, _ := s.GetPost(ctx, store.FindPost{ID: &p.ID})
		upd := *before
		upd.Banners = []store.Banner{{ImageURL: "https://new.example/a.png", LinkURL: "https://ads.example/", Text: "Buy"}}
		upd.ContentHTML = "new html"
		if ok, err := s.SetPostBanners(ctx, &upd, "stale html"); err != nil || ok {
			t.Fatalf("guarded write = %v, %v", ok, err)
		}
		if ok, err := s.SetPostBanners(ctx, &upd, "old html"); err != nil || !ok {
			t.Fatalf("write = %v, %v", ok, err)
		}
		got, _ := s.GetPost(ctx, store.FindPost{ID: &p.ID})
		if got.ContentHTML != "new html" || got.Banners[0].ImageURL != "https://new.example/a.png" || !got.UpdatedAt.Equal(before.UpdatedAt) {
			t.Fatalf("after = %+v", got)
		}

		item := scheduledItem(ws.ID, "x", t0)
		item.Banners = []store.Banner{{ImageURL: "https://old.example/b.png", LinkURL: "https://ads.example/1"},
			{ImageURL: "https://elsewhere.example/c.png", LinkURL: "https://ads.example/2"}}
		if err := s.CreatePlanned(ctx, []*store.PlannedPost{item, scheduledItem(ws.ID, "none", t0)}, 0); err != nil {
			t.Fatal(err)
		}
		to := func(wsID int64, url string) (string, bool) {
			rest, ok := strings.CutPrefix(url, "https://old.example/")
			return "https://new.example/" + rest, ok && wsID == ws.ID
		}
		if n, err := s.RewritePlannedBanners(ctx, to); err != nil || n != 1 {
			t.Fatalf("rewrote %d, %v", n, err)
		}
		if n, _ := s.RewritePlannedBanners(ctx, to); n != 0 {
			t.Fatalf("rewrite is not idempotent: %d", n)
		}
		sp, err := s.GetPlanned(ctx, ws.ID, item.ID)
		if err != nil || len(sp.Banners) != 2 || sp.Banners[0].ImageURL != "https://new.example/b.png" ||
			sp.Banners[1].ImageURL != "https://elsewhere.example/c.png" || sp.Banners[1].LinkURL != "https://ads.example/2" {
			t.Fatalf("scheduled = %+v, %v", sp, err)
		}
	})
}

func TestMediaKeepsAltText(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "alt@x.io", "alt")
		m := &store.Media{WorkspaceID: ws.ID, FileName: "chart.png", FileURL: strconv.FormatInt(ws.ID, 10) + "/library/1-chart.png",
			FileSize: 10, MimeType: "image/png", Alt: "Sales by month, rising"}
		if err := s.CreateMedia(ctx, m, 40); err != nil {
			t.Fatal(err)
		}
		got, err := s.GetMedia(ctx, ws.ID, m.ID)
		if err != nil || got.Alt != m.Alt {
			t.Fatalf("get: alt %q, %v", got.Alt, err)
		}
		list, err := s.ListMedia(ctx, ws.ID)
		if err != nil || len(list) != 1 || list[0].Alt != m.Alt {
			t.Fatalf("list: %+v, %v", list, err)
		}
	})
}
