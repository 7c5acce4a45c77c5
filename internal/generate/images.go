package generate

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/store"
)

// Cover is a post's featured image.
type Cover struct {
	URL, Type string
	Size      int64
}

// ownedUpload checks that url is a file this storage holds for the
// workspace and returns it as a cover (size 0 when the storage cannot tell).
func (s *Service) ownedUpload(ctx context.Context, wsID int64, url string) (*Cover, bool) {
	url = strings.TrimSpace(url)
	key := s.Media.KeyOf(url)
	ct, ok := media.OwnedKey(key, wsID)
	if !ok {
		return nil, false
	}
	size, err := media.StoredSize(ctx, s.Media, key)
	if err != nil {
		return nil, false
	}
	return &Cover{URL: url, Type: ct, Size: size}, true
}

// MaxBannerText caps a banner's optional caption.
const MaxBannerText = 120

// CheckBanners validates banner slots exactly as Generate will, for callers
// that store banners to generate with later (scheduled posts); it returns
// the cleaned slots or an *apperr.Error.
func (s *Service) CheckBanners(ctx context.Context, wsID int64, in []store.Banner) ([]store.Banner, error) {
	return s.checkBanners(ctx, wsID, in)
}

// checkBanners validates the banner slots: at most 3, each an image uploaded
// to this workspace and an http(s) link. Fully blank slots are dropped.
func (s *Service) checkBanners(ctx context.Context, wsID int64, in []store.Banner) ([]store.Banner, error) {
	var out []store.Banner
	for _, b := range in {
		b.ImageURL, b.LinkURL, b.Text = strings.TrimSpace(b.ImageURL), strings.TrimSpace(b.LinkURL), strings.TrimSpace(b.Text)
		if b.ImageURL == "" && b.LinkURL == "" && b.Text == "" {
			continue
		}
		out = append(out, b)
	}
	if len(out) > content.MaxBanners {
		return nil, invalid("too_many_banners", "You can add at most 3 banner ads")
	}
	for i := range out {
		b := &out[i]
		switch {
		case b.ImageURL == "":
			return nil, invalid("invalid_banner", "Each banner ad needs an uploaded image")
		case !content.ValidBannerLink(b.LinkURL):
			return nil, invalid("invalid_banner", "Banner links must be full http:// or https:// addresses")
		case utf8.RuneCountInString(b.Text) > MaxBannerText:
			return nil, invalid("invalid_banner", "Banner text must be at most 120 characters")
		}
		if _, ok := s.ownedUpload(ctx, wsID, b.ImageURL); !ok {
			return nil, invalid("invalid_banner", "Banner images must be uploaded to your workspace")
		}
	}
	return out, nil
}

// chooseCover resolves the upload and library image modes before anything
// is reserved; the ai mode is drawn after the article is written.
func (s *Service) chooseCover(ctx context.Context, wsID int64, req *Request) (*Cover, error) {
	switch req.ImageMode {
	case ImageUpload:
		if strings.TrimSpace(req.ImageURL) == "" {
			return nil, invalid("missing_image", "Please upload a featured image")
		}
		c, ok := s.ownedUpload(ctx, wsID, req.ImageURL)
		if !ok {
			return nil, invalid("invalid_image", "The featured image must be uploaded to your workspace")
		}
		return c, nil
	case ImageLibrary:
		if req.MediaID <= 0 {
			return nil, invalid("missing_image", "Please choose an image from your media library")
		}
		m, err := s.Store.GetMedia(ctx, wsID, req.MediaID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, media.ErrNotFound
		}
		if err != nil {
			return nil, err
		}
		return &Cover{URL: m.FileURL, Type: m.MimeType, Size: m.FileSize}, nil
	}
	return nil, nil
}
