package ssr

import (
	"bytes"
	"context"
	"net/http"
)

// maxAnswer bounds one API answer the renderer reads (a page of posts with
// their text is far below it).
const maxAnswer = 8 << 20

// HandlerFetcher answers the renderer's requests with the API's own
// handler, in process: the same answers a reader's browser would get from
// that host without a session cookie.
func HandlerFetcher(api http.Handler) Fetcher {
	return func(ctx context.Context, host, path string) (int, []byte) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, path, nil)
		if err != nil {
			return http.StatusBadRequest, nil
		}
		req.Host = host
		req.RemoteAddr = "127.0.0.1:0"
		req.Header.Set("Accept", "application/json")
		w := &answer{header: http.Header{}, status: http.StatusOK}
		api.ServeHTTP(w, req)
		if w.over {
			return http.StatusInternalServerError, nil
		}
		return w.status, w.body.Bytes()
	}
}

// answer is the ResponseWriter of an in-process request.
type answer struct {
	header      http.Header
	status      int
	wroteHeader bool
	body        bytes.Buffer
	over        bool
}

func (a *answer) Header() http.Header { return a.header }

func (a *answer) WriteHeader(status int) {
	if !a.wroteHeader {
		a.status, a.wroteHeader = status, true
	}
}

func (a *answer) Write(p []byte) (int, error) {
	a.WriteHeader(http.StatusOK)
	if a.body.Len()+len(p) > maxAnswer {
		a.over = true
		return len(p), nil
	}
	return a.body.Write(p)
}
