package openai

// Fakes of the services the README's compatibility table names. Each one
// enforces the request rules its service documents (or is known to apply)
// and answers with that service's shapes, success and error alike, so a
// request the real service would refuse is refused here too.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// chatIn is the part of a chat request the fakes look at.
type chatIn struct {
	Model          string `json:"model"`
	Messages       []chatMessage
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string         `json:"name"`
			Strict bool           `json:"strict"`
			Schema map[string]any `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
	MaxTokens           *int `json:"max_tokens"`
	MaxCompletionTokens *int `json:"max_completion_tokens"`
}

func (c chatIn) format() string {
	if c.ResponseFormat == nil {
		return ""
	}
	return c.ResponseFormat.Type
}

// imageIn is the image request as sent; fields left out stay nil.
type imageIn struct {
	Model          string  `json:"model"`
	Prompt         string  `json:"prompt"`
	N              *int    `json:"n"`
	Size           *string `json:"size"`
	ResponseFormat *string `json:"response_format"`
}

// reply is what the fake's model answers a chat request with.
type reply struct {
	content any            // a string, nil, or a list of parts
	refusal any            // nil or a string
	extra   map[string]any // more message fields (reasoning_content...)
	finish  string         // "stop" when empty
}

// seen is one request a fake received.
type seen struct {
	path   string
	body   []byte
	header http.Header
	at     time.Time
}

func (s seen) chat(t *testing.T) chatIn {
	t.Helper()
	var c chatIn
	if err := json.Unmarshal(s.body, &c); err != nil {
		t.Fatalf("chat request is not JSON: %v", err)
	}
	return c
}

// has reports whether the request's JSON has the top-level key.
func (s seen) has(key string) bool {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(s.body, &m)
	_, ok := m[key]
	return ok
}

// fake is one service: its rules (handle) and its model (answer).
type fake struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	seen   []seen
	answer func(chatIn) reply                                            // the model; a JSON article by default
	handle func(f *fake, w http.ResponseWriter, r *http.Request, s seen) // the service's rules
	// before, when set, may answer a request first (an outage, a quota);
	// n counts requests from 1.
	before func(n int, w http.ResponseWriter, s seen) bool
}

func newFake(t *testing.T, handle func(f *fake, w http.ResponseWriter, r *http.Request, s seen)) *fake {
	t.Helper()
	f := &fake{t: t, handle: handle, answer: func(chatIn) reply { return reply{content: articleContent} }}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s := seen{path: r.URL.Path, body: body, header: r.Header.Clone(), at: time.Now()}
		f.mu.Lock()
		f.seen = append(f.seen, s)
		n := len(f.seen)
		f.mu.Unlock()
		if f.before != nil && f.before(n, w, s) {
			return
		}
		f.handle(f, w, r, s)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fake) requests() []seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.seen)
}

func (f *fake) count() int { return len(f.requests()) }

func (f *fake) last() seen {
	r := f.requests()
	if len(r) == 0 {
		f.t.Fatal("the fake got no request")
	}
	return r[len(r)-1]
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// openAIErr is OpenAI's error body (Ollama and LM Studio use its shape).
func openAIErr(msg, typ string, param, code any) map[string]any {
	return map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": param, "code": code}}
}

// completion is a chat completion answer; extra top-level fields (OpenRouter's
// provider) may be added by the caller.
func completion(model string, r reply) map[string]any {
	msg := map[string]any{"role": "assistant", "content": r.content, "refusal": r.refusal}
	for k, v := range r.extra {
		msg[k] = v
	}
	finish := r.finish
	if finish == "" {
		finish = "stop"
	}
	return map[string]any{
		"id": "chatcmpl-123", "object": "chat.completion", "created": 1700000000, "model": model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "logprobs": nil, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 400, "completion_tokens": 900, "total_tokens": 1300},
	}
}

// chatRequestOf decodes a chat request, answering 400 the way OpenAI does
// when the body is not one.
func chatRequestOf(w http.ResponseWriter, s seen) (chatIn, bool) {
	var c chatIn
	if err := json.Unmarshal(s.body, &c); err != nil || c.Model == "" || len(c.Messages) == 0 {
		writeJSON(w, 400, openAIErr("We could not parse the JSON body of your request.", "invalid_request_error", nil, nil))
		return c, false
	}
	return c, true
}

// strictSchemaProblem is why OpenAI's strict mode would refuse a schema:
// every property required, additionalProperties false.
func strictSchemaProblem(schema map[string]any) string {
	if schema["type"] != "object" {
		return "schema must be a JSON Schema of 'type: \"object\"'"
	}
	if schema["additionalProperties"] != false {
		return "In context=(), 'additionalProperties' is required to be supplied and to be false."
	}
	props, _ := schema["properties"].(map[string]any)
	req, _ := schema["required"].([]any)
	if len(req) != len(props) {
		return "In context=(), 'required' is required to be supplied and to be an array including every key in properties."
	}
	return ""
}

func mentionsJSON(msgs []chatMessage) bool {
	for _, m := range msgs {
		if strings.Contains(strings.ToLower(m.Content), "json") {
			return true
		}
	}
	return false
}

// pngOf draws a w x h PNG in a flat colour.
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []byte{30, 144, 255, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

var coverBlue = color.RGBA{30, 144, 255, 255}

func sizeOf(s string) (w, h int) {
	if _, err := fmt.Sscanf(s, "%dx%d", &w, &h); err != nil {
		return 1024, 1024 // "auto" and the servers' defaults
	}
	return w, h
}

// drawScale shrinks the images the fakes draw: the cover is cut the same
// way from an eighth of the size, and full-size pictures make the race
// detector's runs slow.
const drawScale = 8

func b64Image(t *testing.T, size string) map[string]any {
	w, h := sizeOf(size)
	w, h = w/drawScale, h/drawScale
	return map[string]any{"created": 1700000000, "data": []any{map[string]any{"b64_json": base64.StdEncoding.EncodeToString(pngOf(t, w, h))}}}
}

// ---- OpenAI ---------------------------------------------------------------

var openAIModels = map[string]bool{"gpt-4o-mini": true, "gpt-4o": true, "gpt-3.5-turbo": true, "o4-mini": true, "gpt-5-mini": true,
	"gpt-image-1": true, "dall-e-3": true, "dall-e-2": true}

// openAIParams are the chat parameters OpenAI knows (of those a client may
// send); it refuses any other.
var openAIParams = []string{"model", "messages", "response_format", "max_tokens", "max_completion_tokens", "temperature", "n", "stream", "seed", "stop", "top_p"}

func openAIFake(t *testing.T) *fake {
	return newFake(t, func(f *fake, w http.ResponseWriter, r *http.Request, s seen) {
		if size, ok := strings.CutPrefix(s.path, "/files/"); ok {
			// DALL·E's image URLs: public, on another host, no key.
			w.Header().Set("Content-Type", "image/png")
			width, height := sizeOf(strings.TrimSuffix(size, ".png"))
			w.Write(pngOf(f.t, width/drawScale, height/drawScale))
			return
		}
		if r.Header.Get("Authorization") != "Bearer sk-test" {
			writeJSON(w, 401, openAIErr("Incorrect API key provided: sk-bad. You can find your API key at https://platform.openai.com/account/api-keys.", "invalid_request_error", nil, "invalid_api_key"))
			return
		}
		switch s.path {
		case "/v1/chat/completions":
			openAIChat(f, w, s)
		case "/v1/images/generations":
			openAIImages(f, w, s)
		default:
			writeJSON(w, 404, openAIErr("Invalid URL (POST "+s.path+")", "invalid_request_error", nil, nil))
		}
	})
}

func openAIChat(f *fake, w http.ResponseWriter, s seen) {
	c, ok := chatRequestOf(w, s)
	if !ok {
		return
	}
	var keys map[string]json.RawMessage
	_ = json.Unmarshal(s.body, &keys)
	for k := range keys {
		if !slices.Contains(openAIParams, k) {
			writeJSON(w, 400, openAIErr("Unrecognized request argument supplied: "+k, "invalid_request_error", nil, nil))
			return
		}
	}
	if !openAIModels[c.Model] {
		writeJSON(w, 404, openAIErr("The model `"+c.Model+"` does not exist or you do not have access to it.", "invalid_request_error", nil, "model_not_found"))
		return
	}
	reasoning := strings.HasPrefix(c.Model, "o") || strings.HasPrefix(c.Model, "gpt-5")
	if reasoning && c.MaxTokens != nil {
		writeJSON(w, 400, openAIErr("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "invalid_request_error", "max_tokens", "unsupported_parameter"))
		return
	}
	if c.MaxTokens != nil && *c.MaxTokens > 16384 {
		writeJSON(w, 400, openAIErr(fmt.Sprintf("max_tokens is too large: %d. This model supports at most 16384 completion tokens, whereas you provided %d.", *c.MaxTokens, *c.MaxTokens), "invalid_request_error", "max_tokens", "invalid_value"))
		return
	}
	switch c.format() {
	case "json_schema":
		if c.Model == "gpt-3.5-turbo" {
			writeJSON(w, 400, openAIErr("Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model. Learn more about supported models at the Structured Outputs guide: https://platform.openai.com/docs/guides/structured-outputs", "invalid_request_error", "response_format", nil))
			return
		}
		js := c.ResponseFormat.JSONSchema
		if js == nil || js.Name == "" {
			writeJSON(w, 400, openAIErr("Missing required parameter: 'response_format.json_schema'.", "invalid_request_error", "response_format.json_schema", "missing_required_parameter"))
			return
		}
		if p := strictSchemaProblem(js.Schema); js.Strict && p != "" {
			writeJSON(w, 400, openAIErr("Invalid schema for response_format '"+js.Name+"': "+p, "invalid_request_error", "response_format", nil))
			return
		}
	case "json_object":
		if !mentionsJSON(c.Messages) {
			writeJSON(w, 400, openAIErr("'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", "invalid_request_error", "messages", nil))
			return
		}
	case "", "text":
	default:
		writeJSON(w, 400, openAIErr("Invalid value: '"+c.format()+"'. Supported values are: 'json_object', 'json_schema', and 'text'.", "invalid_request_error", "response_format.type", "invalid_value"))
		return
	}
	rep := f.answer(c)
	body := completion(c.Model, rep)
	writeJSON(w, 200, body)
}

// openAIImageSizes are the sizes each image model takes.
var openAIImageSizes = map[string][]string{
	"gpt-image-1": {"1024x1024", "1536x1024", "1024x1536", "auto"},
	"dall-e-3":    {"1024x1024", "1792x1024", "1024x1792"},
	"dall-e-2":    {"256x256", "512x512", "1024x1024"},
}

func openAIImages(f *fake, w http.ResponseWriter, s seen) {
	var in imageIn
	if json.Unmarshal(s.body, &in) != nil || in.Prompt == "" {
		writeJSON(w, 400, openAIErr("Missing required parameter: 'prompt'.", "invalid_request_error", "prompt", "missing_required_parameter"))
		return
	}
	sizes, ok := openAIImageSizes[in.Model]
	if !ok {
		writeJSON(w, 404, openAIErr("The model `"+in.Model+"` does not exist or you do not have access to it.", "invalid_request_error", nil, "model_not_found"))
		return
	}
	gptImage := strings.HasPrefix(in.Model, "gpt-image")
	if gptImage && in.ResponseFormat != nil {
		writeJSON(w, 400, openAIErr("Unknown parameter: 'response_format'.", "invalid_request_error", "response_format", "unknown_parameter"))
		return
	}
	size := "1024x1024"
	if in.Size != nil {
		size = *in.Size
	}
	if !slices.Contains(sizes, size) {
		quoted := make([]string, len(sizes))
		for i, s := range sizes {
			quoted[i] = "'" + s + "'"
		}
		writeJSON(w, 400, openAIErr(fmt.Sprintf("Invalid value: '%s'. Supported values are: %s.", size, strings.Join(quoted, ", ")), "invalid_request_error", "size", "invalid_value"))
		return
	}
	if in.Model == "dall-e-3" && in.N != nil && *in.N != 1 {
		writeJSON(w, 400, openAIErr("Invalid 'n': integer above maximum value. Expected a value <= 1.", "invalid_request_error", "n", "integer_above_max_value"))
		return
	}
	if in.ResponseFormat != nil && *in.ResponseFormat != "b64_json" && *in.ResponseFormat != "url" {
		writeJSON(w, 400, openAIErr("Invalid value: '"+*in.ResponseFormat+"'. Supported values are: 'url' and 'b64_json'.", "invalid_request_error", "response_format", "invalid_value"))
		return
	}
	if !gptImage && (in.ResponseFormat == nil || *in.ResponseFormat == "url") {
		// DALL·E answers with a URL unless asked for base64.
		writeJSON(w, 200, map[string]any{"created": 1700000000, "data": []any{map[string]any{"url": f.srv.URL + "/files/" + size + ".png"}}})
		return
	}
	writeJSON(w, 200, b64Image(f.t, size))
}

// ---- OpenRouter -----------------------------------------------------------

var openRouterModels = map[string]bool{"openai/gpt-4o-mini": true, "meta-llama/llama-3.1-8b-instruct": true, "deepseek/deepseek-r1": true}

// orErr is OpenRouter's error body: code is the HTTP status.
func orErr(code int, msg string, metadata map[string]any) map[string]any {
	e := map[string]any{"code": code, "message": msg}
	if metadata != nil {
		e["metadata"] = metadata
	}
	return map[string]any{"error": e}
}

func openRouterFake(t *testing.T) *fake {
	return newFake(t, func(f *fake, w http.ResponseWriter, r *http.Request, s seen) {
		if r.Header.Get("Authorization") != "Bearer sk-or-test" {
			writeJSON(w, 401, orErr(401, "No auth credentials found", nil))
			return
		}
		if s.path != "/api/v1/chat/completions" {
			// OpenRouter has no images endpoint: images come from chat
			// models with modalities, which this client does not ask for.
			writeJSON(w, 404, orErr(404, "Not Found", nil))
			return
		}
		c, ok := chatRequestOf(w, s)
		if !ok {
			return
		}
		if !openRouterModels[c.Model] {
			writeJSON(w, 400, orErr(400, c.Model+" is not a valid model ID", nil))
			return
		}
		body := completion(c.Model, f.answer(c))
		body["provider"] = "OpenAI"
		writeJSON(w, 200, body)
	})
}

// ---- Ollama ---------------------------------------------------------------

var ollamaModels = map[string]bool{"llama3.1": true, "qwen3:8b": true, "deepseek-r1:8b": true}

var ollamaImageModels = map[string]bool{"x/z-image-turbo": true}

func ollamaErr(status int, msg string) map[string]any {
	typ := "api_error"
	switch status {
	case 400:
		typ = "invalid_request_error"
	case 404:
		typ = "not_found_error"
	}
	return openAIErr(msg, typ, nil, nil)
}

// ollamaFake answers like Ollama's /v1 compatibility layer: response_format
// json_object becomes format "json", json_schema becomes format <schema>,
// max_tokens becomes num_predict; without it the answer runs into the
// model's small default context and stops there.
func ollamaFake(t *testing.T) *fake {
	return newFake(t, func(f *fake, w http.ResponseWriter, r *http.Request, s seen) {
		switch s.path {
		case "/v1/chat/completions":
			c, ok := chatRequestOf(w, s)
			if !ok {
				return
			}
			if !ollamaModels[c.Model] {
				writeJSON(w, 404, ollamaErr(404, fmt.Sprintf("model %q not found, try pulling it first", c.Model)))
				return
			}
			if c.format() == "json_schema" && (c.ResponseFormat.JSONSchema == nil || c.ResponseFormat.JSONSchema.Schema == nil) {
				writeJSON(w, 400, ollamaErr(400, "invalid format: expected \"json\" or a JSON schema"))
				return
			}
			rep := f.answer(c)
			if c.MaxTokens == nil {
				if s, ok := rep.content.(string); ok && len(s) > 200 {
					rep.content, rep.finish = s[:200], "length"
				}
			}
			writeJSON(w, 200, completion(c.Model, rep))
		case "/v1/images/generations":
			var in imageIn
			if json.Unmarshal(s.body, &in) != nil || in.Prompt == "" {
				writeJSON(w, 400, ollamaErr(400, "prompt is required"))
				return
			}
			if !ollamaImageModels[in.Model] {
				writeJSON(w, 404, ollamaErr(404, fmt.Sprintf("model %q not found, try pulling it first", in.Model)))
				return
			}
			if in.ResponseFormat != nil && *in.ResponseFormat != "b64_json" {
				writeJSON(w, 400, ollamaErr(400, "response_format "+*in.ResponseFormat+" is not supported"))
				return
			}
			size := "1024x1024"
			if in.Size != nil {
				size = *in.Size
			}
			writeJSON(w, 200, b64Image(f.t, size))
		default:
			w.WriteHeader(404)
			io.WriteString(w, "404 page not found")
		}
	})
}

// ---- vLLM -----------------------------------------------------------------

// vllmErr is vLLM's error body.
func vllmErr(status int, typ, msg string) map[string]any {
	return map[string]any{"object": "error", "message": msg, "type": typ, "param": nil, "code": status}
}

// vllmFake serves one model with a 8192-token context: a request whose
// max_tokens cannot fit is refused, as vLLM does. It supports json_schema
// and json_object through guided decoding, and returns the reasoning
// parser's output in reasoning_content.
func vllmFake(t *testing.T, served string) *fake {
	const maxModelLen = 8192
	return newFake(t, func(f *fake, w http.ResponseWriter, r *http.Request, s seen) {
		if s.path != "/v1/chat/completions" {
			writeJSON(w, 404, map[string]any{"detail": "Not Found"})
			return
		}
		c, ok := chatRequestOf(w, s)
		if !ok {
			return
		}
		if c.Model != served {
			writeJSON(w, 404, vllmErr(404, "NotFoundError", "The model `"+c.Model+"` does not exist."))
			return
		}
		prompt := 0
		for _, m := range c.Messages {
			prompt += len(m.Content) / 4
		}
		limit := c.MaxTokens
		if limit == nil {
			limit = c.MaxCompletionTokens
		}
		if limit != nil && *limit+prompt > maxModelLen {
			writeJSON(w, 400, vllmErr(400, "BadRequestError", fmt.Sprintf("'max_tokens' or 'max_completion_tokens' is too large: %d. This model's maximum context length is %d tokens and your request has %d input tokens (%d > %d - %d).", *limit, maxModelLen, prompt, *limit, maxModelLen, prompt)))
			return
		}
		if c.format() == "json_schema" && (c.ResponseFormat.JSONSchema == nil || c.ResponseFormat.JSONSchema.Schema == nil) {
			writeJSON(w, 400, vllmErr(400, "BadRequestError", "json_schema must be provided"))
			return
		}
		writeJSON(w, 200, completion(c.Model, f.answer(c)))
	})
}

// ---- LM Studio ------------------------------------------------------------

var lmStudioModels = map[string]bool{"qwen2.5-7b-instruct": true, "deepseek-r1-distill-qwen-7b": true}

// lmStudioFake refuses response_format json_object (only json_schema and
// text), wants json_schema.schema to be an object, and answers 200 with an
// error for any path it does not serve.
func lmStudioFake(t *testing.T) *fake {
	return newFake(t, func(f *fake, w http.ResponseWriter, r *http.Request, s seen) {
		if s.path != "/v1/chat/completions" {
			writeJSON(w, 200, map[string]any{"error": "Unexpected endpoint or method. (POST " + s.path + ")"})
			return
		}
		c, ok := chatRequestOf(w, s)
		if !ok {
			return
		}
		if c.ResponseFormat != nil {
			switch c.format() {
			case "json_schema":
				if c.ResponseFormat.JSONSchema == nil || c.ResponseFormat.JSONSchema.Schema == nil {
					writeJSON(w, 400, map[string]any{"error": "'response_format.json_schema.schema' must be an object"})
					return
				}
			case "text":
			default:
				writeJSON(w, 400, map[string]any{"error": "'response_format.type' must be 'json_schema' or 'text'"})
				return
			}
		}
		if !lmStudioModels[c.Model] {
			writeJSON(w, 404, openAIErr(fmt.Sprintf("Model %q not found. Please load it, or check the model identifier.", c.Model), "invalid_request_error", "model", "model_not_found"))
			return
		}
		writeJSON(w, 200, completion(c.Model, f.answer(c)))
	})
}

// ---- an older OpenAI-compatible server --------------------------------------

// plainFake is a server that knows no response_format at all and refuses
// it, the way strict validating proxies do (422, FastAPI's shape).
func plainFake(t *testing.T) *fake {
	return newFake(t, func(f *fake, w http.ResponseWriter, r *http.Request, s seen) {
		c, ok := chatRequestOf(w, s)
		if !ok {
			return
		}
		if s.has("response_format") {
			writeJSON(w, 422, map[string]any{"error": map[string]any{"message": "response_format: extra inputs are not permitted", "type": "invalid_request_error"}})
			return
		}
		writeJSON(w, 200, completion(c.Model, f.answer(c)))
	})
}
