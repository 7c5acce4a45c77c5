package pages

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
)

func TestDiskStore(t *testing.T) {
	ctx := context.Background()
	d := &Disk{Dir: t.TempDir()}
	at := time.UnixMilli(1_700_000_000_000)
	put := func(ws int64, key, build, body string) {
		t.Helper()
		p := &store.RenderedPage{Key: key, WorkspaceID: ws, Status: 200, ContentType: "text/html", ETag: `"e"`, CSP: "csp",
			Body: []byte(body), Gzip: []byte("gz:" + body), Version: 7, Build: build, RenderedAt: at, LastModified: at}
		if err := d.PutPage(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	put(1, "/a", "b1", "one")
	put(1, "/b", "b2", "two")
	put(2, "/a", "b1", "other workspace")

	p, err := d.GetPage(ctx, 1, "/a")
	if err != nil || p.Body != nil || string(p.Gzip) != "gz:one" || p.Version != 7 || p.Build != "b1" ||
		p.CSP != "csp" || !p.LastModified.Equal(at) || p.Key != "/a" || p.WorkspaceID != 1 {
		t.Fatalf("read back %+v, %v", p, err)
	}
	if p, _ := d.GetPage(ctx, 2, "/a"); string(p.Gzip) != "gz:other workspace" {
		t.Errorf("a key of another workspace read %q", p.Gzip)
	}
	put(1, "/a", "b2", "one again")
	if p, _ := d.GetPage(ctx, 1, "/a"); string(p.Gzip) != "gz:one again" {
		t.Errorf("replaced page reads %q", p.Gzip)
	}
	// A page with no gzip copy (too small to be worth one) reads its body.
	if err := d.PutPage(ctx, &store.RenderedPage{Key: "/small", WorkspaceID: 1, Status: 200, Body: []byte("tiny"), Build: "b2"}); err != nil {
		t.Fatal(err)
	}
	if p, _ := d.GetPage(ctx, 1, "/small"); string(p.Body) != "tiny" || p.Gzip != nil {
		t.Errorf("small page: body %q gzip %q", p.Body, p.Gzip)
	}
	keys, err := d.PageKeys(ctx, 1, 10)
	slices.Sort(keys)
	if err != nil || !slices.Equal(keys, []string{"/a", "/b", "/small"}) {
		t.Errorf("keys %v, %v", keys, err)
	}
	old, err := d.OutdatedPages(ctx, "b2", 10)
	if err != nil || len(old) != 1 || old[0] != (store.PageRef{Key: "/a", WorkspaceID: 2}) {
		t.Errorf("outdated %v, %v", old, err)
	}
	// Marked outdated in place: bytes, version and validators kept; another
	// workspace's page of the key and unknown keys untouched.
	if err := d.OutdatePages(ctx, 1, []string{"/a", "/missing"}, Outdated); err != nil {
		t.Fatal(err)
	}
	if p, err := d.GetPage(ctx, 1, "/a"); err != nil || p.Build != Outdated || string(p.Gzip) != "gz:one again" || p.Version != 7 || p.ETag != `"e"` {
		t.Errorf("outdated page %+v, %v", p, err)
	}
	if p, _ := d.GetPage(ctx, 2, "/a"); p.Build != "b1" {
		t.Errorf("workspace 2's page marked %q", p.Build)
	}
	if _, err := d.GetPage(ctx, 1, "/missing"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("marking an unknown key stored it: %v", err)
	}
	if err := d.DeletePages(ctx, 1, []string{"/a", "/missing"}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.GetPage(ctx, 1, "/a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleted page: %v", err)
	}
	if _, err := d.GetPage(ctx, 1, "/never"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("unknown page: %v", err)
	}
	// A file cut short (a disk full mid-write that still got renamed, a
	// truncation) is an error, never half a page.
	put(3, "/c", "b1", "three")
	name := d.path(3, "/c")
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b[:len(b)-2], 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := d.GetPage(ctx, 3, "/c"); err == nil {
		t.Errorf("a cut file read as %q", p.Gzip)
	}
}
