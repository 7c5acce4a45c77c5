// Package locale holds the reader's words in the 17 languages a blog can be
// written in: the message catalogue (catalogue.json, the one source of both
// the server's plain pages and the app's texts, which tools/tsgen generates
// from it), plural rules and date forms.
//
// Dates are written from the catalogue's own month names and patterns, not
// from a platform's locale data: the server's JavaScript engine has none,
// and browsers' differ, so a page rendered on the server and hydrated in a
// browser must spell a date the same way from the same table.
package locale

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Default is the language of the fallback texts: a message or a language the
// catalogue lacks reads in English.
const Default = "en"

//go:embed catalogue.json
var catalogueJSON []byte

// Language is one language's date forms, writing direction and plural rule.
type Language struct {
	// Dir is the writing direction: "ltr" or "rtl".
	Dir string `json:"dir"`
	// Plural names the language's plural rule (see Category).
	Plural string `json:"plural"`
	// LongDate and ShortDate are date patterns: {d} day, {M} month number,
	// {y} year, {month} the month's name, {mon} its short name.
	LongDate    string   `json:"longDate"`
	ShortDate   string   `json:"shortDate"`
	Months      []string `json:"months"`
	MonthsShort []string `json:"monthsShort"`
}

// Catalogue is the whole of catalogue.json.
type Catalogue struct {
	Languages map[string]Language `json:"languages"`
	// Messages are texts by message id, then language. {name}
	// placeholders are filled by the caller.
	Messages map[string]map[string]string `json:"messages"`
	// Plurals are counted texts by message id, language, then plural
	// category ({n} is the count).
	Plurals map[string]map[string]map[string]string `json:"plurals"`
}

var catalogue = mustParse(catalogueJSON)

func mustParse(b []byte) *Catalogue {
	var c Catalogue
	if err := json.Unmarshal(b, &c); err != nil {
		panic("locale: catalogue.json: " + err.Error())
	}
	return &c
}

// All is the catalogue (for the generator and tests; do not modify).
func All() *Catalogue { return catalogue }

// Codes are the catalogue's languages, English first, then by code.
func Codes() []string {
	codes := make([]string, 0, len(catalogue.Languages))
	for c := range catalogue.Languages {
		if c != Default {
			codes = append(codes, c)
		}
	}
	sort.Strings(codes)
	return append([]string{Default}, codes...)
}

// Plural categories (CLDR's names).
const (
	Zero  = "zero"
	One   = "one"
	Two   = "two"
	Few   = "few"
	Many  = "many"
	Other = "other"
)

// Categories are the plural categories a rule gives, in CLDR's order.
func Categories(rule string) []string {
	switch rule {
	case "one", "oneZero":
		return []string{One, Other}
	case "eastSlavic", "polish":
		return []string{One, Few, Many}
	case "arabic":
		return []string{Zero, One, Two, Few, Many, Other}
	}
	return []string{Other}
}

// Category is the plural category of the whole number n under a rule:
//   - one: 1 is "one", the rest "other" (English, German, Spanish...);
//   - oneZero: 0 and 1 are "one" (French, Portuguese, Hindi);
//   - eastSlavic: 1, 21, 31... "one"; 2-4, 22-24... "few"; the rest
//     "many" (Russian, Ukrainian);
//   - polish: like eastSlavic, but only 1 itself is "one";
//   - arabic: 0 zero, 1 one, 2 two, 3-10 few, 11-99 many (by n mod 100);
//   - none: always "other" (Japanese, Chinese, Korean).
func Category(rule string, n int) string {
	if n < 0 {
		n = -n
	}
	mod10, mod100 := n%10, n%100
	switch rule {
	case "one":
		if n == 1 {
			return One
		}
		return Other
	case "oneZero":
		if n <= 1 {
			return One
		}
		return Other
	case "eastSlavic", "polish":
		switch {
		case n == 1 || rule == "eastSlavic" && mod10 == 1 && mod100 != 11:
			return One
		case mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14):
			return Few
		}
		return Many
	case "arabic":
		switch {
		case n == 0:
			return Zero
		case n == 1:
			return One
		case n == 2:
			return Two
		case mod100 >= 3 && mod100 <= 10:
			return Few
		case mod100 >= 11:
			return Many
		}
		return Other
	}
	return Other
}

// Texts are a reader's words in one language.
type Texts struct {
	lang string
	l    Language
}

// For gives the texts of a language code; a code the catalogue lacks (or
// "") reads in English.
func For(code string) *Texts {
	if l, ok := catalogue.Languages[code]; ok {
		return &Texts{lang: code, l: l}
	}
	return &Texts{lang: Default, l: catalogue.Languages[Default]}
}

// Lang is the language the texts are in (BCP-47).
func (t *Texts) Lang() string { return t.lang }

// Dir is the language's writing direction: "ltr" or "rtl".
func (t *Texts) Dir() string { return t.l.Dir }

// Text is message id with its placeholders filled from pairs of name and
// value ("name", "Ada"). A message the language lacks is the English one.
func (t *Texts) Text(id string, pairs ...string) string {
	m, ok := catalogue.Messages[id]
	if !ok {
		panic(fmt.Sprintf("locale: no message %q", id))
	}
	s, ok := m[t.lang]
	if !ok {
		s = m[Default]
	}
	return fill(s, pairs)
}

// Count is the counted message id for n in the language's plural form
// ({n} is n).
func (t *Texts) Count(id string, n int) string {
	p, ok := catalogue.Plurals[id]
	if !ok {
		panic(fmt.Sprintf("locale: no counted message %q", id))
	}
	forms, rule := p[t.lang], t.l.Plural
	if forms == nil {
		forms, rule = p[Default], catalogue.Languages[Default].Plural
	}
	s, ok := forms[Category(rule, n)]
	if !ok {
		s = forms[Other]
	}
	return fill(s, []string{"n", strconv.Itoa(n)})
}

// LongDate is the day of t in UTC as a post page says it ("January 5, 2025",
// "5 janvier 2025").
func (t *Texts) LongDate(d time.Time) string { return t.date(t.l.LongDate, d) }

// ShortDate is the day of t in UTC as a post card says it ("Jan 5, 2025").
func (t *Texts) ShortDate(d time.Time) string { return t.date(t.l.ShortDate, d) }

func (t *Texts) date(pattern string, d time.Time) string {
	d = d.UTC()
	m := int(d.Month())
	return fill(pattern, []string{"d", strconv.Itoa(d.Day()), "M", strconv.Itoa(m), "y", strconv.Itoa(d.Year()),
		"month", t.l.Months[m-1], "mon", t.l.MonthsShort[m-1]})
}

// fill replaces each {name} of s by its value in pairs; other braces stay.
func fill(s string, pairs []string) string {
	if len(pairs) == 0 || !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		name, found := s[i+1:i+j], false
		for k := 0; k+1 < len(pairs); k += 2 {
			if pairs[k] == name {
				b.WriteString(pairs[k+1])
				found = true
				break
			}
		}
		if !found {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// Placeholders are the {name}s of s, sorted and without repeats.
func Placeholders(s string) []string {
	var names []string
	seen := map[string]bool{}
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		if n := s[i+1 : i+j]; !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
		s = s[i+j+1:]
	}
	sort.Strings(names)
	return names
}
