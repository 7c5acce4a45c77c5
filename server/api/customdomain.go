package api

import "net/http"

// customDomainRoutes are the API routes besides the public reads that a
// blog's pages use on its custom domain: the session check (always
// signed out there: no session cookie is accepted) and the newsletter
// forms and links.
var customDomainRoutes = []struct{ method, pattern string }{
	{http.MethodGet, "/api/auth/me"},
	{http.MethodPost, "/api/subscribers"},
	{http.MethodPost, SubscribeFormPath},
	{http.MethodPost, "/api/subscribers/confirm"},
	{http.MethodPost, "/api/subscribers/unsubscribe"},
	{http.MethodPost, OneClickPath},
}

// publicReadPatterns are the public reads' patterns (GET and HEAD).
var publicReadPatterns = func() []string {
	var out []string
	for _, pr := range (&Handler{}).publicReads() {
		out = append(out, pr.pattern)
	}
	return out
}()

// OnCustomDomain reports whether the API answers method and (escaped) path
// on a tenant's custom domain. The tenant controls that domain's DNS and
// so what reaches it: nothing that signs in, uses a session or changes an
// account or a blog answers there; the platform's host serves those.
func OnCustomDomain(method, escapedPath string) bool {
	if method == http.MethodGet || method == http.MethodHead {
		for _, p := range publicReadPatterns {
			if _, ok := match(p, escapedPath); ok {
				return true
			}
		}
	}
	for _, rt := range customDomainRoutes {
		if (rt.method == method || (rt.method == http.MethodGet && method == http.MethodHead)) && rt.pattern == escapedPath {
			return true
		}
	}
	return false
}
