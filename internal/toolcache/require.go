package toolcache

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

// EnvRequire names the real parts tests must have instead of skipping
// without them: "all" (what make test-go sets), or a comma-separated list
// of postgres, minio and pebble. CI=true counts as "all".
const EnvRequire = "INKPRESS_TEST_REQUIRE"

// The real parts a test may need.
const (
	Postgres = "postgres"
	MinIO    = "minio"
	Pebble   = "pebble"
)

// Required reports whether a test needing part must fail without it.
func Required(part string) bool {
	if os.Getenv("CI") == "true" {
		return true
	}
	for _, p := range strings.Split(os.Getenv(EnvRequire), ",") {
		if p = strings.TrimSpace(p); p == "all" || p == part {
			return true
		}
	}
	return false
}

var (
	noticeMu sync.Mutex
	noticed  []string
)

// Missing ends a test that lacks the real part: a failure when the part is
// required (make test, CI), else a skip that says why and how to get it.
// The skip is also printed to stderr once per test binary, so it shows
// without -v whenever go test shows the package's output.
func Missing(t testing.TB, part, why, fix string) {
	t.Helper()
	if Required(part) {
		t.Fatalf("%s: %s, and %s requires it (make test sets %s=all); %s", part, why, EnvRequire, EnvRequire, fix)
	}
	noticeMu.Lock()
	if !slices.Contains(noticed, part) {
		noticed = append(noticed, part)
		fmt.Fprintf(os.Stderr, "SKIP tests needing %s: %s; %s (make test runs them)\n", part, why, fix)
	}
	noticeMu.Unlock()
	t.Skipf("skipped: %s: %s; %s (make test runs them)", part, why, fix)
}
