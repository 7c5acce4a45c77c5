package contract

// SiteInfo is the site's identity: GET /api/site.
type SiteInfo struct {
	Name          string `json:"name"`
	Tagline       string `json:"tagline"`
	SiteWorkspace string `json:"siteWorkspace"`
	BaseURL       string `json:"baseUrl"`
	// Blog is the slug of the workspace whose custom domain this host is
	// (its blog is served at "/"), else "".
	Blog string `json:"blog"`
	// AIProvider writes the posts: the built-in writer writes English
	// whatever a blog's language.
	AIProvider AIProvider `json:"aiProvider"`
}

// AIProvider names the server's AI provider.
type AIProvider string

// The providers.
const (
	AIBuiltin AIProvider = "builtin"
	AIOpenAI  AIProvider = "openai"
)

// PlansResponse is the pricing: GET /api/plans.
type PlansResponse struct {
	Plans       []Plan `json:"plans"`
	TrialDays   int    `json:"trialDays"`
	TrialPosts  int    `json:"trialPosts"`
	TrialImages int    `json:"trialImages"`
}

// PostsPage is one page of a blog's posts: GET /api/posts.
type PostsPage struct {
	Posts   []PostSummary `json:"posts"`
	Page    int           `json:"page"`
	HasMore bool          `json:"hasMore"`
}

// PostResponse is a post with a few more of its category:
// GET /api/posts/{category}/{slug}.
type PostResponse struct {
	Post    Post          `json:"post"`
	Related []PostSummary `json:"related"`
}

// PreviewResponse is a post as its private preview link shows it, draft or
// not, with its blog (GET /api/preview/{id}/{token}; 404 once the link
// has expired or been replaced).
type PreviewResponse struct {
	Post     Post          `json:"post"`
	Blog     BlogWorkspace `json:"blog"`
	Settings Settings      `json:"settings"`
}

// BlogWorkspace names the workspace a blog belongs to.
type BlogWorkspace struct {
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// BlogResponse is a blog's front matter: GET /api/blogs/{workspace}.
type BlogResponse struct {
	Workspace  BlogWorkspace `json:"workspace"`
	Settings   Settings      `json:"settings"`
	Categories []Category    `json:"categories"`
}

// SubscribeInput signs an e-mail address up for a blog's news; Workspace
// may be left out.
type SubscribeInput struct {
	Email     string `json:"email"`
	Workspace string `json:"workspace"`
}

// SubscribeResponse answers a new subscription.
type SubscribeResponse struct {
	OK bool `json:"ok"`
}
