package pages

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Disk keeps pages as files in a directory: the embedded default, for one
// instance (several instances share the database's store). A page is
// Dir/{workspace}/{sha256 of its key}.page: a small JSON header (everything
// but the bytes) then the body and its gzip copy, written to a temporary
// file and renamed, so a reader never sees half a page.
type Disk struct {
	Dir string
}

// header is a page file's first part.
type header struct {
	Key          string `json:"key"`
	WorkspaceID  int64  `json:"ws"`
	Status       int    `json:"status"`
	ContentType  string `json:"type"`
	CSP          string `json:"csp,omitempty"`
	ETag         string `json:"etag"`
	LastModified int64  `json:"lm,omitempty"`
	Version      int64  `json:"v"`
	Build        string `json:"build"`
	RenderedAt   int64  `json:"at"`
	PostID       int64  `json:"post,omitempty"`
	Body         int    `json:"body"`
	Gzip         int    `json:"gzip"`
}

var _ store.PageStore = (*Disk)(nil)

func (d *Disk) path(workspaceID int64, key string) string {
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(d.Dir, strconv.FormatInt(workspaceID, 10), hex.EncodeToString(sum[:16])+".page")
}

func (d *Disk) GetPage(_ context.Context, workspaceID int64, key string) (*store.RenderedPage, error) {
	p, err := readPage(d.path(workspaceID, key), true)
	if err != nil {
		return nil, err
	}
	if p.Key != key { // two keys with one hash prefix: never served for the other
		return nil, store.ErrNotFound
	}
	return p, nil
}

// readPage reads a page file's header and, with bytes, the page: its gzip
// copy alone when it has one (see store.RenderedPage.Gzip), else its body.
func readPage(name string, bytes bool) (*store.RenderedPage, error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, store.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Most headers are a few hundred bytes: one read takes the length and
	// the header.
	head := make([]byte, 1024)
	got, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("pages: %s: %w", name, err)
	}
	head = head[:got]
	if len(head) < 4 {
		return nil, fmt.Errorf("pages: %s: bad header", name)
	}
	n := int(binary.BigEndian.Uint32(head))
	if n > 1<<20 {
		return nil, fmt.Errorf("pages: %s: bad header", name)
	}
	if 4+n > len(head) {
		more := make([]byte, 4+n)
		copy(more, head)
		if _, err := io.ReadFull(f, more[len(head):]); err != nil {
			return nil, fmt.Errorf("pages: %s: bad header: %w", name, err)
		}
		head = more
	}
	var h header
	if err := json.Unmarshal(head[4:4+n], &h); err != nil {
		return nil, fmt.Errorf("pages: %s: %w", name, err)
	}
	p := &store.RenderedPage{Key: h.Key, WorkspaceID: h.WorkspaceID, Status: h.Status, ContentType: h.ContentType, CSP: h.CSP,
		ETag: h.ETag, Version: h.Version, Build: h.Build, RenderedAt: time.UnixMilli(h.RenderedAt), PostID: h.PostID}
	if h.LastModified != 0 {
		p.LastModified = time.UnixMilli(h.LastModified).UTC()
	}
	if !bytes {
		return p, nil
	}
	if h.Body < 0 || h.Gzip < 0 {
		return nil, fmt.Errorf("pages: %s: bad header", name)
	}
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() != int64(4+n+h.Body+h.Gzip) {
		return nil, fmt.Errorf("pages: %s: cut short", name)
	}
	off, size := int64(4+n), h.Body
	if h.Gzip > 0 {
		off, size = int64(4+n+h.Body), h.Gzip
	}
	buf := make([]byte, size)
	if _, err := f.ReadAt(buf, off); err != nil && !(errors.Is(err, io.EOF) && size == 0) {
		return nil, fmt.Errorf("pages: %s: %w", name, err)
	}
	if h.Gzip > 0 {
		p.Gzip = buf
	} else {
		p.Body = buf
	}
	return p, nil
}

func (d *Disk) PutPage(_ context.Context, p *store.RenderedPage) error {
	h := header{Key: p.Key, WorkspaceID: p.WorkspaceID, Status: p.Status, ContentType: p.ContentType, CSP: p.CSP, ETag: p.ETag,
		Version: p.Version, Build: p.Build, RenderedAt: p.RenderedAt.UnixMilli(), PostID: p.PostID, Body: len(p.Body), Gzip: len(p.Gzip)}
	if !p.LastModified.IsZero() {
		h.LastModified = p.LastModified.UnixMilli()
	}
	hb, err := json.Marshal(h)
	if err != nil {
		return err
	}
	buf := make([]byte, 0, 4+len(hb)+len(p.Body)+len(p.Gzip))
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(hb)))
	buf = append(append(append(buf, hb...), p.Body...), p.Gzip...)
	return writeFile(d.path(p.WorkspaceID, p.Key), buf)
}

// writeFile writes data to name through a temporary file and a rename.
func writeFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}

func (d *Disk) DeletePages(_ context.Context, workspaceID int64, keys []string) error {
	for _, k := range keys {
		if err := os.Remove(d.path(workspaceID, k)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// OutdatePages rewrites each page file's header with build, through a
// temporary file and a rename like a page (a reader sees one or the other).
// A render stored meanwhile may be marked too: its reader makes it again.
func (d *Disk) OutdatePages(_ context.Context, workspaceID int64, keys []string, build string) error {
	for _, k := range keys {
		name := d.path(workspaceID, k)
		data, err := os.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if len(data) < 4 {
			return fmt.Errorf("pages: %s: bad header", name)
		}
		n := int(binary.BigEndian.Uint32(data))
		if n > 1<<20 || 4+n > len(data) {
			return fmt.Errorf("pages: %s: bad header", name)
		}
		var h header
		if err := json.Unmarshal(data[4:4+n], &h); err != nil {
			return fmt.Errorf("pages: %s: %w", name, err)
		}
		if h.Key != k || h.Build == build {
			continue // another key's page (one hash prefix), or marked already
		}
		h.Build = build
		hb, err := json.Marshal(h)
		if err != nil {
			return err
		}
		buf := make([]byte, 0, 4+len(hb)+len(data)-4-n)
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(hb)))
		buf = append(append(buf, hb...), data[4+n:]...)
		if err := writeFile(name, buf); err != nil {
			return err
		}
	}
	return nil
}

func (d *Disk) PageKeys(_ context.Context, workspaceID int64, limit int) ([]string, error) {
	var out []string
	err := d.walk(filepath.Join(d.Dir, strconv.FormatInt(workspaceID, 10)), func(p *store.RenderedPage) bool {
		out = append(out, p.Key)
		return len(out) < limit
	})
	return out, err
}

func (d *Disk) OutdatedPages(_ context.Context, build string, limit int) ([]store.PageRef, error) {
	var out []store.PageRef
	entries, err := os.ReadDir(d.Dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	for _, e := range entries {
		if !e.IsDir() || len(out) >= limit {
			continue
		}
		err := d.walk(filepath.Join(d.Dir, e.Name()), func(p *store.RenderedPage) bool {
			if p.Build != build {
				out = append(out, store.PageRef{Key: p.Key, WorkspaceID: p.WorkspaceID})
			}
			return len(out) < limit
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// walk reads the headers of a workspace directory's pages until fn says stop.
func (d *Disk) walk(dir string, fn func(*store.RenderedPage) bool) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		if filepath.Ext(e.Name()) != ".page" {
			continue
		}
		p, err := readPage(filepath.Join(dir, e.Name()), false)
		if err != nil {
			continue // removed meanwhile, or unreadable: not a page
		}
		if !fn(p) {
			return nil
		}
	}
	return nil
}
