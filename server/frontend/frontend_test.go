package frontend

import (
	"testing"
	"testing/fstest"
)

func TestPageLang(t *testing.T) {
	tests := []struct {
		name, index, lang, want string
	}{
		{"replaced", `<!doctype html><html lang="en"><head><title>X</title><!--app-head--></head><body><!--app-body--></body></html>`,
			"uk", `<!doctype html><html lang="uk"><head>H</head><body>B</body></html>`},
		{"default", `<html lang="fr"><head><!--app-head--></head><body><!--app-body--></body></html>`,
			"", `<html lang="en"><head>H</head><body>B</body></html>`},
		{"added", `<html class="x"><head></head><body><!--app-body--></body></html>`,
			"ja", `<html lang="ja" class="x"><head>H</head><body>B</body></html>`},
		{"escaped", `<html lang="en"><head><!--app-head--></head><body><!--app-body--></body></html>`,
			`x"><script>`, `<html lang="x&#34;&gt;&lt;script&gt;"><head>H</head><body>B</body></html>`},
		// The template's icons are the dev server's: the server's head names
		// the page's own (a blog's pages never the platform's).
		{"icons dropped", "<html lang=\"en\"><head>\n    <meta charset=\"UTF-8\" />\n    <link rel=\"icon\" type=\"image/svg+xml\" href=\"/favicon.svg\" />\n" +
			"    <link rel=\"icon\" href=\"/x.png\"><!--app-head--></head><body><!--app-body--></body></html>",
			"", "<html lang=\"en\"><head>\n    <meta charset=\"UTF-8\" />\nH</head><body>B</body></html>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := New(fstest.MapFS{"index.html": {Data: []byte(tt.index)}})
			if got := string(a.Page(tt.lang, "H", "B")); got != tt.want {
				t.Errorf("page = %s\nwant   %s", got, tt.want)
			}
			// The page's parts are shared: a second page starts afresh.
			if got := string(a.Page(tt.lang, "H", "B")); got != tt.want {
				t.Errorf("second page = %s", got)
			}
		})
	}
}
