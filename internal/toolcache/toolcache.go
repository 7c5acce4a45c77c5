// Package toolcache locates the real servers tests run (MinIO, Pebble) and
// says whether a test may skip without a real part (Required, Missing):
// scripts/test-deps.sh builds them once into a cache outside the clone, so every
// checkout and every run of make test on the machine reuses them.
package toolcache

import (
	"os"
	"path/filepath"
)

// Path is where the binary name is cached, or the value of env when set.
func Path(name, env string) string {
	if p := os.Getenv(env); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "inkpress-tools", name)
}
