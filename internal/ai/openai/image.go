package openai

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/safehttp"
)

// imageFamily groups image models by the request rules they follow.
type imageFamily int

const (
	familyOther    imageFamily = iota // any other server: its own defaults, b64_json or a URL back
	familyGPTImage                    // gpt-image-*: no response_format (always base64); 1024x1024, 1536x1024, 1024x1536 or auto
	familyDallE3                      // dall-e-3: 1024x1024, 1792x1024 or 1024x1792
	familyDallE2                      // dall-e-2: 256x256, 512x512 or 1024x1024
)

func familyOf(model string) imageFamily {
	m := strings.ToLower(strings.TrimSpace(model))
	switch {
	case strings.HasPrefix(m, "gpt-image") || strings.HasPrefix(m, "chatgpt-image"):
		return familyGPTImage
	case strings.HasPrefix(m, "dall-e-3"):
		return familyDallE3
	case strings.HasPrefix(m, "dall-e-2"):
		return familyDallE2
	}
	return familyOther
}

// defaultSize is the family's size closest to a 1200x630 share card.
var defaultSize = map[imageFamily]string{
	familyGPTImage: "1536x1024",
	familyDallE3:   "1792x1024",
	familyDallE2:   "1024x1024",
}

type imageRequest struct {
	Model          string `json:"model"`
	Prompt         string `json:"prompt"`
	N              int    `json:"n,omitempty"`
	Size           string `json:"size,omitempty"`
	ResponseFormat string `json:"response_format,omitempty"`
}

// imageBody builds the request the model's family accepts. OpenAI's
// gpt-image models refuse response_format (they always answer base64) and
// dall-e-3's sizes; other servers get only what every one of them takes.
func (c *Client) imageBody(prompt string) imageRequest {
	fam := familyOf(c.cfg.ImageModel)
	r := imageRequest{Model: c.cfg.ImageModel, Prompt: prompt, Size: c.cfg.ImageSize}
	if r.Size == "" {
		r.Size = defaultSize[fam]
	}
	switch fam {
	case familyGPTImage:
		r.N = 1
	case familyDallE3, familyDallE2:
		r.N, r.ResponseFormat = 1, "b64_json"
	}
	return r
}

type imageResponse struct {
	Data []struct {
		B64JSON string `json:"b64_json"`
		URL     string `json:"url"`
	} `json:"data"`
}

func errBadImage() error { return &failure{msg: "The AI provider returned an unusable image"} }

// Illustrate asks the image-generations endpoint for one image and returns
// it as a 1200x630 cover.
func (c *Client) Illustrate(ctx context.Context, req ai.ImageRequest) (*ai.Image, error) {
	start := time.Now()
	prompt := imagePrompt(req)
	if prompt == "" {
		return nil, fmt.Errorf("%w: an image prompt or title is required", ai.ErrInvalidRequest)
	}
	data, err := c.post(ctx, c.imageCall(), c.imageBody(prompt))
	if err != nil {
		return nil, err
	}
	var resp imageResponse
	if err := json.Unmarshal(data, &resp); err != nil || len(resp.Data) == 0 {
		return nil, &failure{msg: "The AI provider's answer holds no image: check INKPRESS_AI_IMAGE_MODEL", setup: true}
	}
	var raw []byte
	switch d := resp.Data[0]; {
	case d.B64JSON != "":
		raw, err = decodeBase64(d.B64JSON)
	case strings.HasPrefix(d.URL, "data:"):
		raw, err = decodeBase64(d.URL)
	case d.URL != "":
		raw, err = c.download(ctx, d.URL, start)
	default:
		return nil, &failure{msg: "The AI provider's answer holds no image: check INKPRESS_AI_IMAGE_MODEL", setup: true}
	}
	if err != nil {
		return nil, err
	}
	img, err := shareCover(ctx, raw)
	if err != nil && ctx.Err() != nil {
		return nil, callerDone(ctx, start)
	}
	return img, err
}

// imagePrompt uses the caller's prompt, or describes a cover for the title.
// Image models render text poorly, so the prompt asks for none.
func imagePrompt(req ai.ImageRequest) string {
	if p := strings.TrimSpace(req.Prompt); p != "" {
		return p
	}
	title := strings.TrimSpace(req.Title)
	if title == "" {
		return ""
	}
	p := fmt.Sprintf("A modern, editorial blog cover illustration for an article titled %q. Clean composition, no text, no letters, no logos.", title)
	if req.ColorFrom != "" && req.ColorTo != "" {
		p += fmt.Sprintf(" Colour palette inspired by %s and %s.", req.ColorFrom, req.ColorTo)
	}
	return p
}

// decodeBase64 accepts standard base64, optionally as a data: URL.
func decodeBase64(s string) ([]byte, error) {
	if strings.HasPrefix(s, "data:") {
		if _, after, ok := strings.Cut(s, ","); ok {
			s = after
		}
	}
	s = strings.Join(strings.Fields(s), "")
	if b, err := base64.StdEncoding.DecodeString(s); err == nil {
		return b, nil
	}
	b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
	if err != nil {
		return nil, errBadImage()
	}
	return b, nil
}

// download fetches an image the provider returned by URL: one attempt,
// bounded by the image timeout and size limit, without the API key (the URL
// may be on another host), through the fetch client (never to the server's
// own network unless allowed).
func (c *Client) download(ctx context.Context, url string, start time.Time) ([]byte, error) {
	if !strings.HasPrefix(url, "https://") && !strings.HasPrefix(url, "http://") {
		return nil, errBadImage()
	}
	actx, cancel := context.WithTimeout(ctx, c.cfg.ImageTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
	if err != nil {
		return nil, errBadImage()
	}
	resp, err := c.fetch.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, callerDone(ctx, start)
		}
		if safehttp.Blocked(err) {
			return nil, &failure{msg: "The AI provider's image address is not allowed (a private or local address; see INKPRESS_FETCH_ALLOW)", cause: err}
		}
		return nil, transportFailure(actx, err, c.cfg.ImageTimeout)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, &failure{msg: fmt.Sprintf("The AI provider's image could not be downloaded (HTTP %d)", resp.StatusCode), transient: true}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxImageResponse+1))
	switch {
	case err != nil:
		return nil, transportFailure(actx, err, c.cfg.ImageTimeout)
	case len(data) > maxImageResponse:
		return nil, &failure{msg: "The AI provider returned an image that is too large"}
	}
	return data, nil
}
