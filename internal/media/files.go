package media

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/store"
)

// Files is the media storage with its bookkeeping: every file written has a
// row (key, workspace, size) recorded before the file, so a workspace's
// bytes can be capped and files nothing refers to can be found even when
// the process died between writing a file and using it. Deleting a file
// drops its row. Files is itself a Storage: generated covers written
// through it are recorded too.
//
// An image's variants (see Variants) have no rows: they are derived,
// bounded by their width and made again when missing, so only originals
// count against a workspace's quota. They go when their original goes
// (Delete), and the sweep removes those whose original is gone.
type Files struct {
	Storage
	Store  store.MediaFileStore
	Logger *slog.Logger
	// Variants makes image variants in Storage.
	Variants *Variants
}

var _ Storage = (*Files)(nil)

// SweepGrace is how long an unused file is kept: long enough for an owner
// to finish the generate dialog an upload was made for, or for a post to be
// written after its AI cover.
const SweepGrace = 24 * time.Hour

// ErrStorageFull refuses a file that would pass the workspace's quota.
func errStorageFull(quota int64) *apperr.Error {
	return apperr.Newf(apperr.Limit, "storage_full",
		"Your media storage is full (%d MB on your plan). Delete images from your media library or upgrade your plan.", quota>>20)
}

// NewFiles records the files of st in s.
func NewFiles(s store.MediaFileStore, st Storage) *Files {
	return &Files{Storage: st, Store: s, Variants: NewVariants(st)}
}

// MakeVariants stores the variants of the image just stored under key
// (data are its bytes); a failure is logged and left to the first request.
func (f *Files) MakeVariants(ctx context.Context, key string, data []byte) {
	if f.Variants != nil {
		f.Variants.Make(ctx, key, data)
	}
}

// variantMaker is a Storage that makes image variants (Files).
type variantMaker interface {
	MakeVariants(ctx context.Context, key string, data []byte)
}

// PutImage stores an image under key and, when st makes variants, its
// variants, so the first reader does not wait for them.
func PutImage(ctx context.Context, st Storage, key string, data []byte, contentType string) (string, error) {
	url, err := st.Put(ctx, key, data, contentType)
	if err != nil {
		return "", err
	}
	if vm, ok := st.(variantMaker); ok {
		vm.MakeVariants(ctx, key, data)
	}
	return url, nil
}

func (f *Files) logger() *slog.Logger {
	if f.Logger != nil {
		return f.Logger
	}
	return slog.Default()
}

// Put stores a file without a quota (generated covers: they are bounded by
// the monthly image allowance).
func (f *Files) Put(ctx context.Context, key string, data []byte, contentType string) (string, error) {
	return f.PutWithin(ctx, key, data, contentType, -1)
}

// PutWithin stores a file unless the workspace's files would pass quota
// bytes (-1: no cap). The row goes first: a crash before the file is
// written leaves a row the sweep drops, never a file nobody counts.
func (f *Files) PutWithin(ctx context.Context, key string, data []byte, contentType string, quota int64) (string, error) {
	ws, ok := keyWorkspace(key)
	if !ok {
		return "", fmt.Errorf("media: key %q names no workspace", key)
	}
	err := f.Store.AddMediaFile(ctx, &store.MediaFile{Key: key, WorkspaceID: ws, Size: int64(len(data))}, quota)
	if errors.Is(err, store.ErrLimit) {
		return "", errStorageFull(quota)
	}
	if err != nil {
		return "", err
	}
	url, err := f.Storage.Put(ctx, key, data, contentType)
	if err != nil {
		if derr := f.Store.DeleteMediaFile(context.WithoutCancel(ctx), key); derr != nil {
			f.logger().WarnContext(ctx, "drop the row of an unwritten file", "key", key, "err", derr)
		}
		return "", err
	}
	return url, nil
}

// Delete removes a file, its variants and its row.
func (f *Files) Delete(ctx context.Context, key string) error {
	if err := f.Storage.Delete(ctx, key); err != nil {
		return err
	}
	if err := f.deleteVariants(ctx, key); err != nil {
		return err
	}
	return f.Store.DeleteMediaFile(ctx, key)
}

// deleteVariants removes the variants an image key may have (missing ones
// are no error).
func (f *Files) deleteVariants(ctx context.Context, key string) error {
	if !ownKeyRE.MatchString(key) {
		return nil
	}
	for _, vk := range variantKeysOf(key) {
		if err := f.Storage.Delete(ctx, vk); err != nil {
			return err
		}
	}
	return nil
}

// Size reports a stored file's size (see StoredSize).
func (f *Files) Size(ctx context.Context, key string) (int64, error) {
	return StoredSize(ctx, f.Storage, key)
}

// PostFiles returns the files the workspace's posts among ids use (covers
// and banner images); call it before deleting them, then Release.
func (f *Files) PostFiles(ctx context.Context, workspaceID int64, ids []int64) ([]string, error) {
	return f.Store.PostMediaKeys(ctx, workspaceID, ids)
}

// Release removes those of the workspace's files among keys that nothing
// uses any more (no post, library item or scheduled post). Failures only
// leave a file the sweep removes later, so they are logged.
func (f *Files) Release(ctx context.Context, workspaceID int64, keys []string) {
	ctx = context.WithoutCancel(ctx)
	for _, key := range keys {
		if _, ok := OwnedKey(key, workspaceID); !ok {
			continue // not a file of this workspace (a foreign URL, a hand-made key)
		}
		used, err := f.Store.MediaFileUsed(ctx, workspaceID, key)
		if err == nil && !used {
			err = f.Delete(ctx, key)
		}
		if err != nil {
			f.logger().WarnContext(ctx, "release stored file", "key", key, "err", err)
		}
	}
}

// sweepBatch is how many unused rows one query returns.
const sweepBatch = 500

// Sweep removes files unused for longer than grace: recorded files nothing
// refers to, then files the storage holds without a row (written just
// before a crash, or of a deleted workspace; one still referred to is
// recorded instead), and partial files of interrupted writes. Only keys
// shaped like the ones this app makes are touched, so a shared bucket's
// other objects are safe. It returns how many files it removed.
func (f *Files) Sweep(ctx context.Context, now time.Time, grace time.Duration) (int, error) {
	before := now.Add(-grace)
	removed := 0
	for {
		rows, err := f.Store.UnusedMediaFiles(ctx, before, sweepBatch)
		if err != nil {
			return removed, err
		}
		for _, r := range rows {
			if err := f.Delete(ctx, r.Key); err != nil {
				return removed, err
			}
			removed++
		}
		if len(rows) < sweepBatch {
			break
		}
	}
	err := f.Storage.List(ctx, func(o Object) error {
		if o.Modified.After(before) {
			return nil
		}
		if base, ok := strings.CutSuffix(o.Key, tmpSuffix); ok {
			if orig, _, isVariant := ParseVariantKey(base); isVariant {
				base = orig
			}
			if _, ok := keyWorkspace(base); ok {
				removed++
				return f.Storage.Delete(ctx, o.Key)
			}
			return nil
		}
		if orig, _, ok := ParseVariantKey(o.Key); ok {
			// A variant stays while its original is recorded or in use.
			ws, ok := keyWorkspace(orig)
			if !ok {
				return nil
			}
			known, err := f.Store.HasMediaFile(ctx, orig)
			if err != nil || known {
				return err
			}
			used, err := f.Store.MediaFileUsed(ctx, ws, orig)
			if err != nil || used {
				return err
			}
			removed++
			return f.Storage.Delete(ctx, o.Key)
		}
		ws, ok := keyWorkspace(o.Key)
		if !ok {
			return nil
		}
		known, err := f.Store.HasMediaFile(ctx, o.Key)
		if err != nil || known {
			return err
		}
		used, err := f.Store.MediaFileUsed(ctx, ws, o.Key)
		if err != nil {
			return err
		}
		if used {
			err = f.Store.AddMediaFile(ctx, &store.MediaFile{Key: o.Key, WorkspaceID: ws, Size: o.Size, CreatedAt: o.Modified}, -1)
			if errors.Is(err, store.ErrNotFound) {
				err = nil // the workspace is gone
			}
			return err
		}
		removed++
		return f.Storage.Delete(ctx, o.Key)
	})
	return removed, err
}

// storedKeyRE matches the keys Key makes.
var storedKeyRE = regexp.MustCompile(`^([0-9]+)/[a-z-]+/[0-9]+-[a-z0-9-]+\.(?:png|jpg|gif|webp)$`)

// keyWorkspace returns the workspace of a key Key made.
func keyWorkspace(key string) (int64, bool) {
	m := storedKeyRE.FindStringSubmatch(key)
	if m == nil {
		return 0, false
	}
	id, err := strconv.ParseInt(m[1], 10, 64)
	return id, err == nil && id > 0
}

// urlKeyRE finds a key Key made at the end of a URL.
var urlKeyRE = regexp.MustCompile(`(?:^|/)([0-9]+/[a-z-]+/[0-9]+-[a-z0-9-]+\.(?:png|jpg|gif|webp))$`)

// KeyFromURL returns the key at the end of a URL stored by an earlier
// version (local "/media/{key}" or "{any S3 public URL}/{key}"), when it is
// a key of workspaceID. Whatever the public URL was then, the key is the
// end of the path, so old rows need no knowledge of old configuration.
func KeyFromURL(workspaceID int64, url string) (string, bool) {
	if i := strings.IndexAny(url, "?#"); i >= 0 {
		return "", false
	}
	m := urlKeyRE.FindStringSubmatch(url)
	if m == nil {
		return "", false
	}
	if ws, ok := keyWorkspace(m[1]); !ok || ws != workspaceID {
		return "", false
	}
	return m[1], true
}

// URLs maps stored covers and library items between keys and URLs for
// the store (store.MediaURLs).
type URLs struct{ Storage Storage }

// URL is the URL of a stored value: a key's URL as the storage is
// configured now; a value that already is a URL is returned as it is.
func (u URLs) URL(stored string) string {
	if stored == "" || strings.HasPrefix(stored, "/") || strings.Contains(stored, "://") {
		return stored
	}
	return u.Storage.URL(stored)
}

// Key is the key of a URL the storage made, or the URL itself.
func (u URLs) Key(url string) string {
	if k := u.Storage.KeyOf(url); k != "" {
		return k
	}
	return url
}
