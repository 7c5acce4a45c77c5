package scheduler

import "strings"

// topicIdeas are ready-made topics per category, keyed by slug (the site's
// four categories and the onboarding suggestions). Categories not listed
// get the generic ideas below, filled with the category's name.
var topicIdeas = map[string][]string{
	"marketing": {
		"How to build a content calendar that survives a busy month",
		"Email marketing metrics that actually predict sales",
		"Turning one blog post into a week of social media content",
		"Affiliate marketing mistakes new creators make",
		"Writing headlines that earn the click without clickbait",
		"A simple framework for measuring social media ROI",
	},
	"keto": {
		"Keto meal prep for a busy work week",
		"How to handle the keto flu in your first week",
		"Hidden carbs in everyday foods on a keto diet",
		"Eating out on keto without derailing your progress",
		"Electrolytes on keto: what you need and why",
		"Budget-friendly keto staples for your pantry",
	},
	"fitness": {
		"A 20-minute full-body workout with no equipment",
		"How to build a running habit that sticks",
		"Strength training basics for complete beginners",
		"Why rest days matter for your fitness progress",
		"Mobility exercises for people who sit all day",
		"How to set fitness goals you will actually reach",
	},
	"tech": {
		"Productivity apps worth installing this year",
		"How to protect your accounts with passkeys and two-factor login",
		"What AI assistants can and cannot do for small businesses",
		"Choosing a laptop for content creation on a budget",
		"Automating repetitive tasks without writing code",
		"A beginner's guide to backing up your digital life",
	},
	"business": {
		"How to validate a business idea before you spend money",
		"Pricing your services with confidence",
		"Simple systems that keep a small business organised",
		"Customer retention tactics that cost nothing",
	},
	"finance": {
		"Building an emergency fund on an irregular income",
		"A plain-language guide to index funds",
		"Budgeting methods compared: which one fits you",
		"How to cut recurring costs without feeling deprived",
	},
	"travel": {
		"Packing light for a two-week trip",
		"How to plan a weekend city break on a budget",
		"Travel habits that make long flights easier",
		"Finding authentic local food when you travel",
	},
	"lifestyle": {
		"Morning routines that set up a calm day",
		"Decluttering your home one room at a time",
		"Small habits that make weeknights less stressful",
		"How to make time for hobbies as a busy adult",
	},
}

// aliases map common category slugs to the idea lists above.
var aliases = map[string]string{"technology": "tech", "digital-marketing": "marketing", "keto-diet": "keto",
	"health-wellness": "fitness", "health": "fitness", "wellness": "fitness", "money": "finance"}

// genericIdeas fit any category; %s is the category's name.
var genericIdeas = []string{
	"A beginner's guide to %s",
	"%s trends to watch this year",
	"Common %s mistakes and how to avoid them",
	"Practical %s tips you can use today",
	"The %s tools and resources worth knowing",
	"What most people get wrong about %s",
}

// RandomTopic picks a topic for an item without one. It depends only on the
// item's id, so a retried item writes about the same topic and each item of
// a series gets another.
func RandomTopic(id int64, slug, name string) string {
	if id < 0 {
		id = -id
	}
	slug = strings.ToLower(slug)
	if a, ok := aliases[slug]; ok {
		slug = a
	}
	if ideas := topicIdeas[slug]; len(ideas) > 0 {
		return ideas[id%int64(len(ideas))]
	}
	name = strings.TrimSpace(name)
	if name == "" {
		name = strings.ReplaceAll(slug, "-", " ")
	}
	return strings.Replace(genericIdeas[id%int64(len(genericIdeas))], "%s", name, 1)
}
