package builtin

import (
	"html"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// escapeText escapes user text for an HTML text node. Apostrophes and quotes
// are left alone because they are harmless there and read better as is.
var escapeText = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace

var tagRE = regexp.MustCompile(`<[^>]*>`)

// countWords counts words the way readers (and the tests) do: tags stripped,
// split on whitespace.
func countWords(html string) int {
	return len(strings.Fields(tagRE.ReplaceAllString(html, " ")))
}

// contractionRE matches the phrases in contractions on word boundaries, so
// "visit is" never turns into "visit's".
var (
	contractionMap = pairs(contractions)
	contractionRE  = regexp.MustCompile(`\b(` + strings.Join(keys(contractions), "|") + `)\b`)
)

func pairs(list []string) map[string]string {
	m := make(map[string]string, len(list)/2)
	for i := 0; i+1 < len(list); i += 2 {
		m[list[i]] = list[i+1]
	}
	return m
}

func keys(list []string) []string {
	out := make([]string, 0, len(list)/2)
	for i := 0; i < len(list); i += 2 {
		out = append(out, regexp.QuoteMeta(list[i]))
	}
	return out
}

func contract(s string) string {
	return contractionRE.ReplaceAllStringFunc(s, func(m string) string { return contractionMap[m] })
}

// smallWords stay lowercase inside title-cased headings.
var smallWords = map[string]bool{
	"a": true, "an": true, "and": true, "as": true, "at": true, "but": true, "by": true, "for": true,
	"from": true, "in": true, "into": true, "of": true, "on": true, "or": true, "the": true, "to": true,
	"vs": true, "via": true, "with": true,
}

// titleCase capitalises words for headings while keeping the caller's own
// capitals ("SEO", "iPhone") untouched.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if hasUpper(w) || (i > 0 && smallWords[strings.ToLower(w)]) {
			continue
		}
		words[i] = capFirst(w)
	}
	return strings.Join(words, " ")
}

// capFirst raises the first letter of a sentence's first word, unless that
// word already has capitals of its own ("iPhone", "eBay" stay as they are).
func capFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	if first, _, _ := strings.Cut(s, " "); hasUpper(first) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// lowerTitleWords lowers the words of a Title Cased label ("Fitness") for
// use mid-sentence, leaving acronyms and names with inner capitals ("SEO",
// "WordPress") alone.
func lowerTitleWords(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if isCapitalised(w) {
			words[i] = strings.ToLower(w)
		}
	}
	return strings.Join(words, " ")
}

// withNames gives every occurrence of a keyword in s the keyword's own case
// when the keyword has capitals: with the keyword "Instagram", a subject
// taken from a title reads "growing on Instagram", not "growing on
// instagram".
func withNames(s string, names []string) string {
	for _, name := range names {
		if !hasUpper(name) {
			continue
		}
		re := regexp.MustCompile(`(?i)` + regexp.QuoteMeta(name))
		var b strings.Builder
		last := 0
		for _, m := range re.FindAllStringIndex(s, -1) {
			before, _ := utf8.DecodeLastRuneInString(s[:m[0]])
			after, _ := utf8.DecodeRuneInString(s[m[1]:])
			if isWordRune(before) || isWordRune(after) {
				continue // part of a longer word
			}
			b.WriteString(s[last:m[0]] + name)
			last = m[1]
		}
		s = b.String() + s[last:]
	}
	return s
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// sentenceEnd ends a sentence: terminal punctuation, then a space.
var sentenceEnd = regexp.MustCompile(`[.!?]+["')]*\s+`)

// openings returns the opening of each sentence in text: its first two
// words, lowercased and without punctuation, so "Real talk: you" and "real
// talk, the" both open with "real talk". A post that repeats an opening
// too often reads as if it were repeating itself.
func openings(text string) []string {
	if strings.Contains(text, "<") {
		text = tagRE.ReplaceAllString(text, " ")
	}
	text = html.UnescapeString(text)
	var out []string
	for _, s := range sentenceEnd.Split(text, -1) {
		var words []string
		for _, w := range strings.Fields(s) {
			w = strings.ToLower(strings.Map(func(r rune) rune {
				if isWordRune(r) {
					return r
				}
				return -1
			}, w))
			if w != "" {
				words = append(words, w)
			}
			if len(words) == 2 {
				out = append(out, words[0]+" "+words[1])
				break
			}
		}
	}
	return out
}

func hasUpper(s string) bool { return strings.IndexFunc(s, unicode.IsUpper) >= 0 }

// isCapitalised reports "Word" (but not "SEO", "iPhone" or "word").
func isCapitalised(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) && !hasUpper(w[n:])
}

// sentenceCase turns a Title Cased phrase ("Keto Meal Prep") into the form
// used mid-sentence ("keto meal prep"). Phrases that are not fully title
// cased keep their capitals, because those are probably proper nouns.
func sentenceCase(s string) string {
	words := strings.Fields(s)
	significant, capitalised := 0, 0
	for _, w := range words {
		if smallWords[strings.ToLower(w)] || strings.IndexFunc(w, unicode.IsLetter) < 0 {
			continue
		}
		significant++
		if isCapitalised(w) {
			capitalised++
		}
	}
	if significant < 2 || capitalised != significant {
		return strings.Join(words, " ")
	}
	for i, w := range words {
		if isCapitalised(w) {
			words[i] = strings.ToLower(w)
		}
	}
	return strings.Join(words, " ")
}

// Title-mode subject extraction. A title such as "10 Ways to Boost Your
// Instagram Engagement" makes a poor noun in sentences, so the writer talks
// about "boosting your instagram engagement" instead.
var (
	fillerWords = wordSet("the a an ultimate complete essential simple easy best proven quick beginner's beginners definitive practical top surprising powerful smart effective new little-known expert")
	genericNoun = wordSet("ways tips steps reasons ideas strategies secrets lessons rules habits guide guides things hacks tricks questions facts benefits introduction overview mistakes myths examples signs trends tools")
	connectors  = wordSet("to for about on of that in when with")
	questions   = wordSet("why what when where which who is are should can do does will how")
	dropAfter   = []string{"know about ", "avoid with ", "avoid in ", "avoid when ", "avoid ", "consider for ", "consider "}
	stopWords   = wordSet("a an the and or for of to in on with your my our how why what is are be at by from about into you it this that its vs versus do does can will when who which than more most")
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// subjectFromTitle returns the subject of a title, or "" when the title does
// not reduce to a usable noun phrase (questions, for instance).
func subjectFromTitle(title string) string {
	parts := strings.FieldsFunc(title, func(r rune) bool { return strings.ContainsRune(":|–—", r) })
	for _, p := range parts {
		if s := stripTitleFiller(p); s != "" {
			return s
		}
	}
	return ""
}

func stripTitleFiller(part string) string {
	part = sentenceCase(part) // decide on the whole part, before words are dropped
	words := strings.Fields(lowerLead(strings.Trim(strings.TrimSpace(part), "?!.,;")))
	lower := func(i int) string { return strings.ToLower(strings.Trim(words[i], ",")) }
	i := 0
	for i < len(words) && (fillerWords[lower(i)] || isNumber(lower(i))) {
		i++
	}
	verb := false
	switch {
	case i+1 < len(words) && lower(i) == "how" && lower(i+1) == "to":
		i, verb = i+2, true
	case i < len(words) && questions[lower(i)]:
		return ""
	case i < len(words) && genericNoun[lower(i)]:
		noun := lower(i)
		i++
		if i < len(words) && connectors[lower(i)] {
			verb = lower(i) == "to" && noun != "guide" && noun != "guides" && noun != "introduction"
			i++
		}
	}
	rest := strings.Join(words[i:], " ")
	if verb {
		for _, d := range dropAfter {
			if strings.EqualFold(rest+" ", d) {
				return "" // "Mistakes to Avoid" names no subject
			}
			if strings.HasPrefix(strings.ToLower(rest), d) {
				rest, verb = rest[len(d):], false
				break
			}
		}
	}
	if verb && rest != "" {
		first, tail, _ := strings.Cut(rest, " ")
		rest = strings.TrimSpace(gerund(strings.ToLower(first)) + " " + tail)
	}
	if i := strings.Index(strings.ToLower(rest), "need to know about "); i >= 0 {
		rest = rest[i+len("need to know about "):]
	}
	return strings.TrimSpace(rest)
}

// lowerLead lowercases a capitalised first word of a multi-word phrase: it
// is probably capitalised only because it starts a title or a sentence.
func lowerLead(s string) string {
	first, rest, ok := strings.Cut(s, " ")
	if !ok || !isCapitalised(first) {
		return s
	}
	return strings.ToLower(first) + " " + rest
}

func isNumber(w string) bool {
	w = strings.TrimRight(w, "+")
	return w != "" && strings.Trim(w, "0123456789") == ""
}

// gerund turns a verb into its -ing form with the usual spelling rules.
func gerund(v string) string {
	switch {
	case strings.HasSuffix(v, "ing"):
		return v
	case v == "be" || v == "see":
		return v + "ing"
	case strings.HasSuffix(v, "ie"):
		return v[:len(v)-2] + "ying"
	case strings.HasSuffix(v, "ee") || strings.HasSuffix(v, "ye") || strings.HasSuffix(v, "oe"):
		return v + "ing"
	case len(v) > 2 && strings.HasSuffix(v, "e"):
		return v[:len(v)-1] + "ing"
	case shortCVC(v):
		return v + v[len(v)-1:] + "ing"
	}
	return v + "ing"
}

// shortCVC reports one-syllable words like "plan" or "get" whose final
// consonant doubles.
func shortCVC(v string) bool {
	if len(v) < 3 || len(v) > 4 {
		return false
	}
	vowel := func(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }
	n := len(v)
	last, mid, before := v[n-1], v[n-2], v[n-3]
	vowels := 0
	for i := 0; i < n; i++ {
		if vowel(v[i]) {
			vowels++
		}
	}
	return vowels == 1 && !vowel(last) && strings.IndexByte("wxy", last) < 0 && vowel(mid) && !vowel(before)
}

// joinAnd joins items as "a, b and c".
func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// significantWords returns the lowercase content words of s.
func significantWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(s)) {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if utf8.RuneCountInString(w) >= 3 && !stopWords[w] {
			out = append(out, w)
		}
	}
	return out
}

// clauseBreaks end the noun phrase at the start of a long subject:
// "RSS feeds are the quiet engine of ..." is about "RSS feeds".
var clauseBreaks = []string{" that ", " which ", " who ", " is ", " are ", " when ", " without ", " so ", " because ", " if ", " in ", " for "}

// headPhrase returns the leading noun phrase of a long subject, or "".
func headPhrase(s string, maxWords int) string {
	best := ""
	for _, b := range clauseBreaks {
		if i := strings.Index(s, b); i > 0 {
			head := s[:i]
			if n := len(strings.Fields(head)); n >= 2 && n <= maxWords && len(head) > len(best) {
				best = head
			}
		}
	}
	return best
}
