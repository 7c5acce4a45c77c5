package migration

import (
	"io/fs"
	"strings"
	"testing"
)

// Migrations only go up (see the package comment): a Down section would be
// code nothing runs or tests.
func TestNoDownMigrations(t *testing.T) {
	names, err := fs.Glob(files, "*/*.sql")
	if err != nil || len(names) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	for _, name := range names {
		b, err := fs.ReadFile(files, name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "+goose Down") {
			t.Errorf("%s has a Down section: migrations only go up (store/migration/migration.go)", name)
		}
		if !strings.HasPrefix(string(b), "-- +goose Up\n") {
			t.Errorf("%s does not start with -- +goose Up", name)
		}
	}
	for _, m := range goMigrations() {
		if m.Version <= 19 {
			t.Errorf("Go migration %d: versions up to 19 are SQL files", m.Version)
		}
	}
}

func TestKeyOfURL(t *testing.T) {
	const key = "12/covers/1700000000000-ab12cd34-title.png"
	for _, c := range []struct {
		ws   int64
		url  string
		want string
	}{
		{12, "/media/" + key, key},
		{12, "https://cdn.example/bucket/" + key, key},
		{12, "http://10.0.0.9:9000/media/" + key, key},
		{12, "/media/12/library/1700000000000-x.webp", "12/library/1700000000000-x.webp"},
		{13, "/media/" + key, ""},                 // another workspace's key
		{12, "/media/" + key + "?v=1", ""},        // not a stored URL
		{12, "https://img.example/photo.png", ""}, // an outside image
		{12, "/media/112/covers/1-a.png", ""},     // 112 is not 12
	} {
		got, ok := keyOfURL(c.ws, c.url)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("keyOfURL(%d, %q) = %q, %v; want %q", c.ws, c.url, got, ok, c.want)
		}
	}
}
