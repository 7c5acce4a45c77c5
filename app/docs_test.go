package app_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// README's folder table and docs/architecture.md name every Go package, so
// a new package cannot go unexplained: by its path, or a subpackage by its
// name in its parent's line.
func TestDocsNameEveryPackage(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	arch, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	err = filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".") && p != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		dir, _ := filepath.Rel("..", filepath.Dir(p))
		dir = filepath.ToSlash(dir)
		if dir == "." || seen[dir] {
			return nil
		}
		seen[dir] = true
		base := filepath.Base(dir)
		if !strings.Contains(string(readme), "`"+dir+"/`") && !strings.Contains(string(readme), base+"/") {
			t.Errorf("README.md's folder table does not name %s/", dir)
		}
		if !strings.Contains(string(arch), base+"/") {
			t.Errorf("docs/architecture.md does not name %s/", dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 30 {
		t.Fatalf("found %d packages: the walk missed the tree", len(seen))
	}
}
