//go:build !race

package ssr

const raceDetector = false
