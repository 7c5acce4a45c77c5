package media_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

func photo(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func exists(dir, key string) bool {
	_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(key)))
	return err == nil
}

// An upload comes with its variants; they do not count against the quota
// and go with the image.
func TestLibraryVariantsLiveAndDieWithTheirImage(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ws, files, local := variantFixture(t, s)
		lib := media.NewLibrary(s, files)
		m, err := lib.Add(ctx, ws.ID, media.Upload{FileName: "Photo.png", Data: photo(t, 1000, 500)})
		if err != nil {
			t.Fatal(err)
		}
		key := local.KeyOf(m.FileURL)
		for _, w := range media.VariantWidths {
			if !exists(local.Dir, media.VariantKey(key, w)) {
				t.Errorf("no %d variant after the upload", w)
			}
		}
		if used, err := s.MediaBytes(ctx, ws.ID); err != nil || used != m.FileSize {
			t.Errorf("recorded bytes = %d (%v), want the original's %d", used, err, m.FileSize)
		}
		if err := lib.Delete(ctx, ws.ID, m.ID); err != nil {
			t.Fatal(err)
		}
		for _, k := range append([]string{key}, media.VariantKey(key, 480), media.VariantKey(key, 960), media.VariantKey(key, 1440)) {
			if exists(local.Dir, k) {
				t.Errorf("%s kept after the delete", k)
			}
		}
	})
}

// The sweep removes variants whose original is gone, and keeps the others.
func TestSweepRemovesOrphanedVariants(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ws, files, local := variantFixture(t, s)
		now := time.Now()
		kept := media.Key(ws.ID, media.KindLibrary, 1, "kept.png")
		if _, err := files.Put(ctx, kept, photo(t, 600, 300), "image/png"); err != nil {
			t.Fatal(err)
		}
		// A library row keeps the original in use.
		if err := s.CreateMedia(ctx, &store.Media{WorkspaceID: ws.ID, FileName: "kept.png", FileURL: local.URL(kept),
			FileSize: 1, MimeType: "image/png"}, 10); err != nil {
			t.Fatal(err)
		}
		gone := media.Key(ws.ID, media.KindLibrary, 2, "gone.png")
		old := now.Add(-2 * media.SweepGrace)
		var orphans []string
		for _, w := range media.VariantWidths {
			for _, k := range []string{media.VariantKey(kept, w), media.VariantKey(gone, w)} {
				if _, err := local.Put(ctx, k, []byte("webp"), "image/webp"); err != nil {
					t.Fatal(err)
				}
				if err := os.Chtimes(filepath.Join(local.Dir, filepath.FromSlash(k)), old, old); err != nil {
					t.Fatal(err)
				}
			}
			orphans = append(orphans, media.VariantKey(gone, w))
		}
		if _, err := files.Sweep(ctx, now, media.SweepGrace); err != nil {
			t.Fatal(err)
		}
		for _, k := range orphans {
			if exists(local.Dir, k) {
				t.Errorf("orphaned %s kept", k)
			}
		}
		for _, w := range media.VariantWidths {
			if k := media.VariantKey(kept, w); !exists(local.Dir, k) || !strings.HasPrefix(k, kept) {
				t.Errorf("%s of a used image was swept", k)
			}
		}
	})
}

// variantFixture is a starter workspace and its files on local storage.
func variantFixture(t *testing.T, s *sqlstore.DB) (*store.Workspace, *media.Files, *media.Local) {
	t.Helper()
	now := time.Now()
	posts, images := plan.Limits(store.PlanStarter, now, now, false)
	_, ws, err := s.SignUp(context.Background(), store.SignUp{Email: "v@example.com", Name: "V", PasswordHash: "x", BlogName: "V",
		WorkspaceSlug: "v", Month: plan.Month(now), PostsLimit: posts, ImagesLimit: images})
	if err != nil {
		t.Fatal(err)
	}
	local, err := media.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return ws, media.NewFiles(s, local), local
}

// While image work holds the memory budget, an upload is refused with
// ErrImagesBusy (503 with Retry-After) and stores nothing; it goes through
// once the budget is free.
func TestUploadWhileImagesAreBusy(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		ws, files, local := variantFixture(t, s)
		lib := media.NewLibrary(s, files)
		media.SetImageMemory(64 << 20)
		defer media.SetImageMemory(media.DefaultImageMemory)
		release, err := media.HoldImageMemory(64 << 20)
		if err != nil {
			t.Fatal(err)
		}
		up := media.Upload{FileName: "Photo.png", Data: photo(t, 300, 200)}
		if _, err := lib.Add(ctx, ws.ID, up); !errors.Is(err, media.ErrImagesBusy) {
			t.Fatalf("library add: %v, want ErrImagesBusy", err)
		}
		if _, err := lib.Upload(ctx, ws.ID, up); !errors.Is(err, media.ErrImagesBusy) {
			t.Fatalf("single upload: %v, want ErrImagesBusy", err)
		}
		if items, _ := s.ListMedia(ctx, ws.ID); len(items) != 0 {
			t.Fatalf("%d library items stored", len(items))
		}
		if used, _ := s.MediaBytes(ctx, ws.ID); used != 0 {
			t.Fatalf("%d bytes recorded", used)
		}
		if entries, _ := os.ReadDir(local.Dir); len(entries) != 0 {
			t.Fatalf("files written: %v", entries)
		}
		release()
		if _, err := lib.Add(ctx, ws.ID, up); err != nil {
			t.Fatalf("after the budget is free: %v", err)
		}
	})
}
