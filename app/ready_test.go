package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
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
	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/store"
)

func get(t *testing.T, h http.Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	return w
}

func failed(t *testing.T, w *httptest.ResponseRecorder) []string {
	t.Helper()
	var body struct {
		Status string   `json:"status"`
		Failed []string `json:"failed"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatalf("readyz body %q: %v", w.Body.String(), err)
	}
	return body.Failed
}

// gate is an illustrator of tiny images that waits until the test opens it.
type gate struct {
	entered chan struct{}
	open    chan struct{}
}

func (g *gate) Illustrate(ctx context.Context, r ai.ImageRequest) (*ai.Image, error) {
	select {
	case g.entered <- struct{}{}:
	default:
	}
	<-g.open
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		return nil, err
	}
	return &ai.Image{Data: buf.Bytes(), ContentType: "image/png"}, nil
}

// The first start with a configured AI provider that cannot be reached
// still prints the demo admin's credentials and writes the demo posts (with
// the builtin writer), in the background: the server answers meanwhile and
// /readyz says "demo" until they are written.
func TestDemoSeedsWithBuiltinAIInTheBackground(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"INKPRESS_DATA_DIR": dir, "INKPRESS_DEMO": "true", "INKPRESS_LOG_LEVEL": "error",
		"INKPRESS_ADDR": "127.0.0.1:0", "INKPRESS_AI_PROVIDER": "openai", "INKPRESS_AI_BASE_URL": "http://127.0.0.1:1/v1",
		"INKPRESS_AI_API_KEY": "unused", "INKPRESS_AI_TIMEOUT": "2s"}
	cfg, err := config.Load(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var out bytes.Buffer
	a.Out = &out
	g := &gate{entered: make(chan struct{}, 1), open: make(chan struct{})}
	a.DemoIllustrator = g
	if err := a.Prepare(context.Background()); err != nil {
		t.Fatalf("prepare: %v", err)
	}
	if !strings.Contains(out.String(), "admin@inkpress.local") || !strings.Contains(out.String(), "password: ") {
		t.Fatalf("credentials not printed: %q", out.String())
	}
	h := a.Handler() // built once, before Run serves it
	ctx, stop := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- a.Run(ctx) }()
	<-g.entered // the demo is being written, and the server is up meanwhile
	if w := get(t, h, "/healthz"); w.Code != 200 {
		t.Fatalf("healthz %d while the demo is written", w.Code)
	}
	if w := get(t, h, "/readyz"); w.Code != 503 || strings.Join(failed(t, w), ",") != "demo" {
		t.Fatalf("readyz while the demo is written: %d %s", w.Code, w.Body)
	}
	close(g.open)
	deadline := time.Now().Add(time.Minute)
	for get(t, h, "/readyz").Code != 200 {
		if time.Now().After(deadline) {
			t.Fatalf("demo never finished: %s", get(t, h, "/readyz").Body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	ws, err := a.Store.GetWorkspace(context.Background(), store.FindWorkspace{Slug: store.Ptr("site")})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := a.Store.ListPosts(context.Background(), store.FindPost{WorkspaceID: &ws.ID, Limit: 100})
	if err != nil || len(ps) != 12 {
		t.Fatalf("demo posts %d, %v", len(ps), err)
	}
	stop()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
}

// /healthz is liveness only; /readyz names what does not work: a data
// directory that cannot be written, a database that is gone.
func TestReadyzNamesWhatFails(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, db string) {
		data := t.TempDir()
		a := apptest.Start(t, db, apptest.Env("INKPRESS_DATA_DIR", data))
		if w := get(t, a.Handler(), "/readyz"); w.Code != 200 {
			t.Fatalf("readyz %d %s", w.Code, w.Body)
		}
		// Not writable: a file where the directory was (chmod does not stop root).
		if err := os.RemoveAll(data); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(data, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		w := get(t, a.Handler(), "/readyz")
		if w.Code != 503 || strings.Join(failed(t, w), ",") != "data_dir" {
			t.Fatalf("readyz with an unwritable data dir: %d %s", w.Code, w.Body)
		}
		_ = a.Store.Close()
		w = get(t, a.Handler(), "/readyz")
		if w.Code != 503 || !strings.Contains(strings.Join(failed(t, w), ","), "database") {
			t.Fatalf("readyz with the database closed: %d %s", w.Code, w.Body)
		}
		if w := get(t, a.Handler(), "/healthz"); w.Code != 200 {
			t.Fatalf("healthz %d with the database closed", w.Code)
		}
	})
}

// With the database gone, public pages already rendered are still served
// (the blog's lookup and the page from the last good answers), while a page
// never rendered fails.
func TestCachedPagesServedWhileDatabaseDown(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, db string) {
		a := apptest.Start(t, filepath.ToSlash(db), apptest.Env("INKPRESS_DEMO", "true"))
		c := a.Client(t)
		ws, err := a.Store.GetWorkspace(context.Background(), store.FindWorkspace{Slug: store.Ptr("site")})
		if err != nil {
			t.Fatal(err)
		}
		ps, _ := a.Store.ListPosts(context.Background(), store.FindPost{WorkspaceID: &ws.ID, Limit: 2})
		paths := []string{"/", "/" + ps[0].Category + "/" + ps[0].Slug}
		for _, p := range paths {
			if r := c.Get(p); r.StatusCode != 200 {
				t.Fatalf("%s: %d", p, r.StatusCode)
			}
		}
		a.Site.TTL = 0 // every request asks the database which blog it is for
		_ = a.Store.Close()
		for _, p := range paths {
			if r := c.Get(p); r.StatusCode != 200 {
				t.Fatalf("%s with the database down: %d", p, r.StatusCode)
			}
		}
		if r := c.Get("/" + ps[1].Category + "/" + ps[1].Slug); r.StatusCode < 500 {
			t.Fatalf("a page never rendered answered %d with the database down", r.StatusCode)
		}
	})
}
