package frontend

import (
	"strconv"
	"strings"
)

// precompressed lists the encodings the build writes beside a file (name +
// suffix), best first: on equal preference brotli wins, it is smaller.
var precompressed = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// acceptQ returns the q-value a request's Accept-Encoding header gives a
// content coding: its own entry, else "*", else 0 (not acceptable). An
// entry without q counts as 1; "q=0" refuses the coding.
func acceptQ(header, coding string) float64 {
	q, star := -1.0, -1.0
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		v := 1.0
		for _, p := range strings.Split(params, ";") {
			k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0 // a malformed weight is not a promise to decode
				}
				v = f
			}
		}
		switch name {
		case coding:
			q = max(q, v)
		case "*":
			star = max(star, v)
		}
	}
	if q >= 0 {
		return q
	}
	return max(star, 0)
}

// chooseEncoding picks the best precompressed variant the client accepts
// among those that exist (has reports whether a suffix's file does): the
// coding and the suffix, or "" for the original.
func chooseEncoding(header string, has func(suffix string) bool) (coding, suffix string) {
	best := 0.0
	for _, c := range precompressed {
		if q := acceptQ(header, c.coding); q > best && has(c.suffix) {
			best, coding, suffix = q, c.coding, c.suffix
		}
	}
	return coding, suffix
}
