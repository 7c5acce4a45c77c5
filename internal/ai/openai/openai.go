// Package openai is an AI provider for any OpenAI-compatible endpoint:
// OpenAI itself, OpenRouter, Ollama, vLLM, LM Studio and the like. It speaks
// the chat-completions and image-generations wire formats with net/http,
// retries transient failures and turns every failure into a message that
// can be shown to a user (wrapping ai.ErrProvider).
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
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
)

// Defaults used when a Config field is left empty.
const (
	DefaultBaseURL      = "https://api.openai.com/v1"
	DefaultTextModel    = "gpt-4o-mini"
	DefaultImageModel   = "dall-e-3"
	DefaultImageSize    = "1792x1024"
	DefaultTimeout      = 120 * time.Second
	DefaultImageTimeout = 180 * time.Second
	DefaultRetryBase    = time.Second
	DefaultMaxRetryWait = 30 * time.Second
)

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
	ImageSize  string // e.g. 1792x1024, 1024x1024

	Timeout      time.Duration // per attempt, text; images too unless ImageTimeout is set
	ImageTimeout time.Duration // per attempt, images; 0: Timeout (DefaultImageTimeout when both are 0)
	RetryBase    time.Duration // first backoff; doubles per retry
	MaxRetryWait time.Duration // cap on any single wait, Retry-After included

	HTTPClient *http.Client
}

// Client implements ai.Writer and ai.Illustrator. It is safe for concurrent use.
type Client struct {
	cfg  Config
	http *http.Client
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
	setDefault(&cfg.ImageSize, DefaultImageSize)
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
	return &Client{cfg: cfg, http: hc}
}

func setDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// Provider error messages, shown to users as is.
var (
	errKey         = fmt.Errorf("%w: the AI provider rejected the API key", ai.ErrProvider)
	errRateLimited = fmt.Errorf("%w: the AI provider is rate limiting requests, try again shortly", ai.ErrProvider)
	errUnavailable = fmt.Errorf("%w: the AI provider is unavailable", ai.ErrProvider)
	errTimeout     = fmt.Errorf("%w: the AI provider timed out", ai.ErrProvider)
	errMalformed   = fmt.Errorf("%w: the AI provider returned malformed JSON", ai.ErrProvider)
	errUnreachable = fmt.Errorf("%w: the AI provider could not be reached", ai.ErrProvider)
	errTooLarge    = fmt.Errorf("%w: the AI provider returned a response that is too large", ai.ErrProvider)
)

// attemptError is the outcome of one failed attempt and whether (and when)
// it is worth trying again.
type attemptError struct {
	err        error
	retry      bool
	retryAfter time.Duration // from the Retry-After header, 0 when absent
}

// post sends body as JSON to path and returns the response body of the
// first successful attempt, retrying 429, 5xx, timeouts and network errors.
func (c *Client) post(ctx context.Context, path string, body any, timeout time.Duration, limit int64) ([]byte, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("openai: encode request: %w", err)
	}
	for attempt := 1; ; attempt++ {
		data, aerr := c.attempt(ctx, path, payload, timeout, limit)
		if aerr == nil {
			return data, nil
		}
		if ctx.Err() != nil {
			return nil, callerDone(ctx)
		}
		if !aerr.retry || attempt == maxAttempts {
			return nil, aerr.err
		}
		if err := sleep(ctx, c.backoff(attempt, aerr.retryAfter)); err != nil {
			return nil, callerDone(ctx)
		}
	}
}

func (c *Client) attempt(ctx context.Context, path string, payload []byte, timeout time.Duration, limit int64) ([]byte, *attemptError) {
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(payload))
	if err != nil {
		return nil, &attemptError{err: fmt.Errorf("%w: invalid AI provider URL: %w", ai.ErrProvider, err)}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, transportError(actx, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	switch {
	case err != nil:
		return nil, transportError(actx, err)
	case int64(len(data)) > limit:
		return nil, &attemptError{err: errTooLarge}
	case resp.StatusCode/100 != 2:
		return nil, statusError(resp, data)
	}
	return data, nil
}

// transportError classifies a failure to send or read: timeouts and
// connection problems are transient and retried.
func transportError(actx context.Context, err error) *attemptError {
	var ne net.Error
	if errors.Is(actx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return &attemptError{err: errTimeout, retry: true}
	}
	return &attemptError{err: fmt.Errorf("%w: %w", errUnreachable, err), retry: true}
}

func statusError(resp *http.Response, body []byte) *attemptError {
	code := resp.StatusCode
	switch {
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		return &attemptError{err: errKey}
	case code == http.StatusTooManyRequests:
		return &attemptError{err: errRateLimited, retry: true, retryAfter: retryAfter(resp.Header.Get("Retry-After"))}
	case code >= 500:
		return &attemptError{err: errUnavailable, retry: true, retryAfter: retryAfter(resp.Header.Get("Retry-After"))}
	}
	msg := fmt.Sprintf("HTTP %d", code)
	if detail := providerMessage(body); detail != "" {
		msg += ": " + detail
	}
	return &attemptError{err: fmt.Errorf("%w: the AI provider rejected the request (%s)", ai.ErrProvider, msg)}
}

// providerMessage extracts {"error":{"message":...}} (or {"error":"..."}),
// which names the problem, e.g. an unknown model.
func providerMessage(body []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil || len(e.Error) == 0 {
		return ""
	}
	var obj struct {
		Message string `json:"message"`
	}
	var s string
	if json.Unmarshal(e.Error, &obj) == nil && obj.Message != "" {
		s = obj.Message
	} else if json.Unmarshal(e.Error, &s) != nil {
		return ""
	}
	return ai.Shorten(s, 200)
}

// retryAfter reads Retry-After as seconds or an HTTP date.
func retryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
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

// backoff is RetryBase doubled per retry with a little jitter (so several
// instances do not retry in lockstep), or the server's Retry-After; either
// is capped by MaxRetryWait.
func (c *Client) backoff(attempt int, retryAfter time.Duration) time.Duration {
	d := retryAfter
	if d == 0 {
		d = c.cfg.RetryBase << (attempt - 1)
		d += time.Duration(rand.Int64N(int64(d)/4 + 1))
	}
	return min(d, c.cfg.MaxRetryWait)
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
// still reads as a provider timeout, but keeps context.DeadlineExceeded.
func callerDone(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("%w: %w", errTimeout, ctx.Err())
	}
	return fmt.Errorf("openai: request cancelled: %w", ctx.Err())
}
