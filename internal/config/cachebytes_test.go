package config

import "testing"

func TestCacheBytes(t *testing.T) {
	for in, want := range map[string]int64{"": 32 << 20, "0": 0, "1048576": 1 << 20, "512KiB": 512 << 10,
		"128MiB": 128 << 20, "1 GiB": 1 << 30} {
		env := map[string]string{"INKPRESS_CACHE_BYTES": in}
		c, err := Load(nil, func(k string) string { return env[k] })
		if err != nil || c.CacheBytes != want {
			t.Errorf("INKPRESS_CACHE_BYTES=%q: %d, %v; want %d", in, c.CacheBytes, err, want)
		}
	}
	for _, in := range []string{"-1", "lots", "64MB", "9999999GiB"} {
		env := map[string]string{"INKPRESS_CACHE_BYTES": in}
		if _, err := Load(nil, func(k string) string { return env[k] }); err == nil {
			t.Errorf("INKPRESS_CACHE_BYTES=%q accepted", in)
		}
	}
}
