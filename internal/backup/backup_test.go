package backup

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEntryName(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"inkpress.db", "inkpress.db", true},
		{"media/ws/1/a.png", "media/ws/1/a.png", true},
		{"media/./x.png", "media/x.png", true},
		{"", "", false},
		{"/etc/passwd", "", false},
		{"../outside", "", false},
		{"media/../../outside", "", false},
		{`media\..\x`, "", false},
		{"..", "", false},
	} {
		got, ok := entryName(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("entryName(%q) = %q %v, want %q %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func archive(t *testing.T, entries ...string) *bytes.Buffer {
	t.Helper()
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	for _, name := range entries {
		_ = tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: 1, Typeflag: tar.TypeReg})
		_, _ = tw.Write([]byte("x"))
	}
	_ = tw.Close()
	_ = gz.Close()
	return &b
}

// Bad archives are refused and leave no database behind.
func TestRestoreRefusesBadArchives(t *testing.T) {
	for name, a := range map[string]*bytes.Buffer{
		"not gzip":       bytes.NewBufferString("hello"),
		"no marker":      archive(t, Database),
		"no database":    archive(t, Marker, "media/a.png"),
		"escaping entry": archive(t, Marker, Database, "../../evil"),
	} {
		dir := t.TempDir()
		db := filepath.Join(dir, "inkpress.db")
		if err := Restore(a, db, filepath.Join(dir, "media")); err == nil {
			t.Errorf("%s: restored", name)
		}
		if _, err := os.Stat(db); err == nil {
			t.Errorf("%s: left a database", name)
		}
		left, _ := os.ReadDir(dir)
		for _, e := range left {
			if strings.HasSuffix(e.Name(), ".restoring") {
				t.Errorf("%s: left %s", name, e.Name())
			}
		}
	}
}
