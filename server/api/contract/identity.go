package contract

// BrandResponse is the owner's brand form: GET and PUT /api/workspace/brand.
type BrandResponse struct {
	Brand BrandSettings `json:"brand"`
}

// BrandSettings is a blog's brand as its owner edits it.
type BrandSettings struct {
	// Each image is an upload or library image of the workspace ("" for none).
	LogoURL        string       `json:"logoUrl"`
	FaviconURL     string       `json:"faviconUrl"`
	SocialImageURL string       `json:"socialImageUrl"`
	SocialLinks    []SocialLink `json:"socialLinks"`
	// WhiteLabel: the workspace's plan hides the platform's marks.
	WhiteLabel bool `json:"whiteLabel"`
}

// BrandInput saves the brand form: PUT /api/workspace/brand. An image must
// be the workspace's own (400 invalid_image); links are at most 8, each a
// known network and an https address (400 invalid_link).
type BrandInput struct {
	LogoURL        string       `json:"logoUrl"`
	FaviconURL     string       `json:"faviconUrl"`
	SocialImageURL string       `json:"socialImageUrl"`
	SocialLinks    []SocialLink `json:"socialLinks"`
}

// AuthorProfile is the caller's author profile: GET and PUT
// /api/workspace/author.
type AuthorProfile struct {
	// Slug names the author's page; it is made once and never changes.
	Slug string `json:"slug"`
	// DisplayName is the name readers see ("" shows DefaultName).
	DisplayName string `json:"displayName"`
	UserName    string `json:"userName"`
	// DefaultName is the name readers see while DisplayName is empty: the
	// account's name, or on the platform's own blog its configured author.
	// Sending it as the display name leaves the display name empty.
	DefaultName string       `json:"defaultName"`
	Bio         string       `json:"bio"`
	AvatarURL   string       `json:"avatarUrl"`
	Links       []SocialLink `json:"links"`
	// URL is the author's page on the caller's blog.
	URL string `json:"url"`
}

// AuthorProfileResponse answers the profile endpoints.
type AuthorProfileResponse struct {
	Profile AuthorProfile `json:"profile"`
}

// AuthorProfileInput saves the caller's profile. The avatar must be an image
// of the caller's workspace; the bio is at most 300 characters.
type AuthorProfileInput struct {
	DisplayName string       `json:"displayName"`
	Bio         string       `json:"bio"`
	AvatarURL   string       `json:"avatarUrl"`
	Links       []SocialLink `json:"links"`
}

// AuthorPage is an author on one blog with a page of their public posts
// there, newest first: GET /api/authors/{slug}?workspace=&page=&limit=.
type AuthorPage struct {
	Author  Author        `json:"author"`
	Posts   []PostSummary `json:"posts"`
	Page    int           `json:"page"`
	HasMore bool          `json:"hasMore"`
}
