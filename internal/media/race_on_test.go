//go:build race

package media

// raceDetector: decoding 40-megapixel images under the race detector takes
// minutes (longer than a request may); those tests run without it.
const raceDetector = true
