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

// maxOpening is how often one sentence opening (its first two words, see
// openings) may recur in a post.
const maxOpening = 2

// wordsPerSentence is roughly how long the bank's sentences are; it turns a
// length into a number of sentences when the tone openers are spread out.
const wordsPerSentence = 17

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

	// Tone openers and list leads are drawn without replacement, so no post
	// says "Real talk:" twice; spent spans both opener decks, which share
	// some phrases. openerRate spreads the openers over the whole post.
	openers     *deck
	imperatives *deck
	spent       map[string]bool
	openerRate  float64
	listLeads   *deck
	// opened counts the openings of the sentences written so far.
	opened     map[string]int
	tonedCache map[string]string

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
		rng:         rng,
		tone:        req.Tone,
		keywords:    keywords,
		category:    category,
		bolded:      map[string]bool{},
		person:      people[rng.IntN(len(people))],
		generic:     newDeck(generic, rng),
		flavor:      newDeck(flavor[req.Tone], rng),
		openers:     newDeck(openers[req.Tone], rng),
		imperatives: newDeck(imperativeOpeners[req.Tone], rng),
		spent:       map[string]bool{},
		openerRate:  min(0.22, float64(len(openers[req.Tone])*wordsPerSentence)/float64(req.Length.Words())),
		listLeads:   newDeck(listLeads[req.Tone], rng),
		opened:      map[string]int{},
		tonedCache:  map[string]string{},
	}
	c.subject = withNames(subject(req, keywords, category), keywords)
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
//
// A topic keeps the case it was typed in: the writer cannot tell a name
// ("Instagram Reels", "TikTok") from a capitalised common word, and
// lowercasing a name reads far worse than keeping a capital. A title is
// Title Cased by convention, so its plain capitalised words are lowered;
// withNames restores the names the keywords spell out.
func subject(req ai.WriteRequest, keywords []string, category string) string {
	topic := strings.Join(strings.Fields(req.Topic), " ")
	if req.InputMode == ai.ModeTopic {
		return strings.TrimRight(topic, "?!.,;: ")
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
		return lowerTitleWords(category)
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
		if t := c.choose(slot); len(c.keywords) > 0 || !strings.Contains(t, "{kw") {
			sentences = append(sentences, c.say(t, true))
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
		c.block("p", lead+" "+c.say(c.drawFitting(c.listLeads, listLeads[c.tone]), false))
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
// run dry early. A sentence whose opening the post has used up stays in its
// deck unread.
func (c *composer) nextSentence(pool *deck, wantFlavor bool) (string, bool) {
	if wantFlavor {
		if t, ok := c.flavor.drawIf(c.fits); ok {
			return c.say(t, true), true
		}
	}
	for _, d := range []*deck{pool, c.generic} {
		if t, ok := d.drawIf(c.fits); ok {
			return c.sentence(t, true), true
		}
	}
	if t, ok := c.flavor.drawIf(c.fits); ok {
		return c.say(t, true), true
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
		b.WriteString("<li>" + c.say(it, false) + "</li>\n")
	}
	c.block(tag, "\n"+b.String())
}

// listItems picks k items: a random subset, or for ordered steps a subset
// that keeps their order.
func (c *composer) listItems(spec *listSpec, k int) []string {
	if !spec.keep {
		// Prefer items whose openings are still free; top up with the
		// others only if too few are.
		var items, rest []string
		for _, i := range c.rng.Perm(len(spec.items)) {
			if len(items) < k && c.fits(spec.items[i]) {
				items = append(items, spec.items[i])
			} else {
				rest = append(rest, spec.items[i])
			}
		}
		return append(items, rest[:k-len(items)]...)
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
	n := 0
	for _, i := range c.rng.Perm(len(qas)) {
		if n >= 3 && c.words >= end-20 {
			return
		}
		if !c.fits(qas[i].q + " " + qas[i].a) {
			continue
		}
		c.block("h3", c.say(qas[i].q, false))
		c.block("p", c.say(qas[i].a, true))
		n++
	}
}

// story keeps the case example in narrative order, then adds reflections
// from the pool until the budget is used.
func (c *composer) story(beats [][]string, lead string, pool *deck, end int) {
	var sentences []string
	for _, beat := range beats {
		sentences = append(sentences, c.say(c.choose(beat), true))
	}
	c.block("p", strings.Join(sentences[:3], " "))
	c.block("p", strings.Join(sentences[3:], " "))
	c.block("p", lead)
	c.fill(pool, end)
}

func (c *composer) quote() {
	c.block("blockquote", "<p>"+c.say(c.choose(quotes[c.tone]), false)+"</p>")
}

func (c *composer) conclusion(budget int) {
	c.block("h2", c.render(c.pick(conclusionHeadings[c.tone]), false))
	var sentences []string
	for _, slot := range conclusions[c.tone] {
		if t := c.choose(slot); len(c.keywords) > 0 || !strings.Contains(t, "{kw") {
			sentences = append(sentences, c.say(t, true))
		}
	}
	if c.category != "" {
		sentences = append(sentences, c.say(moreReading, false))
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

// choose picks one of a slot's variants, preferring one whose openings the
// post has not used up.
func (c *composer) choose(options []string) string {
	i := c.rng.IntN(len(options))
	for k := range options {
		if t := options[(i+k)%len(options)]; c.fits(t) {
			return t
		}
	}
	return options[i]
}

// drawFitting draws the next fitting template from d, or picks from all
// when d has none left.
func (c *composer) drawFitting(d *deck, all []string) string {
	if t, ok := d.drawIf(c.fits); ok {
		return t
	}
	return c.choose(all)
}

// fits reports whether the sentences of tmpl would keep every opening of
// the post within maxOpening.
func (c *composer) fits(tmpl string) bool {
	add := map[string]int{}
	for _, o := range openings(c.preview(tmpl)) {
		add[o]++
		if c.opened[o]+add[o] > maxOpening {
			return false
		}
	}
	return true
}

// say renders tmpl and counts the openings of its sentences.
func (c *composer) say(tmpl string, bold bool) string { return c.count(c.render(tmpl, bold)) }

// count counts the openings of the sentences in s, which the post now uses.
func (c *composer) count(s string) string {
	for _, o := range openings(s) {
		c.opened[o]++
	}
	return s
}

// sentence renders a pool sentence, sometimes behind a tone opener. Each
// opener is used once per post, and only where the opening it makes is
// still free.
func (c *composer) sentence(tmpl string, bold bool) string {
	imperative := strings.HasPrefix(tmpl, "!")
	tmpl = strings.TrimPrefix(tmpl, "!")
	first, _, _ := strings.Cut(tmpl, " ")
	if c.rng.Float64() >= c.openerRate || strings.HasSuffix(tmpl, "?") || noOpener[strings.ToLower(strings.Trim(first, ","))] {
		return c.say(tmpl, bold)
	}
	ops := c.openers
	if imperative {
		ops = c.imperatives
	}
	body := continuation(tmpl)
	op, ok := ops.drawIf(func(op string) bool {
		return !c.spent[op] && !(strings.HasSuffix(op, ":") && strings.Contains(tmpl, ":")) && c.fits(op+" "+body)
	})
	if !ok {
		return c.say(tmpl, bold)
	}
	c.spent[op] = true
	return c.count(op + " " + c.render(body, bold))
}

// continuation turns a template that starts a sentence into one that
// continues it after an opener: its own first word is lowered, while a
// placeholder switches to its mid-sentence form, so names such as
// "TikTok" or "Instagram Reels" keep their case.
func continuation(tmpl string) string {
	for _, p := range []string{"{Topic}", "{Try}"} {
		if strings.HasPrefix(tmpl, p) {
			return strings.ToLower(p) + tmpl[len(p):]
		}
	}
	if strings.HasPrefix(tmpl, "{") {
		return tmpl
	}
	return lowerLead(tmpl)
}

// plain renders a template as plain text (titles, meta fields).
func (c *composer) plain(tmpl string) string {
	return c.expand(tmpl, false, func(name string) string { return c.value(name, false, false) })
}

// render renders a template as HTML; bold marks the first use of each
// keyword with <strong>.
func (c *composer) render(tmpl string, bold bool) string {
	return c.expand(strings.TrimPrefix(tmpl, "!"), true, func(name string) string { return c.value(name, bold, true) })
}

// preview renders a template as render would, without moving the keyword
// rotation or marking the subject as mentioned, so that a candidate can be
// judged before it is used.
func (c *composer) preview(tmpl string) string {
	return c.expand(strings.TrimPrefix(tmpl, "!"), true, c.peek)
}

func (c *composer) expand(tmpl string, html bool, value func(string) string) string {
	tmpl = c.toned(tmpl)
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		j := strings.IndexByte(tmpl[max(i, 0):], '}')
		if i < 0 || j < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		v := value(tmpl[i+1 : i+j])
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

// toned puts the tone into a template: its tone words and, for the casual
// tone, contractions. Templates are previewed before they are rendered, so
// the result is kept rather than running the contraction pattern twice.
func (c *composer) toned(tmpl string) string {
	if s, ok := c.tonedCache[tmpl]; ok {
		return s
	}
	s := tmpl
	for k, v := range toneWords[c.tone] {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	if c.tone == ai.ToneCasual {
		s = contract(s)
	}
	c.tonedCache[tmpl] = s
	return s
}

// peek is value without its side effects.
func (c *composer) peek(name string) string {
	switch name {
	case "topic", "Topic", "TopicTitle":
		ref := c.subject
		if c.mentioned && c.short != "" {
			ref = c.short
		}
		switch name {
		case "Topic":
			return capFirst(ref)
		case "TopicTitle":
			return titleCase(ref)
		}
		return ref
	case "kw":
		if len(c.keywords) == 0 {
			return fallbackFocus[(c.kwNext+1)%len(fallbackFocus)]
		}
		return c.keywords[c.kwNext%len(c.keywords)]
	}
	return c.value(name, false, true)
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

// drawIf hands out the next template that ok accepts; the ones it passes
// over stay in the deck for a later draw.
func (d *deck) drawIf(ok func(string) bool) (string, bool) {
	if d == nil {
		return "", false
	}
	for i := d.next; i < len(d.items); i++ {
		if ok(d.items[i]) {
			d.items[d.next], d.items[i] = d.items[i], d.items[d.next]
			d.next++
			return d.items[d.next-1], true
		}
	}
	return "", false
}
