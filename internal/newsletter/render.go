package newsletter

import (
	"bytes"
	htmltpl "html/template"
	"strings"
	texttpl "text/template"
	"unicode"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mailhtml"
	"github.com/inkpress/inkpress/internal/palette"
	"github.com/inkpress/inkpress/store"
)

// Brand is how a blog signs its e-mails.
type Brand struct {
	Name  string // the blog's title (also the From name)
	Color string // primary colour, #rrggbb
	// Ink is the text colour on Color (palette.ReadableOn), set when the
	// e-mail is rendered.
	Ink     string
	LogoURL string // absolute, "" for none
	HomeURL string // the blog's home page
	// PoweredBy is the platform's name in the footer ("" when the blog is
	// white-labelled).
	PoweredBy string
	// ReplyTo is where replies go (the blog's reply address, else its
	// owner's; "" for none) and ListID the list's id ("{slug}.{host}").
	ReplyTo string
	ListID  string
}

// Rendered is one e-mail ready for the queue.
type Rendered struct {
	FromName string
	Subject  string
	HTML     string
	Text     string
	Headers  map[string]string
}

// PostMail is a post as its newsletter shows it.
type PostMail struct {
	Title    string
	URL      string // canonical, absolute
	CoverURL string // absolute, "" for none
	CoverAlt string
	Excerpt  string
	// BodyHTML is the full sanitised body made fit for mail (mailhtml.Body;
	// "" sends the excerpt).
	BodyHTML string
	BodyText string
	// UnsubscribeURL is the footer's link and OneClickURL the
	// List-Unsubscribe POST address; both carry store.TokenPlaceholder.
	UnsubscribeURL string
	OneClickURL    string
}

// HeaderText makes s safe for a header (subject, From name): control
// characters (CR, LF, tabs...) become spaces, runs of spaces one, and it
// is cut to max runes. An e-mail header can then never be split in two.
func HeaderText(s string, max int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > max {
		s = strings.TrimSpace(string(r[:max-1])) + "…"
	}
	return s
}

// placeholder stands for store.TokenPlaceholder while templates render:
// html/template would escape the braces of the real one inside a URL.
const placeholder = "inkpresstokenplaceholder0"

func withPlaceholder(u string) string {
	return strings.ReplaceAll(u, store.TokenPlaceholder, placeholder)
}

func restorePlaceholder(s string) string {
	return strings.ReplaceAll(s, placeholder, store.TokenPlaceholder)
}

const postMainHTML = `{{if .Post.CoverURL}}<tr><td style="padding:0;"><img src="{{.Post.CoverURL}}" alt="{{.Post.CoverAlt}}" width="600" style="width:100%;max-width:600px;height:auto;display:block;border:0;"></td></tr>{{end}}
<tr><td style="padding:24px;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<h1 style="margin:0 0 16px;font-size:26px;line-height:32px;"><a href="{{.Post.URL}}" style="color:#18181b;text-decoration:none;">{{.Post.Title}}</a></h1>
{{if .Body}}<div style="font-size:16px;line-height:26px;">{{.Body}}</div>{{if .Cut}}<p style="margin:16px 0 0;font-size:16px;line-height:26px;"><a href="{{.Post.URL}}" style="color:#18181b;">This e-mail shows the first part of the post. Continue reading on {{.Brand.Name}} →</a></p>{{end}}{{else}}<p style="margin:0 0 16px;font-size:16px;line-height:26px;">{{.Post.Excerpt}}</p>{{end}}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0 0;"><tr><td style="background:{{.Brand.Color}};border-radius:6px;">
<a href="{{.Post.URL}}" style="display:inline-block;padding:12px 22px;color:{{.Brand.Ink}};font-size:16px;font-weight:bold;text-decoration:none;">{{if .Cut}}Continue reading on{{else}}Read on{{end}} {{.Brand.Name}}</a>
</td></tr></table>
</td></tr>`

const postFooterHTML = `You're receiving this because you subscribed to {{.Brand.Name}}.<br><a href="{{.Post.UnsubscribeURL}}" style="color:#71717a;">Unsubscribe</a>`

const postText = `{{.Post.Title}}

{{if .Post.BodyText}}{{.Post.BodyText}}{{else}}{{.Post.Excerpt}}{{end}}

{{if .Cut}}Continue reading on{{else}}Read on{{end}} {{.Brand.Name}}: {{.Post.URL}}

--
You're receiving this because you subscribed to {{.Brand.Name}}.
Unsubscribe: {{.Post.UnsubscribeURL}}
{{if .Brand.PoweredBy}}Powered by {{.Brand.PoweredBy}}
{{end}}`

const confirmMainHTML = `<tr><td style="padding:24px;font-family:Arial,Helvetica,sans-serif;color:#18181b;font-size:16px;line-height:26px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;">Confirm your subscription to {{.Brand.Name}}</h1>
<p style="margin:0 0 16px;">{{if .Email}}Someone, hopefully you, asked to receive new posts of {{.Brand.Name}} at {{.Email}}. Please confirm that this is your address.{{else}}{{.Brand.Name}} added this address to the list of its newsletter. Please confirm that you want its new posts by e-mail.{{end}}</p>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr><td style="background:{{.Brand.Color}};border-radius:6px;">
<a href="{{.Link}}" style="display:inline-block;padding:12px 22px;color:{{.Brand.Ink}};font-size:16px;font-weight:bold;text-decoration:none;">Confirm subscription</a>
</td></tr></table>
<p style="margin:0;font-size:14px;color:#52525b;">This link expires in 7 days. If you did not ask for this, ignore this e-mail: you will not be subscribed.</p>
</td></tr>`

const confirmText = `Confirm your subscription to {{.Brand.Name}}

{{if .Email}}Someone, hopefully you, asked to receive new posts of {{.Brand.Name}} at {{.Email}}. Please confirm that this is your address:{{else}}{{.Brand.Name}} added this address to the list of its newsletter. Please confirm that you want its new posts by e-mail:{{end}}

{{.Link}}

This link expires in 7 days. If you did not ask for this, ignore this e-mail: you will not be subscribed.
{{if .Brand.PoweredBy}}
--
Powered by {{.Brand.PoweredBy}}
{{end}}`

const alreadyMainHTML = `<tr><td style="padding:24px;font-family:Arial,Helvetica,sans-serif;color:#18181b;font-size:16px;line-height:26px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;">You're already subscribed to {{.Brand.Name}}</h1>
<p style="margin:0 0 16px;">Someone, hopefully you, asked to receive new posts of {{.Brand.Name}} at {{.Email}}. This address is already subscribed, so there is nothing to do.</p>
<p style="margin:0;"><a href="{{.Brand.HomeURL}}" style="color:{{.Brand.Color}};">Visit {{.Brand.Name}}</a></p>
</td></tr>`

const alreadyFooterHTML = `You're receiving this because you subscribed to {{.Brand.Name}}.<br><a href="{{.Link}}" style="color:#71717a;">Unsubscribe</a>`

const alreadyText = `You're already subscribed to {{.Brand.Name}}

Someone, hopefully you, asked to receive new posts of {{.Brand.Name}} at {{.Email}}. This address is already subscribed, so there is nothing to do.

{{.Brand.HomeURL}}

--
You're receiving this because you subscribed to {{.Brand.Name}}.
Unsubscribe: {{.Link}}
{{if .Brand.PoweredBy}}Powered by {{.Brand.PoweredBy}}
{{end}}`

var (
	htmlParts = map[string]*htmltpl.Template{
		"post":          htmltpl.Must(htmltpl.New("").Parse(postMainHTML)),
		"postFooter":    htmltpl.Must(htmltpl.New("").Parse(postFooterHTML)),
		"confirm":       htmltpl.Must(htmltpl.New("").Parse(confirmMainHTML)),
		"confirmFooter": htmltpl.Must(htmltpl.New("").Parse(`You're receiving this because this address was entered on {{.Brand.Name}}.`)),
		"already":       htmltpl.Must(htmltpl.New("").Parse(alreadyMainHTML)),
		"alreadyFooter": htmltpl.Must(htmltpl.New("").Parse(alreadyFooterHTML)),
	}
	textParts = map[string]*texttpl.Template{
		"post":    texttpl.Must(texttpl.New("").Parse(postText)),
		"confirm": texttpl.Must(texttpl.New("").Parse(confirmText)),
		"already": texttpl.Must(texttpl.New("").Parse(alreadyText)),
	}
)

// data is what every template reads.
type data struct {
	Subject string
	Brand   Brand
	Post    PostMail
	Body    htmltpl.HTML
	// Cut: Body is the first part of a post too long for one e-mail.
	Cut   bool
	Email string
	Link  string
}

func execHTML(name string, d data) (string, error) {
	var b bytes.Buffer
	err := htmlParts[name].Execute(&b, d)
	return b.String(), err
}

// render lays out the main part and footer named kind and the text part.
func render(kind string, d data) (htmlOut, textOut string, err error) {
	main, err := execHTML(kind, d)
	if err != nil {
		return "", "", err
	}
	footer, err := execHTML(kind+"Footer", d)
	if err != nil {
		return "", "", err
	}
	h, err := mailhtml.Page(mailhtml.Frame{Title: d.Subject, Name: d.Brand.Name, Color: d.Brand.Color, Ink: d.Brand.Ink,
		LogoURL: d.Brand.LogoURL, HomeURL: d.Brand.HomeURL, PoweredBy: d.Brand.PoweredBy,
		Main: htmltpl.HTML(main), Footer: htmltpl.HTML(footer)}) // both rendered by html/template above
	if err != nil {
		return "", "", err
	}
	var tb bytes.Buffer
	if err := textParts[kind].Execute(&tb, d); err != nil {
		return "", "", err
	}
	return h, tb.String(), nil
}

// MaxSubject is the longest subject (and From name) an e-mail gets, in
// characters.
const MaxSubject = 200

// listHeaders are the headers every e-mail of a blog's list carries:
// Reply-To, List-Id (RFC 2919) and, with oneClick, List-Unsubscribe with
// a mailto alternative to the reply address (for clients that only write
// e-mails; the owner removes the address) and RFC 8058's one-click POST.
func listHeaders(b Brand, oneClick string) map[string]string {
	h := map[string]string{}
	if b.ReplyTo != "" {
		h["Reply-To"] = b.ReplyTo
	}
	if b.ListID != "" {
		h["List-Id"] = mail.Phrase(b.Name) + " <" + b.ListID + ">"
	}
	if oneClick != "" {
		u := "<" + oneClick + ">"
		if b.ReplyTo != "" {
			u += ", <mailto:" + strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(b.ReplyTo) + "?subject=unsubscribe>"
		}
		h["List-Unsubscribe"], h["List-Unsubscribe-Post"] = u, "List-Unsubscribe=One-Click"
	}
	return h
}

func cleanBrand(b Brand) Brand {
	b.Name = HeaderText(b.Name, MaxSubject)
	b.Color = palette.Safe(b.Color)
	b.Ink = palette.ReadableOn(b.Color)
	if _, err := mail.CheckAddress(b.ReplyTo); err != nil || strings.ContainsAny(b.ReplyTo, "<>,\" ") {
		b.ReplyTo = "" // a bare address only: it is written into headers as it is
	}
	return b
}

// MaxBody caps the body of a full-text e-mail, in bytes of HTML: with the
// layout, the encoding and the longest unsubscribe token the message's
// HTML stays well under the ~102 KB after which Gmail clips it (hiding
// the footer with the unsubscribe link). A longer body is cut between
// two blocks and the e-mail says to continue reading on the blog.
const MaxBody = 60 << 10

// RenderPost renders a post's newsletter. Its bodies and headers carry
// store.TokenPlaceholder where each subscriber's unsubscribe token goes.
func RenderPost(b Brand, p PostMail) (*Rendered, error) {
	b = cleanBrand(b)
	p.Title = HeaderText(p.Title, 300)
	p.UnsubscribeURL, p.OneClickURL = withPlaceholder(p.UnsubscribeURL), withPlaceholder(p.OneClickURL)
	d := data{Subject: HeaderText(p.Title, MaxSubject), Brand: b, Post: p}
	if p.BodyHTML != "" {
		body, cut := mailhtml.Cut(p.BodyHTML, MaxBody)
		d.Body, d.Cut = htmltpl.HTML(body), cut // sanitised on write (internal/content), then mailhtml.Body
		if p.BodyText == "" || cut {
			d.Post.BodyText = mailhtml.Text(body)
		}
	}
	h, t, err := render("post", d)
	if err != nil {
		return nil, err
	}
	return &Rendered{FromName: b.Name, Subject: d.Subject, HTML: restorePlaceholder(h), Text: restorePlaceholder(t),
		Headers: listHeaders(b, restorePlaceholder(p.OneClickURL))}, nil
}

// RenderConfirm renders the confirmation e-mail of a sign-up: link opens
// the blog's confirmation page.
func RenderConfirm(b Brand, email, link string) (*Rendered, error) {
	b = cleanBrand(b)
	d := data{Subject: HeaderText("Confirm your subscription to "+b.Name, MaxSubject), Brand: b, Email: email, Link: link}
	h, t, err := render("confirm", d)
	if err != nil {
		return nil, err
	}
	return &Rendered{FromName: b.Name, Subject: d.Subject, HTML: h, Text: t, Headers: listHeaders(b, "")}, nil
}

// RenderImportConfirm renders the e-mail asking an imported address to
// confirm; link carries store.TokenPlaceholder where each address's
// confirmation token goes. Without a click, nothing more is sent.
func RenderImportConfirm(b Brand, link string) (*Rendered, error) {
	b = cleanBrand(b)
	d := data{Subject: HeaderText("Confirm your subscription to "+b.Name, MaxSubject), Brand: b, Link: withPlaceholder(link)}
	h, t, err := render("confirm", d)
	if err != nil {
		return nil, err
	}
	return &Rendered{FromName: b.Name, Subject: d.Subject, HTML: restorePlaceholder(h), Text: restorePlaceholder(t),
		Headers: listHeaders(b, "")}, nil
}

// RenderAlready renders the answer to a sign-up of an address that is
// already subscribed; unsubscribe is its own unsubscribe link and oneClick
// its List-Unsubscribe address.
func RenderAlready(b Brand, email, unsubscribe, oneClick string) (*Rendered, error) {
	b = cleanBrand(b)
	d := data{Subject: HeaderText("You're already subscribed to "+b.Name, MaxSubject), Brand: b, Email: email, Link: unsubscribe}
	h, t, err := render("already", d)
	if err != nil {
		return nil, err
	}
	return &Rendered{FromName: b.Name, Subject: d.Subject, HTML: h, Text: t, Headers: listHeaders(b, oneClick)}, nil
}
