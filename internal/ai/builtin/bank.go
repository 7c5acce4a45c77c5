package builtin

import "github.com/inkpress/inkpress/internal/ai"

// The sentence bank. Templates are plain English with placeholders:
//
//	{topic}      the subject as it reads mid-sentence ("email marketing",
//	             "Instagram Reels": names keep the case they were typed in)
//	{Topic}      the subject with a capital first letter ("iPhone" stays)
//	{TopicTitle} the subject in title case, for headings
//	{kw}         the next keyword in rotation (or a generic focus area)
//	{kwlist}     all keywords joined as "a, b and c"
//	{should} {key} {try} {Try}   words that change with the tone
//	{name} {persona}             the protagonist of the case example
//	{category}   the category name
//
// A leading "!" marks an imperative sentence: openers such as "Research
// shows that" must not be put in front of it.
//
// A post may open at most two sentences with the same two words (see
// maxOpening), so templates that can meet in one post should start
// differently; the writer skips a template whose opening is used up.
//
// Templates avoid "{topic} is/are" so that singular and plural subjects
// ("keto", "productivity apps") both read correctly, and avoid "must" and
// contractions so that the tone words stay the only tone signal.

type tonePhrases map[ai.Tone][]string

func byTone(professional, casual, authoritative []string) tonePhrases {
	return tonePhrases{ai.ToneProfessional: professional, ai.ToneCasual: casual, ai.ToneAuthoritative: authoritative}
}

// toneWords fill {should}, {key} and {try}.
var toneWords = map[ai.Tone]map[string]string{
	ai.ToneProfessional:  {"should": "should", "key": "important", "try": "consider", "Try": "Consider"},
	ai.ToneCasual:        {"should": "should", "key": "a big deal", "try": "try", "Try": "Try"},
	ai.ToneAuthoritative: {"should": "must", "key": "critical", "try": "commit to", "Try": "Commit to"},
}

// openers are put in front of some sentences so the tone shows throughout.
// Imperative sentences get their own set, because "Research shows that"
// cannot introduce a command. A post uses each opener at most once and
// spreads a tone's openers over its length (see openerRate); no two openers
// of a tone share their first two words.
var openers = byTone(
	[]string{
		"In practice,", "In most cases,", "Generally speaking,", "As a rule,", "On balance,", "Typically,",
		"By and large,", "More often than not,", "Broadly speaking,", "In our experience,", "Importantly,", "For most people,",
	},
	[]string{
		"Honestly,", "Here's the thing:", "Let's be real:", "Truth is,", "Real talk:", "Between you and me,",
		"Fun fact:", "Spoiler alert:", "No joke,", "Funny enough,", "Believe it or not,", "Plot twist:",
	},
	[]string{
		"Research shows that", "The evidence is clear:", "Make no mistake:", "Experience confirms that", "Without question,", "Studies consistently show that",
		"The data is unambiguous:", "Decades of practice show that", "Put simply,", "Time and again,", "Let there be no doubt:", "Top performers know that",
	},
)

var imperativeOpeners = byTone(
	[]string{"In practice,", "As a rule,", "Where possible,", "When in doubt,", "Ideally,", "If time allows,"},
	[]string{"Honestly,", "Pro tip:", "Trust me,", "Quick tip:", "Seriously,", "Do yourself a favour:"},
	[]string{"Make no mistake:", "Above all,", "Without exception,", "First and foremost,", "In every case,", "As a matter of discipline,"},
)

// listLeads introduce a list after a section's lead sentence. A post may
// have a list in six sections and uses each lead once, so every tone needs
// at least six, each opening with different words.
var listLeads = byTone(
	[]string{
		"The key points are summarised below.", "The main considerations are listed below.", "A short checklist follows.",
		"Several factors stand out.", "Each point below deserves attention.", "Below is a concise overview.", "In summary, the essentials are:",
	},
	[]string{
		"Here's what that looks like:", "Quick rundown:", "In a nutshell:", "Let's break it down:",
		"Cheat sheet time:", "The short version:", "Keep these handy:",
	},
	[]string{
		"The essentials are set out below.", "These are the points that matter:", "Note each of the following:", "The requirements are non-negotiable:",
		"Every item below counts:", "Study this list closely:", "No item here is optional:",
	},
)

// noOpener lists first words that already open a clause; stacking an
// opener on top of them reads badly ("Typically, once ...").
var noOpener = map[string]bool{
	"once": true, "when": true, "if": true, "as": true, "at": true, "over": true, "by": true,
	"after": true, "within": true, "for": true, "of": true, "even": true, "another": true,
}

// flavor sentences are sprinkled into paragraphs; they carry the tone.
var flavor = byTone(
	[]string{
		"Starting here is a sensible choice.",
		"The trade-offs are worth considering carefully.",
		"A measured approach tends to work best here.",
		"It pays to review this periodically.",
		"Consider how this fits with your existing priorities.",
		"The right balance will depend on your goals and resources.",
		"Small, well-documented changes make evaluation much easier.",
		"This approach scales well as your needs grow.",
		"Clear expectations at the outset prevent confusion later.",
		"Sound judgement matters more than any single rule.",
		"Evaluate the options against your own criteria rather than popular opinion.",
		"Steady, incremental progress is the realistic goal.",
	},
	[]string{
		"You'll be surprised how quickly this adds up.",
		"Don't overthink it; just start.",
		"It's easier than it sounds, promise.",
		"Sounds simple, right? It really is.",
		"You've got this.",
		"Trust me, your future self will thank you.",
		"Give it a shot and see what happens.",
		"No pressure, though; go at your own pace.",
		"It's a small change, but it makes a big difference.",
		"Here's a little secret: almost everyone struggles with this at first.",
		"Think of it as an experiment, not a test.",
		"And hey, if it doesn't work, you'll have learned something useful.",
	},
	[]string{
		"This is not optional.",
		"The results speak for themselves.",
		"Professionals do not leave this to chance.",
		"The evidence on this point is consistent and clear.",
		"Anything less is a compromise you cannot afford.",
		"Those who ignore this principle consistently underperform.",
		"There are no shortcuts here.",
		"Get this right and everything else becomes easier.",
		"Serious practitioners separate themselves from the rest right here.",
		"Follow this rule without exception.",
		"The data leaves little room for doubt.",
		"Treat this as a standard, not a suggestion.",
	},
)

// generic sentences fit any section; they are used when a section's own
// pool runs dry on long articles.
var generic = []string{
	"It is worth pausing here to check how this applies to your own situation.",
	"Context always matters, so adapt these ideas rather than copying them exactly.",
	"A little preparation at this stage prevents a lot of frustration later.",
	"!Keep the bigger picture in mind: every small improvement supports your overall goal with {topic}.",
	"!Write down one action you will take this week based on this section.",
	"If something here does not fit your circumstances, adjust it and keep moving.",
	"Progress rarely looks like a straight line, and that is perfectly normal.",
	"The details matter, but not as much as showing up consistently.",
	"Clear thinking beats clever tactics in almost every situation.",
	"Simple ideas applied consistently tend to outperform complex ideas applied occasionally.",
	"!Ask yourself what the smallest useful next step would be, then take it.",
	"Over time, these small choices add up to a noticeably different result.",
	"It helps to revisit this idea after a few weeks of practice, when it will make more sense.",
	"There is no need to master everything at once; focus on what is most relevant to you now.",
	"Most of the value comes from doing the obvious things well, not from obscure tricks.",
}

// fallbackFocus stands in for {kw} when the request has no keywords.
var fallbackFocus = []string{"the fundamentals", "consistency", "your daily routine", "clear goals", "small experiments", "regular reviews"}

// headlines for topic mode.
var headlines = byTone(
	[]string{
		"A Practical Guide to {TopicTitle}",
		"{TopicTitle}: A Practical Framework for Better Results",
		"How to Approach {TopicTitle} the Right Way",
		"{TopicTitle}: Principles, Pitfalls and Proven Steps",
	},
	[]string{
		"{TopicTitle} Made Simple: A Friendly Guide",
		"Your No-Stress Guide to {TopicTitle}",
		"{TopicTitle}: What Actually Works (and What Doesn't)",
		"Getting Started With {TopicTitle}? Read This First",
	},
	[]string{
		"The Definitive Guide to {TopicTitle}",
		"{TopicTitle}: What the Evidence Says and What You Must Do",
		"Mastering {TopicTitle}: The Essential Framework",
		"{TopicTitle}: The Rules That Actually Matter",
	},
)

// shortHeadlines are used for the meta title when the headline is too long.
var shortHeadlines = byTone(
	[]string{"{TopicTitle}: A Practical Guide", "{TopicTitle}"},
	[]string{"{TopicTitle} Made Simple", "{TopicTitle}"},
	[]string{"{TopicTitle}: The Definitive Guide", "{TopicTitle}"},
)

// intros are ordered sentence slots; one variant is picked per slot. The
// first slot carries a strong tone marker on purpose.
var intros = map[ai.Tone][][]string{
	ai.ToneProfessional: {
		{
			"When it comes to {topic}, thoughtful planning pays off more than raw effort.",
			"Few areas reward a structured approach as reliably as {topic}.",
		},
		{
			"This guide sets out a practical approach to {topic}, from the core principles to the habits that sustain results.",
			"The sections below walk through a clear, realistic approach to {topic}, with steps you can apply straight away.",
		},
		{
			"Whether you are just getting started or refining an existing approach, you will find guidance you can put into practice this week.",
			"It is written for busy readers who want reliable guidance rather than quick fixes.",
		},
		{
			"Along the way, we will look at {kw} and where that fits into the wider picture.",
			"We will also consider {kw}, which deserves more attention than it usually gets.",
		},
		{
			"Each section stands on its own, so feel free to jump to the part that matters most to you.",
			"The aim is simple: fewer wasted efforts and more dependable progress.",
		},
	},
	ai.ToneCasual: {
		{
			"Let's be honest: {topic} can feel overwhelming when you're just getting started.",
			"So you want to get better at {topic}? You're in the right place.",
		},
		{
			"The good news? You don't need to figure it all out at once.",
			"Here's the secret: you don't need to be an expert to see real progress.",
		},
		{
			"In this guide, you'll find a friendly, no-fluff walkthrough of what actually works, plus the mistakes you'll want to skip.",
			"We'll walk through the stuff that actually matters, step by step, and you'll come away with a plan you can use today.",
		},
		{
			"We'll also dig into {kw}, because that makes a bigger difference than most people think.",
			"Oh, and we'll chat about {kw} too, since most people overlook that part.",
		},
		{
			"Grab a coffee, get comfy and let's dive in.",
			"Ready? Let's jump right in.",
		},
	},
	ai.ToneAuthoritative: {
		{
			"Research shows that the difference between success and failure with {topic} comes down to a small number of fundamentals.",
			"Research shows that most people who struggle with {topic} are missing the same few essentials.",
		},
		{
			"This guide sets out exactly what those fundamentals are and how to apply them.",
			"What follows is a clear framework built on what consistently works, not on passing trends.",
		},
		{
			"You must get the basics right before advanced tactics deliver any value.",
			"The approach is demanding, and it must be followed with discipline to deliver results.",
		},
		{
			"We will also examine {kw}, an area that serious practitioners cannot afford to neglect.",
			"Particular attention goes to {kw}, where the gap between experts and everyone else is widest.",
		},
		{
			"Read it carefully, apply it consistently and measure the outcome.",
			"Follow it, and you will outperform the majority who rely on guesswork.",
		},
	},
}

var conclusionHeadings = byTone(
	[]string{"Conclusion", "Final Thoughts", "Key Takeaways"},
	[]string{"Wrapping Up", "The Bottom Line", "Let's Wrap This Up"},
	[]string{"The Bottom Line", "Conclusion: What to Do Next", "Final Verdict"},
)

// conclusions mirror intros. {kwlist} slots are skipped without keywords;
// every variant of that slot names {kwlist}, which guarantees that each
// keyword appears in the body.
var conclusions = map[ai.Tone][][]string{
	ai.ToneProfessional: {
		{
			"Progress with {topic} comes from clear goals, consistent execution and regular review.",
			"Success with {topic} is rarely about a single breakthrough; it is the product of many sensible decisions.",
		},
		{
			"!Start with the fundamentals, measure what matters and adjust as you learn.",
			"Begin with a modest plan, track a few meaningful numbers and refine your approach every few weeks.",
		},
		{
			"Keep {kwlist} in view, and build from there.",
			"Giving steady attention to {kwlist} will make the rest of the plan easier to sustain.",
		},
		{
			"With a measured approach, steady results are well within reach.",
			"Applied consistently, these ideas will serve you well for years.",
		},
	},
	ai.ToneCasual: {
		{
			"And that's a wrap! Getting good at {topic} doesn't have to be complicated.",
			"There you have it: {topic} without the overwhelm.",
		},
		{
			"Start small, stay consistent and don't beat yourself up over the odd bad week.",
			"Pick one idea from this post, try it this week and see how it feels.",
		},
		{
			"Keep {kwlist} on your radar and you'll be ahead of most people.",
			"Don't forget about {kwlist}; that's where a lot of the magic happens.",
		},
		{
			"You've got everything you need to get going, so go for it!",
			"Have fun with it, and let us know how it goes!",
		},
	},
	ai.ToneAuthoritative: {
		{
			"The path to results with {topic} is clear.",
			"The principles behind success with {topic} are not a mystery.",
		},
		{
			"You must commit to the fundamentals, measure relentlessly and act on what the evidence tells you.",
			"Execution is what separates results from intentions, and it must be consistent.",
		},
		{
			"Prioritise {kwlist}, and do not let short-term noise distract you.",
			"Treat {kwlist} as a priority, not an afterthought.",
		},
		{
			"Follow this framework and the results will follow.",
			"Apply these principles without compromise, and you will see the difference.",
		},
	},
}

// moreReading closes the conclusion when the category is known.
var moreReading = "For more ideas, explore the rest of our {category} articles."

// excerptTemplates describe the article in one sentence; {covers} lists
// what the chosen sections cover.
var excerptTemplates = byTone(
	[]string{"A practical guide to {topic}, covering {covers}.", "A clear, realistic look at {topic}, including {covers}."},
	[]string{"Everything you need to know about {topic}, from {covers}, minus the fluff.", "A friendly, no-stress guide to {topic}, with {covers}."},
	[]string{"The definitive guide to {topic}: {covers}.", "A proven framework for {topic}, covering {covers}."},
)

var excerptHooks = byTone(
	[]string{"Use it to build steady, dependable progress.", "Apply it at your own pace."},
	[]string{"You'll be up and running in no time.", "Let's make it easy."},
	[]string{"Follow it and the results will follow.", "Apply it with discipline."},
)

// angle is one kind of section. sentences[0] is the lead and always opens
// the section; the rest are drawn at random.
type angle struct {
	id        string
	covers    string // used in the excerpt, e.g. "a step-by-step plan"
	headings  []string
	toned     tonePhrases // extra tone-specific headings
	sentences []string
	list      *listSpec
	faq       []qa
	story     [][]string
}

type listSpec struct {
	ordered bool
	items   []string
	min     int
	keep    bool // keep the item order (steps)
}

type qa struct{ q, a string }

// The angles, in the order they appear in an article.
var angles = []angle{
	{
		id:       "why",
		covers:   "why it matters",
		headings: []string{"Why {TopicTitle} Matters", "Why {TopicTitle} Deserves Your Attention", "The Case for Taking {TopicTitle} Seriously"},
		toned:    byTone([]string{"The Value of a Thoughtful Approach"}, []string{"So, Why Should You Care?"}, []string{"Why {TopicTitle} Cannot Be Ignored"}),
		sentences: []string{
			"Interest in {topic} keeps growing, and for good reason: small improvements here tend to compound over months rather than days.",
			"The people who get the most out of {topic} are rarely the most talented; they are the ones who treat it as a long-term practice.",
			"Getting {topic} right is {key} because it touches so many other decisions you make every week.",
			"Understanding the basics of {topic} lets you stop guessing and start making choices you can defend.",
			"Ignoring {topic} rarely causes a crisis overnight, but the missed opportunities add up quietly.",
			"A thoughtful approach to {topic} saves time, money and frustration, which is why it is worth learning properly.",
			"Much of the advice about {topic} online is contradictory, so a clear framework is more valuable than another list of hacks.",
			"For beginners and experienced practitioners alike, {topic} offers one of the best returns on a modest investment of effort.",
			"The real benefit of {topic} is not a single dramatic result but a steady series of wins that build confidence.",
			"Once you factor in {kw}, the value of a consistent plan becomes even clearer.",
			"Anyone who has tried to improve at {topic} without a plan knows how quickly motivation fades.",
			"Understanding {kw} gives you a practical edge, because it turns vague goals into specific actions.",
			"The stakes are higher than they look: the habits you form around {topic} today will shape your results for years.",
			"It also helps to remember that getting better at {topic} is a skill, and skills respond to deliberate practice.",
			"Time spent learning about {topic} is an investment, not an expense.",
		},
	},
	{
		id:       "basics",
		covers:   "the core principles",
		headings: []string{"The Core Principles of {TopicTitle}", "{TopicTitle} Fundamentals You Need to Know", "Start With the Fundamentals"},
		toned:    byTone([]string{"A Framework for Getting Started"}, []string{"The Basics (Without the Jargon)"}, []string{"The Principles That Govern {TopicTitle}"}),
		sentences: []string{
			"Every successful approach to {topic} rests on a few principles: clarity about your goal, consistency in execution and honesty when reviewing results.",
			"!Start by defining what success looks like for you, because a vague goal makes every later decision harder.",
			"Simplicity beats sophistication in the early stages; a basic plan you follow is better than a perfect plan you abandon.",
			"Consistency is {key}, since the benefits of {topic} come from repetition more than intensity.",
			"Context matters too: what works for one person or business may need adjusting for yours.",
			"!Pay close attention to {kw}; small details here often separate average results from excellent ones.",
			"!Learn the vocabulary of {topic} early so you can evaluate advice critically instead of taking it on faith.",
			"!Focus on the inputs you control, such as time, effort and preparation, rather than obsessing over outcomes you cannot.",
			"Feedback loops are the engine of improvement: act, observe, adjust and repeat.",
			"A good rule of thumb is to change one variable at a time so you know what actually made the difference.",
			"The quality of your information matters, so favour sources that explain their reasoning and show evidence.",
			"!Treat {kw} as a foundation rather than an afterthought; everything else builds on that foundation.",
			"Patience is part of the method, because meaningful progress with {topic} usually takes weeks, not days.",
			"Writing your principles down helps; a short list you can revisit keeps you grounded when new trends appear.",
		},
		list: &listSpec{min: 4, items: []string{
			"<strong>Clarity:</strong> know exactly what you want from {topic}.",
			"<strong>Consistency:</strong> show up regularly, even when progress feels slow.",
			"<strong>Measurement:</strong> track a few numbers that reflect real progress.",
			"<strong>Simplicity:</strong> remove steps that do not move you forward.",
			"<strong>Adaptability:</strong> adjust your plan when the evidence changes.",
			"<strong>Focus:</strong> give real attention to {kw}.",
		}},
	},
	{
		id:       "myths",
		covers:   "common myths",
		headings: []string{"Myths and Misconceptions About {TopicTitle}", "Separating Fact From Fiction", "What Most People Get Wrong"},
		toned:    byTone([]string{"Common Misconceptions, Examined"}, []string{"Let's Bust a Few Myths"}, []string{"Debunking the Most Persistent Myths"}),
		sentences: []string{
			"Myths spread because they contain a grain of truth, which makes them easy to believe and hard to dislodge.",
			"Many misconceptions about {topic} come from marketing that promises shortcuts.",
			"Outdated advice is another source of confusion: it made sense years ago but no longer reflects best practice.",
			"A healthy dose of scepticism protects you from wasting time on approaches that were never going to work.",
			"!When you hear a bold claim, ask what evidence supports it and who benefits if you believe it.",
			"Questioning assumptions is not cynicism; it is how you find the approaches that genuinely work.",
			"The truth about {topic} is usually less exciting than the myths, but far more useful.",
			"Letting go of these myths frees up time and energy for the things that actually move the needle.",
			"!Be especially careful with claims about {kw}, where oversimplified advice is common.",
			"If an idea sounds too good to be true, test it on a small scale before committing to it.",
			"Even experienced people hold on to a few of these beliefs, so there is no shame in revisiting them.",
		},
		list: &listSpec{min: 4, items: []string{
			"<strong>Myth:</strong> you need to be an expert to benefit from {topic}. <strong>Reality:</strong> beginners often see the fastest early gains.",
			"<strong>Myth:</strong> more effort always means better results. <strong>Reality:</strong> focused, consistent effort beats sheer volume.",
			"<strong>Myth:</strong> there is one right way to do it. <strong>Reality:</strong> the best approach is the one that fits your goals and constraints.",
			"<strong>Myth:</strong> results should come quickly. <strong>Reality:</strong> most meaningful progress takes months, not days.",
			"<strong>Myth:</strong> you can safely ignore {kw}. <strong>Reality:</strong> that shortcut usually costs more than it saves.",
			"<strong>Myth:</strong> expensive tools guarantee success. <strong>Reality:</strong> habits and judgement matter far more than budget.",
		}},
	},
	{
		id:       "steps",
		covers:   "a step-by-step plan",
		headings: []string{"A Step-by-Step Plan for {TopicTitle}", "How to Get Started With {TopicTitle}", "Getting Started: A Practical Roadmap"},
		toned:    byTone([]string{"A Structured Plan You Can Follow"}, []string{"Let's Get You Started"}, []string{"The Proven Process for {TopicTitle}"}),
		sentences: []string{
			"The following sequence works well whether you are starting from scratch or resetting after a false start.",
			"The order matters more than it seems: skipping the assessment step makes it impossible to know whether your plan is working.",
			"!Resist the urge to do everything at once; momentum comes from finishing small steps, not starting big ones.",
			"If a step feels too large, split it in half until the next action is obvious.",
			"!Expect the first cycle to feel clumsy, which is normal and a sign that you are learning.",
			"!Schedule your review in advance, otherwise it will be pushed aside by more urgent work.",
			"By the third or fourth cycle, most people find the process becomes second nature.",
			"!Keep notes as you go, because your own records will become the most useful guide to {topic} you own.",
			"At the review step, look at {kw} first, since that is usually where the biggest opportunity hides.",
			"A realistic timeline prevents disappointment: give each change at least a few weeks before judging it.",
			"Sharing your plan with someone you trust adds a little accountability, and that goes a long way.",
			"!Remember that the plan is a tool, not a contract, and it {should} evolve as you learn.",
			"Done consistently, these steps turn {topic} from a vague intention into a routine.",
		},
		list: &listSpec{ordered: true, keep: true, min: 5, items: []string{
			"<strong>Define your goal.</strong> Write down one specific outcome you want from {topic} in the next 90 days.",
			"<strong>Assess your starting point.</strong> Take an honest snapshot of your current situation so you can measure progress later.",
			"<strong>Learn the essentials.</strong> Spend a few focused hours on the fundamentals, especially {kw}.",
			"<strong>Make a simple plan.</strong> Break the goal into weekly actions that fit your real schedule.",
			"<strong>Start small.</strong> Pick the easiest meaningful action and do it today.",
			"<strong>Track your progress.</strong> Record what you did and what happened, even briefly.",
			"<strong>Review and adjust.</strong> Every two to four weeks, keep what works and drop what does not.",
		}},
	},
	{
		id:       "tools",
		covers:   "useful tools",
		headings: []string{"Tools and Resources for {TopicTitle}", "What You Need to Get Started", "Building Your Toolkit"},
		toned:    byTone([]string{"Choosing the Right Resources"}, []string{"Handy Tools That Make Life Easier"}, []string{"The Essential Toolkit"}),
		sentences: []string{
			"Expensive software is not required to make progress with {topic}; the right habits matter more than the right apps.",
			"!Choose tools that fit the way you already work, otherwise you will spend more time maintaining them than using them.",
			"A single source of truth, such as one tracker instead of five, prevents confusion and duplicated effort.",
			"Free tools are often enough at the start, and you can upgrade once you know exactly what you need.",
			"When evaluating a new tool, ask whether it saves time every week or simply looks impressive.",
			"Checklists are underrated: they reduce mistakes and free up attention for the decisions that matter.",
			"For {kw}, the best resources are written by practitioners who show their work rather than just their results.",
			"Communities can be a great source of practical tips, but filter advice through your own goals and context.",
			"!Review your toolkit every few months and remove anything you have stopped using.",
			"Automation helps once a process is stable, but automating a messy process only makes the mess faster.",
			"The best tool is the one you will actually open tomorrow.",
			"!Keep your setup portable so that a change of device or schedule does not derail your progress.",
		},
		list: &listSpec{min: 4, items: []string{
			"<strong>A simple tracker:</strong> a spreadsheet, notebook or app to log actions and results.",
			"<strong>A calendar block:</strong> protected time each week dedicated to {topic}.",
			"<strong>Trusted references:</strong> two or three reliable sources you return to instead of endless searching.",
			"<strong>Templates and checklists:</strong> reusable formats that remove friction from repeated tasks.",
			"<strong>A community:</strong> a group, forum or mentor who can answer questions and keep you honest.",
			"<strong>A resource on {kw}:</strong> a focused guide or course that goes deeper on this area.",
			"<strong>A review ritual:</strong> a short weekly check-in to decide what to keep, change or stop.",
		}},
	},
	{
		id:       "mistakes",
		covers:   "common mistakes",
		headings: []string{"Common {TopicTitle} Mistakes to Avoid", "Mistakes That Hold People Back", "Pitfalls to Watch Out For"},
		toned:    byTone([]string{"Avoidable Errors and How to Prevent Them"}, []string{"Oops: Mistakes We've All Made"}, []string{"The Costly Errors Most People Make"}),
		sentences: []string{
			"Most setbacks with {topic} come from a handful of predictable mistakes rather than bad luck.",
			"The good news is that each of these mistakes is easy to spot once you know what to look for.",
			"Of all of them, quitting too early is probably the most common, because progress is rarely linear.",
			"A useful habit is to run a short pre-mortem before starting: imagine the plan failed and ask why.",
			"If you recognise yourself in this list, do not worry; awareness is the first step toward fixing it.",
			"Mistakes are also valuable data, so note what went wrong instead of simply moving on.",
			"Another subtle error is measuring the wrong thing, such as activity instead of outcomes.",
			"!Be wary of advice that promises fast results with {topic}; sustainable progress rarely looks dramatic.",
			"Overconfidence is a risk too, especially after an early win that may have been partly luck.",
			"When something goes wrong, look at {kw} before blaming your overall strategy.",
			"Correcting even one of these mistakes can noticeably improve your results within a month.",
			"The aim is not perfection but fewer unforced errors over time.",
		},
		list: &listSpec{min: 4, items: []string{
			"<strong>Trying to change everything at once.</strong> It leads to burnout and makes results impossible to interpret.",
			"<strong>Copying someone else's plan wholesale.</strong> Their goals, resources and constraints are not yours.",
			"<strong>Overlooking {kw}.</strong> Easy to do, and expensive to fix later.",
			"<strong>Chasing trends.</strong> The newest tactic is rarely the most effective one.",
			"<strong>Skipping measurement.</strong> Without data, you are relying on memory and mood.",
			"<strong>Quitting too early.</strong> Many approaches to {topic} only pay off after several weeks.",
			"<strong>Overcomplicating the setup.</strong> Complex systems are hard to maintain when life gets busy.",
			"<strong>Neglecting the basics.</strong> Advanced techniques cannot compensate for weak fundamentals.",
		}},
	},
	{
		id:       "habits",
		covers:   "building lasting habits",
		headings: []string{"Building Habits That Last", "Staying Consistent With {TopicTitle}", "Making {TopicTitle} Part of Your Routine"},
		toned:    byTone([]string{"Designing a Sustainable Routine"}, []string{"How to Actually Stick With It"}, []string{"Discipline: The Deciding Factor"}),
		sentences: []string{
			"Motivation gets you started, but habits keep you going when enthusiasm runs out.",
			"!Attach your new routine to something you already do every day, such as your morning coffee or commute.",
			"!Make the first step so easy that skipping it feels silly.",
			"!Plan for disruptions in advance: decide now what the minimum version of your routine looks like on a bad day.",
			"Missing once is an accident; missing twice is the start of a new habit, so get back on track quickly.",
			"!Keep your environment working for you by removing friction from the actions you want to repeat.",
			"Visible progress is motivating, so keep your tracker somewhere you will see it.",
			"Pairing {topic} with something you enjoy makes the routine far more appealing.",
			"Small, regular sessions usually beat occasional marathons, both for results and for sustainability.",
			"!Reward the behaviour, not just the outcome, especially in the early weeks.",
			"A routine that keeps failing usually has a design problem, not a character problem.",
			"Consistency with {kw} in particular tends to pay off faster than most people expect.",
			"Over time, the routine becomes part of your identity, and that is when progress becomes almost automatic.",
		},
	},
	{
		id:       "metrics",
		covers:   "how to measure progress",
		headings: []string{"How to Measure Your Progress", "Measuring Results With {TopicTitle}", "Tracking What Matters"},
		toned:    byTone([]string{"Evaluating Your Results"}, []string{"How to Tell If It's Working"}, []string{"The Metrics That Matter"}),
		sentences: []string{
			"What gets measured gets managed, but only if you measure the right things.",
			"!Pick no more than three to five numbers; a dashboard with twenty metrics is a dashboard nobody reads.",
			"Leading indicators are especially useful for {topic}, because outcomes often lag behind effort by weeks.",
			"!Set a baseline before making changes, otherwise you cannot tell whether a new approach is better.",
			"!Review your numbers on a fixed schedule, weekly for activity and monthly for outcomes.",
			"!Look for trends rather than single data points; one bad week means far less than a slow decline over a quarter.",
			"Pairing the numbers with short written notes helps, since context explains what the data cannot.",
			"Any metric that changes none of your decisions is not worth tracking.",
			"Tracking {kw} over time often reveals patterns that are invisible day to day.",
			"!Be honest with your data, especially when it disagrees with what you hoped to see.",
			"Celebrating measurable progress, however small, reinforces the habits behind it.",
			"Over a few months, your own records become a far better guide than any generic benchmark.",
		},
		list: &listSpec{min: 4, items: []string{
			"<strong>Consistency rate:</strong> how often you followed the plan you set.",
			"<strong>Leading indicators:</strong> early signals that predict results, such as effort, frequency or quality.",
			"<strong>Outcome measures:</strong> the end results you ultimately care about.",
			"<strong>Time invested:</strong> hours spent, so you can judge the return on your effort.",
			"<strong>Progress on {kw}:</strong> a specific measure for the area you are focusing on.",
			"<strong>Qualitative notes:</strong> how things felt, what surprised you and what you would change.",
		}},
	},
	{
		id:       "example",
		covers:   "a real-world example",
		headings: []string{"A Real-World Example", "What This Looks Like in Practice", "A Simple Case Study"},
		toned:    byTone([]string{"An Illustrative Example"}, []string{"A Quick Story"}, []string{"A Case Study in Doing It Right"}),
		story: [][]string{
			{
				"Consider {name}, {persona}, who wanted to get serious about {topic} but kept putting it off.",
				"Take {name}, {persona}, who had tried {topic} twice before without lasting results.",
			},
			{
				"At first, {name} followed a complicated plan found online and gave up within a couple of weeks.",
				"The problem was not motivation; it was trying to do too much with too little time.",
			},
			{
				"The turning point came when {name} stripped the plan back to one goal and a fifteen-minute daily routine.",
				"Instead of starting over, {name} chose a single focus area, {kw}, and ignored everything else for a month.",
			},
			{
				"Each week, {name} spent a few minutes reviewing what had worked and adjusted the next week's plan.",
				"Tracking each session in a notebook made progress visible, which turned out to be a powerful motivator.",
			},
			{
				"After three months, the results were clear: steadier progress, fewer setbacks and far less stress.",
				"Within twelve weeks, {name} had achieved more than in the previous year of stop-start effort.",
			},
			{
				"{name} now says the most valuable part of the process was learning what not to do.",
				"Looking back, {name} credits the weekly review more than any single technique.",
			},
		},
		sentences: []string{
			"The lesson is simple: with {topic}, a modest plan followed consistently beats an ambitious plan followed occasionally.",
			"!Notice that nothing in this story required special talent or expensive resources.",
			"What made the difference was not a secret technique but a structure that fit real life.",
			"The approach also left room for bad weeks, which is exactly why it survived them.",
			"Your situation will differ, but the same pattern applies to almost anyone starting out with {topic}.",
			"Stories like this are common among people who stick with {topic} for the long run.",
			"The details of the plan mattered less than the decision to keep it small and keep showing up.",
		},
	},
	{
		id:       "advanced",
		covers:   "advanced tips",
		headings: []string{"Advanced Tips for {TopicTitle}", "Taking {TopicTitle} to the Next Level", "Going Beyond the Basics"},
		toned:    byTone([]string{"Refining Your Approach"}, []string{"Level Up: Tips for When You're Ready"}, []string{"Advanced Strategies That Deliver Results"}),
		sentences: []string{
			"Once the fundamentals are in place, small refinements can produce surprisingly large gains.",
			"!Experiment deliberately: change one element, run it for a few weeks and compare the results with your baseline.",
			"!Study people who are a few steps ahead of you, since their lessons are recent and relevant.",
			"!Batch similar tasks together to reduce the mental cost of switching between them.",
			"!Look for the constraint that limits your progress most, and focus your effort there first.",
			"At this stage, a deeper understanding of {kw} often unlocks the next level of results.",
			"!Build in recovery and slack; pushing at full intensity all the time eventually backfires.",
			"!Document your best practices so they survive busy weeks and can be shared with others.",
			"!Revisit assumptions you made at the start, because some of them will no longer hold.",
			"!Seek critical feedback from someone experienced; praise feels good, but critique helps you improve.",
			"Advanced practitioners of {topic} tend to say no to more things, protecting focus for what matters.",
			"Teaching what you know, even informally, is one of the fastest ways to deepen your own understanding.",
			"!Combine {kw} with what you have already learned to create an approach that is genuinely your own.",
		},
	},
	{
		id:       "future",
		covers:   "long-term planning",
		headings: []string{"Planning for the Long Term", "Where {TopicTitle} Is Heading", "Thinking Beyond the First Few Months"},
		toned:    byTone([]string{"Sustaining Results Over Time"}, []string{"What's Next for You"}, []string{"Building a Lasting Advantage"}),
		sentences: []string{
			"The approaches that work best over years are rarely the ones that produce the fastest first month.",
			"!Expect the landscape around {topic} to keep changing, and build a routine that can adapt without starting from scratch.",
			"Staying curious is a competitive advantage, so set aside time each quarter to learn something new.",
			"Principles age well, while tactics expire, so invest most of your learning time in the former.",
			"As your experience grows, your goals will change, and your plan {should} change with them.",
			"!Keep an eye on developments related to {kw}, since this area is likely to evolve quickly.",
			"Long-term success also depends on avoiding burnout, which means pacing yourself deliberately.",
			"!Build relationships with others who share your interest in {topic}; networks compound just like skills.",
			"!Revisit your original reasons for starting at least once a year to make sure they still hold.",
			"Small, steady gains sustained for several years usually outperform dramatic short-term pushes.",
			"!Think of your current plan as version one, with many improvements still to come.",
			"The people who thrive are those who keep learning long after the initial excitement has faded.",
		},
	},
	{
		id:       "faq",
		covers:   "answers to common questions",
		headings: []string{"Frequently Asked Questions", "Questions People Often Ask", "Your {TopicTitle} Questions, Answered"},
		toned:    byTone([]string{"Common Questions"}, []string{"Quick Answers to Common Questions"}, []string{"Expert Answers to Common Questions"}),
		sentences: []string{
			"These are the questions that come up most often, with short, practical answers.",
			"If your question is not covered here, the principles above will usually point you in the right direction.",
		},
		faq: []qa{
			{"How long does it take to see results with {topic}?", "It varies, but most people notice early signs of progress within four to eight weeks of consistent effort. Bigger results tend to arrive after three to six months."},
			{"Do I need special equipment or software?", "Rarely. Protected time in your calendar and a basic tracker cover most needs at the start, and you can add tools once you know what is missing."},
			{"What is the biggest mistake beginners make?", "Trying to do too much too soon. Starting small and building gradually is far more sustainable."},
			{"How much attention should I give to {kw}?", "More than most people expect. Few areas repay a little extra attention as quickly."},
			{"Can I fit {topic} into a tight schedule?", "Yes. Short, regular sessions work well, and a fifteen-minute routine done daily often beats a long session done once a week."},
			{"How do I know if my approach is working?", "Compare your current numbers with the baseline you recorded at the start. If the trend is positive over several weeks, you are on the right track."},
			{"Should I follow one expert or combine advice from several?", "Start with one coherent approach so you can judge it fairly. Once you understand the fundamentals, borrowing ideas from others becomes much safer."},
			{"What should I do after a setback?", "Treat it as information rather than failure. Identify what caused it, adjust one thing and get back to your routine as soon as possible."},
		},
	},
}

// people star in the case example.
var people = [][2]string{
	{"Maya", "a freelance designer with a packed schedule"},
	{"Daniel", "a small business owner"},
	{"Priya", "a busy parent of two"},
	{"Tom", "a software engineer who likes data"},
	{"Elena", "a teacher looking for a fresh challenge"},
	{"Sam", "a recent graduate"},
	{"Grace", "a marketing manager at a growing startup"},
	{"Leo", "a retiree with time to experiment"},
}

// quotes become a blockquote in longer articles.
var quotes = byTone(
	[]string{
		"Progress with {topic} comes from consistent, well-judged steps rather than occasional bursts of effort.",
		"A plan you can sustain is worth more than a plan that looks impressive on paper.",
	},
	[]string{
		"You don't have to be great to start, but you do have to start to get great.",
		"Small steps, taken often, beat big leaps taken rarely. Every single time.",
	},
	[]string{
		"Discipline in the fundamentals is what separates lasting results from wishful thinking.",
		"Measure what matters, act on the evidence and never mistake activity for progress.",
	},
)

// contractions make the casual tone sound like speech. Only exact phrases
// are replaced, so templates are written to avoid awkward results.
var contractions = []string{
	"You will", "You'll", "you will", "you'll",
	"Do not", "Don't", "do not", "don't",
	"does not", "doesn't", "is not", "isn't", "are not", "aren't",
	"cannot", "can't", "will not", "won't", "have not", "haven't",
	"It is", "It's", "it is", "it's",
	"That is", "That's", "that is", "that's",
	"You are", "You're", "you are", "you're",
	"We will", "We'll", "we will", "we'll",
	"There is", "There's", "there is", "there's",
	"What is", "What's",
}
