package site

import (
	"html"
	"net/http"
	"net/url"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/server/api"
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
	e, t := html.EscapeString, m.text
	token := r.URL.Query().Get("token")
	var hd Head
	var body string
	switch which {
	case "confirm":
		hd = Head{Title: t.Text("confirmAsk"), NoIndex: true, RootBlog: h.rootBlog(b)}
		body = `<main class="ssr"><h1>` + e(t.Text("confirmAsk")) + `</h1><p>` + e(t.Text("plainConfirmNote", "blog", name)) +
			`</p><noscript><p>` + e(t.Text("plainConfirmNoScript")) + `</p></noscript></main>`
	default:
		hd = Head{Title: t.Text("unsubscribeTitle"), NoIndex: true, RootBlog: h.rootBlog(b)}
		body = `<main class="ssr"><h1>` + e(t.Text("unsubscribeTitle")) + `</h1><p>` + e(t.Text("plainUnsubscribeNote", "blog", name)) + `</p>` +
			`<form method="post" action="` + e(api.OneClickPath+"?token="+url.QueryEscape(token)) + `">` +
			`<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">` + e(t.Text("unsubscribeButton")) + `</button></form></main>`
	}
	m.frame(&hd)
	hd.Canonical = b.URL(b.Prefix + "/" + which)
	// The token is a secret: never cached, never sent on as a referrer.
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Referrer-Policy", "no-referrer")
	h.entry(&page{head: hd, body: body}).Write(w, r, "private, no-store")
	return nil
}
