package openai

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/inkpress/inkpress/internal/ai"
)

type imageRequest struct {
	Model          string `json:"model"`
	Prompt         string `json:"prompt"`
	Size           string `json:"size"`
	ResponseFormat string `json:"response_format"`
	N              int    `json:"n"`
}

type imageResponse struct {
	Data []struct {
		B64JSON string `json:"b64_json"`
		URL     string `json:"url"`
	} `json:"data"`
}

var errBadImage = fmt.Errorf("%w: the AI provider returned an unusable image", ai.ErrProvider)

// Illustrate asks the image-generations endpoint for one base64 image.
func (c *Client) Illustrate(ctx context.Context, req ai.ImageRequest) (*ai.Image, error) {
	prompt := imagePrompt(req)
	if prompt == "" {
		return nil, fmt.Errorf("%w: an image prompt or title is required", ai.ErrInvalidRequest)
	}
	body := imageRequest{Model: c.cfg.ImageModel, Prompt: prompt, Size: c.cfg.ImageSize, ResponseFormat: "b64_json", N: 1}
	data, err := c.post(ctx, "/images/generations", body, c.cfg.ImageTimeout, maxImageResponse)
	if err != nil {
		return nil, err
	}
	var resp imageResponse
	if err := json.Unmarshal(data, &resp); err != nil || len(resp.Data) == 0 {
		return nil, errMalformed
	}
	var raw []byte
	switch d := resp.Data[0]; {
	case d.B64JSON != "":
		raw, err = decodeBase64(d.B64JSON)
		if err != nil {
			return nil, errBadImage
		}
	case d.URL != "":
		// Some compatible servers ignore response_format and return a URL.
		raw, err = c.fetch(ctx, d.URL)
		if err != nil {
			return nil, err
		}
	default:
		return nil, errMalformed
	}
	ct := http.DetectContentType(raw)
	if !strings.HasPrefix(ct, "image/") {
		return nil, errBadImage
	}
	return &ai.Image{Data: raw, ContentType: ct}, nil
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
	return base64.RawStdEncoding.DecodeString(strings.TrimRight(s, "="))
}

// fetch downloads an image the provider returned by URL (one attempt).
func (c *Client) fetch(ctx context.Context, url string) ([]byte, error) {
	if !strings.HasPrefix(url, "https://") && !strings.HasPrefix(url, "http://") {
		return nil, errBadImage
	}
	actx, cancel := context.WithTimeout(ctx, c.cfg.ImageTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
	if err != nil {
		return nil, errBadImage
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, callerDone(ctx)
		}
		return nil, transportError(actx, err).err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errBadImage
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxImageResponse+1))
	switch {
	case err != nil:
		return nil, transportError(actx, err).err
	case len(data) > maxImageResponse:
		return nil, errTooLarge
	}
	return data, nil
}
