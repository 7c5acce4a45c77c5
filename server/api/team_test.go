package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/team"
	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// teamBlog is a blog with an owner, a member in each role, a signed-in
// user who is a member of nothing and the owner of another blog.
type teamBlog struct {
	a        *apptest.App
	ws       *store.Workspace
	owner    *apptest.Client
	members  map[team.Role]*apptest.Client
	users    map[team.Role]*store.User
	nobody   *apptest.Client
	stranger *apptest.Client
}

// teamOpts let a test sign up a whole team from one address.
var teamOpts = apptest.Env("INKPRESS_SIGNUP_LIMIT", "100")

// signUpUser signs a new account up and returns its client, user and blog.
func signUpUser(t *testing.T, a *apptest.App, name string) (*apptest.Client, *store.User, *store.Workspace) {
	t.Helper()
	c := a.Client(t)
	email := strings.ToLower(name) + "@team.test"
	c.SignUp(name, email, "secret123")
	ctx := context.Background()
	u, err := a.Store.GetUserByEmail(ctx, email)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
	if err != nil {
		t.Fatal(err)
	}
	return c, u, ws
}

func newTeamBlog(t *testing.T, a *apptest.App) *teamBlog {
	t.Helper()
	ctx := context.Background()
	tb := &teamBlog{a: a, members: map[team.Role]*apptest.Client{}, users: map[team.Role]*store.User{}}
	tb.owner, _, tb.ws = signUpUser(t, a, "Owner")
	if err := a.Store.CreateCategory(ctx, &store.Category{WorkspaceID: tb.ws.ID, Name: "Tech", Slug: "tech", ColorHex: "#10b981"}); err != nil {
		t.Fatal(err)
	}
	for _, r := range team.Roles {
		c, u, _ := signUpUser(t, a, "Member"+team.Label(r))
		if err := a.Store.AddMember(ctx, tb.ws.ID, u.ID, string(r)); err != nil {
			t.Fatal(err)
		}
		tb.members[r], tb.users[r] = c, u
	}
	// nobody is signed in and a member of no blog at all.
	var nu *store.User
	var nws *store.Workspace
	tb.nobody, nu, nws = signUpUser(t, a, "Nobody")
	if err := a.Store.RemoveMember(ctx, nws.ID, nu.ID); err != nil {
		t.Fatal(err)
	}
	tb.stranger, _, _ = signUpUser(t, a, "Stranger")
	return tb
}

// on sends a request to the blog named by slug.
func on(c *apptest.Client, slug, method, path string, body any) *apptest.Response {
	h := http.Header{api.WorkspaceHeader: {slug}}
	if body == nil && method != http.MethodGet {
		body = map[string]any{}
	}
	if body != nil {
		h.Set("Content-Type", "application/json")
		b := mustJSONBody(body)
		if method != http.MethodGet {
			h.Set(api.CSRFHeader, csrfCookie(c))
		}
		return c.Raw(method, path, "", strings.NewReader(b), h)
	}
	return c.Raw(method, path, "", nil, h)
}

func mustJSONBody(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// csrfCookie makes sure c holds the CSRF cookie and returns it.
func csrfCookie(c *apptest.Client) string {
	u, _ := url.Parse(c.Get("/api/auth/me").Request.URL.String())
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		if ck.Name == api.CSRFCookie {
			return ck.Value
		}
	}
	return ""
}

// Every owner endpoint answers each role as the team matrix says, and a
// user who is not a member of the blog (a member of nothing, or another
// tenant) finds no blog there. An endpoint added without an action the
// matrix knows fails here.
func TestPermissionMatrixOnEveryOwnerEndpoint(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		tb := newTeamBlog(t, a)
		eps := api.OwnerEndpoints()
		if len(eps) < 50 {
			t.Fatalf("only %d owner endpoints listed", len(eps))
		}
		seen := map[string]bool{}
		for _, ep := range eps {
			if !team.Known(ep.Action) {
				t.Errorf("%s: action %q is not in the team matrix", ep.Pattern, ep.Action)
			}
			if seen[ep.Pattern] {
				t.Errorf("%s listed twice", ep.Pattern)
			}
			seen[ep.Pattern] = true
			method, path, _ := strings.Cut(ep.Pattern, " ")
			// Ids nothing has: an allowed call finds nothing and changes nothing.
			path = strings.NewReplacer("{id}", "999999999", "{rev}", "999999999").Replace(path)
			for _, r := range team.Roles {
				resp := on(tb.members[r], tb.ws.Slug, method, path, nil)
				if team.Allows(r, ep.Action) {
					if resp.StatusCode == http.StatusUnauthorized || resp.ErrorCode() == team.CodeForbidden || resp.ErrorCode() == "workspace_not_found" {
						t.Errorf("%s as %s (allowed %s): %d %s", ep.Pattern, r, ep.Action, resp.StatusCode, resp.Body)
					}
				} else if resp.StatusCode != http.StatusForbidden || resp.ErrorCode() != team.CodeForbidden {
					t.Errorf("%s as %s (refused %s): %d %s", ep.Pattern, r, ep.Action, resp.StatusCode, resp.Body)
				}
			}
			for who, c := range map[string]*apptest.Client{"a member of nothing": tb.nobody, "another tenant": tb.stranger} {
				if resp := on(c, tb.ws.Slug, method, path, nil); resp.StatusCode != http.StatusNotFound || resp.ErrorCode() != "workspace_not_found" {
					t.Errorf("%s as %s: %d %s", ep.Pattern, who, resp.StatusCode, resp.Body)
				}
			}
		}
	}, teamOpts)
}

// Authors and contributors touch only their own posts, and a contributor
// publishes nothing: the posts service says so whatever the route.
func TestOwnPostsRules(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		tb := newTeamBlog(t, a)
		slug := tb.ws.Slug
		var owners contract.OwnerPostResponse
		r := on(tb.owner, slug, http.MethodPost, "/api/workspace/posts",
			map[string]any{"title": "Owner's post", "content": "<p>Hello</p>", "category": "tech", "status": "published"})
		if r.StatusCode != http.StatusCreated {
			t.Fatalf("owner's post: %d %s", r.StatusCode, r.Body)
		}
		r.JSON(t, &owners)
		ownerPost := fmt.Sprint("/api/workspace/posts/", owners.Post.ID)
		contributor, author, editor := tb.members[team.Contributor], tb.members[team.Author], tb.members[team.Editor]

		var draft contract.OwnerPostResponse
		r = on(contributor, slug, http.MethodPost, "/api/workspace/posts", map[string]any{"title": "A draft", "content": "<p>Words</p>", "category": "tech"})
		if r.StatusCode != http.StatusCreated {
			t.Fatalf("contributor's draft: %d %s", r.StatusCode, r.Body)
		}
		r.JSON(t, &draft)
		draftPath := fmt.Sprint("/api/workspace/posts/", draft.Post.ID)

		var authored contract.OwnerPostResponse
		r = on(author, slug, http.MethodPost, "/api/workspace/posts",
			map[string]any{"title": "Author's post", "content": "<p>Mine</p>", "category": "tech", "status": "published"})
		if r.StatusCode != http.StatusCreated {
			t.Fatalf("author's post: %d %s", r.StatusCode, r.Body)
		}
		r.JSON(t, &authored)

		for _, tc := range []struct {
			name         string
			as           *apptest.Client
			method, path string
			body         any
			status       int
			code         string
		}{
			{"a contributor may not publish a new post", contributor, http.MethodPost, "/api/workspace/posts",
				map[string]any{"title": "T", "content": "<p>x</p>", "category": "tech", "status": "published"}, 403, "may_not_publish"},
			{"a contributor may not publish their draft", contributor, http.MethodPatch, draftPath, map[string]any{"status": "published"}, 403, "may_not_publish"},
			{"a contributor edits their draft", contributor, http.MethodPatch, draftPath, map[string]any{"title": "A better draft"}, 200, ""},
			{"a contributor may not read another's post", contributor, http.MethodGet, ownerPost, nil, 403, "not_your_post"},
			{"a contributor may not delete another's post", contributor, http.MethodDelete, ownerPost, nil, 403, "not_your_post"},
			{"an author may not edit another's post", author, http.MethodPatch, ownerPost, map[string]any{"title": "Mine now"}, 403, "not_your_post"},
			{"an author may not delete a post of another among theirs", author, http.MethodPost, "/api/workspace/posts/bulk-delete",
				map[string]any{"ids": []int64{authored.Post.ID, owners.Post.ID}}, 403, "not_your_post"},
			{"an author may not read the revisions of another's post", author, http.MethodGet, ownerPost + "/revisions", nil, 403, "not_your_post"},
			{"an author edits their own published post", author, http.MethodPatch, fmt.Sprint("/api/workspace/posts/", authored.Post.ID),
				map[string]any{"title": "Author's better post"}, 200, ""},
			{"an editor publishes the contributor's draft", editor, http.MethodPatch, draftPath, map[string]any{"status": "published"}, 200, ""},
			{"the contributor may no longer change it", contributor, http.MethodPatch, draftPath, map[string]any{"title": "Again"}, 403, "drafts_only"},
		} {
			r := on(tc.as, slug, tc.method, tc.path, tc.body)
			if r.StatusCode != tc.status || (tc.code != "" && r.ErrorCode() != tc.code) {
				t.Errorf("%s: %d %s, want %d %s", tc.name, r.StatusCode, r.Body, tc.status, tc.code)
			}
		}
		// Nothing of the refused bulk delete happened.
		for _, id := range []int64{authored.Post.ID, owners.Post.ID} {
			if _, err := a.Store.GetPost(context.Background(), store.FindPost{ID: &id}); err != nil {
				t.Errorf("post %d: %v", id, err)
			}
		}
		// Lists: an author or contributor sees their own posts; an editor all.
		for r, want := range map[team.Role]int{team.Contributor: 1, team.Author: 1, team.Editor: 3} {
			var list contract.OwnerPostsResponse
			resp := on(tb.members[r], slug, http.MethodGet, "/api/workspace/posts", nil)
			resp.JSON(t, &list)
			if list.Total != want {
				t.Errorf("%s sees %d posts, want %d", r, list.Total, want)
			}
		}
	}, teamOpts)
}

// A member removed (their row deleted) is refused on their next request.
func TestRemovedMemberIsRefusedAtOnce(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		tb := newTeamBlog(t, a)
		editor := tb.members[team.Editor]
		if r := on(editor, tb.ws.Slug, http.MethodGet, "/api/workspace/categories", nil); r.StatusCode != http.StatusOK {
			t.Fatalf("as a member: %d %s", r.StatusCode, r.Body)
		}
		if err := a.Store.RemoveMember(context.Background(), tb.ws.ID, tb.users[team.Editor].ID); err != nil {
			t.Fatal(err)
		}
		r := on(editor, tb.ws.Slug, http.MethodPost, "/api/workspace/categories", map[string]any{"name": "Go", "slug": "go"})
		if r.StatusCode != http.StatusNotFound || r.ErrorCode() != "workspace_not_found" {
			t.Fatalf("after removal: %d %s", r.StatusCode, r.Body)
		}
		if cats, _ := a.Store.ListCategories(context.Background(), tb.ws.ID); len(cats) != 1 {
			t.Fatalf("categories = %d", len(cats))
		}
		// Their own blog is still theirs.
		if r := editor.Get("/api/workspace"); r.StatusCode != http.StatusOK {
			t.Fatalf("own blog: %d %s", r.StatusCode, r.Body)
		}
	}, teamOpts)
}

// 20 blogs asked for at once on the Agency plan: the account ends with
// exactly 5 (its first included), the others answered 402.
func TestBlogCapUnderConcurrentCreation(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		c, u, ws := signUpUser(t, a, "Agency")
		if _, err := a.Store.UpdateWorkspace(context.Background(), store.UpdateWorkspace{ID: ws.ID, PlanTier: store.Ptr(store.PlanAgency)}); err != nil {
			t.Fatal(err)
		}
		csrf := csrfCookie(c)
		var created, refused atomic.Int32
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				h := http.Header{"Content-Type": {"application/json"}, api.CSRFHeader: {csrf}}
				r := c.Raw(http.MethodPost, "/api/workspaces", "", strings.NewReader(fmt.Sprintf(`{"name":"Client %d","slug":"client-%d"}`, i, i)), h)
				switch {
				case r.StatusCode == http.StatusCreated:
					created.Add(1)
				case r.StatusCode == http.StatusPaymentRequired && r.ErrorCode() == "blog_limit":
					refused.Add(1)
				default:
					t.Errorf("create: %d %s", r.StatusCode, r.Body)
				}
			}()
		}
		wg.Wait()
		if created.Load() != 4 || refused.Load() != 16 {
			t.Fatalf("created %d, refused %d", created.Load(), refused.Load())
		}
		var list contract.WorkspacesResponse
		c.Get("/api/workspaces").JSON(t, &list)
		if len(list.Workspaces) != 5 || list.Workspaces[0].Slug != ws.Slug {
			t.Fatalf("workspaces = %+v", list.Workspaces)
		}
		for _, w := range list.Workspaces {
			if w.Role != "administrator" || w.PlanTier != contract.PlanAgency {
				t.Fatalf("workspace %+v", w)
			}
		}
		if n, _ := a.Store.CountOwned(context.Background(), u.ID); n != 5 {
			t.Fatalf("owned %d", n)
		}
	}, teamOpts)
}

// Bad requests for a blog are refused clearly and change nothing.
func TestCreateBlogAndTheHeaderRefuseBadInput(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		ctx := context.Background()
		starter, su, sws := signUpUser(t, a, "Starter")
		agency, au, aws := signUpUser(t, a, "Agency")
		if _, err := a.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: aws.ID, PlanTier: store.Ptr(store.PlanAgency)}); err != nil {
			t.Fatal(err)
		}
		apptest.RunScenarios(t, agency, []apptest.Scenario{
			{Name: "a starter's second blog", As: starter, Method: "POST", URL: "/api/workspaces", Body: map[string]string{"name": "Two", "slug": "starter-two"},
				ExpectedStatus: 402, ExpectedCode: "blog_limit", ExpectedContent: []string{"Your Starter plan allows 1 blog. Upgrade to add more."}},
			{Name: "a taken address", Method: "POST", URL: "/api/workspaces", Body: map[string]string{"name": "Two", "slug": sws.Slug},
				ExpectedStatus: 409, ExpectedCode: "address_taken"},
			{Name: "a reserved address", Method: "POST", URL: "/api/workspaces", Body: map[string]string{"name": "Two", "slug": "admin"},
				ExpectedStatus: 400, ExpectedCode: "address_reserved"},
			{Name: "an invalid address", Method: "POST", URL: "/api/workspaces", Body: map[string]string{"name": "Two", "slug": "two blogs!"},
				ExpectedStatus: 400, ExpectedCode: "address_invalid"},
			{Name: "no name", Method: "POST", URL: "/api/workspaces", Body: map[string]string{"name": " ", "slug": "two"},
				ExpectedStatus: 400},
			{Name: "a second blog", Method: "POST", URL: "/api/workspaces", Body: map[string]string{"name": "Second", "slug": "Second "},
				ExpectedStatus: 201, ExpectedContent: []string{`"slug":"second"`, `"role":"administrator"`, `"planTier":"agency"`}},
			{Name: "an unknown blog in the header", Method: "POST", URL: "/api/workspace/categories", Body: map[string]string{"name": "Go", "slug": "go"},
				Headers: map[string]string{api.WorkspaceHeader: "no-such-blog"}, ExpectedStatus: 404, ExpectedCode: "workspace_not_found"},
			{Name: "another's blog in the header", Method: "GET", URL: "/api/workspace", Headers: map[string]string{api.WorkspaceHeader: sws.Slug},
				ExpectedStatus: 404, ExpectedCode: "workspace_not_found"},
			{Name: "the header names the second blog", Method: "POST", URL: "/api/workspace/categories", Body: map[string]string{"name": "Go", "slug": "go"},
				Headers: map[string]string{api.WorkspaceHeader: "second"}, ExpectedStatus: 201},
			{Name: "without the header, the first blog", Method: "GET", URL: "/api/workspace",
				ExpectedStatus: 200, ExpectedContent: []string{`"slug":"` + aws.Slug + `"`}},
			{Name: "the header still needs the CSRF token", Method: "POST", URL: "/api/workspace/categories", Body: map[string]string{"name": "Js", "slug": "js"},
				Headers: map[string]string{api.WorkspaceHeader: "second", api.CSRFHeader: "forged"}, ExpectedStatus: 403, ExpectedCode: "csrf_failed"},
		})
		if n, _ := a.Store.CountOwned(ctx, su.ID); n != 1 {
			t.Errorf("starter owns %d blogs", n)
		}
		if n, _ := a.Store.CountOwned(ctx, au.ID); n != 2 {
			t.Errorf("agency owns %d blogs", n)
		}
		if cats, _ := a.Store.ListCategories(ctx, aws.ID); len(cats) != 0 {
			t.Errorf("the first blog got categories: %d", len(cats))
		}
		second, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: store.Ptr("second")})
		if err != nil {
			t.Fatal(err)
		}
		if cats, _ := a.Store.ListCategories(ctx, second.ID); len(cats) != 1 {
			t.Errorf("the second blog has %d categories", len(cats))
		}
		// An admin's plan change is the account's: every blog follows.
		admin, boss, _ := signUpUser(t, a, "Boss")
		if err := a.Store.AddRole(ctx, boss.ID, store.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		if r := admin.Do(http.MethodPut, fmt.Sprint("/api/admin/workspaces/", aws.ID, "/plan"), map[string]string{"planTier": "professional"}); r.StatusCode != http.StatusOK {
			t.Fatalf("set plan: %d %s", r.StatusCode, r.Body)
		}
		if w, _ := a.Store.GetWorkspace(ctx, store.FindWorkspace{ID: &second.ID}); w.PlanTier != store.PlanProfessional {
			t.Errorf("second blog's plan = %s", w.PlanTier)
		}
	}, teamOpts)
}
