package api

import (
	"html"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/store"
)

// SubscribeFormPath takes the newsletter forms of readers without
// JavaScript: a plain form POST (email, workspace, back), answered with a
// small page saying what happened. It cannot send the double-submit token
// a form has no script to copy, so it is let through that check only; the
// cross-origin check still refuses other sites' forms. It needs no session
// and does what any client may do through POST /api/subscribers: a sign-up
// that only a confirmation e-mail completes, under the same rate limits.
const SubscribeFormPath = "/api/subscribers/form"

// The form's answers, the same texts as the app's toasts.
const (
	subscribedTitle = "Success!"
	subscribedText  = "Check your inbox to confirm your subscription."
	subscribeError  = "Error"
)

// subscribeForm subscribes the form's address and answers a page: 200 when
// signed up (every valid address alike, as subscribe), else the error's
// status and message. Nothing is stored on a refusal.
func (h *Handler) subscribeForm(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if err := r.ParseForm(); err != nil {
		formPage(w, http.StatusBadRequest, subscribeError, "Send the form's email field.", "", "")
		return
	}
	b, err := h.subscribeBlog(r, r.PostForm.Get("workspace"))
	if err != nil {
		writeFormError(w, r, err, nil)
		return
	}
	back := localPath(r.PostForm.Get("back"), b.HomePath())
	email := strings.TrimSpace(r.PostForm.Get("email"))
	if _, ok := newsletter.NormalizeEmail(email); !ok {
		writeFormError(w, r, newsletter.ErrInvalidEmail, &formBack{back, b})
		return
	}
	client := h.Config.ClientKey(r.RemoteAddr, r.Header.Get("X-Forwarded-For"))
	if err := h.Newsletter.Subscribe(r.Context(), b, email, client); err != nil {
		writeFormError(w, r, err, &formBack{back, b})
		return
	}
	formPage(w, http.StatusOK, subscribedTitle, subscribedText, back, blogName(b))
}

type formBack struct {
	path string
	blog *blogaddr.Blog
}

// writeFormError answers a refusal with the status and message the API
// gives it (a server fault with a generic one, logged).
func writeFormError(w http.ResponseWriter, r *http.Request, err error, back *formBack) {
	e := toError(err)
	switch {
	case e == nil && store.IsUnavailable(err):
		e = errUnavailable()
		w.Header().Set("Retry-After", strconv.Itoa(store.RetryAfterSeconds))
	case e == nil:
		slog.ErrorContext(r.Context(), "newsletter form", "err", err)
		e = errInternal()
	}
	if ae := apperr.As(err); ae != nil && ae.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(ae.RetryAfter.Seconds()))))
	}
	status, msg := e.Status, e.Message
	path, name := "", ""
	if back != nil {
		path, name = back.path, blogName(back.blog)
	}
	formPage(w, status, subscribeError, msg, path, name)
}

// localPath is p when it is a path on this host ("/..."; never "//host" or
// a backslash, which browsers read as another host), else def.
func localPath(p, def string) string {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsAny(p, "\\\x00\r\n") || len(p) > 2000 {
		return def
	}
	return p
}

func blogName(b *blogaddr.Blog) string { return b.Workspace.Name }

// formPage writes the form's answer: a page of its own, readable without
// styles or scripts, never cached nor indexed.
func formPage(w http.ResponseWriter, status int, title, text, back, blog string) {
	e := html.EscapeString
	var s strings.Builder
	s.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
		`<title>` + e(title) + `</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.25rem;` +
		`line-height:1.5;color:#0f172a}h1{font-size:1.75rem;margin:0 0 .5rem}a{color:#4f46e5}</style></head><body><main>`)
	s.WriteString(`<h1>` + e(title) + `</h1><p>` + e(text) + `</p>`)
	if back != "" {
		label := "Back"
		if blog != "" {
			label = "Back to " + blog
		}
		s.WriteString(`<p><a href="` + e(back) + `">` + e(label) + `</a></p>`)
	}
	s.WriteString(`</main></body></html>`)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Robots-Tag", "noindex")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(s.String()))
}
