package store

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Database kinds a URL may name (ParseDatabaseURL).
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// schemeRE is a URL scheme of two or more characters followed by ':' (one
// letter is a Windows drive, part of a path).
var schemeRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]+):`)

// ParseDatabaseURL says which database url names: Postgres for
// postgres://... or postgresql://... (path ""), SQLite for sqlite:PATH or
// a plain file path (path the file). Any other scheme is an error naming it
// (never a SQLite file of that name); the error never repeats the URL,
// which may hold a password.
func ParseDatabaseURL(url string) (kind, path string, err error) {
	switch {
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		return Postgres, "", nil
	case strings.HasPrefix(url, "sqlite:"):
		path = strings.TrimPrefix(url, "sqlite:")
	case url == "":
		return "", "", errors.New("database URL is empty: use sqlite:PATH or postgres://USER@HOST/DB")
	default:
		if m := schemeRE.FindStringSubmatch(url); m != nil {
			return "", "", fmt.Errorf("unknown database URL scheme %q: use sqlite:PATH or postgres://USER@HOST/DB", strings.ToLower(m[1]))
		}
		path = url
	}
	if path == "" {
		return "", "", errors.New("database URL sqlite: names no file: use sqlite:PATH")
	}
	return SQLite, path, nil
}
