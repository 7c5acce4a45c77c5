package openai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
)

// failure is a request that did not succeed: the sentence a user sees and
// what the client needs to decide what to do next. It wraps ai.ErrProvider
// (and ai.ErrTransient when trying again later may help), and its message
// is "AI provider error: " followed by the sentence.
type failure struct {
	msg       string
	status    int      // HTTP status, 0 when there was no answer
	api       apiError // the error the server described, if any
	retry     bool     // worth another attempt within this request
	transient bool     // worth another request later
	setup     bool     // only the operator can fix it (ai.ErrSetup)
	// retryAfter is how long the server asked to wait, 0 when it did not.
	retryAfter time.Duration
	cause      error
}

func (f *failure) Error() string { return ai.ErrProvider.Error() + ": " + f.msg }

func (f *failure) Unwrap() []error {
	errs := []error{ai.ErrProvider}
	if f.transient {
		errs = append(errs, ai.ErrTransient)
	}
	if f.setup {
		errs = append(errs, ai.ErrSetup)
	}
	if f.cause != nil {
		errs = append(errs, f.cause)
	}
	return errs
}

// apiError is the error an OpenAI-compatible server answers with, in any of
// the shapes seen: {"error":{"message","type","code","param"}} (OpenAI,
// Ollama), the same with "metadata" (OpenRouter), {"error":"text"}
// (LM Studio) and {"object":"error","message",...} (vLLM).
type apiError struct {
	Message string
	Type    string
	Code    string // a string or a number, as text
	Param   string
	Reasons []string // OpenRouter's moderation reasons
}

// text is everything the server said, lowercased, for matching.
func (e apiError) text() string {
	return strings.ToLower(e.Message + " " + e.Type + " " + e.Code + " " + e.Param)
}

func (e apiError) mentions(words ...string) bool {
	t := e.text()
	for _, w := range words {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// detail is the server's message, short enough to quote.
func (e apiError) detail() string { return ai.Shorten(e.Message, 200) }

func parseAPIError(body []byte) (apiError, bool) {
	var env struct {
		Error   json.RawMessage `json:"error"`
		Object  string          `json:"object"`
		Message string          `json:"message"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"`
	}
	if json.Unmarshal(body, &env) != nil {
		return apiError{}, false
	}
	if env.Object == "error" && env.Message != "" {
		return apiError{Message: env.Message, Type: env.Type, Code: scalar(env.Code)}, true
	}
	if len(env.Error) == 0 || string(env.Error) == "null" {
		return apiError{}, false
	}
	var s string
	if json.Unmarshal(env.Error, &s) == nil {
		return apiError{Message: s}, s != ""
	}
	var obj struct {
		Message  string          `json:"message"`
		Type     string          `json:"type"`
		Code     json.RawMessage `json:"code"`
		Param    json.RawMessage `json:"param"`
		Metadata struct {
			Reasons []string `json:"reasons"`
		} `json:"metadata"`
	}
	if json.Unmarshal(env.Error, &obj) != nil {
		return apiError{}, false
	}
	return apiError{Message: obj.Message, Type: obj.Type, Code: scalar(obj.Code), Param: scalar(obj.Param),
		Reasons: obj.Metadata.Reasons}, true
}

// scalar renders a JSON string or number as text ("" for null or others).
func scalar(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var n json.Number
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if d.Decode(&n) == nil {
		return n.String()
	}
	return ""
}

// errorInOK reports whether a 200 answer is only an error, and the status
// that error stands for.
func errorInOK(body []byte) (int, bool) {
	var env struct {
		Choices json.RawMessage `json:"choices"`
		Data    json.RawMessage `json:"data"`
	}
	if json.Unmarshal(body, &env) != nil || len(env.Choices) > 0 || len(env.Data) > 0 {
		return 0, false
	}
	e, ok := parseAPIError(body)
	if !ok {
		return 0, false
	}
	if e.mentions("unexpected endpoint") {
		return http.StatusNotFound, true
	}
	if n, err := strconv.Atoi(e.Code); err == nil && n >= 400 && n <= 599 {
		return n, true
	}
	return http.StatusBadGateway, true
}

// classify turns an error answer into a failure that says what to do.
func (c *Client) classify(status int, h http.Header, body []byte, cl call) *failure {
	e, _ := parseAPIError(body)
	f := &failure{status: status, api: e}
	switch {
	case noCredit(status, e):
		f.setup = true
		f.msg = "The AI provider account has no credit left: add credit or change the API key"
	case status == http.StatusTooManyRequests:
		f.retry, f.transient, f.retryAfter = true, true, retryAfter(h)
		f.msg = "The AI provider is rate limiting requests: try again in a few minutes"
		if f.retryAfter > c.cfg.MaxRetryWait {
			f.msg = fmt.Sprintf("The AI provider is rate limiting requests: try again in %s", f.retryAfter.Round(time.Second))
		}
	case flagged(status, e):
		reasons := strings.Join(e.Reasons, ", ")
		if reasons == "" {
			reasons = e.detail()
		}
		f.msg = fmt.Sprintf("The AI provider flagged this request: %s; change the topic or keywords", reasons)
	case status == http.StatusUnauthorized:
		f.setup = true
		f.msg = "The AI provider rejected the API key: check INKPRESS_AI_API_KEY"
	case status == http.StatusForbidden:
		f.setup = true
		f.msg = withDetail("The AI provider refused access with this API key", status, e)
	case modelMissing(status, e):
		f.setup = true
		f.msg = fmt.Sprintf("The AI model '%s' was not found at %s: check %s", cl.model, c.redactedBase(), cl.setting)
	case status == http.StatusNotFound && cl.path == "/images/generations":
		f.setup = true
		f.msg = fmt.Sprintf("The AI provider at %s does not draw images: set INKPRESS_AI_IMAGE_MODEL=builtin for the built-in covers", c.redactedBase())
	case status == http.StatusNotFound:
		f.setup = true
		f.msg = fmt.Sprintf("The AI provider at %s has no %s endpoint: check INKPRESS_AI_BASE_URL (it usually ends in /v1)", c.redactedBase(), cl.path)
	case status == http.StatusRequestTimeout || status >= 500:
		f.retry, f.transient, f.retryAfter = true, true, retryAfter(h)
		f.msg = withDetail("The AI provider is unavailable, try again later", status, e)
	default:
		f.msg = withDetail("The AI provider rejected the request", status, e)
	}
	return f
}

func withDetail(msg string, status int, e apiError) string {
	if d := e.detail(); d != "" {
		return fmt.Sprintf("%s (HTTP %d: %s)", msg, status, d)
	}
	return fmt.Sprintf("%s (HTTP %d)", msg, status)
}

// noCredit: OpenAI answers an exhausted quota with 429 insufficient_quota
// (which no wait cures), OpenRouter with 402.
func noCredit(status int, e apiError) bool {
	switch e.Code {
	case "insufficient_quota", "billing_hard_limit_reached", "billing_not_active":
		return true
	}
	return status == http.StatusPaymentRequired || e.Type == "insufficient_quota"
}

// flagged: OpenRouter's moderation answers 403 with metadata.reasons;
// OpenAI's image safety system answers 400 content_policy_violation or
// moderation_blocked.
func flagged(status int, e apiError) bool {
	switch {
	case e.Code == "content_policy_violation" || e.Code == "moderation_blocked":
		return true
	case status == http.StatusForbidden:
		return len(e.Reasons) > 0 || e.mentions("flagged", "moderation")
	}
	return false
}

// modelMissing: OpenAI answers 404 model_not_found, vLLM 404 "The model `x`
// does not exist", Ollama 404 "model \"x\" not found", LM Studio and
// OpenRouter a 400 naming the model.
func modelMissing(status int, e apiError) bool {
	if e.Code == "model_not_found" {
		return true
	}
	switch status {
	case http.StatusNotFound:
		return e.mentions("model", "no endpoints found")
	case http.StatusBadRequest:
		return e.Param == "model" || e.mentions("not a valid model", "invalid model")
	}
	return false
}
