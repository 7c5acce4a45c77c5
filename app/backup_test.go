package app_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/backup"
	"github.com/inkpress/inkpress/store"
)

func pngOf(t *testing.T, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// uploadMedia puts an image in the signed-in workspace's library and
// returns its URL.
func uploadMedia(t *testing.T, c *apptest.Client, base, name string, data []byte) string {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = mw.Close()
	r := c.Raw("POST", "/api/workspace/media", "", &buf, http.Header{"Content-Type": {mw.FormDataContentType()}, "X-Csrf-Token": {csrfOf(t, c, base)}})
	var out struct {
		Item struct {
			FileURL string `json:"fileUrl"`
		} `json:"item"`
	}
	r.JSON(t, &out)
	if r.StatusCode != http.StatusCreated || out.Item.FileURL == "" {
		t.Fatalf("upload: %d %s", r.StatusCode, r.Body)
	}
	return out.Item.FileURL
}

// csrfOf is the client's CSRF token (a JSON request fetched it).
func csrfOf(t *testing.T, c *apptest.Client, base string) string {
	t.Helper()
	c.Get("/api/auth/me")
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == "inkpress_csrf" {
			return ck.Value
		}
	}
	return ""
}

// A backup taken while posts and subscribers keep being written restores
// into a fresh data directory where a new server finds every post,
// subscriber and image that was there before the backup began.
func TestBackupWhileWritingRestoresEverything(t *testing.T) {
	adminEnv := []apptest.Option{apptest.Env("INKPRESS_ADMIN_EMAIL", "boss@example.com"), apptest.Env("INKPRESS_ADMIN_PASSWORD", "bosspass"),
		apptest.Env("INKPRESS_SUBSCRIBE_LIMIT", "100000"), apptest.Env("INKPRESS_SIGNUP_LIMIT", "100000")}
	a := apptest.Start(t, "", adminEnv...)
	c := a.Client(t)
	if r := c.Do("POST", "/api/auth/login", map[string]string{"email": "boss@example.com", "password": "bosspass"}); r.StatusCode != 200 {
		t.Fatalf("login: %d %s", r.StatusCode, r.Body)
	}
	images := map[string][]byte{}
	post := func(i int, cover string) (string, bool) {
		r := c.Do("POST", "/api/workspace/posts", map[string]any{"title": fmt.Sprintf("Kept post %d", i), "content": "<p>Body</p>",
			"category": "tech", "status": "published", "coverImageUrl": cover, "sendNewsletter": false})
		var out struct{ Post struct{ Slug string } }
		r.JSON(t, &out)
		return out.Post.Slug, r.StatusCode == http.StatusCreated
	}
	subscribe := func(email string) bool {
		return c.Do("POST", "/api/subscribers", map[string]string{"email": email}).StatusCode == http.StatusAccepted
	}
	var slugs, emails []string
	for i := 0; i < 12; i++ {
		u := uploadMedia(t, c, a.URL, fmt.Sprintf("pic-%d.png", i), pngOf(t, color.RGBA{uint8(20 * i), 80, 160, 255}))
		body := c.Get(u)
		if body.StatusCode != 200 {
			t.Fatalf("GET %s: %d", u, body.StatusCode)
		}
		images[u] = body.Body
		s, ok := post(i, u)
		if !ok {
			t.Fatalf("post %d refused", i)
		}
		slugs = append(slugs, s)
		e := fmt.Sprintf("reader%d@example.com", i)
		if !subscribe(e) {
			t.Fatalf("subscribe %s refused", e)
		}
		emails = append(emails, e)
	}

	// Writes go on while the backup is taken.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 100; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			post(i, "")
			subscribe(fmt.Sprintf("late%d@example.com", i))
		}
	}()
	archive := filepath.Join(t.TempDir(), "inkpress.tar.gz")
	f, err := os.Create(archive)
	if err != nil {
		t.Fatal(err)
	}
	err = app.Backup(context.Background(), a.Config, f)
	close(stop)
	wg.Wait()
	if cerr := f.Close(); err != nil || cerr != nil {
		t.Fatalf("backup: %v %v", err, cerr)
	}

	// A fresh data directory, restored, then a fresh server on it.
	dir := t.TempDir()
	dbURL := "sqlite:" + filepath.Join(dir, "test.db")
	in, err := os.Open(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cfg := *a.Config
	cfg.DataDir, cfg.DatabaseURL = dir, dbURL
	if err := app.Restore(&cfg, in); err != nil {
		t.Fatalf("restore: %v", err)
	}
	b := apptest.Start(t, "", append(adminEnv, apptest.Env("INKPRESS_DATA_DIR", dir), apptest.Env("INKPRESS_DATABASE_URL", dbURL))...)
	rc := b.Client(t)
	for _, s := range slugs {
		if r := rc.Get("/tech/" + s); r.StatusCode != 200 || !bytes.Contains(r.Body, []byte("Kept post")) {
			t.Errorf("restored post %s: %d", s, r.StatusCode)
		}
	}
	site, err := b.Store.GetWorkspace(context.Background(), store.FindWorkspace{Slug: &b.Config.SiteWorkspace})
	if err != nil {
		t.Fatal(err)
	}
	subs, err := b.Store.ListSubscribers(context.Background(), store.FindSubscribers{WorkspaceID: site.ID, Limit: 100000})
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, s := range subs {
		have[s.Email] = true
	}
	for _, e := range emails {
		if !have[e] {
			t.Errorf("subscriber %s lost", e)
		}
	}
	for u, want := range images {
		if r := rc.Get(u); r.StatusCode != 200 || !bytes.Equal(r.Body, want) {
			t.Errorf("restored image %s: %d, %d bytes (want %d)", u, r.StatusCode, len(r.Body), len(want))
		}
	}
	// Restoring over a database refuses and leaves it alone.
	if _, err := in.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	if err := app.Restore(&cfg, in); err != backup.ErrExists {
		t.Fatalf("restore over a database: %v, want ErrExists", err)
	}
}
