package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// PrivatePrefix starts the keys of files that are never served by their
// URL (data exports): the local handler answers 404 for them, and the app
// streams them to the one who may have them.
const PrivatePrefix = "private/"

// Streamer is a storage that writes and reads files as streams: an archive
// too large to hold in memory (a data export) goes through it.
type Streamer interface {
	PutStream(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open reads a stored file; a missing one is an error wrapping
	// os.ErrNotExist.
	Open(ctx context.Context, key string) (io.ReadCloser, error)
}

var _ Streamer = (*Local)(nil)

// PutStream writes r under key through a temporary file and a rename, as
// Put does.
func (l *Local) PutStream(_ context.Context, key string, r io.Reader, _ int64, _ string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp := p + tmpSuffix
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	return err
}

// Open opens a stored file.
func (l *Local) Open(_ context.Context, key string) (io.ReadCloser, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("media: open %s: %w", key, err)
	}
	return f, nil
}

// isPrivate reports whether a request path under the handler names a
// private file (however its path is written).
func isPrivate(urlPath, prefix string) bool {
	p := strings.TrimPrefix(filepath.ToSlash(filepath.Clean("/"+strings.TrimPrefix(urlPath, prefix))), "/")
	return strings.HasPrefix(p+"/", PrivatePrefix)
}

// ErrNoStream is the refusal of a storage that cannot stream files.
var ErrNoStream = errors.New("media: this storage cannot stream files")
