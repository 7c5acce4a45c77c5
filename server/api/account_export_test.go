package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/export"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// An owner asks for their data: one export at a time, made in the
// background, announced by e-mail, downloaded by them alone as a zip of
// Markdown and JSON posts, subscribers as CSV and the media files, then
// deleted when it expires.
func TestDataExport(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := newOwnerEnv(t, dbURL, nil, nil)
		clock := &fakeClock{}
		box := &outbox{}
		e.app.Exports.Now, e.app.Account.Mail = clock.Now, box
		ann := e.owner("Ann", "ann@x.io", "tech")
		bob := e.owner("Bob", "bob@x.io", "tech")
		req := genReq("tech", "Sourdough at home")
		req["generateImages"] = false
		var gen struct {
			Post contract.Post `json:"post"`
		}
		ann.mustGenerate(req, &gen)
		if gen.Post.Slug == "" {
			t.Fatalf("no post generated")
		}
		img := ann.uploadImage("banner")
		if _, err := e.store.SQL().Exec(`INSERT INTO subscribers (email, workspace_id, created_at, status, token, confirmed_at)
			VALUES ('reader@x.io', $1, $2, 'confirmed', 'tok-r', $2)`, ann.ws.ID, time.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}

		var ex contract.ExportResponse
		ann.mustJSON(http.MethodGet, "/api/account/export", nil, http.StatusOK, &ex)
		if ex.Status != "none" {
			t.Fatalf("export before = %+v", ex)
		}
		ann.mustFail(http.MethodGet, "/api/account/export/download", nil, http.StatusNotFound, "export_not_found")
		ann.mustJSON(http.MethodPost, "/api/account/export", nil, http.StatusAccepted, &ex)
		if ex.Status != store.ExportQueued || ex.DownloadURL != "" {
			t.Fatalf("requested = %+v", ex)
		}
		ann.mustFail(http.MethodPost, "/api/account/export", nil, http.StatusConflict, "export_pending")
		ann.mustFail(http.MethodGet, "/api/account/export/download", nil, http.StatusNotFound, "export_not_found")

		ctx := context.Background()
		if done, err := e.app.Exports.RunOnce(ctx); err != nil || !done {
			t.Fatalf("run = %v, %v", done, err)
		}
		ann.mustJSON(http.MethodGet, "/api/account/export", nil, http.StatusOK, &ex)
		if ex.Status != store.ExportReady || ex.DownloadURL != "/api/account/export/download" || ex.Size == 0 ||
			!strings.HasSuffix(ex.FileName, ".zip") || ex.ExpiresAt == "" {
			t.Fatalf("made = %+v", ex)
		}
		mails := box.to("ann@x.io", store.MailExportReady)
		if len(mails) != 1 || !strings.Contains(mails[0].Text, e.app.Config.BaseURL+"/dashboard/settings#data-export") {
			t.Fatalf("ready e-mails = %+v", mails)
		}

		// Only the signed-in owner downloads it.
		if s, _ := e.client().do(http.MethodGet, "/api/account/export/download", nil); s != http.StatusUnauthorized {
			t.Fatalf("signed out download = %d", s)
		}
		bob.mustFail(http.MethodGet, "/api/account/export/download", nil, http.StatusNotFound, "export_not_found")
		resp, err := ann.http.Get(e.srv.URL + "/api/account/export/download")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/zip" ||
			!strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") ||
			!strings.Contains(resp.Header.Get("Cache-Control"), "no-store") || int64(len(body)) != ex.Size {
			t.Fatalf("download = %d %v (%d bytes)", resp.StatusCode, resp.Header, len(body))
		}
		files := unzip(t, body)
		md := files["posts/tech/"+gen.Post.Slug+".md"]
		if !strings.HasPrefix(md, "---\ntitle: ") || !strings.Contains(md, "\ncategory: \"tech\"\n") || !strings.Contains(md, "\n---\n\n") ||
			strings.Contains(md, "<p>") {
			t.Fatalf("markdown = %q (files %v)", md, keys(files))
		}
		var posts []export.PostJSON
		if err := json.Unmarshal([]byte(files["posts.json"]), &posts); err != nil || len(posts) != 1 || posts[0].Slug != gen.Post.Slug ||
			posts[0].HTML == "" || posts[0].Markdown == "" {
			t.Fatalf("posts.json = %s (%v)", files["posts.json"], err)
		}
		if csv := files["subscribers.csv"]; !strings.HasPrefix(csv, "email,subscribed_at\n") || !strings.Contains(csv, "reader@x.io,") {
			t.Fatalf("subscribers.csv = %q", csv)
		}
		key := strings.TrimPrefix(img, "/media/")
		stored, err := os.ReadFile(filepath.Join(e.mediaDir, key))
		if err != nil || files["media/"+key] != string(stored) {
			t.Fatalf("media/%s in the archive: %d bytes, stored %d (%v); files %v", key, len(files["media/"+key]), len(stored), err, keys(files))
		}
		for name := range files {
			if strings.Contains(name, "Bob") || strings.Contains(name, bob.ws.Slug+"-") {
				t.Fatalf("another blog's file in the archive: %s", name)
			}
		}
		// The archive is never served by its storage address.
		var archive string
		_ = filepath.WalkDir(filepath.Join(e.mediaDir, "private"), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				archive = p
			}
			return nil
		})
		rel, _ := filepath.Rel(e.mediaDir, archive)
		if archive == "" {
			t.Fatal("no archive in the media storage")
		}
		if s, _ := e.client().do(http.MethodGet, "/media/"+filepath.ToSlash(rel), nil); s != http.StatusNotFound {
			t.Fatalf("archive by its storage address = %d", s)
		}
		if s, _ := e.client().do(http.MethodGet, "/media/x/../"+filepath.ToSlash(rel), nil); s == http.StatusOK {
			t.Fatalf("archive by a dotted address = %d", s)
		}

		// A new request replaces the archive (the old file goes).
		ann.mustJSON(http.MethodPost, "/api/account/export", nil, http.StatusAccepted, &ex)
		if _, err := os.Stat(archive); !os.IsNotExist(err) {
			t.Fatalf("replaced archive still stored: %v", err)
		}
		if done, err := e.app.Exports.RunOnce(ctx); err != nil || !done {
			t.Fatalf("run = %v, %v", done, err)
		}
		// Expired: gone from the screen, the download and the storage.
		clock.Advance(export.TTL + time.Second)
		ann.mustJSON(http.MethodGet, "/api/account/export", nil, http.StatusOK, &ex)
		if ex.Status != "none" {
			t.Fatalf("expired export = %+v", ex)
		}
		ann.mustFail(http.MethodGet, "/api/account/export/download", nil, http.StatusNotFound, "export_not_found")
		if n, err := e.app.Exports.Sweep(ctx); err != nil || n != 1 {
			t.Fatalf("sweep = %d, %v", n, err)
		}
		left := 0
		_ = filepath.WalkDir(filepath.Join(e.mediaDir, "private"), func(_ string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				left++
			}
			return nil
		})
		if left != 0 {
			t.Fatalf("%d archives left after expiry", left)
		}
	})
}

func unzip(t *testing.T, data []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		out[f.Name] = string(b)
	}
	return out
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
