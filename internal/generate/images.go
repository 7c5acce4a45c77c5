package generate

import (
	"context"
	"strings"

	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/store"
)

// Cover is a post's featured image.
type Cover = media.Cover

// MaxBannerText caps a banner's optional caption.
const MaxBannerText = media.MaxBannerText

// CheckBanners validates banner slots exactly as Generate will, for callers
// that store banners to generate with later (planned posts); it returns
// the cleaned slots or an *apperr.Error.
func (s *Service) CheckBanners(ctx context.Context, wsID int64, in []store.Banner) ([]store.Banner, error) {
	return s.attachments().Banners(ctx, wsID, in)
}

func (s *Service) attachments() *media.Attachments {
	return &media.Attachments{Store: s.Store, Storage: s.Media}
}

// chooseCover resolves the upload and library image modes before anything
// is reserved; the ai mode is drawn after the article is written.
func (s *Service) chooseCover(ctx context.Context, wsID int64, req *Request) (*Cover, error) {
	switch req.ImageMode {
	case ImageUpload:
		if strings.TrimSpace(req.ImageURL) == "" {
			return nil, invalid("missing_image", "Please upload a featured image")
		}
		c, ok := s.attachments().Upload(ctx, wsID, req.ImageURL)
		if !ok {
			return nil, media.ErrCoverNotOwned
		}
		return c, nil
	case ImageLibrary:
		if req.MediaID <= 0 {
			return nil, invalid("missing_image", "Please choose an image from your media library")
		}
		return s.attachments().LibraryCover(ctx, wsID, req.MediaID)
	}
	return nil, nil
}
