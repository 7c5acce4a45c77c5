package main

import (
	"fmt"
	"strings"

	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/authors"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/scheduler"
)

// limits are the rules' numbers the app's forms show and check before a
// request: each is written once, in its domain package, and generated into
// the app as LIMITS.
var limits = []struct {
	name  string
	value int
	doc   string
}{
	{"nameMax", auth.MaxNameLen, "characters of a user's full name"},
	{"passwordMin", auth.MinPasswordLen, "characters of a password, at least"},
	{"passwordMaxBytes", auth.MaxPasswordLen, "bytes of a password, at most"},
	{"blogTitleMax", blog.MaxBlogTitle, "characters of a blog's title"},
	{"blogDescriptionMax", blog.MaxBlogDescription, "characters of a blog's description"},
	{"addressMin", blog.MinAddress, "characters of a blog's address, at least"},
	{"addressMax", blog.MaxAddress, "characters of a blog's address, at most"},
	{"brandVoiceMax", blog.MaxBrandVoice, "characters of a blog's brand voice"},
	{"categoryNameMax", blog.MaxCategoryName, "characters of a category's name"},
	{"categorySlugMax", blog.MaxCategorySlug, "characters of a category's slug"},
	{"categoryDescriptionMax", blog.MaxCategoryDescription, "characters of a category's description"},
	{"onboardingCategoriesMax", blog.MaxOnboardingCategories, "categories picked in one onboarding"},
	{"titleMax", posts.MaxTitleRunes, "characters of a post's title"},
	{"searchMax", posts.MaxSearchRunes, "characters of a post list search"},
	{"homePageSize", reader.HomePageSize, "posts on a page of a blog's home (?page=N)"},
	{"listPageSize", reader.ListPageSize, "posts on a page of the other reader lists (?page=N)"},
	{"readerSearchMax", content.MaxSearchLen, "characters of a reader's blog search"},
	{"topicMax", ai.MaxTopicRunes, "characters of a generation's topic or title"},
	{"keywordsMax", ai.MaxKeywords, "keywords of a generation"},
	{"keywordMax", ai.MaxKeywordRunes, "characters of one keyword"},
	{"bannersMax", content.MaxBanners, "banner ads of a post"},
	{"bannerTextMax", generate.MaxBannerText, "characters of a banner's caption"},
	{"uploadMaxBytes", plan.MaxUploadBytes, "bytes of one uploaded image"},
	{"libraryMax", plan.MaxMediaItems, "images in a workspace's media library"},
	{"bulkScheduleMin", scheduler.MinBulkCount, "posts of one bulk schedule, at least"},
	{"bulkScheduleMax", scheduler.MaxBulkCount, "posts of one bulk schedule, at most"},
	{"bulkScheduleDefault", scheduler.DefaultBulkCount, "posts of a bulk schedule by default"},
	{"socialLinksMax", blog.MaxSocialLinks, "links of a blog or an author"},
	{"linkUrlMax", blog.MaxLinkURL, "characters of one link's address"},
	{"authorNameMax", authors.MaxDisplayName, "characters of an author's display name"},
	{"authorBioMax", authors.MaxBio, "characters of an author's bio"},
}

// limitsTS renders LIMITS.
func limitsTS() string {
	var b strings.Builder
	b.WriteString("\n/** The server's limits, for the forms that show them (generated from the Go constants). */\n")
	b.WriteString("export const LIMITS = {\n")
	for _, l := range limits {
		fmt.Fprintf(&b, "  /** %s */\n  %s: %d,\n", l.doc, l.name, l.value)
	}
	b.WriteString("} as const\n")
	return b.String()
}

// languagesTS renders LANGUAGES, the languages a blog can choose with their
// names, in the order the settings form offers them. The contract's
// Language type lists the same codes (a test checks it).
func languagesTS() string {
	var b strings.Builder
	b.WriteString("\n/** The languages a blog can be written in, with their English names (generated from internal/ai). */\n")
	b.WriteString("export const LANGUAGES: readonly { code: Language; name: string }[] = [\n")
	for _, l := range ai.Languages() {
		fmt.Fprintf(&b, "  { code: '%s', name: '%s' },\n", l.Code, l.Name)
	}
	b.WriteString("]\n")
	return b.String()
}
