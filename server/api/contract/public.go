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
	Brand      BlogBrand     `json:"brand"`
}

// BlogBrand is how a blog presents itself to its readers: its marks, the
// owner's links and whether the platform may show its own name on it.
type BlogBrand struct {
	// LogoURL replaces the blog's title in its header ("" for none).
	LogoURL string `json:"logoUrl"`
	// FaviconURL is the browser icon the owner chose ("" for none).
	FaviconURL string `json:"faviconUrl"`
	// IconURL is the blog's browser icon: the owner's, else one drawn from
	// the blog's name and colour ("" on the platform's own blog, which
	// shows the platform's).
	IconURL string `json:"iconUrl"`
	// SocialImageURL is shown when a page of the blog is shared and the
	// page has no image of its own ("" for none: a card drawn from the
	// blog's name and colour is shared).
	SocialImageURL string `json:"socialImageUrl"`
	// SocialLinks are the owner's profiles, in the blog's footer.
	SocialLinks []SocialLink `json:"socialLinks"`
	// WhiteLabel hides every platform mark ("Powered by ...") on the blog.
	WhiteLabel bool `json:"whiteLabel"`
	// FeedURL is the absolute address of the blog's RSS feed.
	FeedURL string `json:"feedUrl"`
	// HomeURL is the absolute address of the blog's home page (on its
	// custom domain once verified).
	HomeURL string `json:"homeUrl"`
}

// SocialLink is one profile of a blog or an author.
type SocialLink struct {
	Network SocialNetwork `json:"network"`
	URL     string        `json:"url"`
}

// SocialNetwork names the site a link points to; "website" for any other.
// Its values are internal/social's Networks (tools/tsgen writes them).
type SocialNetwork string

// Author is a post's writer as readers see them (byline, author page).
type Author struct {
	// Slug names the author's page: {blog}/author/{slug}.
	Slug      string       `json:"slug"`
	Name      string       `json:"name"`
	Bio       string       `json:"bio"`
	AvatarURL string       `json:"avatarUrl"`
	Links     []SocialLink `json:"links"`
	// URL is the absolute address of the author's page on the post's blog.
	URL string `json:"url"`
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
