package main

import (
	"fmt"
	"github.com/inkpress/inkpress/internal/locale"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/internal/palette"
	"github.com/inkpress/inkpress/internal/social"
	"github.com/inkpress/inkpress/server/frontend"
)

// The rules the app implements again in TypeScript (a colour's readable
// ink, a profile link's check, the share pages): their Go answers to a
// spread of inputs, written to web/src/api/shared.cases.gen.ts, against
// which the app's tests check its own functions.

// colorProbes are a 6x6x6 grid of colours, the greys around the ink's
// threshold, the schemes' colours and strings that are not colours.
func colorProbes() []string {
	var out []string
	steps := []string{"00", "33", "66", "99", "cc", "ff"}
	for _, r := range steps {
		for _, g := range steps {
			for _, b := range steps {
				out = append(out, "#"+r+g+b)
			}
		}
	}
	for v := 0x70; v <= 0x7f; v++ {
		h := fmt.Sprintf("%02x", v)
		out = append(out, "#"+h+h+h)
	}
	for _, s := range palette.Schemes {
		out = append(out, s.Primary, s.Accent)
	}
	return append(out, "#4F46E5", "#fde68a", " #10b981 ", "#fff", "#12345", "#1234567", "10b981", "#10b98g", "red",
		"red; background:url(x)", "#10b981;}", "")
}

// linkProbes are profile links to check.
func linkProbes() []string {
	return []string{
		"https://x.com/olivia", "https://mastodon.social/@olivia", "https://www.linkedin.com/in/olivia?trk=x#top",
		"HTTPS://x.com/olivia", "https://x.com", "https://localhost:8443/me", "https://[::1]/me",
		"http://x.com/olivia", "javascript:alert(1)", "data:text/html,hi", "//x.com/olivia", "x.com/olivia", "ftp://x.com",
		"https://", "https:///olivia", "https:x.com", "https://user:pw@x.com", "https://user@x.com", "https://:pw@x.com",
		"https://x.com/a b", " https://x.com ", "https://x.com/\tx", "https://x.com/\u00a0x", "https://x.com/\u2003x", "https://.x.com", "",
		"https://@x.com", "https://x.com/%zz", "https://x.com:99999", "https://x_y.com", "https://x.com/café", "https://bücher.example",
		"https://x.com/" + strings.Repeat("a", social.MaxLinkURL-14), "https://x.com/" + strings.Repeat("a", social.MaxLinkURL-13),
	}
}

// casesTS renders web/src/api/shared.cases.gen.ts.
func casesTS() string {
	var b strings.Builder
	b.WriteString(sharedHeader)
	b.WriteString("// The Go rules' answers, for the app's tests to check its own implementations against (tools/tsgen/cases.go).\n")

	b.WriteString("\n/** [colour, palette.Valid, palette.Safe, palette.ReadableOn, palette.Gradient] */\n")
	b.WriteString("export const COLOR_CASES: readonly [string, boolean, string, string, string][] = [\n")
	for _, c := range colorProbes() {
		fmt.Fprintf(&b, "  [%s, %t, %s, %s, %s],\n", js(c), palette.Valid(c), js(palette.Safe(c)), js(palette.ReadableOn(c)), js(palette.Gradient(c)))
	}
	b.WriteString("]\n")

	b.WriteString("\n/** [address, whether the server takes it as a profile link: social.ValidLink of it trimmed, as blog.CheckLinks does] */\n")
	b.WriteString("export const LINK_CASES: readonly [string, boolean][] = [\n")
	for _, u := range linkProbes() {
		fmt.Fprintf(&b, "  [%s, %s],\n", js(u), strconv.FormatBool(social.ValidLink(strings.TrimSpace(u))))
	}
	b.WriteString("]\n")

	b.WriteString("\n/** [network, page address, title, social.ShareURL, social.ComposeURL of the title] */\n")
	b.WriteString("export const SHARE_CASES: readonly [string, string, string, string, string][] = [\n")
	for _, n := range social.Networks {
		for _, p := range [][2]string{{"https://inkpress.dev/keto/a b", "Fat & Fit"}, {"https://olivia.example/t/café?x=1#y", "Ünïcode 'quotes' \"too\" 🙂"}} {
			fmt.Fprintf(&b, "  [%s, %s, %s, %s, %s],\n", js(n.ID), js(p[0]), js(p[1]), js(social.ShareURL(n.ID, p[0], p[1])), js(social.ComposeURL(n.ID, p[1])))
		}
	}
	b.WriteString("]\n")

	b.WriteString("\n/**\n * [kind, text, page number, blog title, language, full title]: frontend.BlogPageTitle of the page's name\n")
	b.WriteString(" * (TagTitle, SearchTitle, PreviewTitle, TitleConfirm, TitleUnsubscribe, or the text itself for 'page') numbered\n")
	b.WriteString(" * by PagedTitle in that language, on a blog of that title ('': the site's own blog, named InkPress).\n */\n")
	b.WriteString("export const TITLE_CASES: readonly [string, string, number, string, string, string][] = [\n")
	for _, c := range titleProbes() {
		fmt.Fprintf(&b, "  [%s, %s, %d, %s, %s, %s],\n", js(c.kind), js(c.text), c.page, js(c.blog), js(c.lang), js(frontend.BlogPageTitle(frontend.PagedTitle(pageName(c.kind, c.text), c.page, locale.For(c.lang)), c.blog, "InkPress")))
	}
	b.WriteString("]\n")
	return b.String()
}

type titleProbe struct {
	kind, text string
	page       int
	blog, lang string
}

// pageName is the name of a reader page of kind (its text for "page").
func pageName(kind, text string) string {
	switch kind {
	case "tag":
		return frontend.TagTitle(text)
	case "search":
		return frontend.SearchTitle(text)
	case "preview":
		return frontend.PreviewTitle(text)
	case "confirm":
		return frontend.TitleConfirm
	case "unsubscribe":
		return frontend.TitleUnsubscribe
	}
	return text
}

// titleProbes are reader pages on the site's blog and on others.
func titleProbes() []titleProbe {
	var out []titleProbe
	for _, blog := range []string{"", "The Quiet Desk", "  Olivia Writes  ", "InkPress"} {
		for _, p := range []struct {
			kind, text string
			page       int
		}{
			{"tag", "habits", 1}, {"tag", "Deep Work", 2}, {"search", "", 1}, {"search", "  slow mornings ", 1},
			{"search", "keto", 3}, {"preview", "A draft", 1}, {"preview", "Keto – The Quiet Desk", 1},
			{"confirm", "", 1}, {"unsubscribe", "", 1}, {"page", "", 1}, {"page", "", 2}, {"page", "Keto | InkPress", 1},
			{"page", "The Quiet Desk", 1},
		} {
			out = append(out, titleProbe{p.kind, p.text, p.page, blog, "en"})
		}
	}
	// A later page is numbered in the blog's language.
	for _, lang := range []string{"fr", "de", "ja", "ar"} {
		out = append(out, titleProbe{"tag", "Deep Work", 2, "The Quiet Desk", lang}, titleProbe{"page", "", 3, "The Quiet Desk", lang})
	}
	return out
}
