package builtin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/ai"
)

var stripTags = regexp.MustCompile(`<[^>]*>`)

func words(html string) int { return len(strings.Fields(stripTags.ReplaceAllString(html, " "))) }

func write(t *testing.T, req ai.WriteRequest) *ai.Article {
	t.Helper()
	a, err := New().Write(context.Background(), req)
	if err != nil {
		t.Fatalf("Write(%+v): %v", req, err)
	}
	return a
}

// topics cover the four site categories plus awkward inputs.
var topics = []ai.WriteRequest{
	{Topic: "email marketing for small businesses", InputMode: ai.ModeTopic, Keywords: []string{"newsletter", "open rates"}, Category: "Marketing"},
	{Topic: "keto meal prep", InputMode: ai.ModeTopic, Keywords: []string{"low carb recipes", "macros", "batch cooking"}, Category: "Keto"},
	{Topic: "10 Ways to Boost Your Instagram Engagement", InputMode: ai.ModeTitle},
	{Topic: "Strength Training for Beginners", InputMode: ai.ModeTopic, Category: "Fitness"},
	{Topic: "Why Kubernetes Is Worth Learning in 2025?", InputMode: ai.ModeTitle, Keywords: []string{"containers"}, Category: "Tech"},
}

func TestWriteShape(t *testing.T) {
	for _, base := range topics {
		for _, tone := range ai.Tones() {
			for _, length := range ai.Lengths() {
				req := base
				req.Tone, req.Length = tone, length
				t.Run(fmt.Sprintf("%s/%s/%s", base.Topic, tone, length), func(t *testing.T) {
					t.Parallel()
					a := write(t, req)
					checkArticle(t, req, a)
				})
			}
		}
	}
}

func checkArticle(t *testing.T, req ai.WriteRequest, a *ai.Article) {
	t.Helper()
	target := req.Length.Words()
	if n := words(a.HTML); n < target*9/10 || n > target*11/10 {
		t.Errorf("word count %d, want %d ±10%%", n, target)
	}
	body := strings.ToLower(a.HTML)
	for _, tag := range []string{"<h2>", "<p>"} {
		if !strings.Contains(body, tag) {
			t.Errorf("HTML has no %s", tag)
		}
	}
	if !strings.Contains(body, "<ul>") && !strings.Contains(body, "<ol>") {
		t.Error("HTML has no list")
	}
	if strings.Count(body, "<h2>") < 4 {
		t.Errorf("only %d sections", strings.Count(body, "<h2>"))
	}
	for _, tag := range regexp.MustCompile(`</?([a-z0-9]+)`).FindAllStringSubmatch(body, -1) {
		if !map[string]bool{"h2": true, "h3": true, "p": true, "ul": true, "ol": true, "li": true, "strong": true, "em": true, "blockquote": true}[tag[1]] {
			t.Errorf("disallowed tag <%s>", tag[1])
		}
	}
	for _, bad := range []string{"lorem", "ipsum", "{", "}"} {
		if strings.Contains(body, bad) {
			t.Errorf("HTML contains %q", bad)
		}
	}
	for _, k := range req.Keywords {
		if !strings.Contains(body, strings.ToLower(k)) {
			t.Errorf("keyword %q not in body", k)
		}
	}
	if req.InputMode == ai.ModeTitle && a.Title != req.Topic {
		t.Errorf("title %q, want verbatim %q", a.Title, req.Topic)
	}
	if req.InputMode == ai.ModeTopic {
		for _, w := range strings.Fields(strings.ToLower(req.Topic)) {
			if !strings.Contains(strings.ToLower(a.Title), w) {
				t.Errorf("title %q misses topic word %q", a.Title, w)
			}
		}
	}
	if n := utf8.RuneCountInString(a.MetaTitle); n == 0 || n > ai.MaxMetaTitle {
		t.Errorf("meta title %q has %d runes", a.MetaTitle, n)
	}
	if n := utf8.RuneCountInString(a.MetaDescription); n < 50 || n > ai.MaxMetaDescription {
		t.Errorf("meta description %q has %d runes", a.MetaDescription, n)
	}
	if n := strings.Count(a.Excerpt, ". ") + 1; a.Excerpt == "" || n > 2 {
		t.Errorf("excerpt %q should be 1-2 sentences", a.Excerpt)
	}
	if len(a.Tags) < 3 || len(a.Tags) > 6 {
		t.Errorf("tags %v, want 3-6", a.Tags)
	}
	for _, tag := range a.Tags {
		if tag != strings.ToLower(tag) || tag == "" {
			t.Errorf("tag %q not lowercase", tag)
		}
	}
}

func TestDeterministic(t *testing.T) {
	req := ai.WriteRequest{Topic: "keto meal prep", InputMode: ai.ModeTopic, Keywords: []string{"macros"}, Tone: ai.ToneCasual, Length: ai.LengthMedium, Category: "Keto"}
	a, b := write(t, req), write(t, req)
	if a.HTML != b.HTML || a.Title != b.Title || a.Excerpt != b.Excerpt || strings.Join(a.Tags, ",") != strings.Join(b.Tags, ",") {
		t.Fatal("same request gave different articles")
	}
	req.Tone = ai.ToneAuthoritative
	if c := write(t, req); c.HTML == a.HTML {
		t.Fatal("different tone gave the same article")
	}
	req.Topic = "keto for athletes"
	if d := write(t, req); d.HTML == a.HTML {
		t.Fatal("different topic gave the same article")
	}
}

// TestToneMarkers checks that the tone is visible in the wording, not just
// in the PRNG seed.
func TestToneMarkers(t *testing.T) {
	contraction := regexp.MustCompile(`\b\w+'(ll|re|ve|t|s)\b`)
	for _, base := range topics {
		text := map[ai.Tone]string{}
		for _, tone := range ai.Tones() {
			req := base
			req.Tone, req.Length = tone, ai.LengthShort
			text[tone] = strings.ToLower(stripTags.ReplaceAllString(write(t, req).HTML, " "))
		}
		casual, pro, auth := text[ai.ToneCasual], text[ai.ToneProfessional], text[ai.ToneAuthoritative]
		if !strings.Contains(casual, "you'll") {
			t.Errorf("%s: casual text has no \"you'll\"", base.Topic)
		}
		if !strings.Contains(auth, "research shows") || !strings.Contains(auth, " must ") {
			t.Errorf("%s: authoritative text lacks \"research shows\" / \"must\"", base.Topic)
		}
		if strings.Contains(pro, "you'll") || strings.Contains(pro, "research shows") || strings.Contains(pro, " must ") {
			t.Errorf("%s: professional text uses another tone's markers", base.Topic)
		}
		nc, np := len(contraction.FindAllString(casual, -1)), len(contraction.FindAllString(pro, -1))
		if nc < 2*np || nc < 8 {
			t.Errorf("%s: casual has %d contractions, professional %d", base.Topic, nc, np)
		}
	}
}

func TestTitleModeSubject(t *testing.T) {
	cases := map[string]string{
		"10 Ways to Boost Your Instagram Engagement": "boosting your instagram engagement",
		"How to Start a Keto Diet":                   "starting a keto diet",
		"The Ultimate Guide: Keto for Beginners":     "keto for beginners",
		"Keto for Beginners: A Complete Guide":       "keto for beginners",
		"7 Mistakes to Avoid With Email Marketing":   "email marketing",
		"How to Plan a Content Calendar":             "planning a content calendar",
		"Why SEO Still Matters":                      "",
		"Everything You Need to Know About SEO":      "SEO",
	}
	for title, want := range cases {
		if got := subjectFromTitle(title); got != want {
			t.Errorf("subjectFromTitle(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestNoKeywordsNoCategory(t *testing.T) {
	req := ai.WriteRequest{Topic: "productivity apps", InputMode: ai.ModeTopic, Tone: ai.ToneProfessional, Length: ai.LengthShort}
	a := write(t, req)
	checkArticle(t, req, a)
	if strings.Contains(a.HTML, "explore the rest of our") {
		t.Error("empty category leaked into the text")
	}
}

func TestEscapesUserText(t *testing.T) {
	req := ai.WriteRequest{Topic: "<script>alert(1)</script> & R&D", InputMode: ai.ModeTopic, Keywords: []string{"<b>"}, Tone: ai.ToneCasual, Length: ai.LengthShort}
	a := write(t, req)
	if strings.Contains(a.HTML, "<script>") || strings.Contains(a.HTML, "<b>") {
		t.Fatal("user text was not escaped")
	}
}

func TestWriteValidates(t *testing.T) {
	bad := []ai.WriteRequest{
		{Topic: " ", InputMode: ai.ModeTopic, Tone: ai.ToneCasual, Length: ai.LengthShort},
		{Topic: "x", InputMode: "poem", Tone: ai.ToneCasual, Length: ai.LengthShort},
		{Topic: "x", InputMode: ai.ModeTopic, Tone: "angry", Length: ai.LengthShort},
		{Topic: "x", InputMode: ai.ModeTopic, Tone: ai.ToneCasual, Length: "epic"},
	}
	for _, req := range bad {
		if _, err := New().Write(context.Background(), req); !errors.Is(err, ai.ErrInvalidRequest) {
			t.Errorf("Write(%+v) error = %v, want ErrInvalidRequest", req, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New().Write(ctx, ai.WriteRequest{Topic: "x", InputMode: ai.ModeTopic, Tone: ai.ToneCasual, Length: ai.LengthShort}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Write error = %v", err)
	}
}

func TestIllustrate(t *testing.T) {
	cases := []ai.ImageRequest{
		{Title: "10 Ways to Boost Your Instagram Engagement Without Spending a Cent on Ads"},
		{Title: "Keto", ColorFrom: "#10b981", ColorTo: "#064e3b"},
		{Title: "Supercalifragilisticexpialidocious-and-an-extremely-long-unbreakable-word-for-wrapping", ColorFrom: "fde68a", ColorTo: "#fff"},
		{Prompt: "a cover about morning routines"},
	}
	for _, req := range cases {
		img, err := New().Illustrate(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if img.ContentType != "image/jpeg" {
			t.Errorf("content type %q", img.ContentType)
		}
		// Covers are a fraction of the 175 KB a PNG takes.
		if len(img.Data) > 80<<10 {
			t.Errorf("%q: cover is %d bytes", req.Title, len(img.Data))
		}
		m, err := jpeg.Decode(bytes.NewReader(img.Data))
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		if b := m.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
			t.Fatalf("size %v, want 1200x630", b)
		}
		if m.At(2, 2) == m.At(1197, 627) {
			t.Errorf("%q: corners are the same colour, want a gradient", req.Title)
		}
		// Text pixels: in the title area some pixels must be (near) the ink
		// colour, which is far from any gradient colour.
		ink := 0
		for y := 150; y < 480; y++ {
			for x := 90; x < 1110; x++ {
				r, g, b, _ := m.At(x, y).RGBA()
				if (r>>8 > 245 && g>>8 > 245 && b>>8 > 245) || (r>>8 < 40 && g>>8 < 40 && b>>8 < 60) {
					ink++
				}
			}
		}
		if ink < 2000 {
			t.Errorf("%q: only %d text pixels", req.Title, ink)
		}
	}
}

func TestIllustrateDefaultsAndDeterminism(t *testing.T) {
	a, _ := New().Illustrate(context.Background(), ai.ImageRequest{Title: "Hello"})
	b, _ := New().Illustrate(context.Background(), ai.ImageRequest{Title: "Hello", ColorFrom: "#6366f1", ColorTo: "#8b5cf6"})
	if !bytes.Equal(a.Data, b.Data) {
		t.Fatal("empty colours should default to #6366f1 -> #8b5cf6")
	}
	m, _ := jpeg.Decode(bytes.NewReader(a.Data))
	near := func(v uint32, want int) bool { d := int(v>>8) - want; return d >= -6 && d <= 6 }
	if r, g, bb, _ := m.At(0, 0).RGBA(); !near(r, 0x63) || !near(g, 0x66) || !near(bb, 0xf1) {
		t.Errorf("top-left = %02x%02x%02x, want about 6366f1", r>>8, g>>8, bb>>8)
	}
}

// With PNG set the same cover comes as a PNG (an address ending in .png).
func TestIllustratePNG(t *testing.T) {
	req := ai.ImageRequest{Title: "Hello", Brand: "Blog"}
	p, err := (&Provider{PNG: true}).Illustrate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(bytes.NewReader(p.Data))
	if err != nil || p.ContentType != "image/png" {
		t.Fatalf("PNG cover: %q, %v", p.ContentType, err)
	}
	if m.Bounds() != image.Rect(0, 0, 1200, 630) {
		t.Errorf("PNG cover bounds %v", m.Bounds())
	}
	j, _ := New().Illustrate(context.Background(), req)
	if len(j.Data) >= len(p.Data) {
		t.Errorf("JPEG cover %d bytes, PNG %d", len(j.Data), len(p.Data))
	}
}

func BenchmarkWriteLong(b *testing.B) {
	req := ai.WriteRequest{Topic: "keto meal prep", InputMode: ai.ModeTopic, Tone: ai.ToneCasual, Length: ai.LengthLong}
	for b.Loop() {
		_, _ = New().Write(context.Background(), req)
	}
}

func BenchmarkIllustrate(b *testing.B) {
	for b.Loop() {
		_, _ = New().Illustrate(context.Background(), ai.ImageRequest{Title: "A Practical Guide to Keto Meal Prep"})
	}
}

// Covers are signed with the blog's name: the same request for two blogs
// draws two images, and the same blog always the same one.
func TestCoverCarriesTheBlogsName(t *testing.T) {
	draw := func(brand string) []byte {
		img, err := New().Illustrate(context.Background(), ai.ImageRequest{Title: "Ten keto breakfasts", ColorFrom: "#10b981", Brand: brand})
		if err != nil {
			t.Fatal(err)
		}
		return img.Data
	}
	a, b := draw("Olivia Writes"), draw("Keto Kitchen")
	if bytes.Equal(a, b) {
		t.Error("two blogs' covers are the same image")
	}
	if !bytes.Equal(a, draw("Olivia Writes")) {
		t.Error("the same blog's cover is drawn differently")
	}
	if bytes.Equal(a, draw("")) {
		t.Error("an unsigned cover equals a signed one")
	}
}
