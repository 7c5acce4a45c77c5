package blog

import (
	"context"
	"errors"
	"strings"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/social"
	"github.com/inkpress/inkpress/store"
)

// Limits of a blog's or an author's links.
const (
	MaxSocialLinks = 8
	MaxLinkURL     = social.MaxLinkURL
)

// CheckLinks validates profile links (a blog's or an author's): at most
// MaxSocialLinks, each a known network (social.Networks) and a full https
// address (social.ValidLink).
func CheckLinks(in []store.SocialLink) ([]store.SocialLink, error) {
	if len(in) > MaxSocialLinks {
		return nil, apperr.Newf(apperr.Invalid, "invalid_link", "Add at most %d links", MaxSocialLinks)
	}
	out := make([]store.SocialLink, 0, len(in))
	for _, l := range in {
		l.Network, l.URL = strings.TrimSpace(l.Network), strings.TrimSpace(l.URL)
		if _, ok := social.Find(l.Network); !ok {
			return nil, apperr.Newf(apperr.Invalid, "invalid_link", "Unknown network %q: use one of %s", l.Network, strings.Join(social.IDs(), ", "))
		}
		if !social.ValidLink(l.URL) {
			return nil, apperr.New(apperr.Invalid, "invalid_link", "Links must be full https:// addresses (at most 500 characters)")
		}
		out = append(out, l)
	}
	return out, nil
}

// WhiteLabel reports whether ws's blog hides every platform mark: its plan
// sells it, and it is not the platform's own blog.
func WhiteLabel(ws *store.Workspace, siteWorkspace string) bool {
	return ws.Slug != siteWorkspace && plan.Get(ws.PlanTier).WhiteLabel
}

// BrandInput is the brand form: each image an upload or library image of
// the workspace ("" for none).
type BrandInput struct {
	LogoURL, FaviconURL, SocialImageURL string
	SocialLinks                         []store.SocialLink
}

// Images owns the check that an image is the workspace's (media.Attachments).
type Images interface {
	Owned(ctx context.Context, wsID int64, url string) bool
}

// CheckImage accepts "" (none), the value already saved, or an image stored
// for the workspace; what refuses names the field.
func CheckImage(ctx context.Context, imgs Images, wsID int64, field, current, in string) (string, error) {
	in = strings.TrimSpace(in)
	if in == "" || in == current {
		return in, nil
	}
	if imgs == nil || !imgs.Owned(ctx, wsID, in) {
		return "", apperr.Newf(apperr.Invalid, "invalid_image", "The %s must be an image from your media library", field)
	}
	return in, nil
}

// Brand is the workspace's brand.
func (s *Service) Brand(ctx context.Context, ws *store.Workspace) (*store.Brand, error) {
	return s.Store.GetBrand(ctx, ws.ID)
}

// UpdateBrand validates and saves the brand form; nothing changes when any
// part is refused.
func (s *Service) UpdateBrand(ctx context.Context, ws *store.Workspace, in BrandInput) (*store.Brand, error) {
	cur, err := s.Store.GetBrand(ctx, ws.ID)
	if err != nil {
		return nil, err
	}
	b := &store.Brand{}
	if b.LogoURL, err = CheckImage(ctx, s.Images, ws.ID, "logo", cur.LogoURL, in.LogoURL); err != nil {
		return nil, err
	}
	if b.FaviconURL, err = CheckImage(ctx, s.Images, ws.ID, "icon", cur.FaviconURL, in.FaviconURL); err != nil {
		return nil, err
	}
	if b.SocialImageURL, err = CheckImage(ctx, s.Images, ws.ID, "social image", cur.SocialImageURL, in.SocialImageURL); err != nil {
		return nil, err
	}
	if b.SocialLinks, err = CheckLinks(in.SocialLinks); err != nil {
		return nil, err
	}
	err = s.Store.SetBrand(ctx, ws.ID, b)
	if errors.Is(err, store.ErrNotFound) {
		// A workspace that never saved settings: its defaults first.
		if err = s.Store.UpdateSettings(ctx, store.DefaultSettings(ws.ID, ws.Name)); err == nil {
			err = s.Store.SetBrand(ctx, ws.ID, b)
		}
	}
	if err != nil {
		return nil, err
	}
	s.changed(ws)
	return b, nil
}
