package store

import (
	"strings"
	"testing"
)

func TestParseDatabaseURL(t *testing.T) {
	for _, tc := range []struct {
		url, kind, path, err string
	}{
		{"sqlite:./data/inkpress.db", SQLite, "./data/inkpress.db", ""},
		{"sqlite:/srv/ink.db", SQLite, "/srv/ink.db", ""},
		{"/srv/ink.db", SQLite, "/srv/ink.db", ""},
		{"data/ink.db", SQLite, "data/ink.db", ""},
		{`C:\ink\ink.db`, SQLite, `C:\ink\ink.db`, ""},
		{"postgres://u@db/ink", Postgres, "", ""},
		{"postgresql://u:p@db:5432/ink?sslmode=disable", Postgres, "", ""},
		{"mysql://root:secret@db/ink", "", "", `unknown database URL scheme "mysql"`},
		{"MySQL://db/ink", "", "", `unknown database URL scheme "mysql"`},
		{"postgre://db/ink", "", "", `unknown database URL scheme "postgre"`},
		{"sqlserver://db", "", "", `unknown database URL scheme "sqlserver"`},
		{"root:secret@tcp(db:3306)/ink", "", "", `unknown database URL scheme "root"`},
		{"sqlite:", "", "", "names no file"},
		{"", "", "", "empty"},
	} {
		kind, path, err := ParseDatabaseURL(tc.url)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one saying %q", tc.url, err, tc.err)
			} else if strings.Contains(err.Error(), "secret") {
				t.Errorf("%q: the error repeats the password: %v", tc.url, err)
			}
			continue
		}
		if err != nil || kind != tc.kind || path != tc.path {
			t.Errorf("%q: %q %q %v, want %q %q", tc.url, kind, path, err, tc.kind, tc.path)
		}
	}
}
