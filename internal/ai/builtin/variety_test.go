package builtin

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/inkpress/inkpress/internal/ai"
)

// varied is a broad set of requests: topic and title mode, with and without
// keywords and category, short and long subjects, names with capitals.
var varied = []ai.WriteRequest{
	{Topic: "email marketing for small businesses", InputMode: ai.ModeTopic, Keywords: []string{"newsletter", "open rates"}, Category: "Marketing"},
	{Topic: "keto meal prep", InputMode: ai.ModeTopic, Keywords: []string{"low carb recipes", "macros", "batch cooking"}, Category: "Keto"},
	{Topic: "10 Ways to Boost Your Instagram Engagement", InputMode: ai.ModeTitle},
	{Topic: "Strength Training for Beginners", InputMode: ai.ModeTopic, Category: "Fitness"},
	{Topic: "Why Kubernetes Is Worth Learning in 2025?", InputMode: ai.ModeTitle, Keywords: []string{"containers"}, Category: "Tech"},
	{Topic: "Instagram Reels", InputMode: ai.ModeTopic, Keywords: []string{"TikTok", "SEO"}},
	{Topic: "productivity apps", InputMode: ai.ModeTopic},
	{Topic: "iPhone photography", InputMode: ai.ModeTopic, Keywords: []string{"WordPress"}, Category: "Tech"},
	{Topic: "How to Plan a Content Calendar", InputMode: ai.ModeTitle, Keywords: []string{"editorial workflow", "SEO", "social media", "repurposing"}},
	{Topic: "saving money on groceries without giving up the food you love", InputMode: ai.ModeTopic, Keywords: []string{"meal planning"}, Category: "Budget"},
	{Topic: "Everything You Need to Know About Sourdough", InputMode: ai.ModeTitle, Category: "Baking"},
	{Topic: "remote work", InputMode: ai.ModeTopic, Keywords: []string{"async communication", "time zones"}},
}

// sentenceBreak ends a sentence: terminal punctuation and a space.
var sentenceBreak = regexp.MustCompile(`[.!?]+["')]*\s+`)

// textBlocks are the elements whose text is made of sentences: everything
// but the section headings.
var textBlocks = regexp.MustCompile(`(?s)<(p|li|h3)>(.*?)</(?:p|li|h3)>`)

// sentenceOpenings maps the first two words of each sentence of an article
// (lowercased, punctuation dropped) to the sentences that open with them.
func sentenceOpenings(article string) map[string][]string {
	out := map[string][]string{}
	for _, m := range textBlocks.FindAllStringSubmatch(article, -1) {
		if strings.Contains(m[2], "<p>") {
			continue // the blockquote's paragraph is matched on its own
		}
		text := html.UnescapeString(stripTags.ReplaceAllString(m[2], " "))
		for _, s := range sentenceBreak.Split(text, -1) {
			var two []string
			for _, w := range strings.Fields(s) {
				w = strings.ToLower(strings.Map(func(r rune) rune {
					if unicode.IsLetter(r) || unicode.IsDigit(r) {
						return r
					}
					return -1
				}, w))
				if w != "" && len(two) < 2 {
					two = append(two, w)
				}
			}
			if len(two) == 2 {
				k := two[0] + " " + two[1]
				out[k] = append(out[k], strings.TrimSpace(s))
			}
		}
	}
	return out
}

// TestOpeningsRepeatAtMostTwice writes 216 posts (12 requests, 3 tones, 3
// lengths, 2 seeds) and checks that no post opens more than two sentences
// with the same two words, e.g. "Real talk:" three times.
func TestOpeningsRepeatAtMostTwice(t *testing.T) {
	n := 0
	for _, base := range varied {
		// A different category is a different seed for the same subject.
		for _, seed := range []string{base.Category, base.Category + " Notes"} {
			for _, tone := range ai.Tones() {
				for _, length := range ai.Lengths() {
					req := base
					req.Category, req.Tone, req.Length = seed, tone, length
					n++
					recheck := n%5 == 0
					t.Run(fmt.Sprintf("%s/%s/%s/%s", base.Topic, seed, tone, length), func(t *testing.T) {
						t.Parallel()
						a := write(t, req)
						checkArticle(t, req, a)
						for opening, sentences := range sentenceOpenings(a.HTML) {
							if len(sentences) > 2 {
								t.Errorf("%d sentences open with %q:\n  %s", len(sentences), opening, strings.Join(sentences, "\n  "))
							}
						}
						if recheck {
							if b := write(t, req); b.HTML != a.HTML || b.Title != a.Title || b.Excerpt != a.Excerpt {
								t.Error("same request gave a different article")
							}
						}
					})
				}
			}
		}
	}
	if n < 200 {
		t.Fatalf("only %d posts checked", n)
	}
}

// TestNamesKeepTheirCase checks that a keyword or topic word typed with
// capitals appears with exactly those capitals mid-sentence; at a sentence
// start only its first letter may be raised.
func TestNamesKeepTheirCase(t *testing.T) {
	cases := []struct {
		req   ai.WriteRequest
		names []string
	}{
		{ai.WriteRequest{Topic: "Instagram Reels", InputMode: ai.ModeTopic}, []string{"Instagram Reels"}},
		{ai.WriteRequest{Topic: "Instagram Reels for small brands", InputMode: ai.ModeTopic, Keywords: []string{"TikTok"}}, []string{"Instagram Reels", "TikTok"}},
		{ai.WriteRequest{Topic: "TikTok", InputMode: ai.ModeTopic, Keywords: []string{"SEO", "iPhone"}, Category: "Marketing"}, []string{"TikTok", "SEO", "iPhone"}},
		{ai.WriteRequest{Topic: "iPhone photography", InputMode: ai.ModeTopic, Keywords: []string{"WordPress"}}, []string{"iPhone", "WordPress"}},
		{ai.WriteRequest{Topic: "SEO", InputMode: ai.ModeTopic}, []string{"SEO"}},
		{ai.WriteRequest{Topic: "WordPress themes", InputMode: ai.ModeTopic, Keywords: []string{"Instagram Reels"}}, []string{"WordPress", "Instagram Reels"}},
		// A keyword spells a name for the whole article, including the
		// subject taken from a Title Cased title or a lowercase topic.
		{ai.WriteRequest{Topic: "How to Grow on Instagram Reels", InputMode: ai.ModeTitle, Keywords: []string{"Instagram Reels"}}, []string{"Instagram Reels"}},
		{ai.WriteRequest{Topic: "seo for beginners", InputMode: ai.ModeTopic, Keywords: []string{"SEO"}}, []string{"SEO"}},
		{ai.WriteRequest{Topic: "Everything You Need to Know About Tiktok Ads", InputMode: ai.ModeTitle, Keywords: []string{"TikTok"}}, []string{"TikTok"}},
	}
	for _, tc := range cases {
		for _, tone := range ai.Tones() {
			for _, length := range ai.Lengths() {
				req := tc.req
				req.Tone, req.Length = tone, length
				t.Run(fmt.Sprintf("%s/%s/%s", req.Topic, tone, length), func(t *testing.T) {
					t.Parallel()
					checkNames(t, req, tc.names)
				})
			}
		}
	}
}

var (
	htmlBlocks  = regexp.MustCompile(`(?s)<(?:h2|h3|p|li)>(.*?)</`)
	beforeStart = regexp.MustCompile(`[.!?]\s+$`)
)

func checkNames(t *testing.T, req ai.WriteRequest, names []string) {
	t.Helper()
	a := write(t, req)
	blocks := []string{a.Excerpt, a.MetaDescription}
	if req.InputMode == ai.ModeTopic {
		blocks = append(blocks, a.Title)
	}
	for _, m := range htmlBlocks.FindAllStringSubmatch(a.HTML, -1) {
		blocks = append(blocks, html.UnescapeString(stripTags.ReplaceAllString(m[1], "")))
	}
	for _, name := range names {
		used := 0
		re := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(name) + `\b`)
		for _, b := range blocks {
			for _, loc := range re.FindAllStringIndex(b, -1) {
				used++
				got := b[loc[0]:loc[1]]
				start := loc[0] == 0 || beforeStart.MatchString(b[:loc[0]])
				if got != name && !(start && got == capFirstLetter(name)) {
					t.Errorf("%q written as %q in %q", name, got, b)
				}
			}
		}
		if used == 0 {
			t.Errorf("%q never used", name)
		}
	}
}

func capFirstLetter(s string) string {
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// TestPlainFieldsAreNotEscaped: the title, excerpt and meta fields are plain
// text; only the HTML body escapes user text.
func TestPlainFieldsAreNotEscaped(t *testing.T) {
	req := ai.WriteRequest{Topic: "R&D budgets", InputMode: ai.ModeTopic, Tone: ai.ToneProfessional, Length: ai.LengthShort}
	a := write(t, req)
	for _, f := range []string{a.Title, a.Excerpt, a.MetaTitle, a.MetaDescription} {
		if strings.Contains(f, "&amp;") || !strings.Contains(f, "R&D") {
			t.Errorf("%q: want R&D unescaped", f)
		}
	}
	if !strings.Contains(a.HTML, "R&amp;D") {
		t.Error("body does not escape R&D")
	}
}

// TestBankOpeningsDistinct: a tone's openers and list leads each start with
// different words, and there are enough leads for one list per section.
func TestBankOpeningsDistinct(t *testing.T) {
	for _, tone := range ai.Tones() {
		seen := map[string]string{}
		for _, op := range append(slices.Clone(openers[tone]), imperativeOpeners[tone]...) {
			words := strings.Fields(op)
			if len(words) < 2 {
				continue // "Honestly," takes its second word from the sentence
			}
			o := openings(op + " x")[0]
			if prev, ok := seen[o]; ok && prev != op {
				t.Errorf("%s openers %q and %q both open with %q", tone, prev, op, o)
			}
			seen[o] = op
		}
		leads := map[string]bool{}
		for _, l := range listLeads[tone] {
			o := openings(l + " x")[0]
			if leads[o] {
				t.Errorf("%s list leads repeat %q", tone, o)
			}
			leads[o] = true
		}
		lists := 0
		for _, a := range angles {
			if a.list != nil {
				lists++
			}
		}
		if len(listLeads[tone]) < lists {
			t.Errorf("%s has %d list leads for %d lists", tone, len(listLeads[tone]), lists)
		}
	}
}

func TestOpenings(t *testing.T) {
	cases := map[string][]string{
		"Real talk: you <strong>can</strong> do it. Real talk, the rest waits!": {"real talk", "real talk"},
		"Don't stop. Ready? Let's go.":                                          {"dont stop", "lets go"},
		"Myth: \x01SEO\x02 is dead. R&amp;D is":                                 {"myth seo", "rd is"},
		"One":                                                                   nil,
	}
	for in, want := range cases {
		if got := openings(in); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("openings(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCase(t *testing.T) {
	for _, tc := range []struct{ f, in, want string }{
		{"capFirst", "iPhone photography", "iPhone photography"},
		{"capFirst", "email marketing", "Email marketing"},
		{"capFirst", "SEO basics", "SEO basics"},
		{"lowerTitleWords", "Fitness", "fitness"},
		{"lowerTitleWords", "SEO Tips", "SEO tips"},
		{"lowerTitleWords", "WordPress", "WordPress"},
		{"continuation", "Simplicity beats sophistication.", "simplicity beats sophistication."},
		{"continuation", "{Topic} rewards patience.", "{topic} rewards patience."},
		{"continuation", "{name} now says so.", "{name} now says so."},
		{"withNames", "growing on instagram reels", "growing on Instagram Reels"},
		{"withNames", "seo and seotools", "SEO and seotools"},
	} {
		var got string
		switch tc.f {
		case "capFirst":
			got = capFirst(tc.in)
		case "lowerTitleWords":
			got = lowerTitleWords(tc.in)
		case "continuation":
			got = continuation(tc.in)
		case "withNames":
			got = withNames(tc.in, []string{"Instagram Reels", "SEO", "ignored"})
		}
		if got != tc.want {
			t.Errorf("%s(%q) = %q, want %q", tc.f, tc.in, got, tc.want)
		}
	}
}

func TestDeckDrawIf(t *testing.T) {
	d := &deck{items: []string{"a1", "b1", "a2", "b2"}}
	isB := func(s string) bool { return strings.HasPrefix(s, "b") }
	var got []string
	for {
		s, ok := d.drawIf(isB)
		if !ok {
			break
		}
		got = append(got, s)
	}
	if strings.Join(got, ",") != "b1,b2" {
		t.Fatalf("drew %v, want b1,b2", got)
	}
	var rest []string
	for {
		s, ok := d.drawIf(func(string) bool { return true })
		if !ok {
			break
		}
		rest = append(rest, s)
	}
	if len(rest) != 2 || rest[0][0] != 'a' || rest[1][0] != 'a' {
		t.Fatalf("passed-over items %v, want a1 and a2 still in the deck", rest)
	}
}
