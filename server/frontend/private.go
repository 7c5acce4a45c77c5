package frontend

import (
	"context"
	"net/http"
	"strings"
)

// PrivateQuery is a part of the API whose answers belong to the caller: the
// session, the owner's and the admin's data, a reader's one-time link. Key
// is the first element of the app's query keys for it.
type PrivateQuery struct {
	Key string
	// Prefix is the API path: itself and every path below it.
	Prefix string
}

// PrivateQueries are never part of a public page: the app's server render
// neither fetches them nor puts them into the page's data (isPrivateQuery,
// generated into the app as PRIVATE_QUERY_KEYS by tools/tsgen), and the
// server's render answers them 404 whatever asks (PublicReads). A public page
// is rendered once and shown to every reader.
var PrivateQueries = []PrivateQuery{
	{Key: "me", Prefix: "/api/auth"},
	{Key: "account", Prefix: "/api/account"},
	{Key: "workspace", Prefix: "/api/workspace"},
	{Key: "admin", Prefix: "/api/admin"},
	{Key: "subscription", Prefix: "/api/subscribers"},
	{Key: "preview", Prefix: "/api/preview"},
}

// PrivateAPI reports whether the API path (a query string allowed) is a
// PrivateQuery's.
func PrivateAPI(path string) bool {
	path, _, _ = strings.Cut(path, "?")
	for _, q := range PrivateQueries {
		if rest, ok := strings.CutPrefix(path, q.Prefix); ok && (rest == "" || rest[0] == '/') {
			return true
		}
	}
	return false
}

// PublicReads is read (the API's public reads, as the server's render
// asks them) with every PrivateQuery answered 404, whatever read knows.
func PublicReads(read func(ctx context.Context, host, path string) (int, []byte)) func(ctx context.Context, host, path string) (int, []byte) {
	return func(ctx context.Context, host, path string) (int, []byte) {
		if PrivateAPI(path) {
			return http.StatusNotFound, nil
		}
		return read(ctx, host, path)
	}
}
