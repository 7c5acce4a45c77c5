// Package contract holds the API's request and response types: the one
// contract between the server and the web app. The app's TypeScript types
// are generated from this package (see docs/api.md), so a field changes in
// one place and both sides follow.
package contract

import "time"

// PlanTier names a plan.
type PlanTier string

// The plans (internal/plan holds their terms).
const (
	PlanStarter      PlanTier = "starter"
	PlanProfessional PlanTier = "professional"
	PlanAgency       PlanTier = "agency"
	PlanAdmin        PlanTier = "admin"
)

// TemplateID names a blog template: Modern, Classic or Minimal.
type TemplateID string

// The templates.
const (
	TemplateModern  TemplateID = "template-1"
	TemplateClassic TemplateID = "template-2"
	TemplateMinimal TemplateID = "template-3"
)

// Language is a blog's language (BCP-47): what the AI writes in and the
// lang of its pages and feeds.
type Language string

// The languages a blog can choose.
const (
	LanguageEnglish    Language = "en"
	LanguageSpanish    Language = "es"
	LanguageFrench     Language = "fr"
	LanguageGerman     Language = "de"
	LanguageItalian    Language = "it"
	LanguagePortuguese Language = "pt"
	LanguageDutch      Language = "nl"
	LanguagePolish     Language = "pl"
	LanguageRussian    Language = "ru"
	LanguageUkrainian  Language = "uk"
	LanguageJapanese   Language = "ja"
	LanguageChinese    Language = "zh"
	LanguageKorean     Language = "ko"
	LanguageArabic     Language = "ar"
	LanguageHindi      Language = "hi"
	LanguageTurkish    Language = "tr"
	LanguageSwedish    Language = "sv"
)

// Tone is the voice an article is written in.
type Tone string

// The tones.
const (
	ToneProfessional  Tone = "professional"
	ToneCasual        Tone = "casual"
	ToneAuthoritative Tone = "authoritative"
)

// Length is the target size of an article.
type Length string

// The lengths.
const (
	LengthShort  Length = "short"
	LengthMedium Length = "medium"
	LengthLong   Length = "long"
)

// InputMode says whether a generation starts from a topic or a title.
type InputMode string

// The input modes.
const (
	InputTopic InputMode = "topic"
	InputTitle InputMode = "title"
)

// Banner is a banner ad slot: an image, the link it opens and an optional line of text.
type Banner struct {
	ImageURL string `json:"imageUrl"`
	LinkURL  string `json:"linkUrl"`
	Text     string `json:"text,omitempty"`
}

// User is a signed-in account.
type User struct {
	ID    int64  `json:"id"`
	Email string `json:"email"`
	Name  string `json:"name"`
}

// Workspace is a tenant: one blog and its owner's desk.
type Workspace struct {
	ID           int64     `json:"id"`
	Name         string    `json:"name"`
	Slug         string    `json:"slug"`
	PlanTier     PlanTier  `json:"planTier"`
	Status       string    `json:"status"`
	CustomDomain string    `json:"customDomain"`
	CreatedAt    time.Time `json:"createdAt"`
}

// Settings is how a blog looks and reads.
type Settings struct {
	BlogTitle           string     `json:"blogTitle"`
	BlogDescription     string     `json:"blogDescription"`
	TemplateID          TemplateID `json:"templateId"`
	PrimaryColor        string     `json:"primaryColor"`
	FontFamily          string     `json:"fontFamily"`
	OnboardingCompleted bool       `json:"onboardingCompleted"`
	// ReviewAIPosts: scheduled generations leave drafts for the owner to review.
	ReviewAIPosts bool `json:"reviewAiPosts"`
	// The writing profile. BrandVoice is the owner's guidance to the AI;
	// public answers leave it empty.
	BrandVoice    string   `json:"brandVoice"`
	Language      Language `json:"language"`
	DefaultTone   Tone     `json:"defaultTone"`
	DefaultLength Length   `json:"defaultLength"`
	// NewsletterEnabled: published posts are e-mailed to confirmed
	// subscribers; NewsletterFullText sends the whole post, not the excerpt.
	// Public answers leave both false.
	NewsletterEnabled  bool `json:"newsletterEnabled"`
	NewsletterFullText bool `json:"newsletterFullText"`
	// ReplyTo is where replies to the blog's e-mails go ("": the owner's
	// account address). Public answers leave it empty.
	ReplyTo string `json:"replyTo"`
}

// Category is a blog's category; PostCount is filled where lists show it.
type Category struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Slug        string `json:"slug"`
	Description string `json:"description"`
	ColorHex    string `json:"colorHex"`
	Gradient    string `json:"gradient"`
	PostCount   int    `json:"postCount"`
	// PlannedCount is the planned posts filed under it: its owner's list
	// only (absent for readers and when none). A category with posts or planned posts is
	// deleted only by naming where they move.
	PlannedCount int `json:"plannedCount,omitempty"`
}

// PostSummary is a post as cards and lists show it.
type PostSummary struct {
	ID            int64     `json:"id"`
	Title         string    `json:"title"`
	Slug          string    `json:"slug"`
	Category      string    `json:"category"`
	CategoryName  string    `json:"categoryName"`
	Excerpt       string    `json:"excerpt"`
	CoverImageURL string    `json:"coverImageUrl"`
	Tags          []string  `json:"tags"`
	ReadMinutes   int       `json:"readMinutes"`
	PublishedAt   time.Time `json:"publishedAt"`
	UpdatedAt     time.Time `json:"updatedAt"`
	ViewCount     int64     `json:"viewCount"`
	WorkspaceSlug string    `json:"workspaceSlug"`
	URL           string    `json:"url"`
	// Status is "published" in every reader's view; owners see drafts and
	// scheduled posts too (PublishedAt is then the time it goes live).
	Status PostStatus `json:"status"`
	// BlogName is the title of the post's blog (the admin's list of every blog).
	BlogName string `json:"blogName,omitempty"`
	// Author wrote the post (byline); null when the post has none.
	Author *Author `json:"author"`
	// TagSlugs are the tags' URL segments, one per tag in order: a tag's
	// page is {blog}/tag/{slug}; "" for a tag without a page.
	TagSlugs []string `json:"tagSlugs"`
}

// PostStatus is where a post stands: only published posts are public.
type PostStatus string

// The post statuses.
const (
	PostDraft     PostStatus = "draft"
	PostScheduled PostStatus = "scheduled"
	PostPublished PostStatus = "published"
)

// Post is a whole post.
type Post struct {
	PostSummary
	Content         string `json:"content"`
	MetaTitle       string `json:"metaTitle"`
	MetaDescription string `json:"metaDescription"`
	CanonicalURL    string `json:"canonicalUrl"`
	// RawContent is the editable body without banners (owner views only).
	RawContent string   `json:"rawContent,omitempty"`
	Banners    []Banner `json:"banners,omitempty"`
	// The owner's view only: the cover's alt text, when a scheduled post
	// goes live (null otherwise), and a private address that shows the post
	// as it stands to anyone who has it, until PreviewExpiresAt.
	CoverAlt         string     `json:"coverAlt,omitempty"`
	PublishAt        *time.Time `json:"publishAt,omitempty"`
	PreviewURL       string     `json:"previewUrl,omitempty"`
	PreviewExpiresAt *time.Time `json:"previewExpiresAt,omitempty"`
	// The owner's view only: what became of the post's e-mail to the
	// blog's subscribers.
	Newsletter           PostNewsletter `json:"newsletter,omitempty"`
	NewsletterNote       string         `json:"newsletterNote,omitempty"`
	NewsletterRecipients int            `json:"newsletterRecipients,omitempty"`
	// NewsletterDelivery is where a sent newsletter's e-mails stand (the
	// owner's view of one post; absent once its records are pruned).
	NewsletterDelivery *NewsletterDelivery `json:"newsletterDelivery,omitempty"`
}

// NewsletterDelivery counts a post's newsletter e-mails by outcome: Queued
// not yet handed to the mail server, Sent accepted by it, Failed given up
// after retries, Bounced refused for the address, Held not sent because the
// blog's sending was paused (they go only when the owner sends them now).
// Paused: the blog's sending is paused now (said only when some are held).
type NewsletterDelivery struct {
	Queued  int  `json:"queued"`
	Sent    int  `json:"sent"`
	Failed  int  `json:"failed"`
	Bounced int  `json:"bounced"`
	Held    int  `json:"held"`
	Paused  bool `json:"paused"`
}
