package account

import (
	"bytes"
	"context"
	htmlpkg "html"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"unicode"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mailhtml"
)

// mailData fills an account e-mail.
type mailData struct {
	Site     string
	Name     string
	Link     string
	Valid    string // how long the link works, in words
	NewEmail string
	OldEmail string
}

// message is one kind of account e-mail: a subject (a text/template, made
// safe for a header after rendering), an HTML body and a text body.
type message struct {
	subject *texttemplate.Template
	html    *htmltemplate.Template
	text    *texttemplate.Template
}

func newMessage(subject, html, text string) message {
	return message{
		subject: texttemplate.Must(texttemplate.New("subject").Parse(subject)),
		html:    htmltemplate.Must(htmltemplate.New("body").Parse(html)),
		text:    texttemplate.Must(texttemplate.New("text").Parse(text)),
	}
}

func btn(label string) string {
	return `<p style="margin:24px 0"><a href="{{.Link}}" style="background:#18181b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">` +
		label + `</a></p><p style="font-size:13px;color:#52525b">If the button does not work, copy this address into your browser:<br><a href="{{.Link}}" style="color:#52525b;word-break:break-all">{{.Link}}</a></p>`
}

var (
	resetMail = newMessage(`Reset your {{.Site}} password`,
		`<p>Hello {{.Name}},</p>
<p>Someone (we hope you) asked to reset the password of your {{.Site}} account. Choose a new password with this link:</p>`+
			btn("Choose a new password")+`
<p>The link works once and expires in {{.Valid}}. Once you set a new password, every device signed in to your account is signed out.</p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
		`Hello {{.Name}},

Someone (we hope you) asked to reset the password of your {{.Site}} account. Choose a new password with this link:

{{.Link}}

The link works once and expires in {{.Valid}}. Once you set a new password, every device signed in to your account is signed out.

If you did not ask for this, ignore this e-mail: your password stays as it is.

-- 
{{.Site}}
`)
	verifyMail = newMessage(`Verify your e-mail address for {{.Site}}`,
		`<p>Hello {{.Name}},</p>
<p>Welcome to {{.Site}}! Please confirm that this address is yours:</p>`+
			btn("Verify my e-mail address")+`
<p>The link expires in {{.Valid}}. Until you verify your address, your blog works as usual but cannot send newsletters.</p>
<p>If you did not create an account, ignore this e-mail.</p>`,
		`Hello {{.Name}},

Welcome to {{.Site}}! Please confirm that this address is yours:

{{.Link}}

The link expires in {{.Valid}}. Until you verify your address, your blog works as usual but cannot send newsletters.

If you did not create an account, ignore this e-mail.

-- 
{{.Site}}
`)
	changeMail = newMessage(`Confirm your new e-mail address for {{.Site}}`,
		`<p>Hello {{.Name}},</p>
<p>You asked to use <strong>{{.NewEmail}}</strong> for your {{.Site}} account instead of {{.OldEmail}}. Confirm the change with this link:</p>`+
			btn("Confirm my new address")+`
<p>The link works once and expires in {{.Valid}}. Nothing changes until you open it.</p>
<p>If you did not ask for this, ignore this e-mail.</p>`,
		`Hello {{.Name}},

You asked to use {{.NewEmail}} for your {{.Site}} account instead of {{.OldEmail}}. Confirm the change with this link:

{{.Link}}

The link works once and expires in {{.Valid}}. Nothing changes until you open it.

If you did not ask for this, ignore this e-mail.

-- 
{{.Site}}
`)
	lockedMail = newMessage(`Sign-ins to your {{.Site}} account are paused`,
		`<p>Hello {{.Name}},</p>
<p>There were many failed attempts to sign in to your {{.Site}} account, so sign-ins to it are paused for a while (at most about an hour; each new wave of failures pauses them again). Your password has not been changed and nobody has signed in with it.</p>
<p>If these attempts were not yours, someone may be guessing your password. You can sign in again right away by choosing a new password here, which also signs out every other device:</p>`+
			btn("Choose a new password")+`
<p>If it was you, wait a little and try again, or choose a new password.</p>`,
		`Hello {{.Name}},

There were many failed attempts to sign in to your {{.Site}} account, so sign-ins to it are paused for a while (at most about an hour; each new wave of failures pauses them again). Your password has not been changed and nobody has signed in with it.

If these attempts were not yours, someone may be guessing your password. You can sign in again right away by choosing a new password here, which also signs out every other device:

{{.Link}}

If it was you, wait a little and try again, or choose a new password.

-- 
{{.Site}}
`)
	passwordChangedMail = newMessage(`Your {{.Site}} password was changed`,
		`<p>Hello {{.Name}},</p>
<p>The password of your {{.Site}} account was just changed. Every other device signed in to your account was signed out.</p>
<p>If you did not change it, someone else may know your password: choose a new one now at <a href="{{.Link}}">{{.Link}}</a>, which signs out every device, theirs included.</p>`,
		`Hello {{.Name}},

The password of your {{.Site}} account was just changed. Every other device signed in to your account was signed out.

If you did not change it, someone else may know your password: choose a new one now at {{.Link}}
which signs out every device, theirs included.

-- 
{{.Site}}
`)
	deletedMail = newMessage(`Your {{.Site}} account was deleted`,
		`<p>Hello {{.Name}},</p>
<p>Your {{.Site}} account was deleted, as you asked. Your blog is offline and nothing is published or sent from it.</p>
<p>Changed your mind? Sign in before <strong>{{.Valid}}</strong> and everything is restored as it was:</p>`+
			btn("Sign in to restore my account")+`
<p>After that date your account, your blog, its posts, subscribers and images are erased for good.</p>`,
		`Hello {{.Name}},

Your {{.Site}} account was deleted, as you asked. Your blog is offline and nothing is published or sent from it.

Changed your mind? Sign in before {{.Valid}} and everything is restored as it was:

{{.Link}}

After that date your account, your blog, its posts, subscribers and images are erased for good.

-- 
{{.Site}}
`)
	exportReadyMail = newMessage(`Your {{.Site}} data export is ready`,
		`<p>Hello {{.Name}},</p>
<p>The archive of your blog you asked for is ready: your posts (Markdown and JSON), your subscribers (CSV) and your images, in one zip file.</p>`+
			btn("Download my data")+`
<p>The download needs you to be signed in to your account. The archive is deleted on {{.Valid}}; you can ask for a new one at any time.</p>`,
		`Hello {{.Name}},

The archive of your blog you asked for is ready: your posts (Markdown and JSON), your subscribers (CSV) and your images, in one zip file.

Download it here (you need to be signed in to your account):

{{.Link}}

The archive is deleted on {{.Valid}}; you can ask for a new one at any time.

-- 
{{.Site}}
`)
	changeNoticeMail = newMessage(`Your {{.Site}} e-mail address is being changed`,
		`<p>Hello {{.Name}},</p>
<p>Someone signed in to your {{.Site}} account asked to change its e-mail address from {{.OldEmail}} to <strong>{{.NewEmail}}</strong>. The change happens only once the link sent to the new address is opened.</p>
<p>If this was not you, your password may be known to someone else: reset it now at <a href="{{.Link}}">{{.Link}}</a>. This ends every session, including theirs, and cancels the change.</p>`,
		`Hello {{.Name}},

Someone signed in to your {{.Site}} account asked to change its e-mail address from {{.OldEmail}} to {{.NewEmail}}. The change happens only once the link sent to the new address is opened.

If this was not you, your password may be known to someone else: reset it now at {{.Link}}
This ends every session, including theirs, and cancels the change.

-- 
{{.Site}}
`)
)

// render fills m with d.
func (s *Service) render(m message, d mailData) (subject, html, text string, err error) {
	d.Site = s.siteName()
	var sb, hb, tb bytes.Buffer
	if err = m.subject.Execute(&sb, d); err != nil {
		return
	}
	if err = m.html.Execute(&hb, d); err != nil {
		return
	}
	if err = m.text.Execute(&tb, d); err != nil {
		return
	}
	subject = headerSafe(sb.String())
	// The same layout as the blogs' e-mails, in the platform's neutral colours.
	site := htmlpkg.EscapeString(d.Site)
	html, err = mailhtml.Page(mailhtml.Frame{Title: subject, Name: d.Site, Color: "#18181b", Ink: "#ffffff", HomeURL: s.BaseURL,
		Main: htmltemplate.HTML(`<tr><td style="padding:24px;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6;color:#18181b;">` +
			hb.String() + `</td></tr>`), // rendered by html/template above
		Footer: htmltemplate.HTML("You receive this e-mail because of your account on " + site + ". It was sent automatically; replies are not read.")})
	return subject, html, tb.String(), err
}

// send renders m and queues it for to (the platform's mail: workspace 0).
func (s *Service) send(ctx context.Context, kind, to string, m message, d mailData) error {
	subject, html, text, err := s.render(m, d)
	if err != nil {
		return err
	}
	if s.Mail == nil {
		s.Logger.Warn("no mail queue: account e-mail dropped", "kind", kind)
		return nil
	}
	// Auto-Submitted tells mail servers not to answer it (vacation
	// replies, RFC 3834).
	return s.Mail.Queue(ctx, mail.Envelope{Kind: kind, To: to, FromName: s.siteName(), Subject: subject, HTML: html, Text: text,
		Headers: map[string]string{"Auto-Submitted": "auto-generated"}})
}

func (s *Service) siteName() string {
	if n := headerSafe(s.SiteName); n != "" {
		return n
	}
	return "InkPress"
}

// headerSafe makes s fit for a header: line breaks and other control
// characters become spaces (no header injection), runs of space collapse.
func headerSafe(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
