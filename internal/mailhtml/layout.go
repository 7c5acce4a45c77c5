// Package mailhtml is the HTML of every InkPress e-mail: one layout for
// newsletters and account mail (a fluid table at most Width pixels wide,
// so it fits a 390 px phone as well as a desktop client), a post's body
// made fit for mail clients (Body), cut to stay under Gmail's clipping
// size (Cut), and the plain-text twin of any of it (Text).
package mailhtml

import (
	"bytes"
	"html/template"
)

// The layout's widths, in CSS pixels: the message's table is at most
// Width wide and its content column ContentWidth (Width less the padding
// on both sides); no image in a body is wider than ContentWidth.
const (
	Width        = 600
	Pad          = 24
	ContentWidth = Width - 2*Pad
)

// Frame is one e-mail's layout: a header with the sender's name (or
// logo), the main rows and a footer.
type Frame struct {
	Title string // the document's <title>: the subject
	Name  string // the sender's name in the header
	// Color is the header's background and Ink its text colour, both
	// #rrggbb already made safe by the caller (palette).
	Color, Ink string
	LogoURL    string // absolute, "" for none
	HomeURL    string // where the name or logo links ("" for no link)
	// Main is one or more table rows (<tr><td style="padding:24px...">)
	// and Footer the footer cell's content, both rendered by html/template.
	Main, Footer template.HTML
	// PoweredBy is the platform's name in the footer ("" for none).
	PoweredBy string
}

// The outer table fills the screen; the inner one is Width wide on a
// desktop and shrinks with the screen (width:100%; max-width), so nothing
// forces a phone to scroll sideways.
var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:#f4f4f5;">
<tr><td align="center" style="padding:24px 8px;">
<table role="presentation" width="{{.Width}}" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:{{.Width}}px;background:#ffffff;border-radius:8px;">
<tr><td style="background:{{.Color}};padding:20px {{.Pad}}px;border-radius:8px 8px 0 0;">
{{- if .LogoURL}}{{if .HomeURL}}<a href="{{.HomeURL}}">{{end}}<img src="{{.LogoURL}}" alt="{{.Name}}" height="40" style="height:40px;max-width:100%;border:0;display:block;">{{if .HomeURL}}</a>{{end}}
{{- else if .HomeURL}}<a href="{{.HomeURL}}" style="color:{{.Ink}};font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:bold;text-decoration:none;">{{.Name}}</a>
{{- else}}<span style="color:{{.Ink}};font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:bold;">{{.Name}}</span>{{end}}
</td></tr>
{{.Main}}
<tr><td style="padding:16px {{.Pad}}px 24px;border-top:1px solid #e4e4e7;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#71717a;">
{{.Footer}}{{if .PoweredBy}}<br>Powered by {{.PoweredBy}}{{end}}
</td></tr>
</table>
</td></tr>
</table>
</body></html>
`))

// Page lays f out as a complete HTML document.
func Page(f Frame) (string, error) {
	var b bytes.Buffer
	err := page.Execute(&b, struct {
		Frame
		Width, Pad int
	}{f, Width, Pad})
	return b.String(), err
}
