// Package backup writes and restores one archive of a server's data: a
// consistent copy of the SQLite database and the local media directory, as
// a gzip'd tar. Stored pages, the outbox and kept assets are left out: the
// pages are drawn again from the database, the others are not data.
//
// The database is copied first and the media after, so every file a row
// names was on disk before the copy of that row was taken (uploads write
// the file before the row); files added meanwhile come along harmlessly.
package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// Names inside the archive.
const (
	// Marker is the archive's first entry: it says what the file is, so
	// restore refuses some other tarball before writing anything.
	Marker   = "inkpress-backup"
	Database = "inkpress.db"
	MediaDir = "media"
)

// Snapshotter copies a live database to a new file (sqlstore.DB.Snapshot).
type Snapshotter interface {
	Snapshot(ctx context.Context, path string) error
}

// Write archives a snapshot of db and the files under mediaDir ("" or
// missing: none) to w.
func Write(ctx context.Context, w io.Writer, db Snapshotter, mediaDir string) error {
	tmp, err := os.MkdirTemp("", "inkpress-backup-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	snap := filepath.Join(tmp, Database)
	if err := db.Snapshot(ctx, snap); err != nil {
		return fmt.Errorf("backup: copy the database: %w", err)
	}
	gz := gzip.NewWriter(w)
	tw := tar.NewWriter(gz)
	now := time.Now()
	if err := tw.WriteHeader(&tar.Header{Name: Marker, Mode: 0o644, Size: 0, ModTime: now, Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	if err := addFile(tw, snap, Database); err != nil {
		return err
	}
	if mediaDir != "" {
		err := filepath.WalkDir(mediaDir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil // no media yet, or a file deleted meanwhile
				}
				return err
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			rel, err := filepath.Rel(mediaDir, p)
			if err != nil || rel == "." || !d.Type().IsRegular() || strings.HasSuffix(d.Name(), ".tmp") {
				return err // directories are implied; temporaries are half-written
			}
			err = addFile(tw, p, path.Join(MediaDir, filepath.ToSlash(rel)))
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		})
		if err != nil {
			return fmt.Errorf("backup: media: %w", err)
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

func addFile(tw *tar.Writer, src, name string) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: st.Size(), ModTime: st.ModTime(), Typeflag: tar.TypeReg}); err != nil {
		return err
	}
	// The file may grow while it is read (a media file is written once,
	// but be safe): exactly the size declared goes in.
	_, err = io.CopyN(tw, f, st.Size())
	return err
}

// ErrExists: restore never overwrites a database.
var ErrExists = errors.New("backup: the database file already exists; restore into a new data directory (or move it aside)")

// Restore unpacks an archive made by Write: the database to dbPath (which
// must not exist) and the media under mediaDir ("": the media are skipped,
// as with an object store). Nothing is left at dbPath when it fails.
func Restore(r io.Reader, dbPath, mediaDir string) (err error) {
	if _, err := os.Lstat(dbPath); err == nil {
		return ErrExists
	}
	gz, err := gzip.NewReader(r)
	if err != nil {
		return fmt.Errorf("backup: not an InkPress backup: %w", err)
	}
	tr := tar.NewReader(gz)
	h, err := tr.Next()
	if err != nil || h.Name != Marker {
		return errors.New("backup: not an InkPress backup (its first entry is not " + Marker + ")")
	}
	if err := os.MkdirAll(filepath.Dir(dbPath), 0o755); err != nil {
		return err
	}
	tmpDB := dbPath + ".restoring"
	defer func() {
		if err != nil {
			os.Remove(tmpDB)
		}
	}()
	sawDB := false
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("backup: read the archive: %w", err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		name, ok := entryName(h.Name)
		switch {
		case !ok:
			return fmt.Errorf("backup: refused entry %q", h.Name)
		case name == Database:
			if err := writeFile(tmpDB, tr); err != nil {
				return err
			}
			sawDB = true
		case strings.HasPrefix(name, MediaDir+"/"):
			if mediaDir == "" {
				continue
			}
			dst := filepath.Join(mediaDir, filepath.FromSlash(strings.TrimPrefix(name, MediaDir+"/")))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := writeFile(dst, tr); err != nil {
				return err
			}
		}
	}
	if !sawDB {
		return errors.New("backup: the archive holds no database")
	}
	return os.Rename(tmpDB, dbPath)
}

// entryName cleans an archive path and refuses any that would leave the
// data directory (absolute, "..", backslashes).
func entryName(name string) (string, bool) {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, `\`) {
		return "", false
	}
	c := path.Clean(name)
	if c == "." || c == ".." || strings.HasPrefix(c, "../") {
		return "", false
	}
	return c, true
}

func writeFile(dst string, r io.Reader) error {
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
