package builtin

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/inkpress/inkpress/internal/ai"
)

// conclusionReserve is kept for the conclusion; the sections share the
// rest, re-balanced after each one so the total lands near the target.
const conclusionReserve = 75

// A subject longer than this is named in full once, then by a short form.
const maxSubjectWords = 6

// sectionsFor is how many body sections each length gets.
var sectionsFor = map[ai.Length]int{ai.LengthShort: 4, ai.LengthMedium: 6, ai.LengthLong: 9}

// compose writes the article for a validated request.
func compose(req ai.WriteRequest) *ai.Article {
	c := newComposer(req)
	chosen := c.chooseAngles(sectionsFor[req.Length])
	target := req.Length.Words()

	title := c.title(req)
	c.intro(req.Length)
	for i, a := range chosen {
		c.section++
		budget := (target - conclusionReserve - c.words) / (len(chosen) - i)
		c.writeSection(a, budget)
		if i == len(chosen)/2-1 && req.Length != ai.LengthShort {
			c.quote()
		}
	}
	c.section++
	c.conclusion(target - c.words)
	c.trim(target-target/20, target+target/25)

	excerpt := c.excerpt(chosen)
	return &ai.Article{
		Title:           title,
		HTML:            c.html(),
		Excerpt:         excerpt,
		MetaTitle:       c.metaTitle(title, req.InputMode),
		MetaDescription: ai.Shorten(firstSentence(excerpt), ai.MaxMetaDescription),
		Tags:            c.tags(),
	}
}

type composer struct {
	rng       *rand.Rand
	tone      ai.Tone
	subject   string // plain text, mid-sentence form
	short     string // short form for later mentions of a long subject, or ""
	mentioned bool
	keywords  []string // plain text
	category  string
	kwNext    int
	bolded    map[string]bool
	person    [2]string
	generic   *deck
	flavor    *deck

	blocks   []block
	section  int  // index of the section being written, for trim
	optional bool // whether new paragraphs may be trimmed
	words    int
}

// block is one top-level HTML element of the article.
type block struct {
	html     string
	words    int
	section  int
	optional bool // an extra paragraph that trim may drop
}

func newComposer(req ai.WriteRequest) *composer {
	keywords := ai.CleanKeywords(req.Keywords)
	category := strings.TrimSpace(req.Category)
	rng := rand.New(rand.NewPCG(seed(req, keywords)))
	c := &composer{
		rng:      rng,
		tone:     req.Tone,
		keywords: keywords,
		category: category,
		bolded:   map[string]bool{},
		person:   people[rng.IntN(len(people))],
		generic:  newDeck(generic, rng),
		flavor:   newDeck(flavor[req.Tone], rng),
	}
	c.subject = subject(req, keywords, category)
	if len(strings.Fields(c.subject)) > maxSubjectWords {
		c.short = headPhrase(c.subject, maxSubjectWords)
		if c.short == "" && len(keywords) > 0 && len(strings.Fields(keywords[0])) <= maxSubjectWords {
			c.short = keywords[0]
		}
		if c.short == "" {
			c.short = "this topic"
		}
	}
	switch {
	case len(keywords) == 0:
		c.kwNext = rng.IntN(len(fallbackFocus))
	case len(keywords) > 1 && strings.EqualFold(keywords[0], c.subject):
		c.kwNext = 1 // "{topic} ... and {kw}" should not name the same thing twice
	}
	return c
}

// seed derives the PRNG state from everything that shapes the article, so
// the same request always produces the same article.
func seed(req ai.WriteRequest, keywords []string) (uint64, uint64) {
	h := fnv.New128a()
	for _, s := range []string{strings.TrimSpace(req.Topic), string(req.InputMode), string(req.Tone), string(req.Length), strings.TrimSpace(req.Category)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	for _, k := range keywords {
		h.Write([]byte(strings.ToLower(k)))
		h.Write([]byte{1})
	}
	sum := h.Sum(nil)
	var a, b uint64
	for i := range 8 {
		a = a<<8 | uint64(sum[i])
		b = b<<8 | uint64(sum[8+i])
	}
	return a, b
}

// subject is what the body talks about: the topic itself, or the noun phrase
// behind a title, falling back to a keyword or the category.
func subject(req ai.WriteRequest, keywords []string, category string) string {
	topic := strings.Join(strings.Fields(req.Topic), " ")
	if req.InputMode == ai.ModeTopic {
		return lowerLead(sentenceCase(strings.TrimRight(topic, "?!.,;: ")))
	}
	// The title itself heads the article, so a long title-derived phrase
	// is not worth repeating in the body: use its head, or a keyword.
	if s := subjectFromTitle(topic); s != "" {
		if h := headPhrase(s, maxSubjectWords); h != "" && len(strings.Fields(s)) > 4 {
			return h
		}
		if len(strings.Fields(s)) <= maxSubjectWords || len(keywords) == 0 {
			return s
		}
	}
	switch {
	case len(keywords) > 0:
		return keywords[0]
	case category != "":
		return sentenceCase(strings.ToLower(category))
	}
	return sentenceCase(strings.TrimRight(topic, "?!.,;: "))
}

func (c *composer) chooseAngles(n int) []angle {
	required := map[string]bool{"steps": true}
	if n >= 6 {
		required["mistakes"] = true
	}
	var optional []int
	var picked []int
	for i, a := range angles {
		if required[a.id] {
			picked = append(picked, i)
		} else {
			optional = append(optional, i)
		}
	}
	c.rng.Shuffle(len(optional), func(i, j int) { optional[i], optional[j] = optional[j], optional[i] })
	picked = append(picked, optional[:n-len(picked)]...)
	slices.Sort(picked) // keep the natural reading order of the angles
	out := make([]angle, len(picked))
	for i, p := range picked {
		out[i] = angles[p]
	}
	return out
}

func (c *composer) title(req ai.WriteRequest) string {
	if req.InputMode == ai.ModeTitle {
		return strings.TrimSpace(req.Topic)
	}
	return c.plain(c.pick(headlines[c.tone]))
}

func (c *composer) metaTitle(title string, mode ai.InputMode) string {
	if len([]rune(title)) <= ai.MaxMetaTitle || mode == ai.ModeTitle {
		return ai.Shorten(title, ai.MaxMetaTitle)
	}
	for _, t := range shortHeadlines[c.tone] {
		if s := c.plain(t); len([]rune(s)) <= ai.MaxMetaTitle {
			return s
		}
	}
	return ai.Shorten(title, ai.MaxMetaTitle)
}

func (c *composer) intro(length ai.Length) {
	slots := intros[c.tone]
	if length == ai.LengthShort {
		slots = slots[:4]
	}
	var sentences []string
	for _, slot := range slots {
		if t := c.pick(slot); len(c.keywords) > 0 || !strings.Contains(t, "{kw") {
			sentences = append(sentences, c.render(t, true))
		}
	}
	if len(sentences) >= 5 {
		c.block("p", strings.Join(sentences[:3], " "))
		sentences = sentences[3:]
	}
	c.block("p", strings.Join(sentences, " "))
}

func (c *composer) writeSection(a angle, budget int) {
	start := c.words
	c.block("h2", c.render(c.pick(append(slices.Clone(a.headings), a.toned[c.tone]...)), false))
	pool := newDeck(a.sentences[1:], c.rng)
	lead := c.sentence(a.sentences[0], true)

	switch {
	case a.story != nil:
		c.story(a.story, lead, pool, start+budget)
	case a.faq != nil:
		c.block("p", lead)
		c.faq(a.faq, start+budget)
	case a.list != nil:
		c.block("p", lead+" "+c.render(c.pick(listLeads[c.tone]), false))
		c.list(a.list, budget)
		c.fill(pool, start+budget)
	default:
		c.fill(pool, start+budget, lead)
	}
}

// fill adds paragraphs until the running word count reaches end. All but
// the first may be trimmed later if the article runs long.
func (c *composer) fill(pool *deck, end int, first ...string) {
	defer func() { c.optional = false }()
	for c.words < end-8 {
		if !c.paragraphFrom(pool, first, 3+c.rng.IntN(3), end) {
			return
		}
		first = nil
		c.optional = true
	}
}

// paragraphFrom writes one paragraph of up to n sentences, starting with
// first, and reports whether it wrote anything.
func (c *composer) paragraphFrom(pool *deck, first []string, n, end int) bool {
	sentences := slices.Clone(first)
	words := c.words + countWords(strings.Join(sentences, " "))
	flavorAt := -1
	if c.rng.Float64() < 0.45 {
		flavorAt = 1 + c.rng.IntN(n)
	}
	for len(sentences) < n && words < end-8 {
		s, ok := c.nextSentence(pool, len(sentences) == flavorAt)
		if !ok {
			break
		}
		sentences = append(sentences, s)
		words += countWords(s)
	}
	if len(sentences) == 0 {
		return false
	}
	c.block("p", strings.Join(sentences, " "))
	return true
}

// nextSentence draws from the section's pool (may be nil), then the shared
// generic pool, then the tone's flavour sentences, so long articles never
// run dry early.
func (c *composer) nextSentence(pool *deck, wantFlavor bool) (string, bool) {
	if wantFlavor {
		if t, ok := c.flavor.draw(); ok {
			return c.render(t, true), true
		}
	}
	for _, d := range []*deck{pool, c.generic} {
		if t, ok := d.draw(); ok {
			return c.sentence(t, true), true
		}
	}
	if t, ok := c.flavor.draw(); ok {
		return c.render(t, true), true
	}
	return "", false
}

func (c *composer) list(spec *listSpec, budget int) {
	items := c.listItems(spec, min(len(spec.items), spec.min+budget/220))
	tag := "ul"
	if spec.ordered {
		tag = "ol"
	}
	var b strings.Builder
	for _, it := range items {
		b.WriteString("<li>" + c.render(it, false) + "</li>\n")
	}
	c.block(tag, "\n"+b.String())
}

// listItems picks k items: a random subset, or for ordered steps a subset
// that keeps their order.
func (c *composer) listItems(spec *listSpec, k int) []string {
	if !spec.keep {
		items := make([]string, 0, k)
		for _, i := range c.rng.Perm(len(spec.items))[:k] {
			items = append(items, spec.items[i])
		}
		return items
	}
	// Never drop the first two steps or the last: other sentences refer to
	// the assessment and review steps.
	drop := map[int]bool{}
	for _, i := range c.rng.Perm(len(spec.items) - 3)[:len(spec.items)-k] {
		drop[i+2] = true
	}
	var items []string
	for i, it := range spec.items {
		if !drop[i] {
			items = append(items, it)
		}
	}
	return items
}

func (c *composer) faq(qas []qa, end int) {
	order := c.rng.Perm(len(qas))
	for n, i := range order {
		if n >= 3 && c.words >= end-20 {
			return
		}
		c.block("h3", c.render(qas[i].q, false))
		c.block("p", c.render(qas[i].a, true))
	}
}

// story keeps the case example in narrative order, then adds reflections
// from the pool until the budget is used.
func (c *composer) story(beats [][]string, lead string, pool *deck, end int) {
	var sentences []string
	for _, beat := range beats {
		sentences = append(sentences, c.render(c.pick(beat), true))
	}
	c.block("p", strings.Join(sentences[:3], " "))
	c.block("p", strings.Join(sentences[3:], " "))
	c.block("p", lead)
	c.fill(pool, end)
}

func (c *composer) quote() {
	c.block("blockquote", "<p>"+c.render(c.pick(quotes[c.tone]), false)+"</p>")
}

func (c *composer) conclusion(budget int) {
	c.block("h2", c.render(c.pick(conclusionHeadings[c.tone]), false))
	var sentences []string
	for _, slot := range conclusions[c.tone] {
		if t := c.pick(slot); len(c.keywords) > 0 || !strings.Contains(t, "{kw") {
			sentences = append(sentences, c.render(t, true))
		}
	}
	if c.category != "" {
		sentences = append(sentences, c.render(moreReading, false))
	}
	words := countWords(strings.Join(sentences, " "))
	// Stretch a short conclusion with reflections, placed before the call
	// to action so the article still ends on it.
	var extra []string
	for words < budget-8 {
		s, ok := c.nextSentence(nil, false)
		if !ok {
			break
		}
		extra = append(extra, s)
		words += countWords(s)
	}
	mid := min(2, len(sentences))
	if len(extra) > 0 {
		c.block("p", strings.Join(append(slices.Clone(sentences[:mid]), extra...), " "))
		sentences = sentences[mid:]
	}
	c.block("p", strings.Join(sentences, " "))
}

func (c *composer) excerpt(chosen []angle) string {
	var covers []string
	for _, a := range chosen[:min(3, len(chosen))] {
		covers = append(covers, a.covers)
	}
	first := strings.ReplaceAll(c.pick(excerptTemplates[c.tone]), "{covers}", joinAnd(covers))
	return c.plain(first) + " " + c.plain(c.pick(excerptHooks[c.tone]))
}

func (c *composer) tags() []string {
	cands := slices.Clone(c.keywords)
	if c.category != "" {
		cands = append(cands, c.category)
	}
	if len(strings.Fields(c.subject)) <= 3 {
		cands = append(cands, c.subject)
	}
	cands = append(cands, significantWords(c.subject)...)
	tags := ai.NormalizeTags(cands)
	for _, pad := range []string{"guide", "tips", "how-to"} {
		if len(tags) >= 3 {
			break
		}
		tags = ai.NormalizeTags(append(tags, pad))
	}
	return tags
}

// block appends one HTML block element and counts its words.
func (c *composer) block(tag, inner string) {
	if inner == "" {
		return
	}
	n := countWords(inner)
	c.blocks = append(c.blocks, block{
		html:     "<" + tag + ">" + inner + "</" + tag + ">",
		words:    n,
		section:  c.section,
		optional: c.optional,
	})
	c.words += n
}

// trim drops optional paragraphs while the article is longer than max (but
// never below min),
// always from the section that has the most of them left, so no single
// section is stripped bare. Long topics make sentences longer than the
// budgets assume; this keeps the length promise anyway.
func (c *composer) trim(min, max int) {
	for c.words > max {
		count := map[int]int{}
		for _, b := range c.blocks {
			if b.optional {
				count[b.section]++
			}
		}
		victim := -1
		for i, b := range c.blocks {
			if b.optional && (victim < 0 || count[b.section] >= count[c.blocks[victim].section]) {
				victim = i
			}
		}
		if victim < 0 || c.words-c.blocks[victim].words < min {
			return
		}
		c.words -= c.blocks[victim].words
		c.blocks = slices.Delete(c.blocks, victim, victim+1)
	}
}

func (c *composer) html() string {
	parts := make([]string, len(c.blocks))
	for i, b := range c.blocks {
		parts[i] = b.html
	}
	return strings.Join(parts, "\n")
}

func (c *composer) pick(options []string) string { return options[c.rng.IntN(len(options))] }

// sentence renders a pool sentence, sometimes behind a tone opener.
func (c *composer) sentence(tmpl string, bold bool) string {
	imperative := strings.HasPrefix(tmpl, "!")
	tmpl = strings.TrimPrefix(tmpl, "!")
	first, _, _ := strings.Cut(tmpl, " ")
	if c.rng.Float64() >= 0.22 || strings.HasSuffix(tmpl, "?") || noOpener[strings.ToLower(strings.Trim(first, ","))] {
		return c.render(tmpl, bold)
	}
	ops := openers[c.tone]
	if imperative {
		ops = imperativeOpeners[c.tone]
	}
	op := c.pick(ops)
	if strings.HasSuffix(op, ":") && strings.Contains(tmpl, ":") {
		return c.render(tmpl, bold)
	}
	keepCase := strings.HasPrefix(tmpl, "{name}")
	tmpl = strings.Replace(tmpl, "{Topic}", "{topic}", 1)
	s := c.render(tmpl, bold)
	if !keepCase {
		s = lowerFirst(s)
	}
	return op + " " + s
}

// plain renders a template as plain text (titles, meta fields).
func (c *composer) plain(tmpl string) string { return c.expand(tmpl, false, false) }

// render renders a template as HTML; bold marks the first use of each
// keyword with <strong>.
func (c *composer) render(tmpl string, bold bool) string {
	return c.expand(strings.TrimPrefix(tmpl, "!"), bold, true)
}

func (c *composer) expand(tmpl string, bold, html bool) string {
	for k, v := range toneWords[c.tone] {
		tmpl = strings.ReplaceAll(tmpl, "{"+k+"}", v)
	}
	if c.tone == ai.ToneCasual {
		tmpl = contract(tmpl)
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		j := strings.IndexByte(tmpl[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		v := c.value(tmpl[i+1:i+j], bold, html)
		if html {
			v = unmarkBold(escapeText(v))
		}
		b.WriteString(v)
		tmpl = tmpl[i+j+1:]
	}
}

// value returns the plain text of a placeholder; keywords come back
// already escaped and possibly bolded, hence the escaping dance in expand.
func (c *composer) value(name string, bold, html bool) string {
	switch name {
	case "topic":
		return c.subjectRef(html)
	case "Topic":
		return capFirst(c.subjectRef(html))
	case "TopicTitle":
		return titleCase(c.subjectRef(html))
	case "kw":
		return c.keyword(bold && html)
	case "kwlist":
		return joinAnd(c.keywords)
	case "name":
		return c.person[0]
	case "persona":
		return c.person[1]
	case "category":
		return c.category
	}
	return "{" + name + "}"
}

// subjectRef names the subject: in full the first time in the body, then by
// its short form, so a long topic is not repeated thirty times.
func (c *composer) subjectRef(html bool) string {
	if !html {
		return c.subject
	}
	if c.mentioned && c.short != "" {
		return c.short
	}
	c.mentioned = true
	return c.subject
}

func (c *composer) keyword(bold bool) string {
	if len(c.keywords) == 0 {
		c.kwNext++
		return fallbackFocus[c.kwNext%len(fallbackFocus)]
	}
	k := c.keywords[c.kwNext%len(c.keywords)]
	c.kwNext++
	if bold && !c.bolded[k] {
		c.bolded[k] = true
		return boldMark + k + boldEnd
	}
	return k
}

// Bold markers survive escaping and are turned into tags afterwards.
const (
	boldMark = "\x01"
	boldEnd  = "\x02"
)

var unmarkBold = strings.NewReplacer(boldMark, "<strong>", boldEnd, "</strong>").Replace

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

// deck hands out templates in a shuffled order without repeats.
type deck struct {
	items []string
	next  int
}

func newDeck(items []string, rng *rand.Rand) *deck {
	d := &deck{items: slices.Clone(items)}
	rng.Shuffle(len(d.items), func(i, j int) { d.items[i], d.items[j] = d.items[j], d.items[i] })
	return d
}

func (d *deck) draw() (string, bool) {
	if d == nil || d.next >= len(d.items) {
		return "", false
	}
	d.next++
	return d.items[d.next-1], true
}
