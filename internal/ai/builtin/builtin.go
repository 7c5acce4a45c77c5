// Package builtin is InkPress's default AI provider. It needs no key and no
// network: articles are composed from a bank of sentence templates and
// covers are drawn locally. Output is deterministic for a given request, so
// tests, demos and self-hosted installs behave predictably.
package builtin

import (
	"context"

	"github.com/inkpress/inkpress/internal/ai"
)

// Provider writes articles and draws covers offline. The zero value is
// ready to use and safe for concurrent use.
type Provider struct {
	// PNG draws covers as PNG instead of JPEG, for an address that names
	// the format (the default sharing image).
	PNG bool
}

// New returns the built-in provider.
func New() *Provider { return &Provider{} }

var (
	_ ai.Writer      = (*Provider)(nil)
	_ ai.Illustrator = (*Provider)(nil)
)

// Write composes a structured article for req.
func (p *Provider) Write(ctx context.Context, req ai.WriteRequest) (*ai.Article, error) {
	if err := ai.Validate(req); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return compose(req), nil
}

// Illustrate draws a 1200x630 cover with the title on a gradient, as a
// JPEG (a PNG with PNG set).
func (p *Provider) Illustrate(ctx context.Context, req ai.ImageRequest) (*ai.Image, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	data, ct, err := drawCover(req, p.PNG)
	if err != nil {
		return nil, err
	}
	return &ai.Image{Data: data, ContentType: ct}, nil
}
