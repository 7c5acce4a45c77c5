package media

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// Library stores a workspace's images: the media library (at most
// plan.MaxMediaItems items, each a file and a row) and the single uploads of
// the generate dialog (featured and banner images, files only). Every
// image is cleaned (see Clean) and counted against the plan's storage
// quota; uploads no post uses are removed by Files.Sweep.
type Library struct {
	Store  LibraryStore
	Files  *Files
	Now    func() time.Time
	Logger *slog.Logger
	// Fetch is the client imports fetch remote images with (nil:
	// safehttp's default, which reaches public addresses only), and
	// ImportTimeout bounds one fetch (0: DefaultImportTimeout).
	Fetch         *http.Client
	ImportTimeout time.Duration
}

// LibraryStore is what a Library touches: library items, and the
// workspace and owner's role that set its quota.
type LibraryStore interface {
	store.MediaStore
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	HasRole(ctx context.Context, userID int64, role string) (bool, error)
}

// NewLibrary returns a Library with the real clock and the default logger.
func NewLibrary(s LibraryStore, files *Files) *Library {
	return &Library{Store: s, Files: files, Now: time.Now}
}

// Upload is an image as a client sent it.
type Upload struct {
	FileName string
	Data     []byte
	// Purpose says what a single upload is for: featured (the default) or
	// banner. The library ignores it.
	Purpose string
	// Alt is the image's alt text, kept by the library (see CleanAlt).
	Alt string
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
	// maxInUseTitles is how many posts an image in use names.
	maxInUseTitles = 3
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

// checked is an upload cleaned for storing, holding its share of the image
// memory budget until release (after its variants are made).
type checked struct {
	Upload
	img     *Image
	release func()
}

// check cleans an upload; while the image memory budget is taken it
// refuses with ErrImagesBusy (503, come back later) rather than wait.
func check(ctx context.Context, up Upload) (*checked, error) {
	img, release, err := clean(ctx, up.Data, plan.MaxUploadBytes)
	if err != nil {
		return nil, err
	}
	return &checked{Upload: up, img: img, release: release}, nil
}

// quota is the storage quota of the workspace's plan.
func (l *Library) quota(ctx context.Context, wsID int64) (int64, error) {
	ws, err := l.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &wsID})
	if err != nil {
		return 0, err
	}
	admin := false
	if ws.UserID != 0 {
		if admin, err = l.Store.HasRole(ctx, ws.UserID, store.RoleAdmin); err != nil {
			return 0, err
		}
	}
	return plan.For(ws.PlanTier, admin).StorageBytes(), nil
}

// put stores a checked upload under a new key of the workspace, within
// the workspace's storage quota, and returns its key and URL.
func (l *Library) put(ctx context.Context, wsID int64, kind string, c *checked) (key, url string, err error) {
	quota, err := l.quota(ctx, wsID)
	if err != nil {
		return "", "", err
	}
	key = NewKey(wsID, kind, l.now(), c.FileName, c.img.Ext)
	url, err = l.Files.PutWithin(ctx, key, c.img.Data, c.img.ContentType, quota)
	if err != nil {
		return "", "", err
	}
	if l.Files.Variants != nil {
		l.Files.Variants.MakeFrom(ctx, key, c.img.pixels)
	}
	return key, url, nil
}

// Upload stores a featured or banner image for the generate dialog and
// returns its URL; only the workspace's own posts may use it (see OwnedKey).
func (l *Library) Upload(ctx context.Context, wsID int64, up Upload) (*Stored, error) {
	c, err := check(ctx, up)
	if err != nil {
		return nil, err
	}
	defer c.release()
	var kind string
	switch up.Purpose {
	case "", "featured":
		kind = KindFeatured
	case "banner":
		kind = KindBanner
	default:
		return nil, errPurpose
	}
	_, url, err := l.put(ctx, wsID, kind, c)
	if err != nil {
		return nil, err
	}
	return &Stored{URL: url, ContentType: c.img.ContentType, Size: len(c.img.Data)}, nil
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
	if err := l.roomLeft(ctx, wsID); err != nil {
		return nil, err
	}
	c, err := check(ctx, up)
	if err != nil {
		return nil, err
	}
	defer c.release()
	key, url, err := l.put(ctx, wsID, KindLibrary, c)
	if err != nil {
		return nil, err
	}
	m := &store.Media{WorkspaceID: wsID, FileName: DisplayName(c.FileName, c.img.Ext), FileURL: url,
		FileSize: int64(len(c.img.Data)), MimeType: c.img.ContentType, Alt: CleanAlt(up.Alt)}
	if err := l.Store.CreateMedia(ctx, m, plan.MaxMediaItems); err != nil {
		l.remove(ctx, key)
		if errors.Is(err, store.ErrLimit) {
			err = ErrLibraryFull
		}
		return nil, err
	}
	return m, nil
}

// roomLeft is ErrLibraryFull when the workspace's library is at its cap.
// Only a shortcut: the store enforces the cap when the item is inserted.
func (l *Library) roomLeft(ctx context.Context, wsID int64) error {
	items, err := l.Store.ListMedia(ctx, wsID)
	if err != nil {
		return err
	}
	if len(items) >= plan.MaxMediaItems {
		return ErrLibraryFull
	}
	return nil
}

// Delete removes a library item of the workspace, row and file. An image
// that posts use as their cover is refused, naming them: deleting it would
// leave those posts (and their feed enclosures) pointing at nothing.
func (l *Library) Delete(ctx context.Context, wsID, id int64) error {
	if id <= 0 {
		return ErrNotFound
	}
	m, err := l.Store.GetMedia(ctx, wsID, id)
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	titles, err := l.Store.PostsWithCover(ctx, wsID, m.FileURL, maxInUseTitles+1)
	if err != nil {
		return err
	}
	if len(titles) > 0 {
		return errInUse(titles)
	}
	if err := l.Store.DeleteMedia(ctx, wsID, id); errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	} else if err != nil {
		return err
	}
	// The row goes first: a file left behind is harmless (the sweep
	// removes it), a row pointing at a missing file is not. The file stays
	// while a banner or a post's body still shows it.
	if key := l.Files.KeyOf(m.FileURL); key != "" {
		l.Files.Release(ctx, wsID, []string{key})
	}
	return nil
}

// errInUse names the posts (at most maxInUseTitles) whose cover an image is.
func errInUse(titles []string) *apperr.Error {
	more := ""
	if len(titles) > maxInUseTitles {
		titles, more = titles[:maxInUseTitles], " and other posts"
	}
	quoted := make([]string, len(titles))
	for i, t := range titles {
		quoted[i] = "\u201c" + t + "\u201d"
	}
	return apperr.Newf(apperr.Conflict, "media_in_use", "This image is the cover of %s%s. Change their covers first.",
		strings.Join(quoted, ", "), more)
}

// remove deletes a stored file; a failure only leaves an unreferenced file
// behind (the sweep removes it), so it is logged.
func (l *Library) remove(ctx context.Context, key string) {
	if err := l.Files.Delete(context.WithoutCancel(ctx), key); err != nil {
		l.logger().WarnContext(ctx, "delete stored file", "key", key, "err", err)
	}
}
