package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/safehttp/safehttptest"
	"github.com/inkpress/inkpress/server/api/contract"
)

// imageHost is a site serving images on addr (a loopback address the test
// allows or not), counting its requests.
func imageHost(t *testing.T, addr string, png []byte) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	return safehttptest.Server(t, addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/docsz/AD_4nXe":
			w.Header().Set("Content-Type", "image/png")
			w.Write(png)
		case "/big.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(append(append([]byte{}, png...), make([]byte, 5<<20)...))
		case "/doc.html":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<!doctype html><p>not an image</p>"))
		default:
			http.NotFound(w, r)
		}
	}))
}

// An owner's paste from Google Docs: each image is copied into the library
// with its alt text, under the upload's rules, and only from where the
// server may fetch.
func TestMediaImportEndpoint(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		// 127.0.0.2 stands for the Internet (allowed); 127.0.0.1 for the
		// server's own network (never allowed).
		site, _ := imageHost(t, "127.0.0.2:0", pngBytes(t))
		inward, inwardHits := imageHost(t, "127.0.0.1:0", pngBytes(t))
		a := apptest.Start(t, dbURL, apptest.Env("INKPRESS_BASE_URL", "http://blog.test"),
			apptest.Env("INKPRESS_FETCH_ALLOW", "127.0.0.2/32"))
		e := &ownerEnv{t: t, app: a, store: a.Store, auth: a.Auth, gen: a.Generator,
			srv: &httptest.Server{URL: a.URL}, mediaDir: filepath.Join(a.Config.DataDir, "media")}
		c := e.signUp("Gina", "gina@example.com")

		const path = "/api/workspace/media/import"
		var got contract.MediaImportResponse
		c.mustJSON(http.MethodPost, path, map[string]string{"url": site.URL + "/docsz/AD_4nXe?key=k1", "alt": "Eggs on toast"},
			http.StatusCreated, &got)
		if got.Item == nil || got.URL != got.Item.FileURL || !strings.HasPrefix(got.URL, "/media/") ||
			got.Item.Alt != "Eggs on toast" || got.Item.FileName != "Eggs on toast.png" {
			t.Fatalf("import = %+v", got)
		}
		var list contract.MediaListResponse
		c.mustJSON(http.MethodGet, "/api/workspace/media", nil, http.StatusOK, &list)
		if len(list.Items) != 1 || list.Items[0].Alt != "Eggs on toast" {
			t.Fatalf("library = %+v", list.Items)
		}
		if status, _ := c.do(http.MethodGet, got.URL, nil); status != http.StatusOK {
			t.Fatalf("GET %s = %d", got.URL, status)
		}

		for _, tt := range []struct {
			name   string
			body   any
			status int
			code   string
		}{
			{"no address", map[string]string{"url": "", "alt": "x"}, http.StatusBadRequest, "invalid_image_url"},
			{"not http", map[string]string{"url": "file:///etc/passwd"}, http.StatusBadRequest, "invalid_image_url"},
			{"loopback", map[string]string{"url": inward.URL + "/docsz/AD_4nXe"}, http.StatusBadRequest, "image_url_not_allowed"},
			{"too large", map[string]string{"url": site.URL + "/big.png"}, http.StatusRequestEntityTooLarge, "file_too_large"},
			{"not an image", map[string]string{"url": site.URL + "/doc.html"}, http.StatusUnsupportedMediaType, "invalid_file_type"},
			{"gone", map[string]string{"url": site.URL + "/expired"}, http.StatusUnprocessableEntity, "image_unavailable"},
			{"unknown field", map[string]string{"src": site.URL + "/docsz/AD_4nXe"}, http.StatusBadRequest, "invalid_json"},
		} {
			t.Run(tt.name, func(t *testing.T) {
				c.t = t
				msg := c.mustFail(http.MethodPost, path, tt.body, tt.status, tt.code)
				if msg == "" {
					t.Error("no message")
				}
			})
		}
		c.t = t
		if n := inwardHits.Load(); n != 0 {
			t.Fatalf("the loopback site answered %d requests", n)
		}
		c.mustJSON(http.MethodGet, "/api/workspace/media", nil, http.StatusOK, &list)
		if len(list.Items) != 1 {
			t.Fatalf("%d library items after the refusals", len(list.Items))
		}

		// An image pasted as data is uploaded by the browser, its alt text beside it.
		status, raw := c.upload("/api/workspace/media", "pasted-image.png", pngBytes(t), map[string]string{"alt": "A red dot"})
		var up contract.MediaItemResponse
		if err := json.Unmarshal(raw, &up); status != http.StatusCreated || err != nil || up.Item.Alt != "A red dot" {
			t.Fatalf("upload with alt = %d %s", status, raw)
		}

		// The same guards as an upload: a session and the CSRF token.
		body, _ := json.Marshal(map[string]string{"url": site.URL + "/docsz/AD_4nXe"})
		anon := e.client()
		if status, _ := anon.do(http.MethodPost, path, map[string]string{"url": site.URL + "/docsz/AD_4nXe"}); status != http.StatusUnauthorized {
			t.Errorf("anonymous import = %d, want 401", status)
		}
		req, _ := http.NewRequest(http.MethodPost, a.URL+path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := c.http.Do(req) // no X-CSRF-Token
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("import without the CSRF token = %d, want 403", res.StatusCode)
		}
	})
}
