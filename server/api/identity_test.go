package api_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/ai/builtin"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

func link(network, url string) map[string]string {
	return map[string]string{"network": network, "url": url}
}

func links(n int) []map[string]string {
	out := make([]map[string]string, n)
	for i := range out {
		out[i] = link("website", "https://example.com/"+strings.Repeat("a", i+1))
	}
	return out
}

// Every refused brand or profile form leaves what was saved as it was.
func TestBrandAndProfileRefuseBadInput(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		olivia := e.owner("Olivia", "olivia@example.com", "keto")
		bob := e.owner("Bob", "bob@example.com", "keto")
		mine := olivia.addToLibrary("logo.png", pngBytes(t)).Item.FileURL
		foreign := bob.addToLibrary("bob.png", pngBytes(t)).Item.FileURL

		var brand contract.BrandResponse
		olivia.mustJSON(http.MethodPut, "/api/workspace/brand", map[string]any{"logoUrl": mine, "faviconUrl": mine,
			"socialImageUrl": "", "socialLinks": []any{link("x", "https://x.com/olivia")}}, http.StatusOK, &brand)
		if brand.Brand.LogoURL != mine || len(brand.Brand.SocialLinks) != 1 {
			t.Fatalf("brand not saved: %+v", brand.Brand)
		}
		var profile contract.AuthorProfileResponse
		olivia.mustJSON(http.MethodPut, "/api/workspace/author", map[string]any{"displayName": "Olivia Writes", "bio": "Keto cook.",
			"avatarUrl": mine, "links": []any{link("github", "https://github.com/olivia")}}, http.StatusOK, &profile)
		if profile.Profile.Slug != "olivia" || profile.Profile.DisplayName != "Olivia Writes" || profile.Profile.AvatarURL != mine {
			t.Fatalf("profile not saved: %+v", profile.Profile)
		}
		_, brandBefore := olivia.do(http.MethodGet, "/api/workspace/brand", nil)
		_, profileBefore := olivia.do(http.MethodGet, "/api/workspace/author", nil)

		okLinks := []any{link("x", "https://x.com/olivia")}
		cases := []struct {
			name    string
			brand   map[string]any // a brand form (nil: a profile form)
			profile map[string]any
			code    string
		}{
			{name: "non-https link", brand: map[string]any{"socialLinks": []any{link("x", "http://x.com/olivia")}}, code: "invalid_link"},
			{name: "javascript URL", brand: map[string]any{"socialLinks": []any{link("website", "javascript:alert(1)")}}, code: "invalid_link"},
			{name: "too many links", brand: map[string]any{"socialLinks": links(9)}, code: "invalid_link"},
			{name: "unknown network", brand: map[string]any{"socialLinks": []any{link("myspace", "https://myspace.com/o")}}, code: "invalid_link"},
			{name: "another workspace's logo", brand: map[string]any{"logoUrl": foreign, "socialLinks": okLinks}, code: "invalid_image"},
			{name: "another workspace's icon", brand: map[string]any{"faviconUrl": foreign, "socialLinks": okLinks}, code: "invalid_image"},
			{name: "outside image", brand: map[string]any{"socialImageUrl": "https://evil.example/x.png", "socialLinks": okLinks}, code: "invalid_image"},
			{name: "profile: non-https link", profile: map[string]any{"links": []any{link("x", "http://x.com/o")}}, code: "invalid_link"},
			{name: "profile: javascript URL", profile: map[string]any{"links": []any{link("website", "javascript:alert(1)")}}, code: "invalid_link"},
			{name: "profile: too many links", profile: map[string]any{"links": links(9)}, code: "invalid_link"},
			{name: "profile: unknown network", profile: map[string]any{"links": []any{link("friendster", "https://f.com/o")}}, code: "invalid_link"},
			{name: "profile: bio too long", profile: map[string]any{"bio": strings.Repeat("é", 301)}, code: "validation"},
			{name: "profile: another workspace's avatar", profile: map[string]any{"avatarUrl": foreign}, code: "invalid_image"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				olivia.t = t
				path, body := "/api/workspace/author", tc.profile
				if tc.brand != nil {
					path, body = "/api/workspace/brand", tc.brand
				}
				if msg := olivia.mustFail(http.MethodPut, path, body, http.StatusBadRequest, tc.code); msg == "" {
					t.Error("no message")
				}
				if _, after := olivia.do(http.MethodGet, "/api/workspace/brand", nil); string(after) != string(brandBefore) {
					t.Errorf("brand changed: %s, was %s", after, brandBefore)
				}
				if _, after := olivia.do(http.MethodGet, "/api/workspace/author", nil); string(after) != string(profileBefore) {
					t.Errorf("profile changed: %s, was %s", after, profileBefore)
				}
			})
		}
	})
}

// White-label is the Agency plan's, and never the platform's own blog.
func TestWhiteLabelFollowsThePlan(t *testing.T) {
	e := newOwnerEnv(t, "", nil, nil)
	ctx := context.Background()
	c := e.owner("Olivia", "olivia@example.com", "keto")
	site, err := e.store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("site")})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ws   *store.Workspace
		tier string
		want bool
	}{
		{c.ws, store.PlanStarter, false},
		{c.ws, store.PlanProfessional, false},
		{c.ws, store.PlanAgency, true},
		{c.ws, store.PlanAdmin, false},
		{site, store.PlanAgency, false},
	} {
		if _, err := e.store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: tc.ws.ID, PlanTier: &tc.tier}); err != nil {
			t.Fatal(err)
		}
		e.app.Cache.InvalidateAll()
		e.app.Site.Forget()
		var blog contract.BlogResponse
		c.mustJSON(http.MethodGet, "/api/blogs/"+tc.ws.Slug, nil, http.StatusOK, &blog)
		if blog.Brand.WhiteLabel != tc.want {
			t.Errorf("%s on %s: whiteLabel %v, want %v", tc.ws.Slug, tc.tier, blog.Brand.WhiteLabel, tc.want)
		}
	}
}

// recordingIllustrator keeps the requests it is given.
type recordingIllustrator struct {
	mu   sync.Mutex
	reqs []ai.ImageRequest
	next ai.Illustrator
}

func (r *recordingIllustrator) Illustrate(ctx context.Context, req ai.ImageRequest) (*ai.Image, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	r.mu.Unlock()
	return r.next.Illustrate(ctx, req)
}

// A post names who wrote it (by hand or through the AI), its AI cover is
// signed with the blog's name, and the author's page on the blog lists it.
func TestPostsCarryTheirAuthor(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, db string) {
		ill := &recordingIllustrator{next: builtin.New()}
		e := newOwnerEnv(t, db, nil, ill)
		olivia := e.owner("Olivia Stone", "olivia@example.com", "keto")
		bob := e.owner("Bob", "bob@example.com", "keto")
		olivia.mustJSON(http.MethodPut, "/api/workspace/settings", map[string]any{"blogTitle": "Keto Kitchen"}, http.StatusOK, nil)

		var written contract.OwnerPostResponse
		olivia.mustJSON(http.MethodPost, "/api/workspace/posts", map[string]any{"title": "Hand written", "content": "<p>By hand.</p>",
			"category": "keto", "status": "published"}, http.StatusCreated, &written)
		req := genReq("keto", "Keto basics")
		req["imageMode"] = "ai"
		var gen generated
		olivia.mustGenerate(req, &gen)
		if len(ill.reqs) != 1 || ill.reqs[0].Brand != "Keto Kitchen" {
			t.Fatalf("illustrator asked %+v, want the blog's name", ill.reqs)
		}

		ws := olivia.ws.Slug
		var post contract.PostResponse
		olivia.mustJSON(http.MethodGet, "/api/posts/keto/"+gen.Post.Slug+"?workspace="+ws, nil, http.StatusOK, &post)
		a := post.Post.Author
		if a == nil || a.Slug != "olivia-stone" || a.Name != "Olivia Stone" || a.URL != "http://blog.test/blog/"+ws+"/author/olivia-stone" {
			t.Fatalf("generated post's author = %+v", a)
		}
		var page contract.AuthorPage
		olivia.mustJSON(http.MethodGet, "/api/authors/olivia-stone?workspace="+ws, nil, http.StatusOK, &page)
		if len(page.Posts) != 2 || page.Posts[0].Author == nil || page.Author.Name != "Olivia Stone" {
			t.Fatalf("author page = %+v", page)
		}
		// A profile change shows at once on every page that names her.
		olivia.mustJSON(http.MethodPut, "/api/workspace/author", map[string]any{"displayName": "Liv", "bio": "Cooks.",
			"links": []any{link("bluesky", "https://bsky.app/profile/liv")}}, http.StatusOK, nil)
		olivia.mustJSON(http.MethodGet, "/api/posts/keto/"+written.Post.Slug+"?workspace="+ws, nil, http.StatusOK, &post)
		if a := post.Post.Author; a == nil || a.Name != "Liv" || a.Slug != "olivia-stone" || len(a.Links) != 1 {
			t.Fatalf("author after the change = %+v (the slug stays)", a)
		}
		olivia.mustFail(http.MethodGet, "/api/authors/nobody?workspace="+ws, nil, http.StatusNotFound, "author_not_found")
		// Olivia wrote nothing on Bob's blog: no page of hers there.
		olivia.mustFail(http.MethodGet, "/api/authors/olivia-stone?workspace="+bob.ws.Slug, nil, http.StatusNotFound, "author_not_found")
	})
}
