package mail

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// A process killed while writing a message leaves a .eml-* temporary: the
// outbox removes those a crash left when it opens, and keeps messages and
// a temporary young enough to be another process's write under way.
func TestOutboxRemovesTemporariesACrashLeft(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for _, name := range []string{".eml-123", ".eml-456", "20260101T000000Z-1.eml"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("half a message"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, ".eml-young"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	o := &Outbox{Dir: dir}
	if _, err := o.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{".eml-young", "20260101T000000Z-1.eml"}; !slices.Equal(left, want) {
		t.Fatalf("left %v, want %v", left, want)
	}
}
