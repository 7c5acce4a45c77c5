package frontend

import (
	"testing"

	"github.com/inkpress/inkpress/internal/locale"
)

func TestReaderPageTitles(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{BlogPageTitle(PagedTitle(TagTitle("habits"), 1, nil), "The Quiet Desk", "InkPress"), "#habits | The Quiet Desk"},
		{BlogPageTitle(PagedTitle(TagTitle("habits"), 2, nil), "The Quiet Desk", "InkPress"), "#habits – Page 2 | The Quiet Desk"},
		{BlogPageTitle(TagTitle("habits"), "", "InkPress"), "#habits | InkPress"},
		{BlogPageTitle(PagedTitle("", 2, nil), "The Quiet Desk", "InkPress"), "Page 2 | The Quiet Desk"},
		{BlogPageTitle(SearchTitle("  slow  mornings "), "The Quiet Desk", "InkPress"), "Search: slow  mornings | The Quiet Desk"},
		{BlogPageTitle(SearchTitle(" "), "The Quiet Desk", "InkPress"), "Search | The Quiet Desk"},
		{BlogPageTitle(PreviewTitle("A draft"), " The Quiet Desk ", "InkPress"), "Preview: A draft | The Quiet Desk"},
		{BlogPageTitle(TitleConfirm, "", "InkPress"), "Confirm your subscription | InkPress"},
		{BlogPageTitle("The Quiet Desk", "The Quiet Desk", "InkPress"), "The Quiet Desk"},
		// A later page is numbered in the blog's language.
		{BlogPageTitle(PagedTitle(TagTitle("habits"), 2, locale.For("de")), "Der Schreibtisch", "InkPress"), "#habits – Seite 2 | Der Schreibtisch"},
		{BlogPageTitle(PagedTitle("", 3, locale.For("ja")), "静かな机", "InkPress"), "3ページ | 静かな机"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
