package media

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// Library stores a workspace's images: the media library (at most
// plan.MaxMediaItems items, each a file and a row) and the single uploads of
// the generate dialog (featured and banner images, files only).
type Library struct {
	Store   store.Store
	Storage Storage
	Now     func() time.Time
	Logger  *slog.Logger
}

// NewLibrary returns a Library with the real clock and the default logger.
func NewLibrary(s store.Store, st Storage) *Library {
	return &Library{Store: s, Storage: st, Now: time.Now}
}

// Upload is an image as a client sent it.
type Upload struct {
	FileName string
	Data     []byte
	// Purpose says what a single upload is for: featured (the default) or
	// banner. The library ignores it.
	Purpose string
}

// Stored is a stored single upload.
type Stored struct {
	URL         string
	ContentType string
	Size        int
}

// Library refusals.
var (
	ErrLibraryFull = apperr.Newf(apperr.Conflict, "library_full", "Maximum %d images allowed per workspace", plan.MaxMediaItems)
	ErrNotFound    = apperr.New(apperr.NotFound, "media_not_found", "Image not found in your media library")
	errPurpose     = apperr.Validation("purpose must be featured or banner")
)

func (l *Library) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

func (l *Library) logger() *slog.Logger {
	if l.Logger != nil {
		return l.Logger
	}
	return slog.Default()
}

// checked is an upload whose bytes passed CheckImage.
type checked struct {
	Upload
	contentType, ext string
}

func check(up Upload) (*checked, error) {
	ct, ext, err := CheckImage(up.Data, plan.MaxUploadBytes)
	if err != nil {
		return nil, err
	}
	return &checked{Upload: up, contentType: ct, ext: ext}, nil
}

// put stores a checked upload under a new key of the workspace.
func (l *Library) put(ctx context.Context, wsID int64, kind string, c *checked) (string, error) {
	return l.Storage.Put(ctx, NewKey(wsID, kind, l.now(), c.FileName, c.ext), c.Data, c.contentType)
}

// Upload stores a featured or banner image for the generate dialog and
// returns its URL; only the workspace's own posts may use it (see OwnedKey).
func (l *Library) Upload(ctx context.Context, wsID int64, up Upload) (*Stored, error) {
	c, err := check(up)
	if err != nil {
		return nil, err
	}
	var kind string
	switch up.Purpose {
	case "", "featured":
		kind = KindFeatured
	case "banner":
		kind = KindBanner
	default:
		return nil, errPurpose
	}
	url, err := l.put(ctx, wsID, kind, c)
	if err != nil {
		return nil, err
	}
	return &Stored{URL: url, ContentType: c.contentType, Size: len(c.Data)}, nil
}

// List returns the workspace's library, newest first.
func (l *Library) List(ctx context.Context, wsID int64) ([]*store.Media, error) {
	return l.Store.ListMedia(ctx, wsID)
}

// Add stores an image in the workspace's library. The cap is enforced by
// the store, counting and inserting under the workspace's lock; the early
// count only saves storing a file in vain. A file whose row cannot be
// written is removed again.
func (l *Library) Add(ctx context.Context, wsID int64, up Upload) (*store.Media, error) {
	if items, err := l.Store.ListMedia(ctx, wsID); err != nil {
		return nil, err
	} else if len(items) >= plan.MaxMediaItems {
		return nil, ErrLibraryFull
	}
	c, err := check(up)
	if err != nil {
		return nil, err
	}
	url, err := l.put(ctx, wsID, KindLibrary, c)
	if err != nil {
		return nil, err
	}
	m := &store.Media{WorkspaceID: wsID, FileName: DisplayName(c.FileName, c.ext), FileURL: url,
		FileSize: int64(len(c.Data)), MimeType: c.contentType}
	if err := l.Store.CreateMedia(ctx, m, plan.MaxMediaItems); err != nil {
		l.remove(ctx, url)
		if errors.Is(err, store.ErrLimit) {
			err = ErrLibraryFull
		}
		return nil, err
	}
	return m, nil
}

// Delete removes a library item of the workspace, row and file.
func (l *Library) Delete(ctx context.Context, wsID, id int64) error {
	if id <= 0 {
		return ErrNotFound
	}
	m, err := l.Store.GetMedia(ctx, wsID, id)
	if err == nil {
		err = l.Store.DeleteMedia(ctx, wsID, id)
	}
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	// The row goes first: a file left behind is harmless, a row pointing
	// at a missing file is not.
	l.remove(ctx, m.FileURL)
	return nil
}

// remove deletes a stored file; a failure only leaves an unreferenced file
// behind, so it is logged.
func (l *Library) remove(ctx context.Context, url string) {
	if key, err := DeleteURL(ctx, l.Storage, url); err != nil {
		l.logger().WarnContext(ctx, "delete stored file", "key", key, "err", err)
	}
}
