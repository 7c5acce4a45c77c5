package frontend

import (
	"os"
	"strings"
	"testing"
)

// web/index.html is static HTML (no generated constant reaches it): it
// names RootID itself, and the server's pages keep it.
func TestIndexHoldsTheRoot(t *testing.T) {
	index, err := os.ReadFile("../../web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), `<div id="`+RootID+`">`+bodyMarker+`</div>`) {
		t.Errorf("web/index.html has no <div id=%q>%s</div>", RootID, bodyMarker)
	}
	if !strings.Contains(fallbackIndex, `<div id="`+RootID+`">`) {
		t.Error("the fallback page has no root element")
	}
}
