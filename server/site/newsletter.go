package site

import (
	"html"
	"net/http"
	"net/url"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/server/frontend"
)

// The newsletter's link pages: /confirm and /unsubscribe on every blog
// (its root, /blog/{slug}/..., its custom domain). The app renders its own
// page over them and posts the link's token to the API when the reader
// presses its button; without JavaScript the unsubscribe page's form does
// the RFC 8058 POST itself. Nothing is done by opening a page: mail
// scanners open links, and some render the pages too.
func (h *Handler) subscriptionPage(w http.ResponseWriter, r *http.Request, b *blogaddr.Blog, which string) error {
	ctx := r.Context()
	m, err := h.blogMeta(ctx, b)
	if err != nil {
		return err
	}
	name := m.title
	if name == "" {
		name = h.Config.SiteName
	}
	e := html.EscapeString
	token := r.URL.Query().Get("token")
	var hd Head
	var body string
	switch which {
	case "confirm":
		hd = Head{Title: frontend.TitleConfirm, NoIndex: true, RootBlog: h.rootBlog(b)}
		body = `<main class="ssr"><h1>Confirm your subscription</h1><p>Press the button to get new posts of ` + e(name) +
			` by e-mail.</p><noscript><p>Turn on JavaScript to confirm your subscription.</p></noscript></main>`
	default:
		hd = Head{Title: frontend.TitleUnsubscribe, NoIndex: true, RootBlog: h.rootBlog(b)}
		body = `<main class="ssr"><h1>Unsubscribe</h1><p>Stop receiving new posts of ` + e(name) + ` by e-mail.</p>` +
			`<form method="post" action="` + e(api.OneClickPath+"?token="+url.QueryEscape(token)) + `">` +
			`<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form></main>`
	}
	m.frame(&hd)
	hd.Canonical = b.URL(b.Prefix + "/" + which)
	// The token is a secret: never cached, never sent on as a referrer.
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Referrer-Policy", "no-referrer")
	h.entry(&page{head: hd, body: body}).Write(w, r, "private, no-store")
	return nil
}
