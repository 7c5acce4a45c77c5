//go:build !race

package media

const raceDetector = false
