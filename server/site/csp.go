package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"

	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/internal/content"
)

// ContentSecurityPolicy is the policy of InkPress's answers, given the
// hashes ('sha256-...') of the page's inline scripts:
//   - scripts only from the app's own files (plus the hashed inline blocks),
//     so markup that slips into a page cannot run;
//   - no plugins, no <base> (relative URLs cannot be redirected), framing by
//     the site itself only, forms and fetches to the site only;
//   - styles allow 'unsafe-inline': banners carry a style attribute and the
//     toast library injects a <style> element; styles cannot run code;
//   - images from the site, data: URLs, any https origin (banner images are
//     hosted by advertisers) and the S3 public origin (which may be http);
//   - frames only from the video players post HTML may embed
//     (content.EmbedOrigins). Every page allows them, not only pages with
//     an embed: the app navigates between posts without reloading, so the
//     policy of the first page loaded is the one a later post is shown
//     under (the editor's preview too).
func ContentSecurityPolicy(cfg *config.Config, scriptHashes ...string) string {
	img := "img-src 'self' data: https:"
	if o := origin(cfg.S3PublicURL); o != "" && !strings.HasPrefix(o, "https://") {
		img += " " + o
	}
	script := "script-src 'self'"
	for _, h := range scriptHashes {
		script += " '" + h + "'"
	}
	return strings.Join([]string{"default-src 'self'", script, "style-src 'self' 'unsafe-inline'", img,
		"font-src 'self' data:", "connect-src 'self'", "frame-src " + strings.Join(content.EmbedOrigins, " "), "object-src 'none'",
		"base-uri 'none'", "frame-ancestors 'self'", "form-action 'self'"}, "; ")
}

func origin(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Scheme == "" || p.Host == "" {
		return ""
	}
	return p.Scheme + "://" + p.Host
}

// inlineScriptHashes returns the CSP hashes of the inline scripts in a
// page's head (the JSON-LD block). They are read from the rendered bytes
// and cached with them, so a page and its policy always agree and no
// per-request nonce is needed.
func inlineScriptHashes(page []byte) []string {
	if end := bytes.Index(page, []byte("</head>")); end >= 0 {
		page = page[:end]
	}
	var out []string
	for {
		i := bytes.Index(page, []byte("<script"))
		if i < 0 {
			return out
		}
		page = page[i:]
		gt := bytes.IndexByte(page, '>')
		if gt < 0 {
			return out
		}
		open := page[:gt]
		page = page[gt+1:]
		end := bytes.Index(page, []byte("</script>"))
		if end < 0 {
			return out
		}
		if !bytes.Contains(open, []byte(" src=")) {
			sum := sha256.Sum256(page[:end])
			out = append(out, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
		}
		page = page[end:]
	}
}
