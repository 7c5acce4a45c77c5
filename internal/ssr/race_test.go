//go:build race

package ssr

// raceDetector: the tests run with -race, under which QuickJS (C compiled
// to Go, every memory access instrumented) renders a page in seconds.
const raceDetector = true
