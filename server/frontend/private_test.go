package frontend

import (
	"context"
	"testing"
)

func TestPrivateAPI(t *testing.T) {
	for path, want := range map[string]bool{
		"/api/auth/me":                     true,
		"/api/account":                     true,
		"/api/workspace":                   true,
		"/api/workspace/posts?limit=6":     true,
		"/api/admin/workspaces":            true,
		"/api/subscribers/confirm":         true,
		"/api/preview/7/tok":               true,
		"/api/workspaces":                  false, // a prefix is whole segments
		"/api/site":                        false,
		"/api/posts?limit=6":               false,
		"/api/posts/keto/fat-first":        false,
		"/api/blogs/olivia":                false,
		"/api/authors/olivia-stone":        false,
		"/api/categories?workspace=olivia": false,
		"/api/posts?q=/api/workspace":      false,
	} {
		if got := PrivateAPI(path); got != want {
			t.Errorf("PrivateAPI(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestPublicReads(t *testing.T) {
	read := PublicReads(func(context.Context, string, string) (int, []byte) { return 200, []byte("answered") })
	for path, want := range map[string]int{"/api/posts": 200, "/api/auth/me": 404, "/api/workspace/posts/1": 404} {
		if got, _ := read(context.Background(), "x", path); got != want {
			t.Errorf("GET %s = %d, want %d", path, got, want)
		}
	}
}

// Every query key is named once.
func TestPrivateQueriesTable(t *testing.T) {
	seen := map[string]bool{}
	for _, q := range PrivateQueries {
		if seen[q.Key] || q.Key == "" || q.Prefix == "" || q.Prefix[len(q.Prefix)-1] == '/' {
			t.Errorf("%+v: duplicate or malformed", q)
		}
		seen[q.Key] = true
	}
}
