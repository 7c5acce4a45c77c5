package generate

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/store"
)

// ownKeyRE matches keys made by media.Key with media.SafeName names:
// "{workspace}/{kind}/{unixmilli}-{name}.{ext}". Anything else (other
// workspaces, "..", query strings, foreign URLs) is not an upload of ours.
var ownKeyRE = regexp.MustCompile(`^([0-9]+)/[a-z-]+/[0-9]+-[a-z0-9-]+\.(png|jpg|gif|webp)$`)

var extTypes = map[string]string{"png": "image/png", "jpg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"}

// Cover is a post's featured image.
type Cover struct {
	URL, Type string
	Size      int64
}

// ownedUpload checks that url is a file this storage holds for the
// workspace and returns it as a cover (size 0 when the storage cannot tell).
func (s *Service) ownedUpload(ctx context.Context, wsID int64, url string) (*Cover, bool) {
	key := s.Media.KeyOf(strings.TrimSpace(url))
	m := ownKeyRE.FindStringSubmatch(key)
	if m == nil || m[1] != strconv.FormatInt(wsID, 10) {
		return nil, false
	}
	size, err := s.storedSize(ctx, key)
	if err != nil {
		return nil, false
	}
	return &Cover{URL: strings.TrimSpace(url), Type: extTypes[m[2]], Size: size}, true
}

// sizer is implemented by storages that can report a stored file's size
// (internal/media/s3).
type sizer interface {
	Size(ctx context.Context, key string) (int64, error)
}

// storedSize returns the size of a stored file, an error when it does not
// exist, and 0 when the storage cannot tell. key has passed ownKeyRE.
func (s *Service) storedSize(ctx context.Context, key string) (int64, error) {
	switch st := s.Media.(type) {
	case sizer:
		return st.Size(ctx, key)
	case *media.Local:
		fi, err := os.Stat(filepath.Join(st.Dir, filepath.FromSlash(key)))
		if err != nil {
			return 0, err
		}
		if !fi.Mode().IsRegular() {
			return 0, errors.New("not a file")
		}
		return fi.Size(), nil
	}
	return 0, nil
}

// maxBannerText caps a banner's optional caption.
const maxBannerText = 120

// CheckBanners validates banner slots exactly as Generate will, for callers
// that store banners to generate with later (scheduled posts); it returns
// the cleaned slots or an *Error.
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
		case utf8.RuneCountInString(b.Text) > maxBannerText:
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
			return nil, &Error{Kind: KindNotFound, Code: "media_not_found", Message: "Image not found in your media library", Err: err}
		}
		if err != nil {
			return nil, err
		}
		return &Cover{URL: m.FileURL, Type: m.MimeType, Size: m.FileSize}, nil
	}
	return nil, nil
}
