package media

import "context"

// HoldImageMemory takes n bytes of the image memory budget without waiting
// (tests of what callers see while it is taken).
func HoldImageMemory(n int64) (release func(), err error) {
	return reserve(context.Background(), n, false)
}
