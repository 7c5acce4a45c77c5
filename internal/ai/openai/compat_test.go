package openai

import (
	"bytes"
	"context"
	"errors"
	"image/jpeg"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/safehttp"
)

// clientFor points a client at a fake, with waits short enough for tests.
func clientFor(f *fake, base, key, text, img string) *Client {
	return New(Config{BaseURL: f.srv.URL + base, APIKey: key, TextModel: text, ImageModel: img,
		Timeout: 5 * time.Second, RetryBase: time.Millisecond, MaxRetryWait: time.Second, FetchClient: loopbackFetch})
}

// loopbackFetch fetches provider images from the tests' loopback servers,
// as a self-hosted provider's allow-list (INKPRESS_FETCH_ALLOW) would.
var loopbackFetch = safehttp.New([]netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")})

// checkCover asserts a 1200x630 JPEG drawn from the server's image.
func checkCover(t *testing.T, img *ai.Image) {
	t.Helper()
	if img.ContentType != "image/jpeg" {
		t.Fatalf("content type %q", img.ContentType)
	}
	dec, err := jpeg.Decode(bytes.NewReader(img.Data))
	if err != nil {
		t.Fatal(err)
	}
	if b := dec.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
		t.Fatalf("cover is %dx%d, want 1200x630", b.Dx(), b.Dy())
	}
	r, g, b, _ := dec.At(600, 315).RGBA()
	if d := absDiff(r>>8, uint32(coverBlue.R)) + absDiff(g>>8, uint32(coverBlue.G)) + absDiff(b>>8, uint32(coverBlue.B)); d > 24 {
		t.Errorf("cover centre is %d,%d,%d, not the server's image", r>>8, g>>8, b>>8)
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestCompatibility backs the README's compatibility table: each row's
// settings against a fake of that service, which refuses what the service
// refuses. A post is written at the longest length; the image either comes
// back as a cover or the failure says to use the built-in covers.
func TestCompatibility(t *testing.T) {
	long := req
	long.Length = ai.LengthLong
	rows := []struct {
		name                    string
		fake                    func(*testing.T) *fake
		base, key               string
		text, image             string
		wantFormat              string // the response_format that was accepted
		wantTokens              string // the cap's field
		wantSize, wantFormatImg string // the image request's size and response_format ("-": left out)
		wantImageErr            string // "" when a cover comes back
	}{
		{name: "OpenAI gpt-4o-mini, gpt-image-1", fake: openAIFake, base: "/v1", key: "sk-test", text: "gpt-4o-mini", image: "gpt-image-1",
			wantFormat: "json_schema", wantTokens: "max_tokens", wantSize: "1536x1024", wantFormatImg: "-"},
		{name: "OpenAI o4-mini, dall-e-3", fake: openAIFake, base: "/v1", key: "sk-test", text: "o4-mini", image: "dall-e-3",
			wantFormat: "json_schema", wantTokens: "max_completion_tokens", wantSize: "1792x1024", wantFormatImg: "b64_json"},
		{name: "OpenAI gpt-3.5-turbo, dall-e-2", fake: openAIFake, base: "/v1", key: "sk-test", text: "gpt-3.5-turbo", image: "dall-e-2",
			wantFormat: "json_object", wantTokens: "max_tokens", wantSize: "1024x1024", wantFormatImg: "b64_json"},
		{name: "OpenRouter", fake: openRouterFake, base: "/api/v1", key: "sk-or-test", text: "openai/gpt-4o-mini", image: "openai/gpt-image-1",
			wantFormat: "json_schema", wantTokens: "max_tokens", wantImageErr: "does not draw images: set INKPRESS_AI_IMAGE_MODEL=builtin"},
		{name: "Ollama", fake: ollamaFake, base: "/v1", text: "llama3.1", image: "x/z-image-turbo",
			wantFormat: "json_schema", wantTokens: "max_tokens", wantSize: "-", wantFormatImg: "-"},
		{name: "vLLM", fake: func(t *testing.T) *fake { return vllmFake(t, "Qwen/Qwen2.5-7B-Instruct") }, base: "/v1", text: "Qwen/Qwen2.5-7B-Instruct", image: "any",
			wantFormat: "json_schema", wantTokens: "max_tokens", wantImageErr: "does not draw images: set INKPRESS_AI_IMAGE_MODEL=builtin"},
		{name: "LM Studio", fake: lmStudioFake, base: "/v1", text: "qwen2.5-7b-instruct", image: "any",
			wantFormat: "json_schema", wantTokens: "max_tokens", wantImageErr: "does not draw images: set INKPRESS_AI_IMAGE_MODEL=builtin"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			f := row.fake(t)
			c := clientFor(f, row.base, row.key, row.text, row.image)
			a, err := c.Write(context.Background(), long)
			if err != nil {
				t.Fatalf("Write: %v", err)
			}
			if a.Title != "Keto Meal Prep Made Easy" || !strings.Contains(a.HTML, "<h2>Why</h2>") {
				t.Errorf("article = %+v", a)
			}
			sent := f.last().chat(t)
			if sent.format() != row.wantFormat {
				t.Errorf("response_format = %q, want %q", sent.format(), row.wantFormat)
			}
			gotTokens := ""
			if sent.MaxTokens != nil {
				gotTokens = "max_tokens"
			}
			if sent.MaxCompletionTokens != nil {
				gotTokens += "max_completion_tokens"
			}
			if gotTokens != row.wantTokens {
				t.Errorf("token cap sent as %q, want %q", gotTokens, row.wantTokens)
			}

			img, err := c.Illustrate(context.Background(), ai.ImageRequest{Title: "Keto Meal Prep"})
			if row.wantImageErr != "" {
				if err == nil || !errors.Is(err, ai.ErrProvider) || !strings.Contains(err.Error(), row.wantImageErr) {
					t.Fatalf("Illustrate err = %v, want %q", err, row.wantImageErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Illustrate: %v", err)
			}
			checkCover(t, img)
			var in imageIn
			for _, s := range f.requests() {
				if strings.HasSuffix(s.path, "/images/generations") {
					in = decodeImage(t, s)
				}
			}
			if got := orDash(in.Size); got != row.wantSize {
				t.Errorf("size = %s, want %s", got, row.wantSize)
			}
			if got := orDash(in.ResponseFormat); got != row.wantFormatImg {
				t.Errorf("response_format = %s, want %s", got, row.wantFormatImg)
			}
		})
	}
}

func orDash(p *string) string {
	if p == nil {
		return "-"
	}
	return *p
}
