// Package media stores uploaded and generated images and validates uploads.
// Storage is an interface with a local-directory implementation (the
// default) and an S3 one (internal/media/s3).
package media

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
)

// Storage keeps files under keys like "12/library/1700000000-photo.png".
type Storage interface {
	// Put stores data and returns its public URL (absolute, or root-relative
	// for local files).
	Put(ctx context.Context, key string, data []byte, contentType string) (string, error)
	Delete(ctx context.Context, key string) error
	// KeyOf returns the key behind a URL this storage produced, or "" if it
	// did not produce it.
	KeyOf(url string) string
	// URL is the public URL of key as configured now. The database keeps
	// keys, so a new public URL (a CDN, another bucket host) applies to
	// every file at once.
	URL(key string) string
	// List calls fn with every stored object, leftovers of interrupted
	// writes included; the orphan sweep uses it.
	List(ctx context.Context, fn func(Object) error) error
}

// Object is a stored file as List reports it.
type Object struct {
	Key      string
	Size     int64
	Modified time.Time
}

// tmpSuffix marks a local file being written.
const tmpSuffix = ".tmp"

// Local stores files in a directory served at URLPrefix.
type Local struct {
	Dir       string
	URLPrefix string // e.g. "/media/"
}

// NewLocal returns a Local storage rooted at dir.
func NewLocal(dir string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &Local{Dir: dir, URLPrefix: "/media/"}, nil
}

func (l *Local) path(key string) (string, error) {
	clean := path.Clean("/" + key)
	if clean == "/" || strings.Contains(key, "..") {
		return "", errors.New("media: bad key")
	}
	return filepath.Join(l.Dir, filepath.FromSlash(clean)), nil
}

func (l *Local) Put(_ context.Context, key string, data []byte, _ string) (string, error) {
	p, err := l.path(key)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	// Write then rename, so a reader never sees half a file. A failed
	// write (a full disk) removes its partial file; one left by a crash is
	// removed by the orphan sweep.
	tmp := p + tmpSuffix
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	if err := os.Rename(tmp, p); err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	return l.URL(key), nil
}

// URL is the root-relative URL of key.
func (l *Local) URL(key string) string {
	return l.URLPrefix + strings.TrimPrefix(path.Clean("/"+key), "/")
}

// List walks the directory.
func (l *Local) List(ctx context.Context, fn func(Object) error) error {
	return filepath.WalkDir(l.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		rel, err := filepath.Rel(l.Dir, p)
		if err != nil {
			return err
		}
		return fn(Object{Key: filepath.ToSlash(rel), Size: info.Size(), Modified: info.ModTime()})
	})
}

func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

func (l *Local) KeyOf(url string) string {
	if !strings.HasPrefix(url, l.URLPrefix) {
		return ""
	}
	return strings.TrimPrefix(url, l.URLPrefix)
}

// Handler serves the directory with long caching: keys are never reused
// (they carry a timestamp), so a URL's bytes never change.
func (l *Local) Handler() http.Handler {
	fs := http.StripPrefix(strings.TrimSuffix(l.URLPrefix, "/"), http.FileServer(noDirs{http.Dir(l.Dir)}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isPrivate(r.URL.Path, l.URLPrefix) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
		fs.ServeHTTP(w, r)
	})
}

// noDirs hides directory listings, and answers a name longer than the file
// system takes as missing (http.FileServer answers any other error 500).
type noDirs struct{ fs http.FileSystem }

func (n noDirs) Open(name string) (http.File, error) {
	f, err := n.fs.Open(name)
	if errors.Is(err, syscall.ENAMETOOLONG) {
		return nil, os.ErrNotExist
	}
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, os.ErrNotExist
	}
	return f, nil
}

// Upload refusals, in the words the upload forms show.
var (
	ErrTooLarge    = apperr.New(apperr.TooLarge, "file_too_large", "Maximum file size is 5MB")
	ErrInvalidType = apperr.New(apperr.Unsupported, "invalid_file_type", "Please upload an image file")
)

// allowedTypes are the image types accepted, by sniffed content.
var allowedTypes = map[string]string{
	"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp",
}

// ExtOf is the file extension of an accepted image type ("" for others).
func ExtOf(contentType string) string { return allowedTypes[contentType] }

// CheckImage validates an upload by its bytes (never by its claimed type)
// and returns the content type and file extension.
func CheckImage(data []byte, max int) (contentType, ext string, err error) {
	if len(data) > max {
		return "", "", ErrTooLarge
	}
	if len(data) == 0 {
		return "", "", ErrInvalidType
	}
	ct := http.DetectContentType(data)
	ext, ok := allowedTypes[ct]
	if !ok {
		return "", "", ErrInvalidType
	}
	return ct, ext, nil
}
