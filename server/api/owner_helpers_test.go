package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// ownerEnv is the whole app (apptest boots app's wiring) on one
// database, with swappable AI providers.
type ownerEnv struct {
	t        *testing.T
	app      *apptest.App
	store    *sqlstore.DB
	auth     *auth.Service
	gen      *generate.Service
	srv      *httptest.Server
	mediaDir string
}

// newOwnerEnv starts the app on dbURL ("" = SQLite); w and ill replace the
// builtin writer and illustrator when not nil.
func newOwnerEnv(t *testing.T, dbURL string, w ai.Writer, ill ai.Illustrator) *ownerEnv {
	t.Helper()
	a := apptest.Start(t, dbURL, apptest.Env("INKPRESS_BASE_URL", "http://blog.test"), apptest.AI(w, ill))
	return &ownerEnv{t: t, app: a, store: a.Store, auth: a.Auth, gen: a.Generator,
		srv: &httptest.Server{URL: a.URL}, mediaDir: filepath.Join(a.Config.DataDir, "media")}
}

// ownerClient is a browser: a cookie jar, and the CSRF cookie echoed in
// X-CSRF-Token on every mutating request.
type ownerClient struct {
	t    *testing.T
	env  *ownerEnv
	http *http.Client
	ws   *store.Workspace
	user *store.User
}

func (e *ownerEnv) client() *ownerClient {
	jar, _ := cookiejar.New(nil)
	c := &ownerClient{t: e.t, env: e, http: &http.Client{Jar: jar, Timeout: 2 * time.Minute}}
	c.do(http.MethodGet, "/api/auth/me", nil) // hands out the CSRF cookie
	return c
}

// signUp creates an account through the API and loads its workspace.
func (e *ownerEnv) signUp(name, email string) *ownerClient {
	e.t.Helper()
	c := e.client()
	c.mustJSON(http.MethodPost, "/api/auth/signup", map[string]string{"name": name, "email": email, "password": "secret123"}, http.StatusCreated, nil)
	ctx := context.Background()
	u, err := e.store.GetUserByEmail(ctx, email)
	if err != nil {
		e.t.Fatal(err)
	}
	c.user = u
	c.ws, err = e.store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// owner signs up and adds categories, ready to generate.
func (e *ownerEnv) owner(name, email string, categories ...string) *ownerClient {
	e.t.Helper()
	c := e.signUp(name, email)
	for _, slug := range categories {
		if err := e.store.CreateCategory(context.Background(), &store.Category{WorkspaceID: c.ws.ID, Name: strings.ToUpper(slug[:1]) + slug[1:],
			Slug: slug, ColorHex: "#10b981"}); err != nil {
			e.t.Fatal(err)
		}
	}
	return c
}

func (c *ownerClient) csrf() string {
	u, _ := url.Parse(c.env.srv.URL)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == api.CSRFCookie {
			return ck.Value
		}
	}
	return ""
}

func (c *ownerClient) send(req *http.Request) (int, []byte) {
	c.t.Helper()
	if req.Method != http.MethodGet {
		req.Header.Set(api.CSRFHeader, c.csrf())
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, body
}

// do sends body as JSON (nil: no body) and returns status and raw body.
func (c *ownerClient) do(method, path string, body any) (int, []byte) {
	c.t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.env.srv.URL+path, r)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.send(req)
}

// mustJSON checks the status and decodes the answer into out (if not nil).
func (c *ownerClient) mustJSON(method, path string, body any, want int, out any) {
	c.t.Helper()
	status, raw := c.do(method, path, body)
	if status != want {
		c.t.Fatalf("%s %s = %d, want %d: %s", method, path, status, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s %s: decode %s: %v", method, path, raw, err)
		}
	}
}

// apiErr is the error envelope.
type apiErr struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// mustFail checks an error answer's status and code and returns its message.
func (c *ownerClient) mustFail(method, path string, body any, status int, code string) string {
	c.t.Helper()
	got, raw := c.do(method, path, body)
	var e apiErr
	_ = json.Unmarshal(raw, &e)
	if got != status || e.Error.Code != code {
		c.t.Fatalf("%s %s = %d %q, want %d %q: %s", method, path, got, e.Error.Code, status, code, raw)
	}
	return e.Error.Message
}

// upload posts a multipart form with the file under "file".
func (c *ownerClient) upload(path, fileName string, data []byte, fields map[string]string) (int, []byte) {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", fileName)
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, c.env.srv.URL+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.send(req)
}

// uploadImage stores a PNG through /api/workspace/uploads and returns its URL.
func (c *ownerClient) uploadImage(purpose string) string {
	c.t.Helper()
	status, raw := c.upload("/api/workspace/uploads", "Banner Pic.png", pngBytes(c.t), map[string]string{"purpose": purpose})
	var out struct {
		URL      string `json:"url"`
		MimeType string `json:"mimeType"`
		Size     int    `json:"size"`
	}
	if status != http.StatusCreated || json.Unmarshal(raw, &out) != nil || out.MimeType != "image/png" {
		c.t.Fatalf("upload = %d %s", status, raw)
	}
	return out.URL
}

// usage reads the month's counters straight from the store.
func (c *ownerClient) usage() *store.Usage {
	c.t.Helper()
	u, err := c.env.store.EnsureUsage(context.Background(), c.ws.ID, time.Now().UTC().Format("2006-01")+"-01", 0, 0)
	if err != nil {
		c.t.Fatal(err)
	}
	return u
}

func (c *ownerClient) postCount() int {
	c.t.Helper()
	n, err := c.env.store.CountPosts(context.Background(), store.FindPost{WorkspaceID: &c.ws.ID})
	if err != nil {
		c.t.Fatal(err)
	}
	return n
}

// storedFiles counts the files stored for the client's workspace.
func (c *ownerClient) storedFiles() int {
	n := 0
	_ = filepath.WalkDir(filepath.Join(c.env.mediaDir, strconv.FormatInt(c.ws.ID, 10)), func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// genReq is a valid generate request; tests change what they need.
func genReq(category, topic string) map[string]any {
	return map[string]any{"category": category, "topic": topic, "inputMode": "topic", "keywords": "alpha, beta",
		"tone": "casual", "length": "short", "imageMode": "none", "banners": []any{}, "generateImages": true}
}

type generated struct {
	Post struct {
		ID            int64          `json:"id"`
		Title         string         `json:"title"`
		Slug          string         `json:"slug"`
		Category      string         `json:"category"`
		Content       string         `json:"content"`
		RawContent    string         `json:"rawContent"`
		CoverImageURL string         `json:"coverImageUrl"`
		Tags          []string       `json:"tags"`
		URL           string         `json:"url"`
		CanonicalURL  string         `json:"canonicalUrl"`
		Banners       []store.Banner `json:"banners"`
	} `json:"post"`
	Usage struct {
		PostsGenerated  int `json:"postsGenerated"`
		PostsLimit      int `json:"postsLimit"`
		ImagesGenerated int `json:"imagesGenerated"`
	} `json:"usage"`
	ImageError string `json:"imageError"`
}

// Fake providers.

// scriptedWriter returns a fixed article (HTML as given) for every request.
type scriptedWriter struct{ title, html string }

func (w scriptedWriter) Write(_ context.Context, req ai.WriteRequest) (*ai.Article, error) {
	title := w.title
	if title == "" {
		title = req.Topic
	}
	return &ai.Article{Title: title, HTML: w.html, MetaTitle: title, Tags: []string{"one", "two", "three"}}, nil
}

type failingWriter struct{ err error }

func (w failingWriter) Write(context.Context, ai.WriteRequest) (*ai.Article, error) {
	return nil, w.err
}

type failingIllustrator struct{}

func (failingIllustrator) Illustrate(context.Context, ai.ImageRequest) (*ai.Image, error) {
	return nil, errors.New("image model unavailable")
}

// paragraphs returns n numbered paragraphs, one block each.
func paragraphs(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("<p>Paragraph number " + strconv.Itoa(i) + " has some words in it.</p>\n")
	}
	return b.String()
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// generate asks for a post as the generate dialog does and follows its
// job to the end (the workers run here, in the test), then answers as the
// dialog sees it: 201 {post, usage, imageError} when the job succeeded,
// 502 {error} with the job's message when it failed; a refusal of the
// request itself (400, 402, 429) as the server gave it.
func (c *ownerClient) generate(req any) (int, []byte) {
	c.t.Helper()
	status, raw := c.do(http.MethodPost, "/api/workspace/posts/generate", req)
	if status != http.StatusAccepted {
		return status, raw
	}
	var jr contract.JobResponse
	if err := json.Unmarshal(raw, &jr); err != nil {
		c.t.Fatalf("job answer %s: %v", raw, err)
	}
	if _, err := c.env.gen.RunJobs(context.Background()); err != nil {
		c.t.Fatalf("run jobs: %v", err)
	}
	c.mustJSON(http.MethodGet, "/api/workspace/jobs/"+itoa(jr.Job.ID), nil, http.StatusOK, &jr)
	switch jr.Job.Status {
	case contract.JobSucceeded:
		var post contract.OwnerPostResponse
		c.mustJSON(http.MethodGet, "/api/workspace/posts/"+itoa(*jr.Job.PostID), nil, http.StatusOK, &post)
		var ws contract.WorkspaceResponse
		c.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &ws)
		out, _ := json.Marshal(map[string]any{"post": post.Post, "usage": ws.Usage, "imageError": jr.Job.ImageError})
		return http.StatusCreated, out
	case contract.JobFailed:
		out, _ := json.Marshal(map[string]any{"error": map[string]string{"code": "provider_error", "message": jr.Job.Error}})
		return http.StatusBadGateway, out
	}
	c.t.Fatalf("job %d ended %q", jr.Job.ID, jr.Job.Status)
	return 0, nil
}

// mustGenerate is generate expecting a post; its answer goes into out.
func (c *ownerClient) mustGenerate(req any, out any) {
	c.t.Helper()
	status, raw := c.generate(req)
	if status != http.StatusCreated {
		c.t.Fatalf("generate = %d: %s", status, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("decode %s: %v", raw, err)
		}
	}
}

// mustFailGenerate is generate expecting a refusal or a failed job.
func (c *ownerClient) mustFailGenerate(req any, status int, code string) string {
	c.t.Helper()
	got, raw := c.generate(req)
	var e apiErr
	_ = json.Unmarshal(raw, &e)
	if got != status || e.Error.Code != code {
		c.t.Fatalf("generate = %d %q, want %d %q: %s", got, e.Error.Code, status, code, raw)
	}
	return e.Error.Message
}
