// Package blog holds the rules of a blog's shape: its settings (title,
// template, colour, font, writing profile) and its categories, with the plan's category cap.
// Its Service writes them and drops the workspace's cached public pages, so
// readers see a change at once.
package blog

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/palette"
	"github.com/inkpress/inkpress/store"
)

// DefaultColor is a category's colour when the owner picks none.
const DefaultColor = palette.Default

// Lengths the forms also show.
const (
	MaxCategoryName        = 60
	MaxCategoryDescription = 300
	MaxCategorySlug        = 60
	MaxBlogTitle           = 120
	MaxBlogDescription     = 500
	MaxBrandVoice          = 1000
	// MaxOnboardingCategories bounds one onboarding request (the suggested
	// ten plus a few custom ones); plans cap the total separately.
	MaxOnboardingCategories = 30
)

// Settings choices: the templates (Modern, Classic, Minimal), and the fonts
// offered by onboarding and by the dashboard.
var (
	Templates = []string{"template-1", "template-2", "template-3"}
	Fonts     = []string{"Inter", "Playfair Display", "Montserrat", "Merriweather", "Lato", "Roboto", "Open Sans", "Lora"}
)

// CategoryInput is a category as the owner sends it.
type CategoryInput struct {
	Name, Slug, Description, Color string
}

// SettingsInput is the settings form; empty choices keep the current value.
type SettingsInput struct {
	Title, Description, Template, Color, Font string
	// ReviewAIPosts nil: unchanged.
	ReviewAIPosts *bool
	// The writing profile; nil: unchanged.
	BrandVoice, Language, DefaultTone, DefaultLength *string
	// Newsletter choices; nil: unchanged.
	NewsletterEnabled, NewsletterFullText *bool
	// ReplyTo is where replies to the blog's e-mails go ("": the owner's
	// address); nil: unchanged.
	ReplyTo *string
}

// ErrCategoryNotFound is the answer for a category id outside the workspace.
var ErrCategoryNotFound = apperr.New(apperr.NotFound, "category_not_found", "Category not found")

// normalize collapses the name's whitespace and trims the other fields.
func (in CategoryInput) normalize() CategoryInput {
	return CategoryInput{Name: strings.Join(strings.Fields(in.Name), " "), Slug: strings.TrimSpace(in.Slug),
		Description: strings.TrimSpace(in.Description), Color: strings.TrimSpace(in.Color)}
}

// NewCategory validates a category of the category form, which requires a
// valid slug.
func NewCategory(in CategoryInput) (*store.Category, error) { return in.normalize().category(false) }

// OnboardingCategory validates a category picked or made in onboarding: a
// missing or invalid slug is made from the name (content.CategorySlug), and
// the description defaults to '{name} articles'.
func OnboardingCategory(in CategoryInput) (*store.Category, error) {
	cat, err := in.normalize().category(true)
	if err == nil && cat.Description == "" {
		cat.Description = defaultDescription(cat.Name)
	}
	return cat, err
}

func defaultDescription(name string) string { return name + " articles" }

// category checks an already normalised input; deriveSlug is onboarding's
// rule for the slug.
func (in CategoryInput) category(deriveSlug bool) (*store.Category, error) {
	name, slug := in.Name, in.Slug
	if deriveSlug && !content.ValidSlug(slug) {
		slug = content.CategorySlug(name)
	}
	switch {
	case name == "" && slug == "" && !deriveSlug:
		return nil, apperr.Validation("Slug and name are required")
	case slug == "" && !deriveSlug:
		return nil, apperr.Validation("Slug is required")
	case name == "":
		return nil, apperr.Validation("Name is required")
	case slug == "":
		return nil, apperr.Validation("Category %q needs at least one letter or number", name)
	case !content.ValidSlug(slug) || len(slug) > MaxCategorySlug:
		return nil, apperr.Validation("The slug may only hold lowercase letters, numbers and single dashes (at most %d characters)", MaxCategorySlug)
	case blogaddr.Reserved(slug):
		return nil, apperr.Validation("The slug %q is taken by the blog's own pages: please choose another one", slug)
	}
	cat := &store.Category{Slug: slug}
	if err := setCategoryFields(cat, in); err != nil {
		return nil, err
	}
	return cat, nil
}

// setCategoryFields validates and sets the editable fields of a normalised
// input; no colour is DefaultColor.
func setCategoryFields(cat *store.Category, in CategoryInput) error {
	switch {
	case in.Name == "":
		return apperr.Validation("Name is required")
	case utf8.RuneCountInString(in.Name) > MaxCategoryName:
		return apperr.Validation("The name must be at most %d characters", MaxCategoryName)
	case utf8.RuneCountInString(in.Description) > MaxCategoryDescription:
		return apperr.Validation("The description must be at most %d characters", MaxCategoryDescription)
	case in.Color != "" && !palette.Valid(in.Color):
		return apperr.Validation("The colour must be a hex colour like %s", palette.Default)
	}
	color := in.Color
	if color == "" {
		color = DefaultColor
	}
	cat.Name, cat.Description, cat.ColorHex = in.Name, in.Description, strings.ToLower(color)
	return nil
}

// editCategory applies an edit to cat. Posts refer to categories by slug, so
// a slug never changes.
func editCategory(cat *store.Category, in CategoryInput) error {
	in = in.normalize()
	if in.Slug != "" && in.Slug != cat.Slug {
		return apperr.Validation("The slug cannot be changed")
	}
	oldColor := cat.ColorHex
	if err := setCategoryFields(cat, in); err != nil {
		return err
	}
	if cat.ColorHex != oldColor {
		cat.Gradient = "" // a stored gradient followed the old colour
	}
	return nil
}

// ApplySettings validates in onto set; empty choices keep the current value.
func ApplySettings(set *store.Settings, in SettingsInput) error {
	title := strings.TrimSpace(in.Title)
	desc := strings.TrimSpace(in.Description)
	switch {
	case title == "":
		return apperr.Validation("Please enter a blog name")
	case utf8.RuneCountInString(title) > MaxBlogTitle:
		return apperr.Validation("The blog name must be at most %d characters", MaxBlogTitle)
	case utf8.RuneCountInString(desc) > MaxBlogDescription:
		return apperr.Validation("The blog description must be at most %d characters", MaxBlogDescription)
	case in.Template != "" && !slices.Contains(Templates, in.Template):
		return apperr.Validation("Please choose the Modern, Classic or Minimal template")
	case in.Color != "" && !palette.Valid(in.Color):
		return apperr.Validation("The colour must be a hex colour like %s", palette.Default)
	case in.Font != "" && !slices.Contains(Fonts, in.Font):
		return apperr.Validation("Please choose one of the offered fonts")
	}
	voice := set.BrandVoice
	if in.BrandVoice != nil {
		voice = strings.TrimSpace(*in.BrandVoice)
	}
	switch {
	case utf8.RuneCountInString(voice) > MaxBrandVoice:
		return apperr.Validation("The brand voice must be at most %d characters", MaxBrandVoice)
	case in.Language != nil && ai.LanguageName(*in.Language) == "":
		return apperr.Validation("Please choose one of the offered languages")
	case in.DefaultTone != nil && !ai.Tone(*in.DefaultTone).Valid():
		return apperr.Validation("Please choose a professional, casual or authoritative tone")
	case in.DefaultLength != nil && !ai.Length(*in.DefaultLength).Valid():
		return apperr.Validation("Please choose a short, medium or long length")
	}
	replyTo := set.ReplyTo
	if in.ReplyTo != nil {
		if replyTo = strings.TrimSpace(*in.ReplyTo); replyTo != "" {
			var ok bool
			if replyTo, ok = content.NormalizeEmail(replyTo); !ok {
				return apperr.Validation("The reply address must be one e-mail address, like you@example.com (or empty for your account's)")
			}
		}
	}
	set.ReplyTo = replyTo
	set.BrandVoice = voice
	if in.Language != nil {
		set.Language = *in.Language
	}
	if in.DefaultTone != nil {
		set.DefaultTone = *in.DefaultTone
	}
	if in.DefaultLength != nil {
		set.DefaultLength = *in.DefaultLength
	}
	set.BlogTitle, set.BlogDescription = title, desc
	if in.Template != "" {
		set.TemplateID = in.Template
	}
	if in.Color != "" {
		set.PrimaryColor = strings.ToLower(in.Color)
	}
	if in.Font != "" {
		set.FontFamily = in.Font
	}
	if in.ReviewAIPosts != nil {
		set.ReviewAIPosts = *in.ReviewAIPosts
	}
	if in.NewsletterEnabled != nil {
		set.NewsletterEnabled = *in.NewsletterEnabled
	}
	if in.NewsletterFullText != nil {
		set.NewsletterFullText = *in.NewsletterFullText
	}
	return nil
}
