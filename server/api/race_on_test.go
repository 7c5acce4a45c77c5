//go:build race

package api_test

// raceDetector: decoding 40-megapixel images under the race detector takes
// minutes (longer than a request may); those tests run without it.
const raceDetector = true
