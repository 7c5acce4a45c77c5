package generate

import "time"

// storeMargin covers what a generation does besides the AI requests:
// checks, storing the cover and the post.
const storeMargin = 30 * time.Second

// drainMargin is what a stopping server adds to a whole generation before
// it gives up on in-flight requests.
const drainMargin = 30 * time.Second

// Limit is the longest one generation may run (Service.Timeout): one text
// request and one image request, each up to its own timeout, plus the
// margin for storing.
func Limit(textTimeout, imageTimeout time.Duration) time.Duration {
	return textTimeout + imageTimeout + storeMargin
}

// ShutdownGrace is how long a stopping server lets in-flight requests
// finish: longer than a whole generation, so a post asked for just before
// a restart is still written and its usage kept (a planned item still
// running when it ends is handed back).
func ShutdownGrace(textTimeout, imageTimeout time.Duration) time.Duration {
	return Limit(textTimeout, imageTimeout) + drainMargin
}
