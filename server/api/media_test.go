package api_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/media/s3/s3test"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/store"
)

// gpsJPEG is a 40x20 JPEG carrying an Exif block with orientation 6 and a
// GPS position, as phones write them.
func gpsJPEG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for y := range 20 {
		for x := range 40 {
			img.Set(x, y, color.RGBA{uint8(x * 6), 80, 160, 255})
		}
	}
	var enc bytes.Buffer
	if err := jpeg.Encode(&enc, img, nil); err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	var tiff bytes.Buffer
	w := func(v any) { _ = binary.Write(&tiff, le, v) }
	tiff.WriteString("II")
	w(uint16(42))
	w(uint32(8))
	w(uint16(2)) // IFD0: orientation, GPS pointer
	w([]uint16{0x0112, 3})
	w(uint32(1))
	w(uint32(6))
	w([]uint16{0x8825, 4})
	w(uint32(1))
	w(uint32(38))
	w(uint32(0))
	w(uint16(2)) // GPS IFD: latitude ref and latitude
	w([]uint16{1, 2})
	w(uint32(2))
	w(uint32('N'))
	w([]uint16{2, 5})
	w(uint32(3))
	w(uint32(68))
	w(uint32(0))
	w([]uint32{48, 1, 51, 1, 30, 1})
	app1 := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	var out bytes.Buffer
	out.Write(enc.Bytes()[:2])
	out.Write([]byte{0xFF, 0xE1})
	_ = binary.Write(&out, binary.BigEndian, uint16(len(app1)+2))
	out.Write(app1)
	out.Write(enc.Bytes()[2:])
	return out.Bytes()
}

// bombPNG is a 60-byte PNG whose header claims 30000 x 30000 pixels.
func bombPNG() []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, 30000)
	binary.BigEndian.PutUint32(ihdr[4:], 30000)
	ihdr[8], ihdr[9] = 8, 6
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

type uploaded struct {
	URL      string `json:"url"`
	MimeType string `json:"mimeType"`
	Size     int    `json:"size"`
}

type libraryItem struct {
	Item struct {
		ID       int64  `json:"id"`
		FileName string `json:"fileName"`
		FileURL  string `json:"fileUrl"`
		FileSize int64  `json:"fileSize"`
	} `json:"item"`
}

func (c *ownerClient) addToLibrary(name string, data []byte) libraryItem {
	c.t.Helper()
	status, raw := c.upload("/api/workspace/media", name, data, nil)
	var it libraryItem
	if status != http.StatusCreated || json.Unmarshal(raw, &it) != nil {
		c.t.Fatalf("library upload = %d %s", status, raw)
	}
	return it
}

func TestUploadsAreStoredWithoutMetadataUprightAndBounded(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.signUp("Exif Owner", "exif@example.com")
		in := gpsJPEG(t)
		for _, path := range []string{"/api/workspace/uploads", "/api/workspace/media"} {
			status, raw := c.upload(path, "IMG_0001.jpg", in, nil)
			if status != http.StatusCreated {
				t.Fatalf("%s = %d %s", path, status, raw)
			}
			var up uploaded
			var it libraryItem
			_ = json.Unmarshal(raw, &up)
			_ = json.Unmarshal(raw, &it)
			url := up.URL + it.Item.FileURL
			stored, err := os.ReadFile(filepath.Join(e.mediaDir, strings.TrimPrefix(url, "/media/")))
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if bytes.Contains(stored, []byte("Exif")) || bytes.Contains(stored, []byte{0xFF, 0xE1}) {
				t.Fatalf("%s: the stored file keeps its Exif (GPS) block", path)
			}
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(stored))
			if err != nil || cfg.Width != 20 || cfg.Height != 40 {
				t.Fatalf("%s: stored %dx%d (%v), want the upright 20x40", path, cfg.Width, cfg.Height, err)
			}
		}
		before := c.storedFiles()
		for _, path := range []string{"/api/workspace/uploads", "/api/workspace/media"} {
			status, raw := c.upload(path, "bomb.png", bombPNG(), nil)
			var e apiErr
			_ = json.Unmarshal(raw, &e)
			if status != http.StatusRequestEntityTooLarge || e.Error.Code != "image_too_large" ||
				!strings.Contains(e.Error.Message, "12000 pixels on a side") {
				t.Fatalf("%s: 30000x30000 PNG = %d %s", path, status, raw)
			}
		}
		if n := c.storedFiles(); n != before {
			t.Fatalf("refused images stored files: %d, before %d", n, before)
		}
		it := c.addToLibrary("invoice\u202egpj.png", pngBytes(t))
		if it.Item.FileName != "invoicegpj.png" {
			t.Fatalf("file name = %q", it.Item.FileName)
		}
	})
}

func TestStorageQuotaByPlan(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.signUp("Quota Owner", "quota@example.com")
		ctx := context.Background()
		// Fill the starter plan's 200 MiB but for a few bytes.
		used, _ := e.store.MediaBytes(ctx, c.ws.ID)
		if err := e.store.AddMediaFile(ctx, &store.MediaFile{Key: itoa(c.ws.ID) + "/library/1-filler.png", WorkspaceID: c.ws.ID,
			Size: 200<<20 - used - 10}, -1); err != nil {
			t.Fatal(err)
		}
		before := c.storedFiles()
		for _, path := range []string{"/api/workspace/uploads", "/api/workspace/media"} {
			status, raw := c.upload(path, "x.png", pngBytes(t), nil)
			var e apiErr
			_ = json.Unmarshal(raw, &e)
			if status != http.StatusPaymentRequired || e.Error.Code != "storage_full" || !strings.Contains(e.Error.Message, "200 MB") {
				t.Fatalf("%s over quota = %d %s", path, status, raw)
			}
		}
		if n := c.storedFiles(); n != before {
			t.Fatalf("refused uploads stored files")
		}
		// Deleting frees room.
		if err := e.store.DeleteMediaFile(ctx, itoa(c.ws.ID)+"/library/1-filler.png"); err != nil {
			t.Fatal(err)
		}
		c.uploadImage("featured")
		if n, _ := e.store.MediaBytes(ctx, c.ws.ID); n <= 0 || n > 10000 {
			t.Fatalf("bytes used = %d", n)
		}
	})
}

func TestUnusedFilesAreSwept(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Sweep Owner", "sweep@example.com", "news")
		ctx := context.Background()
		files := e.app.Files
		stale := c.uploadImage("featured") // never used
		used := c.uploadImage("featured")  // becomes a cover
		banner := c.uploadImage("banner")  // becomes a banner
		lib := c.addToLibrary("kept.png", pngBytes(t))
		req := genReq("news", "Swept topic")
		req["imageMode"], req["imageUrl"] = "upload", used
		req["banners"] = []map[string]string{{"imageUrl": banner, "linkUrl": "https://ads.example/"}}
		c.mustGenerate(req, nil)
		// Written just before a crash: a file without a row, and a partial file.
		crashed := filepath.Join(e.mediaDir, itoa(c.ws.ID), "covers", "1700000000000-crashed.png")
		_ = os.MkdirAll(filepath.Dir(crashed), 0o755)
		for _, p := range []string{crashed, crashed + ".tmp"} {
			if err := os.WriteFile(p, pngBytes(t), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// Nothing is removed within the grace period.
		if n, err := files.Sweep(ctx, time.Now(), media.SweepGrace); err != nil || n != 0 {
			t.Fatalf("sweep within grace removed %d, %v", n, err)
		}
		old := time.Now().Add(-25 * time.Hour)
		for _, p := range []string{crashed, crashed + ".tmp"} {
			_ = os.Chtimes(p, old, old)
		}
		n, err := files.Sweep(ctx, time.Now().Add(25*time.Hour), media.SweepGrace)
		if err != nil || n != 3 {
			t.Fatalf("sweep removed %d, %v; want the stale upload, the crashed file and the partial one", n, err)
		}
		exists := func(url string) bool {
			_, err := os.Stat(filepath.Join(e.mediaDir, strings.TrimPrefix(url, "/media/")))
			return err == nil
		}
		if exists(stale) {
			t.Fatal("unused upload kept")
		}
		for _, p := range []string{crashed, crashed + ".tmp"} {
			if _, err := os.Stat(p); err == nil {
				t.Fatalf("%s kept", p)
			}
		}
		for _, url := range []string{used, banner, lib.Item.FileURL} {
			if !exists(url) {
				t.Fatalf("%s removed while in use", url)
			}
		}
		if n, _ := e.store.MediaBytes(ctx, c.ws.ID); n == 0 {
			t.Fatal("files in use no longer counted")
		}
	})
}

func TestDeletingPostsRemovesTheirOwnFiles(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Del Owner", "del@example.com", "news")
		exists := func(url string) bool {
			_, err := os.Stat(filepath.Join(e.mediaDir, strings.TrimPrefix(url, "/media/")))
			return err == nil
		}
		gen := func(mode string, set func(map[string]any)) generated {
			req := genReq("news", "Topic "+mode)
			req["imageMode"] = mode
			if set != nil {
				set(req)
			}
			var out generated
			c.mustGenerate(req, &out)
			return out
		}
		ai := gen("ai", nil)
		up := c.uploadImage("featured")
		uploadedPost := gen("upload", func(r map[string]any) { r["imageUrl"] = up })
		lib := c.addToLibrary("lib.png", pngBytes(t))
		libPost := gen("library", func(r map[string]any) { r["mediaId"] = lib.Item.ID })
		for _, p := range []generated{ai, uploadedPost, libPost} {
			if !exists(p.Post.CoverImageURL) {
				t.Fatalf("cover %q not stored", p.Post.CoverImageURL)
			}
		}
		c.mustJSON(http.MethodDelete, "/api/workspace/posts/"+itoa(ai.Post.ID), nil, http.StatusNoContent, nil)
		c.mustJSON(http.MethodPost, "/api/workspace/posts/bulk-delete", map[string]any{"ids": []int64{uploadedPost.Post.ID, libPost.Post.ID}},
			http.StatusOK, nil)
		if exists(ai.Post.CoverImageURL) || exists(up) {
			t.Fatal("a deleted post's own cover was kept")
		}
		if !exists(lib.Item.FileURL) {
			t.Fatal("a library image was removed with a post using it")
		}
	})
}

func TestDeletingALibraryImageUsedAsCoverIsRefused(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.owner("Cover Owner", "cover@example.com", "news")
		lib := c.addToLibrary("shared.png", pngBytes(t))
		var ids []int64
		for _, title := range []string{"Post A", "Post B"} {
			req := genReq("news", title)
			req["inputMode"], req["imageMode"], req["mediaId"] = "title", "library", lib.Item.ID
			var out generated
			c.mustGenerate(req, &out)
			ids = append(ids, out.Post.ID)
		}
		path := "/api/workspace/media/" + itoa(lib.Item.ID)
		msg := c.mustFail(http.MethodDelete, path, nil, http.StatusConflict, "media_in_use")
		if msg != "This image is the cover of \u201cPost B\u201d, \u201cPost A\u201d. Change their covers first." {
			t.Fatalf("message = %q", msg)
		}
		if _, err := os.Stat(filepath.Join(e.mediaDir, strings.TrimPrefix(lib.Item.FileURL, "/media/"))); err != nil {
			t.Fatal("refused delete removed the file")
		}
		c.mustJSON(http.MethodPost, "/api/workspace/posts/bulk-delete", map[string]any{"ids": ids}, http.StatusOK, nil)
		c.mustJSON(http.MethodDelete, path, nil, http.StatusNoContent, nil)
		if _, err := os.Stat(filepath.Join(e.mediaDir, strings.TrimPrefix(lib.Item.FileURL, "/media/"))); err == nil {
			t.Fatal("deleted library image kept its file")
		}
	})
}

func s3Env(f *s3test.Fake, bucket, public string) []apptest.Option {
	return []apptest.Option{apptest.Env("INKPRESS_S3_ENDPOINT", f.Endpoint), apptest.Env("INKPRESS_S3_BUCKET", bucket),
		apptest.Env("INKPRESS_S3_ACCESS_KEY", s3test.AccessKey), apptest.Env("INKPRESS_S3_SECRET_KEY", "secret"),
		apptest.Env("INKPRESS_S3_SSL", "false"), apptest.Env("INKPRESS_S3_PUBLIC_URL", public),
		apptest.Env("INKPRESS_BASE_URL", "http://blog.test")}
}

// TestS3PublicURLCanChange starts the app twice on one database with two
// public URLs: covers follow the new one, and deleting still deletes.
func TestS3PublicURLCanChange(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		if db == "" {
			db = "sqlite:" + filepath.Join(t.TempDir(), "shared.db")
		}
		f := s3test.New(t, "media")
		first := apptest.Start(t, db, s3Env(f, "media", "https://old-cdn.example/media")...)
		e := &ownerEnv{t: t, app: first, store: first.Store, auth: first.Auth, gen: first.Generator, srv: srvAt(first.URL)}
		c := e.owner("S3 Owner", "s3@example.com", "news")
		req := genReq("news", "Cover on S3")
		req["imageMode"] = "ai"
		var out generated
		c.mustGenerate(req, &out)
		key, ok := strings.CutPrefix(out.Post.CoverImageURL, "https://old-cdn.example/media/")
		if !ok {
			t.Fatalf("cover = %q", out.Post.CoverImageURL)
		}
		if _, ok := f.Object(key); !ok {
			t.Fatalf("cover %q not in the bucket", key)
		}
		// Rows stored as absolute URLs by an earlier version became keys in
		// migration 00020 (store/storetest: TestUpgradeFromBaseline).

		second := apptest.Start(t, db, s3Env(f, "media", "https://new-cdn.example/files/")...)
		e2 := &ownerEnv{t: t, app: second, store: second.Store, auth: second.Auth, gen: second.Generator, srv: srvAt(second.URL)}
		c2 := e2.client()
		c2.mustJSON(http.MethodPost, "/api/auth/login", map[string]string{"email": "s3@example.com", "password": "secret123"}, http.StatusOK, nil)
		for id, want := range map[int64]string{out.Post.ID: key} {
			var got struct {
				Post struct {
					CoverImageURL string `json:"coverImageUrl"`
				} `json:"post"`
			}
			c2.mustJSON(http.MethodGet, "/api/workspace/posts/"+itoa(id), nil, http.StatusOK, &got)
			if got.Post.CoverImageURL != "https://new-cdn.example/files/"+want {
				t.Fatalf("post %d cover = %q, want the new public URL + %s", id, got.Post.CoverImageURL, want)
			}
		}
		_, body := c2.do(http.MethodGet, "/blog/"+c.ws.Slug+"/feed.xml", nil)
		raw := string(body)
		if !strings.Contains(raw, "https://new-cdn.example/files/"+key) || strings.Contains(raw, "old-cdn.example") {
			t.Fatalf("feed enclosures do not follow the new public URL:\n%s", raw)
		}
		c2.mustJSON(http.MethodDelete, "/api/workspace/posts/"+itoa(out.Post.ID), nil, http.StatusNoContent, nil)
		if _, ok := f.Object(key); ok {
			t.Fatal("deleting the post left its cover in the bucket")
		}
	})
}

func TestS3MissingBucketStopsTheStart(t *testing.T) {
	t.Parallel()
	f := s3test.New(t, "media")
	dir := t.TempDir()
	env := map[string]string{"INKPRESS_DATA_DIR": dir, "INKPRESS_DEMO": "false", "INKPRESS_S3_ENDPOINT": f.Endpoint,
		"INKPRESS_S3_BUCKET": "no-such-bucket", "INKPRESS_S3_ACCESS_KEY": s3test.AccessKey, "INKPRESS_S3_SECRET_KEY": "secret",
		"INKPRESS_S3_SSL": "false"}
	cfg, err := config.Load(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil {
		a.Close()
	}
	if err == nil || !strings.Contains(err.Error(), `bucket "no-such-bucket" does not exist`) {
		t.Fatalf("start with a missing bucket: %v", err)
	}
}

func srvAt(url string) *httptest.Server { return &httptest.Server{URL: url} }

// TestS3PublicURLChangeMovesBanners starts the app twice on one database
// with two public URLs: a post's banners, its served HTML (owner JSON and
// public page) and a scheduled item's banners follow the new one.
func TestS3PublicURLChangeMovesBanners(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		if db == "" {
			db = "sqlite:" + filepath.Join(t.TempDir(), "shared.db")
		}
		const oldPrefix, newPrefix = "https://old-cdn.example/media/", "https://new-cdn.example/files/"
		f := s3test.New(t, "media")
		first := apptest.Start(t, db, s3Env(f, "media", "https://old-cdn.example/media")...)
		e := &ownerEnv{t: t, app: first, store: first.Store, auth: first.Auth, gen: first.Generator, srv: srvAt(first.URL)}
		c := e.owner("Banner Owner", "banners3@example.com", "news")
		banner := c.uploadImage("banner")
		key, ok := strings.CutPrefix(banner, oldPrefix)
		if !ok {
			t.Fatalf("banner upload = %q", banner)
		}
		req := genReq("news", "Banners on S3")
		req["banners"] = []map[string]string{{"imageUrl": banner, "linkUrl": "https://ads.example/", "text": "Sale"}}
		var out generated
		c.mustGenerate(req, &out)
		if !strings.Contains(out.Post.Content, banner) {
			t.Fatalf("banner not in the content: %s", out.Post.Content)
		}
		schedBanner := c.uploadImage("banner")
		schedKey, _ := strings.CutPrefix(schedBanner, oldPrefix)
		var one scheduledOne
		c.mustJSON(http.MethodPost, "/api/workspace/scheduled", map[string]any{"category": "news", "topic": "Later",
			"scheduledFor": time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339),
			"banners":      []map[string]string{{"imageUrl": schedBanner, "linkUrl": "https://ads.example/s", "text": "Soon"}}},
			http.StatusCreated, &one)
		before, err := first.Store.GetPost(context.Background(), store.FindPost{WorkspaceID: &c.ws.ID, ID: &out.Post.ID})
		if err != nil {
			t.Fatal(err)
		}

		for _, round := range []string{"restart", "second restart"} {
			next := apptest.Start(t, db, s3Env(f, "media", "https://new-cdn.example/files/")...)
			e2 := &ownerEnv{t: t, app: next, store: next.Store, auth: next.Auth, gen: next.Generator, srv: srvAt(next.URL)}
			c2 := e2.client()
			c2.mustJSON(http.MethodPost, "/api/auth/login", map[string]string{"email": "banners3@example.com", "password": "secret123"}, http.StatusOK, nil)
			var got generated
			c2.mustJSON(http.MethodGet, "/api/workspace/posts/"+itoa(out.Post.ID), nil, http.StatusOK, &got)
			if len(got.Post.Banners) != 1 || got.Post.Banners[0].ImageURL != newPrefix+key ||
				got.Post.Banners[0].LinkURL != "https://ads.example/" || got.Post.Banners[0].Text != "Sale" {
				t.Fatalf("%s: banners = %+v, want the new public URL + %s", round, got.Post.Banners, key)
			}
			if !strings.Contains(got.Post.Content, newPrefix+key) || strings.Contains(got.Post.Content, "old-cdn.example") {
				t.Fatalf("%s: owner content does not follow the new public URL:\n%s", round, got.Post.Content)
			}
			var pub struct {
				Post struct {
					Content string `json:"content"`
				} `json:"post"`
			}
			c2.mustJSON(http.MethodGet, "/api/posts/news/"+out.Post.Slug+"?workspace="+c.ws.Slug, nil, http.StatusOK, &pub)
			if !strings.Contains(pub.Post.Content, newPrefix+key) || strings.Contains(pub.Post.Content, "old-cdn.example") {
				t.Fatalf("%s: public content does not follow the new public URL:\n%s", round, pub.Post.Content)
			}
			_, page := c2.do(http.MethodGet, "/blog/"+c.ws.Slug+"/news/"+out.Post.Slug, nil)
			if strings.Contains(string(page), "old-cdn.example") {
				t.Fatalf("%s: public page still holds the old public URL:\n%s", round, page)
			}
			after, err := next.Store.GetPost(context.Background(), store.FindPost{WorkspaceID: &c.ws.ID, ID: &out.Post.ID})
			if err != nil {
				t.Fatal(err)
			}
			fresh := *after
			posts.Derive(&fresh)
			if after.ContentHTML != fresh.ContentHTML || !after.UpdatedAt.Equal(before.UpdatedAt) {
				t.Fatalf("%s: stored HTML differs from a fresh derive or updated_at moved (%v -> %v)", round, before.UpdatedAt, after.UpdatedAt)
			}
			var list scheduledList
			c2.mustJSON(http.MethodGet, "/api/workspace/scheduled", nil, http.StatusOK, &list)
			if len(list.Items) != 1 || len(list.Items[0].Banners) != 1 || list.Items[0].Banners[0].ImageURL != newPrefix+schedKey ||
				list.Items[0].Banners[0].Text != "Soon" || list.Items[0].Banners[0].LinkURL != "https://ads.example/s" {
				t.Fatalf("%s: scheduled = %+v, want its banner at the new public URL", round, list.Items)
			}
		}
	})
}
