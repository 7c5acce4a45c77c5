package frontend

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"time"
)

// KeepAssetsFor is how long the hashed assets of an earlier build stay
// available after a newer one started.
const KeepAssetsFor = 30 * 24 * time.Hour

// KeepAssets copies this build's hashed assets (assets/...) into dir, and
// from then on serves from dir what this build lacks: a page stored by an
// earlier build names that build's scripts and styles, and it keeps working
// until it is rendered again. Assets no build has written for KeepAssetsFor
// are removed.
func (a *App) KeepAssets(dir string) error {
	now := time.Now()
	err := fs.WalkDir(a.files, "assets", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if _, err := os.Stat(dst); err == nil {
			return os.Chtimes(dst, now, now) // still in use by this build
		}
		b, err := fs.ReadFile(a.files, name)
		if err != nil {
			return err
		}
		return writeAtomic(dst, b)
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	_ = filepath.WalkDir(filepath.Join(dir, "assets"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil && now.Sub(info.ModTime()) > KeepAssetsFor {
				_ = os.Remove(p)
			}
		}
		return nil
	})
	a.files = layers{a.files, os.DirFS(dir)}
	a.assets = http.FileServerFS(a.files)
	return nil
}

// layers is a read-only file system that answers from the first layer
// holding a name (the standard library has no overlay of file systems).
type layers []fs.FS

func (l layers) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	var first error
	for _, f := range l {
		file, err := f.Open(name)
		if err == nil {
			return file, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

func writeAtomic(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	tmp := name + ".tmp-" + path.Base(os.Args[0])
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}
