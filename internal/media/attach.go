package media

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
)

// Cover is a post's featured image.
type Cover struct {
	URL, Type string
	Size      int64
}

// AttachmentStore is what Attachments read: the library items a post may use.
type AttachmentStore interface {
	GetMedia(ctx context.Context, workspaceID, id int64) (*store.Media, error)
}

// Attachments checks the images a post is given (its cover and banner
// images): each must be a file stored for the post's workspace or an item
// of its library, whoever writes the post (the generate dialog, the
// scheduler, the post screen).
type Attachments struct {
	Store   AttachmentStore
	Storage Storage
}

// MaxBannerText caps a banner's optional caption.
const MaxBannerText = 120

// Refusals of a post's images.
var (
	errTooManyBanners = apperr.New(apperr.Invalid, "too_many_banners", "You can add at most 3 banner ads")
	errBannerImage    = apperr.New(apperr.Invalid, "invalid_banner", "Each banner ad needs an uploaded image")
	errBannerLink     = apperr.New(apperr.Invalid, "invalid_banner", "Banner links must be full http:// or https:// addresses")
	errBannerText     = apperr.New(apperr.Invalid, "invalid_banner", "Banner text must be at most 120 characters")
	errBannerOwner    = apperr.New(apperr.Invalid, "invalid_banner", "Banner images must be uploaded to your workspace")
	// ErrCoverNotOwned refuses a cover that is not the workspace's upload.
	ErrCoverNotOwned = apperr.New(apperr.Invalid, "invalid_image", "The featured image must be uploaded to your workspace")
)

// Upload checks that url is a file this storage holds for the workspace
// and returns it as a cover (size 0 when the storage cannot tell).
func (a *Attachments) Upload(ctx context.Context, wsID int64, url string) (*Cover, bool) {
	url = strings.TrimSpace(url)
	key := a.Storage.KeyOf(url)
	ct, ok := OwnedKey(key, wsID)
	if !ok {
		return nil, false
	}
	size, err := StoredSize(ctx, a.Storage, key)
	if err != nil {
		return nil, false
	}
	return &Cover{URL: url, Type: ct, Size: size}, true
}

// LibraryCover is the workspace's library item id as a cover (ErrNotFound
// for another workspace's).
func (a *Attachments) LibraryCover(ctx context.Context, wsID, id int64) (*Cover, error) {
	if id <= 0 {
		return nil, ErrNotFound
	}
	m, err := a.Store.GetMedia(ctx, wsID, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &Cover{URL: m.FileURL, Type: m.MimeType, Size: m.FileSize}, nil
}

// Banners validates banner slots: at most 3, each an image uploaded to
// this workspace and an http(s) link. Fully blank slots are dropped; it
// returns the cleaned slots or an *apperr.Error.
func (a *Attachments) Banners(ctx context.Context, wsID int64, in []store.Banner) ([]store.Banner, error) {
	var out []store.Banner
	for _, b := range in {
		b.ImageURL, b.LinkURL, b.Text = strings.TrimSpace(b.ImageURL), strings.TrimSpace(b.LinkURL), strings.TrimSpace(b.Text)
		if b.ImageURL == "" && b.LinkURL == "" && b.Text == "" {
			continue
		}
		out = append(out, b)
	}
	if len(out) > content.MaxBanners {
		return nil, errTooManyBanners
	}
	for i := range out {
		b := &out[i]
		switch {
		case b.ImageURL == "":
			return nil, errBannerImage
		case !content.ValidBannerLink(b.LinkURL):
			return nil, errBannerLink
		case utf8.RuneCountInString(b.Text) > MaxBannerText:
			return nil, errBannerText
		}
		if _, ok := a.Upload(ctx, wsID, b.ImageURL); !ok {
			return nil, errBannerOwner
		}
	}
	return out, nil
}

// Owned reports whether url is an image stored for the workspace (an
// upload or a library item's file).
func (a *Attachments) Owned(ctx context.Context, wsID int64, url string) bool {
	_, ok := a.Upload(ctx, wsID, url)
	return ok
}
