package newsletter

import (
	"bytes"
	htmltpl "html/template"
	"regexp"
	"strings"
	texttpl "text/template"
	"unicode"

	"github.com/inkpress/inkpress/internal/content"
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
	// BodyHTML is the full sanitised body ("" sends the excerpt).
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

const layoutHTML = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Subject}}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="background:{{.Brand.Color}};padding:20px 24px;border-radius:8px 8px 0 0;">
{{if .Brand.LogoURL}}<a href="{{.Brand.HomeURL}}"><img src="{{.Brand.LogoURL}}" alt="{{.Brand.Name}}" height="40" style="height:40px;border:0;display:block;"></a>{{else}}<a href="{{.Brand.HomeURL}}" style="color:{{.Brand.Ink}};font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:bold;text-decoration:none;">{{.Brand.Name}}</a>{{end}}
</td></tr>
{{.Main}}
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e4e4e7;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#71717a;">
{{.Footer}}{{if .Brand.PoweredBy}}<br>Powered by {{.Brand.PoweredBy}}{{end}}
</td></tr>
</table>
</td></tr>
</table>
</body></html>
`

const postMainHTML = `{{if .Post.CoverURL}}<tr><td style="padding:0;"><img src="{{.Post.CoverURL}}" alt="{{.Post.CoverAlt}}" width="600" style="width:100%;max-width:600px;height:auto;display:block;border:0;"></td></tr>{{end}}
<tr><td style="padding:24px;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<h1 style="margin:0 0 16px;font-size:26px;line-height:32px;"><a href="{{.Post.URL}}" style="color:#18181b;text-decoration:none;">{{.Post.Title}}</a></h1>
{{if .Body}}<div style="font-size:16px;line-height:26px;">{{.Body}}</div>{{else}}<p style="margin:0 0 16px;font-size:16px;line-height:26px;">{{.Post.Excerpt}}</p>{{end}}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0 0;"><tr><td style="background:{{.Brand.Color}};border-radius:6px;">
<a href="{{.Post.URL}}" style="display:inline-block;padding:12px 22px;color:{{.Brand.Ink}};font-size:16px;font-weight:bold;text-decoration:none;">Read on {{.Brand.Name}}</a>
</td></tr></table>
</td></tr>`

const postFooterHTML = `You're receiving this because you subscribed to {{.Brand.Name}}.<br><a href="{{.Post.UnsubscribeURL}}" style="color:#71717a;">Unsubscribe</a>`

const postText = `{{.Post.Title}}

{{if .Post.BodyText}}{{.Post.BodyText}}{{else}}{{.Post.Excerpt}}{{end}}

Read on {{.Brand.Name}}: {{.Post.URL}}

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
	layoutTpl = htmltpl.Must(htmltpl.New("layout").Parse(layoutHTML))
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
	Email   string
	Link    string
	Main    htmltpl.HTML
	Footer  htmltpl.HTML
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
	d.Main, d.Footer = htmltpl.HTML(main), htmltpl.HTML(footer) // both rendered by html/template above
	var hb, tb bytes.Buffer
	if err := layoutTpl.Execute(&hb, d); err != nil {
		return "", "", err
	}
	if err := textParts[kind].Execute(&tb, d); err != nil {
		return "", "", err
	}
	return hb.String(), tb.String(), nil
}

// MaxSubject is the longest subject (and From name) an e-mail gets, in
// characters.
const MaxSubject = 200

func cleanBrand(b Brand) Brand {
	b.Name = HeaderText(b.Name, MaxSubject)
	b.Color = palette.Safe(b.Color)
	b.Ink = palette.ReadableOn(b.Color)
	return b
}

var (
	iframeRE  = regexp.MustCompile(`(?is)<iframe\b.*?</iframe>`)
	relAttrRE = regexp.MustCompile(`(\s(?:src|href)=")/([^/])`)
)

// MailBody prepares a post's sanitised body for an e-mail: embedded
// frames (which mail clients do not show) are dropped and the blog's own
// relative links and images made absolute on origin.
func MailBody(body, origin string) string {
	body = iframeRE.ReplaceAllString(body, "")
	return relAttrRE.ReplaceAllString(body, "${1}"+strings.TrimRight(origin, "/")+"/${2}")
}

// RenderPost renders a post's newsletter. Its bodies and headers carry
// store.TokenPlaceholder where each subscriber's unsubscribe token goes.
func RenderPost(b Brand, p PostMail) (*Rendered, error) {
	b = cleanBrand(b)
	p.Title = HeaderText(p.Title, 300)
	p.UnsubscribeURL, p.OneClickURL = withPlaceholder(p.UnsubscribeURL), withPlaceholder(p.OneClickURL)
	d := data{Subject: HeaderText(p.Title, MaxSubject), Brand: b, Post: p}
	if p.BodyHTML != "" {
		d.Body = htmltpl.HTML(p.BodyHTML) // sanitised on write (internal/content)
		if p.BodyText == "" {
			d.Post.BodyText = content.PlainText(p.BodyHTML)
		}
	}
	h, t, err := render("post", d)
	if err != nil {
		return nil, err
	}
	return &Rendered{FromName: b.Name, Subject: d.Subject, HTML: restorePlaceholder(h), Text: restorePlaceholder(t),
		Headers: map[string]string{
			"List-Unsubscribe":      "<" + restorePlaceholder(p.OneClickURL) + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		}}, nil
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
	return &Rendered{FromName: b.Name, Subject: d.Subject, HTML: h, Text: t}, nil
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
	return &Rendered{FromName: b.Name, Subject: d.Subject, HTML: restorePlaceholder(h), Text: restorePlaceholder(t)}, nil
}

// RenderAlready renders the answer to a sign-up of an address that is
// already subscribed; unsubscribe is its own unsubscribe link.
func RenderAlready(b Brand, email, unsubscribe string) (*Rendered, error) {
	b = cleanBrand(b)
	d := data{Subject: HeaderText("You're already subscribed to "+b.Name, MaxSubject), Brand: b, Email: email, Link: unsubscribe}
	h, t, err := render("already", d)
	if err != nil {
		return nil, err
	}
	return &Rendered{FromName: b.Name, Subject: d.Subject, HTML: h, Text: t}, nil
}
