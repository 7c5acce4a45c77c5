// Package apptest boots the whole product in-process for tests: a real
// store (SQLite, or a fresh PostgreSQL schema), the real server behind an
// httptest.Server, and a client that keeps cookies and sends the CSRF header
// like the web app does.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/store/storetest"
)

// App is a running test instance.
type App struct {
	*app.App
	URL string
}

// options are what a test may change about the app it starts.
type options struct {
	env         map[string]string
	writer      ai.Writer
	illustrator ai.Illustrator
	before      []func(*app.App)
}

// Option adjusts the app before start.
type Option func(o *options)

// Env sets one environment variable of the configuration.
func Env(k, v string) Option { return func(o *options) { o.env[k] = v } }

// AI swaps the configured writer and illustrator (nil keeps the configured
// one), for tests that script or break the provider.
func AI(w ai.Writer, ill ai.Illustrator) Option {
	return func(o *options) { o.writer, o.illustrator = w, ill }
}

// Before runs fn on the built app before it serves (to swap a part, such
// as a clock or the mail queue).
func Before(fn func(a *app.App)) Option {
	return func(o *options) { o.before = append(o.before, fn) }
}

// Run starts the app once per database and calls fn with it.
func Run(t *testing.T, fn func(t *testing.T, a *App), opts ...Option) {
	t.Run("sqlite", func(t *testing.T) { fn(t, Start(t, "", opts...)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Start(t, storetest.PostgresURL(t), opts...)) })
}

// EachDB calls fn once per database with the URL to pass to Start ("" is a
// new SQLite file), for tests that start the app with options of their own.
func EachDB(t *testing.T, fn func(t *testing.T, dbURL string)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, "") })
	t.Run("postgres", func(t *testing.T) { fn(t, storetest.PostgresURL(t)) })
}

// Start boots the app on dbURL ("" = a temporary SQLite file), with demo
// content off unless an option turns it on.
func Start(t testing.TB, dbURL string, opts ...Option) *App {
	t.Helper()
	dir := t.TempDir()
	env := map[string]string{"INKPRESS_DATA_DIR": dir, "INKPRESS_DEMO": "false", "INKPRESS_LOG_LEVEL": "error",
		// The pages' own HTML, whether or not the app is built; tests of server rendering turn it on.
		"INKPRESS_SSR": "false"}
	if dbURL != "" {
		env["INKPRESS_DATABASE_URL"] = dbURL
	} else {
		env["INKPRESS_DATABASE_URL"] = "sqlite:" + filepath.Join(dir, "test.db")
	}
	o := &options{env: env}
	for _, opt := range opts {
		opt(o)
	}
	// The base URL must be known before the listener exists: start the
	// listener first, then build the app with its address.
	srv := httptest.NewUnstartedServer(nil)
	if env["INKPRESS_BASE_URL"] == "" {
		env["INKPRESS_BASE_URL"] = "http://" + srv.Listener.Addr().String()
	}
	cfg, err := config.Load(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := app.New(context.Background(), cfg, logger)
	if err != nil {
		t.Fatalf("app: %v", err)
	}
	a.Out = io.Discard
	a.Auth.Cost = bcrypt.MinCost // the real cost makes -race runs crawl
	a.DemoIllustrator = flatIllustrator{}
	if o.writer != nil {
		a.Writer, a.Generator.Writer = o.writer, o.writer
	}
	if o.illustrator != nil {
		a.Illustrator, a.Generator.Illustrator = o.illustrator, o.illustrator
	}
	for _, fn := range o.before {
		fn(a)
	}
	if err := a.Prepare(context.Background()); err != nil {
		t.Fatalf("prepare: %v", err)
	}
	// Run writes the demo posts in the background; tests want them now.
	if err := a.SeedDemo(context.Background()); err != nil {
		t.Fatalf("demo: %v", err)
	}
	srv.Config.Handler = a.Handler()
	srv.Start()
	t.Cleanup(func() {
		srv.Close()
		a.Close()
	})
	return &App{App: a, URL: srv.URL}
}

// Client is a browser-like API client.
type Client struct {
	t    testing.TB
	base string
	HTTP *http.Client
	// UserAgent is sent with every request (a browser's by default).
	UserAgent string
}

// Client returns a new client with its own cookie jar.
func (a *App) Client(t testing.TB) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{t: t, base: a.URL, UserAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36",
		HTTP: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// Response is a finished request.
type Response struct {
	*http.Response
	Body []byte
}

// JSON decodes the body into v.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// ErrorCode is the API error code of the body, if any.
func (r *Response) ErrorCode() string {
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	_ = json.Unmarshal(r.Body, &e)
	return e.Error.Code
}

func (c *Client) csrf() string {
	u, _ := url.Parse(c.base)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == "inkpress_csrf" {
			return ck.Value
		}
	}
	// Like the app: fetch /api/auth/me once to get the cookie.
	c.Raw("GET", "/api/auth/me", "", nil, nil)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == "inkpress_csrf" {
			return ck.Value
		}
	}
	return ""
}

// Do sends body (JSON-encoded unless nil) with the CSRF header.
func (c *Client) Do(method, path string, body any) *Response {
	c.t.Helper()
	var rd io.Reader
	h := http.Header{}
	if body != nil {
		rd = jsonBody(c.t, body)
		h.Set("Content-Type", "application/json")
	}
	return c.Raw(method, path, "", rd, withCSRF(c, method, h))
}

func jsonBody(t testing.TB, body any) io.Reader {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b)
}

// withCSRF adds the CSRF header to a mutating request, as the app does.
func withCSRF(c *Client, method string, h http.Header) http.Header {
	if method != "GET" && method != "HEAD" && h.Get("X-CSRF-Token") == "" {
		h.Set("X-CSRF-Token", c.csrf())
	}
	return h
}

// Get is Do("GET", path, nil).
func (c *Client) Get(path string) *Response { c.t.Helper(); return c.Do("GET", path, nil) }

// Raw sends a request as given (host overrides the Host header when set).
func (c *Client) Raw(method, path, host string, body io.Reader, h http.Header) *Response {
	c.t.Helper()
	target := path
	if !strings.HasPrefix(path, "http") {
		target = c.base + path
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		c.t.Fatal(err)
	}
	for k, v := range h {
		req.Header[k] = v
	}
	if req.Header.Get("User-Agent") == "" {
		req.Header.Set("User-Agent", c.UserAgent)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return &Response{Response: resp, Body: b}
}

// SignUp creates an account and leaves the client signed in.
func (c *Client) SignUp(name, email, password string) *Response {
	c.t.Helper()
	r := c.Do("POST", "/api/auth/signup", map[string]string{"name": name, "email": email, "password": password})
	if r.StatusCode != http.StatusCreated {
		c.t.Fatalf("sign up %s: %d %s", email, r.StatusCode, r.Body)
	}
	return r
}

// flatIllustrator draws a plain 1200x630 PNG: the builtin illustrator's
// text rendering is slow under -race, and demo covers only need to exist.
type flatIllustrator struct{}

func (flatIllustrator) Illustrate(context.Context, ai.ImageRequest) (*ai.Image, error) {
	img := image.NewRGBA(image.Rect(0, 0, 1200, 630))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{99, 102, 241, 255}}, image.Point{}, draw.Src)
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, err
	}
	return &ai.Image{Data: buf.Bytes(), ContentType: "image/png"}, nil
}
