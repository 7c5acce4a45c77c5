package contract

// Plan is a plan tier as the API shows it: the landing page's pricing and the
// owner's dashboard. MaxCategories 0 means no cap.
type Plan struct {
	ID             string `json:"id"`
	Name           string `json:"name"`
	BetaPrice      int    `json:"betaPrice"`
	RegularPrice   int    `json:"regularPrice"`
	PostsPerMonth  int    `json:"postsPerMonth"`
	ImagesPerMonth int    `json:"imagesPerMonth"`
	MaxCategories  int    `json:"maxCategories"`
	// MaxBlogs is how many blogs an account on the plan may own (0:
	// unlimited); each has the plan's monthly allowance.
	MaxBlogs int `json:"maxBlogs"`
	// CustomDomain: the plan may serve its blog on a domain of its own.
	CustomDomain bool     `json:"customDomain"`
	Features     []string `json:"features"`
	// WhiteLabel: the plan's blogs show no platform mark (left out when not).
	WhiteLabel bool `json:"whiteLabel,omitempty"`
	// EmailsPerMonth caps the newsletter e-mails sent in a month;
	// MaxSubscribers the blog's list.
	EmailsPerMonth int `json:"emailsPerMonth"`
	MaxSubscribers int `json:"maxSubscribers"`
}

// Usage is the workspace's generation counters of the month and their limits.
type Usage struct {
	Month           string `json:"month"`
	PostsGenerated  int    `json:"postsGenerated"`
	PostsLimit      int    `json:"postsLimit"`
	ImagesGenerated int    `json:"imagesGenerated"`
	ImagesLimit     int    `json:"imagesLimit"`
	Trial           bool   `json:"trial"`
	Unlimited       bool   `json:"unlimited"`
}

// WorkspaceResponse is the owner's dashboard: GET /api/workspace.
type WorkspaceResponse struct {
	Workspace Workspace `json:"workspace"`
	Settings  Settings  `json:"settings"`
	Usage     Usage     `json:"usage"`
	Plan      Plan      `json:"plan"`
	BlogURL   string    `json:"blogUrl"`
	RSSURL    string    `json:"rssUrl"`
	// Drafts counts the workspace's drafts (the dashboard's review notice).
	Drafts int `json:"drafts"`
	// Site is true for the platform's own blog (the admin's desk).
	Site bool `json:"site"`
	// Mail is how e-mail goes out and the month's newsletter e-mails.
	Mail MailStatus `json:"mail"`
	// PostStorage is what the workspace's posts and revisions store
	// against the plan's cap.
	PostStorage PostStorage `json:"postStorage"`
}

// PostStorage is the bytes of text a workspace's posts and their revisions
// take, the plan's cap on them (0: none) and the revisions kept per post.
type PostStorage struct {
	Bytes         int64 `json:"bytes"`
	LimitBytes    int64 `json:"limitBytes"`
	RevisionsKept int   `json:"revisionsKept"`
}

// SettingsResponse answers a settings change and onboarding.
type SettingsResponse struct {
	Settings Settings `json:"settings"`
}

// CategoriesResponse is a blog's categories.
type CategoriesResponse struct {
	Categories []Category `json:"categories"`
}

// CategoryResponse is one created or edited category.
type CategoryResponse struct {
	Category Category `json:"category"`
}

// NewCategory is a category as the owner sends it: the category form (an
// edit may leave the slug out) and each onboarding category.
type NewCategory struct {
	Name        string `json:"name"`
	Slug        string `json:"slug"`
	Description string `json:"description"`
	ColorHex    string `json:"colorHex"`
}

// SettingsInput is the blog settings form; empty choices keep the current
// template, colour and font.
type SettingsInput struct {
	BlogTitle       string     `json:"blogTitle"`
	BlogDescription string     `json:"blogDescription"`
	TemplateID      TemplateID `json:"templateId,omitempty"` // absent: unchanged (onboarding: the default)
	PrimaryColor    string     `json:"primaryColor"`
	FontFamily      string     `json:"fontFamily"`
	// ReviewAIPosts absent: unchanged.
	ReviewAIPosts *bool `json:"reviewAiPosts,omitempty"`
	// The writing profile; each absent: unchanged.
	BrandVoice    *string   `json:"brandVoice,omitempty"`
	Language      *Language `json:"language,omitempty"`
	DefaultTone   *Tone     `json:"defaultTone,omitempty"`
	DefaultLength *Length   `json:"defaultLength,omitempty"`
	// Newsletter choices; each absent: unchanged.
	NewsletterEnabled  *bool `json:"newsletterEnabled,omitempty"`
	NewsletterFullText *bool `json:"newsletterFullText,omitempty"`
	// ReplyTo: one e-mail address, or "" for the owner's; absent: unchanged.
	ReplyTo *string `json:"replyTo,omitempty"`
}

// OnboardingInput is the onboarding wizard: the settings, the categories
// the owner picked or made and the blog's address.
type OnboardingInput struct {
	SettingsInput
	Categories []NewCategory `json:"categories"`
	// Address is the blog's address (/blog/{address}); absent: unchanged.
	Address string `json:"address,omitempty"`
}

// AddressCheck answers GET /api/workspace/address: whether the caller's
// blog may take an address (?address=), or the address a blog name
// suggests (?name=), free for it.
type AddressCheck struct {
	Address   string `json:"address"`
	Available bool   `json:"available"`
	// Message says why the address is not available ("" when it is).
	Message string `json:"message"`
}

// AddressInput is PUT /api/workspace/address.
type AddressInput struct {
	Address string `json:"address"`
}

// AddressResponse is the workspace at its new address, with its blog's and
// feed's URLs.
type AddressResponse struct {
	Workspace Workspace `json:"workspace"`
	BlogURL   string    `json:"blogUrl"`
	RSSURL    string    `json:"rssUrl"`
}
