package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

func TestOwnerUploadsCheckBytesAndSize(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		c := e.signUp("Up Owner", "up@example.com")
		url := c.uploadImage("featured")
		if !strings.HasPrefix(url, "/media/"+itoa(c.ws.ID)+"/featured/") || !strings.HasSuffix(url, "-banner-pic.png") {
			t.Fatalf("url = %q", url)
		}
		if !strings.Contains(c.uploadImage("banner"), "/banners/") {
			t.Fatal("banner upload not stored under banners/")
		}
		before := c.storedFiles()
		big := append(pngBytes(t), bytes.Repeat([]byte{0}, 6<<20)...)
		exact := append(pngBytes(t), bytes.Repeat([]byte{0}, plan.MaxUploadBytes-len(pngBytes(t))+1)...)
		cases := []struct {
			name, file string
			data       []byte
			fields     map[string]string
			status     int
			code, msg  string
		}{
			{"text file named .png", "fake.png", []byte("just some text, not an image"), nil, 415, "invalid_file_type", "Please upload an image file"},
			{"html", "x.html", []byte("<html><script>alert(1)</script></html>"), nil, 415, "invalid_file_type", "Please upload an image file"},
			{"svg", "x.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), nil, 415, "invalid_file_type", ""},
			{"empty", "x.png", nil, nil, 415, "invalid_file_type", ""},
			{"6 MB", "big.png", big, nil, 413, "file_too_large", "Maximum file size is 5MB"},
			{"5 MiB + 1 byte", "edge.png", exact, nil, 413, "file_too_large", "Maximum file size is 5MB"},
			{"bad purpose", "x.png", pngBytes(t), map[string]string{"purpose": "avatar"}, 400, "validation", ""},
		}
		for _, tc := range cases {
			status, raw := c.upload("/api/workspace/uploads", tc.file, tc.data, tc.fields)
			var e apiErr
			_ = json.Unmarshal(raw, &e)
			if status != tc.status || e.Error.Code != tc.code || (tc.msg != "" && e.Error.Message != tc.msg) {
				t.Fatalf("%s: %d %s", tc.name, status, raw)
			}
		}
		// Not multipart at all.
		c.mustFail(http.MethodPost, "/api/workspace/uploads", map[string]string{"file": "x"}, 400, "invalid_upload")
		if n := c.storedFiles(); n != before {
			t.Fatalf("refused uploads stored files: %d, before %d", n, before)
		}
		// Exactly 5 MiB is allowed.
		ok := append(pngBytes(t), bytes.Repeat([]byte{0}, plan.MaxUploadBytes-len(pngBytes(t)))...)
		if status, raw := c.upload("/api/workspace/uploads", "max.png", ok, nil); status != http.StatusCreated {
			t.Fatalf("5 MiB upload = %d %s", status, raw)
		}
	})
}

func TestOwnerMediaLibrary(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		c := e.signUp("Lib Owner", "lib@example.com")
		other := e.signUp("Lib Other", "lib-other@example.com")
		type itemAnswer struct {
			Item struct {
				ID       int64  `json:"id"`
				FileName string `json:"fileName"`
				FileURL  string `json:"fileUrl"`
				FileSize int64  `json:"fileSize"`
				MimeType string `json:"mimeType"`
			} `json:"item"`
		}
		var first itemAnswer
		status, raw := c.upload("/api/workspace/media", `C:\photos\My Photo.png`, pngBytes(t), nil)
		if status != http.StatusCreated || json.Unmarshal(raw, &first) != nil {
			t.Fatalf("upload = %d %s", status, raw)
		}
		it := first.Item
		// The size is the stored (re-encoded) file's.
		file := filepath.Join(e.mediaDir, strings.TrimPrefix(it.FileURL, "/media/"))
		if fi, err := os.Stat(file); err != nil || it.FileName != "My Photo.png" || it.MimeType != "image/png" ||
			it.FileSize != fi.Size() || !strings.Contains(it.FileURL, "/library/") {
			t.Fatalf("item = %+v", it)
		}
		if _, err := os.Stat(file); err != nil {
			t.Fatal(err)
		}
		// Fill the library to 40, then one more is refused.
		ctx := context.Background()
		for range plan.MaxMediaItems - 2 {
			if err := s.CreateMedia(ctx, &store.Media{WorkspaceID: c.ws.ID, FileName: "x.png", FileURL: "/media/x.png", FileSize: 1,
				MimeType: "image/png"}, plan.MaxMediaItems); err != nil {
				t.Fatal(err)
			}
		}
		c.upload("/api/workspace/media", "fortieth.png", pngBytes(t), nil)
		before := c.storedFiles()
		status, raw = c.upload("/api/workspace/media", "extra.png", pngBytes(t), nil)
		var ae apiErr
		_ = json.Unmarshal(raw, &ae)
		if status != http.StatusConflict || ae.Error.Code != "library_full" || ae.Error.Message != "Maximum 40 images allowed per workspace" {
			t.Fatalf("41st upload = %d %s", status, raw)
		}
		if c.storedFiles() != before {
			t.Fatal("a refused library upload left a file")
		}
		var list struct {
			Items []struct {
				ID int64 `json:"id"`
			} `json:"items"`
			Limit int `json:"limit"`
		}
		c.mustJSON(http.MethodGet, "/api/workspace/media", nil, http.StatusOK, &list)
		if len(list.Items) != 40 || list.Limit != 40 {
			t.Fatalf("list = %d items, limit %d", len(list.Items), list.Limit)
		}
		// Another workspace cannot see or delete it.
		path := "/api/workspace/media/" + itoa(it.ID)
		other.mustFail(http.MethodDelete, path, nil, http.StatusNotFound, "media_not_found")
		other.mustJSON(http.MethodGet, "/api/workspace/media", nil, http.StatusOK, &list)
		if len(list.Items) != 0 {
			t.Fatalf("other sees %d items", len(list.Items))
		}
		if _, err := os.Stat(file); err != nil {
			t.Fatal("other's delete removed the file")
		}
		// Deleting removes the row and the stored file.
		c.mustJSON(http.MethodDelete, path, nil, http.StatusNoContent, nil)
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Fatalf("file still stored: %v", err)
		}
		if _, err := s.GetMedia(ctx, c.ws.ID, it.ID); err == nil {
			t.Fatal("row still stored")
		}
		c.mustFail(http.MethodDelete, path, nil, http.StatusNotFound, "media_not_found")
	})
}
