package blog

import "testing"

// A category's page shares the blog's address with the blog's own pages,
// so their segments are refused, in the category form and in onboarding.
func TestReservedCategorySlugs(t *testing.T) {
	for _, tc := range []struct {
		in      CategoryInput
		wantErr string
	}{
		{CategoryInput{Name: "Tags", Slug: "tag"}, `The slug "tag" is taken by the blog's own pages: please choose another one`},
		{CategoryInput{Name: "Search", Slug: "search"}, `The slug "search" is taken by the blog's own pages: please choose another one`},
		{CategoryInput{Name: "Authors", Slug: "author"}, `The slug "author" is taken by the blog's own pages: please choose another one`},
		{CategoryInput{Name: "Pages", Slug: "page"}, `The slug "page" is taken by the blog's own pages: please choose another one`},
		{CategoryInput{Name: "Confirm", Slug: "confirm"}, `The slug "confirm" is taken by the blog's own pages: please choose another one`},
		{CategoryInput{Name: "Unsubscribe", Slug: "unsubscribe"}, `The slug "unsubscribe" is taken by the blog's own pages: please choose another one`},
		{CategoryInput{Name: "Tagging", Slug: "tagging"}, ""},
		{CategoryInput{Name: "Pages", Slug: "pages"}, ""},
	} {
		_, err := NewCategory(tc.in)
		checkErr(t, err, tc.wantErr)
	}
	if _, err := OnboardingCategory(CategoryInput{Name: "Search"}); err == nil {
		t.Fatal("onboarding made a category with the slug search")
	}
}
