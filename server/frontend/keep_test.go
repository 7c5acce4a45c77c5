package frontend

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"
)

// A page stored by the previous build names its assets: after a new build
// starts they are still served; assets no build wrote for a month go.
func TestKeepAssetsServesAnEarlierBuildsFiles(t *testing.T) {
	dir := t.TempDir()
	old := New(fstest.MapFS{"index.html": {Data: []byte("<html><head></head><body></body></html>")},
		"assets/app-old.js": {Data: []byte("old")}})
	if err := old.KeepAssets(dir); err != nil {
		t.Fatal(err)
	}
	ancient := filepath.Join(dir, "assets", "app-ancient.js")
	if err := os.WriteFile(ancient, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := time.Now().Add(-KeepAssetsFor - time.Hour)
	if err := os.Chtimes(ancient, long, long); err != nil {
		t.Fatal(err)
	}
	next := New(fstest.MapFS{"index.html": {Data: []byte("<html><head></head><body></body></html>")},
		"assets/app-new.js": {Data: []byte("new")}})
	if err := next.KeepAssets(dir); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"/assets/app-new.js": 200, "/assets/app-old.js": 200, "/assets/app-ancient.js": 404} {
		if !next.IsAsset(name) && want == 200 {
			t.Errorf("%s is not an asset", name)
		}
		w := httptest.NewRecorder()
		next.ServeAsset(w, httptest.NewRequest(http.MethodGet, name, nil))
		if w.Code != want {
			t.Errorf("%s: %d, want %d", name, w.Code, want)
		}
	}
}
