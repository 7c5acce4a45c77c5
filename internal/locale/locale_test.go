package locale

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/ai"
)

// The catalogue speaks exactly the languages a blog can choose.
func TestCatalogueHasEveryBlogLanguage(t *testing.T) {
	var want []string
	for _, l := range ai.Languages() {
		want = append(want, l.Code)
	}
	slices.Sort(want)
	got := slices.Clone(Codes())
	slices.Sort(got)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("catalogue languages %v, blog languages %v", got, want)
	}
	if Codes()[0] != Default {
		t.Errorf("Codes() starts with %q, want English first", Codes()[0])
	}
}

// Every message is written in every language, with English's placeholders
// (a translation that drops {blog} would print a sentence without the blog).
func TestEveryMessageInEveryLanguage(t *testing.T) {
	c := All()
	for id, texts := range c.Messages {
		en := Placeholders(texts[Default])
		for _, code := range Codes() {
			s, ok := texts[code]
			if !ok || s == "" {
				t.Errorf("message %s: no %s text", id, code)
				continue
			}
			if got := Placeholders(s); !reflect.DeepEqual(got, en) {
				t.Errorf("message %s in %s has placeholders %v, English %v", id, code, got, en)
			}
		}
	}
	for id, byLang := range c.Plurals {
		for _, code := range Codes() {
			forms := byLang[code]
			for _, cat := range Categories(c.Languages[code].Plural) {
				s := forms[cat]
				if s == "" {
					t.Errorf("counted message %s in %s: no %q form", id, code, cat)
				}
				for _, p := range Placeholders(s) {
					if p != "n" {
						t.Errorf("counted message %s in %s: unknown placeholder {%s}", id, code, p)
					}
				}
			}
			if len(forms) != len(Categories(c.Languages[code].Plural)) {
				t.Errorf("counted message %s in %s: forms %v, the rule gives %v", id, code, forms, Categories(c.Languages[code].Plural))
			}
		}
	}
}

func TestLanguagesAreComplete(t *testing.T) {
	for code, l := range All().Languages {
		if len(l.Months) != 12 || len(l.MonthsShort) != 12 {
			t.Errorf("%s: %d months, %d short months", code, len(l.Months), len(l.MonthsShort))
		}
		if l.Dir != "ltr" && l.Dir != "rtl" {
			t.Errorf("%s: dir %q", code, l.Dir)
		}
		if len(Categories(l.Plural)) == 1 && l.Plural != "none" {
			t.Errorf("%s: unknown plural rule %q", code, l.Plural)
		}
		for _, p := range []string{l.LongDate, l.ShortDate} {
			for _, name := range Placeholders(p) {
				if !slices.Contains([]string{"d", "M", "y", "month", "mon"}, name) {
					t.Errorf("%s: date pattern %q names {%s}", code, p, name)
				}
			}
		}
	}
}

func TestCategory(t *testing.T) {
	for _, c := range []struct {
		rule string
		n    []int
		want string
	}{
		{"one", []int{1}, One},
		{"one", []int{0, 2, 5, 11, 21, 100}, Other},
		{"oneZero", []int{0, 1}, One},
		{"oneZero", []int{2, 11, 21}, Other},
		{"eastSlavic", []int{1, 21, 31, 101}, One},
		{"eastSlavic", []int{2, 3, 4, 22, 24, 102}, Few},
		{"eastSlavic", []int{0, 5, 11, 12, 14, 20, 111, 112}, Many},
		{"polish", []int{1}, One},
		{"polish", []int{2, 4, 22, 34}, Few},
		{"polish", []int{0, 5, 11, 12, 21, 31, 112}, Many},
		{"arabic", []int{0}, Zero},
		{"arabic", []int{1}, One},
		{"arabic", []int{2}, Two},
		{"arabic", []int{3, 10, 103, 110}, Few},
		{"arabic", []int{11, 26, 99, 111}, Many},
		{"arabic", []int{100, 101, 102}, Other},
		{"none", []int{0, 1, 2, 5}, Other},
	} {
		for _, n := range c.n {
			if got := Category(c.rule, n); got != c.want {
				t.Errorf("Category(%s, %d) = %s, want %s", c.rule, n, got, c.want)
			}
		}
	}
}

func TestTexts(t *testing.T) {
	day := time.Date(2025, time.January, 5, 23, 30, 0, 0, time.FixedZone("UTC+5", 5*3600)) // the 5th, 18:30 UTC
	for _, c := range []struct {
		lang, got, want string
	}{
		{"en", For("en").Text("relatedPosts"), "Related Posts"},
		{"fr", For("fr").Text("relatedPosts"), "Articles similaires"},
		{"de", For("de").Text("backTo", "name", "Reisen"), "Zurück zu Reisen"},
		{"xx", For("xx").Text("relatedPosts"), "Related Posts"},
		{"", For("").Text("search"), "Search"},
		{"en", For("en").Count("minRead", 1), "1 min read"},
		{"en", For("en").Count("minRead", 5), "5 min read"},
		{"fr", For("fr").Count("minRead", 1), "1 minute de lecture"},
		{"fr", For("fr").Count("minRead", 5), "5 minutes de lecture"},
		{"ru", For("ru").Count("minRead", 3), "3 минуты чтения"},
		{"ru", For("ru").Count("minRead", 11), "11 минут чтения"},
		{"ru", For("ru").Count("minRead", 21), "21 минута чтения"},
		{"pl", For("pl").Count("minRead", 22), "22 minuty czytania"},
		{"ar", For("ar").Count("minRead", 2), "دقيقتان للقراءة"},
		{"ja", For("ja").Count("minRead", 7), "7分で読めます"},
		{"en", For("en").LongDate(day), "January 5, 2025"},
		{"en", For("en").ShortDate(day), "Jan 5, 2025"},
		{"fr", For("fr").LongDate(day), "5 janvier 2025"},
		{"de", For("de").LongDate(day), "5. Januar 2025"},
		{"es", For("es").LongDate(day), "5 de enero de 2025"},
		{"ru", For("ru").LongDate(day), "5 января 2025 г."},
		{"ja", For("ja").LongDate(day), "2025年1月5日"},
		{"ko", For("ko").ShortDate(day), "2025. 1. 5."},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.lang, c.got, c.want)
		}
	}
	if For("ar").Dir() != "rtl" || For("fr").Dir() != "ltr" {
		t.Error("Arabic reads right to left, French left to right")
	}
	if For("pt-BR").Lang() != "en" {
		t.Error("an unknown code falls back to English")
	}
}

func TestFill(t *testing.T) {
	for _, c := range []struct {
		s     string
		pairs []string
		want  string
	}{
		{"Back to {name}", []string{"name", "Travel"}, "Back to Travel"},
		{"{a}{b}", []string{"a", "1", "b", "2"}, "12"},
		{"{a} {unknown} {", []string{"a", "x"}, "x {unknown} {"},
		{"no placeholder", []string{"a", "x"}, "no placeholder"},
		{"{name}", []string{"name", "{name}"}, "{name}"}, // a value is never filled again
	} {
		if got := fill(c.s, c.pairs); got != c.want {
			t.Errorf("fill(%q, %v) = %q, want %q", c.s, c.pairs, got, c.want)
		}
	}
}
