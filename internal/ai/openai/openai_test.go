package openai

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/ai"
)

var req = ai.WriteRequest{
	Topic:     "keto meal prep",
	InputMode: ai.ModeTopic,
	Keywords:  []string{"macros", "batch cooking"},
	Tone:      ai.ToneCasual,
	Length:    ai.LengthShort,
	Category:  "Keto",
}

// chatReply wraps content the way /chat/completions does.
func chatReply(content string) string {
	b, _ := json.Marshal(map[string]any{
		"id":      "chatcmpl-123",
		"object":  "chat.completion",
		"created": 1700000000,
		"model":   "gpt-4o-mini",
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": content},
			"finish_reason": "stop",
		}},
		"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 20, "total_tokens": 30},
	})
	return string(b)
}

const articleContent = `{"title":"Keto Meal Prep Made Easy","content":"<p>Intro about macros and batch cooking.</p><h2>Why</h2><p>Because.</p>","excerpt":"A friendly guide.","metaTitle":"Keto Meal Prep Made Easy: The Complete, Friendly, No-Stress Guide for Busy People","metaDescription":"` + "Learn keto meal prep step by step with practical tips on macros, batch cooking, shopping lists and storage so you can eat well all week without spending hours in the kitchen." + `","tags":["Keto","#meal prep","keto","Macros"]}`

// server runs handler and records how many requests it got.
func server(t *testing.T, handler http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		handler(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func client(srv *httptest.Server, key string) *Client {
	return New(Config{BaseURL: srv.URL + "/v1/", APIKey: key, TextModel: "test-model", RetryBase: 10 * time.Millisecond, MaxRetryWait: 50 * time.Millisecond, Timeout: 2 * time.Second})
}

func TestWriteSuccess(t *testing.T) {
	var got struct {
		Model          string `json:"model"`
		Messages       []chatMessage
		ResponseFormat responseFormat `json:"response_format"`
	}
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			t.Errorf("%s %s", r.Method, r.URL.Path)
		}
		if h := r.Header.Get("Authorization"); h != "Bearer sk-test" {
			t.Errorf("Authorization = %q", h)
		}
		if err := json.NewDecoder(r.Body).Decode(&got); err != nil {
			t.Error(err)
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, chatReply(articleContent))
	})
	a, err := client(srv, "sk-test").Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if got.Model != "test-model" || got.ResponseFormat.Type != "json_object" || len(got.Messages) != 2 || got.Messages[0].Role != "system" {
		t.Errorf("request = %+v", got)
	}
	user := got.Messages[1].Content
	for _, want := range []string{"keto meal prep", "macros, batch cooking", "casual", "800", "Keto"} {
		if !strings.Contains(user, want) {
			t.Errorf("user prompt misses %q:\n%s", want, user)
		}
	}
	if a.Title != "Keto Meal Prep Made Easy" || !strings.Contains(a.HTML, "<h2>Why</h2>") || a.Excerpt != "A friendly guide." {
		t.Errorf("article = %+v", a)
	}
	if n := utf8.RuneCountInString(a.MetaTitle); n > 60 || n == 0 {
		t.Errorf("meta title %q (%d runes)", a.MetaTitle, n)
	}
	if n := utf8.RuneCountInString(a.MetaDescription); n > 155 || n == 0 {
		t.Errorf("meta description %q (%d runes)", a.MetaDescription, n)
	}
	if strings.Join(a.Tags, ",") != "keto,meal prep,macros" {
		t.Errorf("tags = %q", a.Tags)
	}
}

func TestWriteFencedAndTitleMode(t *testing.T) {
	content := "Sure! Here it is:\n```json\n{\"title\":\"A Different Title\",\"body\":\"First para.\\n\\nSecond para with <angle>.\",\"tags\":\"one, two, three\"}\n```"
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			t.Error("Authorization sent without an API key")
		}
		io.WriteString(w, chatReply(content))
	})
	r := req
	r.InputMode, r.Topic = ai.ModeTitle, "My Exact Title"
	a, err := client(srv, "").Write(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if a.Title != "My Exact Title" {
		t.Errorf("title = %q, want the requested title", a.Title)
	}
	if a.HTML != "<p>First para.</p>\n<p>Second para with &lt;angle&gt;.</p>" {
		t.Errorf("HTML = %q", a.HTML)
	}
	if a.Excerpt == "" || a.MetaTitle != "My Exact Title" || a.MetaDescription == "" {
		t.Errorf("fallbacks not filled: %+v", a)
	}
	if strings.Join(a.Tags, ",") != "one,two,three" {
		t.Errorf("tags = %q", a.Tags)
	}
}

func TestWriteMalformed(t *testing.T) {
	cases := map[string]string{
		"content not JSON":  chatReply("I am sorry, I cannot write JSON today."),
		"envelope not JSON": "<html>gateway</html>",
		"no choices":        `{"choices":[]}`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			srv, n := server(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) })
			_, err := client(srv, "k").Write(context.Background(), req)
			if !errors.Is(err, ai.ErrProvider) || !strings.Contains(err.Error(), "malformed JSON") {
				t.Fatalf("err = %v", err)
			}
			if n.Load() != 1 {
				t.Errorf("%d attempts, want 1", n.Load())
			}
		})
	}
}

func TestWriteUnusable(t *testing.T) {
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, chatReply(`{"title":"","content":""}`))
	})
	_, err := client(srv, "k").Write(context.Background(), req)
	if !errors.Is(err, ai.ErrProvider) || !strings.Contains(err.Error(), "unusable article") {
		t.Fatalf("err = %v", err)
	}
}

func TestRetryOn429ThenSuccess(t *testing.T) {
	var calls atomic.Int32
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "1") // capped to MaxRetryWait (50ms) by the client
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"error":{"message":"Rate limit reached","type":"requests"}}`)
			return
		}
		io.WriteString(w, chatReply(articleContent))
	})
	start := time.Now()
	a, err := client(srv, "k").Write(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if a.Title == "" || n.Load() != 2 {
		t.Errorf("attempts = %d, title %q", n.Load(), a.Title)
	}
	if d := time.Since(start); d > 900*time.Millisecond {
		t.Errorf("took %v; Retry-After should be capped", d)
	}
}

func TestRateLimitedGivesUp(t *testing.T) {
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTooManyRequests) })
	_, err := client(srv, "k").Write(context.Background(), req)
	if !errors.Is(err, ai.ErrProvider) || !strings.Contains(err.Error(), "rate limiting requests, try again shortly") {
		t.Fatalf("err = %v", err)
	}
	if n.Load() != 3 {
		t.Errorf("attempts = %d, want 3", n.Load())
	}
}

func TestRetry500ThreeTimes(t *testing.T) {
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, `{"error":{"message":"boom"}}`)
	})
	_, err := client(srv, "k").Write(context.Background(), req)
	if !errors.Is(err, ai.ErrProvider) || !strings.Contains(err.Error(), "unavailable") {
		t.Fatalf("err = %v", err)
	}
	if n.Load() != 3 {
		t.Errorf("attempts = %d, want 3", n.Load())
	}
}

func TestTimeout(t *testing.T) {
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // lets the server notice the client hanging up
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
	})
	c := New(Config{BaseURL: srv.URL, Timeout: 40 * time.Millisecond, RetryBase: 10 * time.Millisecond})
	start := time.Now()
	_, err := c.Write(context.Background(), req)
	if !errors.Is(err, ai.ErrProvider) || !strings.Contains(err.Error(), "timed out") {
		t.Fatalf("err = %v", err)
	}
	if n.Load() != 3 {
		t.Errorf("attempts = %d, want 3", n.Load())
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
}

func TestUnauthorizedNoRetry(t *testing.T) {
	for _, code := range []int{http.StatusUnauthorized, http.StatusForbidden} {
		srv, n := server(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(code)
			io.WriteString(w, `{"error":{"message":"Incorrect API key provided: sk-abc***xyz"}}`)
		})
		_, err := client(srv, "bad").Write(context.Background(), req)
		if !errors.Is(err, ai.ErrProvider) || err.Error() != "AI provider error: the AI provider rejected the API key" {
			t.Fatalf("%d: err = %v", code, err)
		}
		if n.Load() != 1 {
			t.Errorf("%d: attempts = %d, want 1", code, n.Load())
		}
	}
}

func TestOther4xxNoRetry(t *testing.T) {
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"error":{"message":"The model 'nope' does not exist"}}`)
	})
	_, err := client(srv, "k").Write(context.Background(), req)
	if !errors.Is(err, ai.ErrProvider) || !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), "404") {
		t.Fatalf("err = %v", err)
	}
	if n.Load() != 1 {
		t.Errorf("attempts = %d, want 1", n.Load())
	}
}

func TestContextCancel(t *testing.T) {
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	c := New(Config{BaseURL: srv.URL, RetryBase: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	start := time.Now()
	_, err := c.Write(ctx, req)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	if time.Since(start) > time.Second {
		t.Error("cancellation did not interrupt the backoff")
	}
}

func TestInvalidRequest(t *testing.T) {
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request) {})
	bad := req
	bad.Tone = "grumpy"
	if _, err := client(srv, "k").Write(context.Background(), bad); !errors.Is(err, ai.ErrInvalidRequest) {
		t.Fatalf("err = %v", err)
	}
	if n.Load() != 0 {
		t.Error("invalid request reached the provider")
	}
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{255, 0, 0, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func imageReply(b64 string) string {
	b, _ := json.Marshal(map[string]any{"created": 1700000000, "data": []any{map[string]any{"b64_json": b64, "revised_prompt": "a cover"}}})
	return string(b)
}

func TestIllustrateSuccess(t *testing.T) {
	want := pngBytes(t)
	var got imageRequest
	srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/images/generations" {
			t.Errorf("path %s", r.URL.Path)
		}
		if err := json.NewDecoder(r.Body).Decode(&got); err != nil {
			t.Error(err)
		}
		io.WriteString(w, imageReply(base64.StdEncoding.EncodeToString(want)))
	})
	c := New(Config{BaseURL: srv.URL + "/v1", ImageModel: "img-model"})
	img, err := c.Illustrate(context.Background(), ai.ImageRequest{Title: "Keto Meal Prep", ColorFrom: "#10b981", ColorTo: "#064e3b"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(img.Data, want) || img.ContentType != "image/png" {
		t.Errorf("image = %d bytes, %q", len(img.Data), img.ContentType)
	}
	if got.Model != "img-model" || got.Size != "1792x1024" || got.ResponseFormat != "b64_json" || got.N != 1 || !strings.Contains(got.Prompt, "Keto Meal Prep") {
		t.Errorf("request = %+v", got)
	}
}

func TestIllustrateMalformedBase64(t *testing.T) {
	for name, body := range map[string]string{
		"bad base64": imageReply("%%%not-base64%%%"),
		"not image":  imageReply(base64.StdEncoding.EncodeToString([]byte("hello, plain text"))),
		"no data":    `{"created":1,"data":[]}`,
	} {
		t.Run(name, func(t *testing.T) {
			srv, _ := server(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, body) })
			_, err := client(srv, "k").Illustrate(context.Background(), ai.ImageRequest{Prompt: "a cat"})
			if !errors.Is(err, ai.ErrProvider) {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

func TestIllustrateURLFallback(t *testing.T) {
	want := pngBytes(t)
	var srv *httptest.Server
	srv, _ = server(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/files/cover.png" {
			w.Write(want)
			return
		}
		io.WriteString(w, `{"data":[{"url":"`+srv.URL+`/files/cover.png"}]}`)
	})
	img, err := client(srv, "k").Illustrate(context.Background(), ai.ImageRequest{Title: "x"})
	if err != nil || !bytes.Equal(img.Data, want) {
		t.Fatalf("img, err = %v, %v", img, err)
	}
}

func TestRetryAfterParsing(t *testing.T) {
	if d := retryAfter("3"); d != 3*time.Second {
		t.Errorf("seconds: %v", d)
	}
	if d := retryAfter(time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)); d < 59*time.Minute {
		t.Errorf("date: %v", d)
	}
	if d := retryAfter("soon"); d != 0 {
		t.Errorf("junk: %v", d)
	}
	c := New(Config{RetryBase: time.Second, MaxRetryWait: 5 * time.Second})
	if d := c.backoff(1, 0); d < time.Second || d > 1250*time.Millisecond {
		t.Errorf("backoff(1) = %v", d)
	}
	if d := c.backoff(2, 0); d < 2*time.Second || d > 2500*time.Millisecond {
		t.Errorf("backoff(2) = %v", d)
	}
	if d := c.backoff(1, time.Minute); d != 5*time.Second {
		t.Errorf("capped Retry-After = %v", d)
	}
}

func TestExtractJSON(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:                        `{"a":1}`,
		"```json\n{\"a\":1}\n```":        `{"a":1}`,
		"```\n{\"a\":1}\n```":            `{"a":1}`,
		"Here you go: {\"a\":1} enjoy!":  `{"a":1}`,
		"  \n```JSON\n{\"a\":{}}```  \n": `{"a":{}}`,
	} {
		if got := extractJSON(in); got != want {
			t.Errorf("extractJSON(%q) = %q, want %q", in, got, want)
		}
	}
}

// The configured timeout (INKPRESS_AI_TIMEOUT) bounds image requests too:
// each attempt ends at Timeout, so all three attempts fit in the caller's
// deadline and none reaches a separate, longer image default.
func TestIllustrateUsesConfiguredTimeout(t *testing.T) {
	srv, n := server(t, func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	})
	c := New(Config{BaseURL: srv.URL, Timeout: 40 * time.Millisecond, RetryBase: 10 * time.Millisecond})
	if c.cfg.ImageTimeout != 40*time.Millisecond {
		t.Errorf("image timeout = %v, want the configured 40ms", c.cfg.ImageTimeout)
	}
	cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := c.Illustrate(cctx, ai.ImageRequest{Prompt: "a cat"})
	if !errors.Is(err, ai.ErrProvider) || errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v; want a provider timeout before the caller's deadline", err)
	}
	if n.Load() != 3 {
		t.Errorf("attempts = %d, want 3", n.Load())
	}
}
