// Package openai is an AI provider for any OpenAI-compatible endpoint:
// OpenAI itself, OpenRouter, Ollama, vLLM, LM Studio and the like. It speaks
// the chat-completions and image-generations wire formats with net/http,
// adapts each request to what the server accepts, retries what is worth
// retrying and turns every failure into a sentence a user can act on
// (wrapping ai.ErrProvider).
//
// Why not the official github.com/openai/openai-go SDK: it types OpenAI's
// own API, while most of the work here is the other servers' differences.
// Its message content is a string, so a list of content parts does not
// decode; reasoning_content and OpenRouter's moderation metadata are only
// reachable as raw JSON; leaving out response_format or max_tokens per server
// means patching each request body with options; and its retry rule retries
// every 429 (an exhausted quota included) unless a middleware rewrites the
// answer. Bent that far, little of the SDK would be in use, and its module
// brings the Azure and AWS SDKs into go.mod. Two endpoints and their quirks
// are smaller to own, and each quirk is tested against a fake of the server
// that has it.
package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/safehttp"
)

// Defaults used when a Config field is left empty.
const (
	DefaultBaseURL      = "https://api.openai.com/v1"
	DefaultTextModel    = "gpt-4o-mini"
	DefaultImageModel   = "gpt-image-1"
	DefaultTimeout      = 120 * time.Second
	DefaultImageTimeout = 180 * time.Second
	DefaultRetryBase    = time.Second
	DefaultMaxRetryWait = 30 * time.Second
)

// BuiltinImageModel as the image model means the server draws no images:
// the app draws covers with the builtin illustrator instead.
const BuiltinImageModel = "builtin"

// maxAttempts is one try plus two retries.
const maxAttempts = 3

// Response size limits protect the server from a misbehaving endpoint.
const (
	maxTextResponse  = 8 << 20
	maxImageResponse = 40 << 20
)

// Config selects the endpoint and models. Only BaseURL (for non-OpenAI
// endpoints) and usually APIKey need setting.
type Config struct {
	BaseURL    string // e.g. https://openrouter.ai/api/v1 or http://localhost:11434/v1
	APIKey     string // sent as a Bearer token when non-empty (local servers need none)
	TextModel  string
	ImageModel string
	ImageSize  string // e.g. 1536x1024 or auto; empty: the model family's landscape size

	Timeout      time.Duration // per attempt, text; images too unless ImageTimeout is set
	ImageTimeout time.Duration // per attempt, images; 0: Timeout (DefaultImageTimeout when both are 0)
	RetryBase    time.Duration // first backoff; doubles per retry
	MaxRetryWait time.Duration // longest wait before a retry; a longer Retry-After ends the tries

	HTTPClient *http.Client
	// FetchClient downloads images the provider answers with by URL. That
	// URL is the provider's (or whoever answers in its place) to choose, so
	// the default is safehttp's client, which never reaches loopback,
	// private or metadata addresses.
	FetchClient *http.Client
}

// Client implements ai.Writer and ai.Illustrator. It is safe for concurrent use.
type Client struct {
	cfg   Config
	http  *http.Client
	fetch *http.Client

	// What the server accepted, so later requests skip the refused tries:
	// each only ever moves further down its list.
	output atomic.Int32 // an outputMode
	tokens atomic.Int32 // a tokenField
}

var (
	_ ai.Writer      = (*Client)(nil)
	_ ai.Illustrator = (*Client)(nil)
)

// New returns a client for cfg, filling in defaults.
func New(cfg Config) *Client {
	cfg.BaseURL = strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	setDefault(&cfg.TextModel, DefaultTextModel)
	setDefault(&cfg.ImageModel, DefaultImageModel)
	cfg.ImageSize = strings.TrimSpace(cfg.ImageSize)
	// One configured timeout (INKPRESS_AI_TIMEOUT) bounds every request:
	// a longer image default would let one generation outlast what the
	// generation and the shutdown grace are sized for.
	setDefault(&cfg.ImageTimeout, cfg.Timeout)
	setDefault(&cfg.Timeout, DefaultTimeout)
	setDefault(&cfg.ImageTimeout, DefaultImageTimeout)
	setDefault(&cfg.RetryBase, DefaultRetryBase)
	setDefault(&cfg.MaxRetryWait, DefaultMaxRetryWait)
	hc := cfg.HTTPClient
	if hc == nil {
		// No client-wide timeout: each attempt gets its own deadline.
		hc = &http.Client{}
	}
	fc := cfg.FetchClient
	if fc == nil {
		fc = safehttp.New(nil)
	}
	c := &Client{cfg: cfg, http: hc, fetch: fc}
	c.tokens.Store(int32(initialTokenField(cfg.TextModel)))
	return c
}

func setDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// call describes one endpoint a request goes to.
type call struct {
	path    string
	timeout time.Duration // per attempt
	limit   int64         // largest answer read
	model   string
	setting string // the variable that names model, for messages
}

func (c *Client) chatCall() call {
	return call{path: "/chat/completions", timeout: c.cfg.Timeout, limit: maxTextResponse,
		model: c.cfg.TextModel, setting: "INKPRESS_AI_TEXT_MODEL"}
}

func (c *Client) imageCall() call {
	return call{path: "/images/generations", timeout: c.cfg.ImageTimeout, limit: maxImageResponse,
		model: c.cfg.ImageModel, setting: "INKPRESS_AI_IMAGE_MODEL"}
}

// post sends body as JSON and returns the answer of the first successful
// attempt, retrying rate limits, outages and connection failures.
func (c *Client) post(ctx context.Context, cl call, body any) ([]byte, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("openai: encode request: %w", err)
	}
	start := time.Now()
	for attempt := 1; ; attempt++ {
		data, f := c.attempt(ctx, cl, payload)
		if f == nil {
			return data, nil
		}
		if ctx.Err() != nil {
			return nil, callerDone(ctx, start)
		}
		if !f.retry || attempt == maxAttempts {
			return nil, f
		}
		wait, ok := c.backoff(attempt, f.retryAfter)
		if !ok {
			return nil, f // the server asks for a longer wait than a generation has
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, callerDone(ctx, start)
		}
	}
}

func (c *Client) attempt(ctx context.Context, cl call, payload []byte) ([]byte, *failure) {
	actx, cancel := context.WithTimeout(ctx, cl.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, c.cfg.BaseURL+cl.path, bytes.NewReader(payload))
	if err != nil {
		return nil, &failure{msg: "The AI provider URL is invalid: check INKPRESS_AI_BASE_URL", setup: true, cause: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, transportFailure(actx, err, cl.timeout)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, cl.limit+1))
	switch {
	case err != nil:
		return nil, transportFailure(actx, err, cl.timeout)
	case int64(len(data)) > cl.limit:
		return nil, &failure{msg: "The AI provider returned an answer that is too large"}
	case resp.StatusCode/100 != 2:
		return nil, c.classify(resp.StatusCode, resp.Header, data, cl)
	}
	// Some servers answer 200 with only an error: OpenRouter when the model
	// fails after the request was accepted, LM Studio for a path it lacks.
	if status, ok := errorInOK(data); ok {
		return nil, c.classify(status, resp.Header, data, cl)
	}
	return data, nil
}

// transportFailure classifies a failure to send or read. A timeout is not
// retried: the model had the whole timeout to answer, and a generation's
// budget holds one such wait per request. Connection failures are.
func transportFailure(actx context.Context, err error, timeout time.Duration) *failure {
	var ne net.Error
	if errors.Is(actx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return &failure{msg: fmt.Sprintf("The AI provider did not answer within %s", timeout), transient: true, cause: context.DeadlineExceeded}
	}
	return &failure{msg: "The AI provider could not be reached: check INKPRESS_AI_BASE_URL", retry: true, transient: true, setup: true, cause: err}
}

// retryAfter reads Retry-After (seconds or an HTTP date), or OpenAI's
// retry-after-ms.
func retryAfter(h http.Header) time.Duration {
	if ms, err := strconv.ParseFloat(strings.TrimSpace(h.Get("Retry-After-Ms")), 64); err == nil && ms > 0 {
		return time.Duration(ms * float64(time.Millisecond))
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil && secs > 0 {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}

// backoff is the server's Retry-After, or RetryBase doubled per retry with
// a little jitter (so several instances do not retry in lockstep), capped by
// MaxRetryWait. ok is false when the server asks for more than that cap:
// waiting less would only be refused again.
func (c *Client) backoff(attempt int, retryAfter time.Duration) (d time.Duration, ok bool) {
	if retryAfter > 0 {
		return retryAfter, retryAfter <= c.cfg.MaxRetryWait
	}
	d = c.cfg.RetryBase << (attempt - 1)
	d += time.Duration(rand.Int64N(int64(d)/4 + 1))
	return min(d, c.cfg.MaxRetryWait), true
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// callerDone reports the caller's own cancellation or deadline. A deadline
// reads as a provider that did not answer, and keeps
// context.DeadlineExceeded.
func callerDone(ctx context.Context, start time.Time) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		d := time.Since(start).Round(time.Second)
		return &failure{msg: fmt.Sprintf("The AI provider did not answer within %s", d), transient: true, cause: ctx.Err()}
	}
	return fmt.Errorf("openai: request cancelled: %w", ctx.Err())
}

// redactedBase is the base URL as messages show it: without credentials
// someone may have put in it.
func (c *Client) redactedBase() string {
	u, err := url.Parse(c.cfg.BaseURL)
	if err != nil {
		return c.cfg.BaseURL
	}
	return u.Redacted()
}
