package api_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

type workspaceAnswer struct {
	Workspace struct {
		ID       int64  `json:"id"`
		Name     string `json:"name"`
		Slug     string `json:"slug"`
		PlanTier string `json:"planTier"`
	} `json:"workspace"`
	Settings struct {
		BlogTitle           string `json:"blogTitle"`
		TemplateID          string `json:"templateId"`
		PrimaryColor        string `json:"primaryColor"`
		FontFamily          string `json:"fontFamily"`
		OnboardingCompleted bool   `json:"onboardingCompleted"`
		BrandVoice          string `json:"brandVoice"`
		Language            string `json:"language"`
		DefaultTone         string `json:"defaultTone"`
		DefaultLength       string `json:"defaultLength"`
	} `json:"settings"`
	Usage struct {
		Month          string `json:"month"`
		PostsGenerated int    `json:"postsGenerated"`
		PostsLimit     int    `json:"postsLimit"`
		ImagesLimit    int    `json:"imagesLimit"`
		Trial          bool   `json:"trial"`
		Unlimited      bool   `json:"unlimited"`
	} `json:"usage"`
	Plan struct {
		ID            string `json:"id"`
		MaxCategories int    `json:"maxCategories"`
	} `json:"plan"`
	BlogURL string `json:"blogUrl"`
	RSSURL  string `json:"rssUrl"`
}

func TestOwnerWorkspaceUsageAndURLs(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		c := e.signUp("Jane Doe", "jane@example.com")
		var got workspaceAnswer
		c.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &got)
		if got.Workspace.Slug != "jane-doe" || got.Workspace.PlanTier != "starter" || got.Plan.ID != "starter" || got.Plan.MaxCategories != 4 {
			t.Fatalf("workspace = %+v plan %+v", got.Workspace, got.Plan)
		}
		if got.Usage.PostsLimit != 10 || got.Usage.ImagesLimit != 10 || !got.Usage.Trial || got.Usage.Unlimited ||
			got.Usage.Month != time.Now().UTC().Format("2006-01")+"-01" {
			t.Fatalf("usage = %+v", got.Usage)
		}
		if got.BlogURL != "http://blog.test/blog/jane-doe" || got.RSSURL != "http://blog.test/blog/jane-doe/feed.xml" {
			t.Fatalf("urls = %q %q", got.BlogURL, got.RSSURL)
		}
		// After the trial the plan's own limits apply, counters kept.
		ctx := context.Background()
		if _, err := s.ReserveUsage(ctx, c.ws.ID, got.Usage.Month, 2, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SQL().ExecContext(ctx, `UPDATE workspaces SET created_at = $1 WHERE id = $2`,
			time.Now().Add(-30*24*time.Hour).UnixMilli(), c.ws.ID); err != nil {
			t.Fatal(err)
		}
		c.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &got)
		if got.Usage.PostsLimit != 30 || got.Usage.Trial || got.Usage.PostsGenerated != 2 {
			t.Fatalf("after trial usage = %+v", got.Usage)
		}
		// Admins are unlimited.
		if err := s.AddRole(ctx, c.user.ID, store.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		c.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &got)
		if got.Usage.PostsLimit != 999999 || !got.Usage.Unlimited || got.Plan.ID != "admin" {
			t.Fatalf("admin usage = %+v plan %+v", got.Usage, got.Plan)
		}
		e.client().mustFail(http.MethodGet, "/api/workspace", nil, http.StatusUnauthorized, "not_authenticated")
	})
}

// A signed-in user without a workspace gets one from the e-mail's local part.
func TestOwnerWorkspaceCreatedOnDemand(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		ctx := context.Background()
		u := &store.User{Email: "solo.writer@example.com", Name: "Solo", PasswordHash: "x"}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		token, _, err := e.auth.NewSession(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		c := e.client()
		base, _ := url.Parse(e.srv.URL)
		c.http.Jar.SetCookies(base, []*http.Cookie{{Name: api.SessionCookie, Value: token, Path: "/"}})
		var got workspaceAnswer
		c.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &got)
		if got.Workspace.Name != "solo.writer" || got.Workspace.Slug != "solo-writer" || got.Workspace.PlanTier != "starter" ||
			got.Usage.PostsLimit != 10 || got.Settings.OnboardingCompleted {
			t.Fatalf("created = %+v usage %+v", got.Workspace, got.Usage)
		}
		again := workspaceAnswer{}
		c.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &again)
		if again.Workspace.ID != got.Workspace.ID {
			t.Fatal("a second workspace was created")
		}
	})
}

func TestOwnerSettings(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		c := e.signUp("Set Owner", "set@example.com")
		ok := map[string]string{"blogTitle": "  My Blog ", "blogDescription": "About things", "templateId": "template-2",
			"primaryColor": "#10B981", "fontFamily": "Playfair Display"}
		with := func(field, value string) map[string]string {
			in := map[string]string{}
			for k, v := range ok {
				in[k] = v
			}
			in[field] = value
			return in
		}
		var bad []apptest.Scenario
		for _, b := range []struct{ field, value string }{
			{"blogTitle", " "}, {"templateId", "template-9"}, {"primaryColor", "red"}, {"primaryColor", "#12345"},
			{"fontFamily", "Comic Sans"}, {"blogDescription", strings.Repeat("x", 501)},
			{"brandVoice", strings.Repeat("v", 1001)}, {"language", "xx"}, {"defaultTone", "witty"}, {"defaultLength", "epic"},
		} {
			bad = append(bad, apptest.Scenario{Name: b.field + " " + b.value, Method: http.MethodPut, URL: "/api/workspace/settings",
				Body: with(b.field, b.value), ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation"})
		}
		apptest.RunScenarios(t, c.as(), bad)
		set, _ := s.GetSettings(context.Background(), c.ws.ID)
		if set.TemplateID != "template-1" {
			t.Fatalf("refused settings were saved: %+v", set)
		}
		var got workspaceAnswer
		c.mustJSON(http.MethodPut, "/api/workspace/settings", ok, http.StatusOK, &got)
		if got.Settings.BlogTitle != "My Blog" || got.Settings.TemplateID != "template-2" || got.Settings.PrimaryColor != "#10b981" ||
			got.Settings.FontFamily != "Playfair Display" {
			t.Fatalf("settings = %+v", got.Settings)
		}
		set, _ = s.GetSettings(context.Background(), c.ws.ID)
		if set.BlogTitle != "My Blog" || set.FontFamily != "Playfair Display" || set.Language != "en" || set.DefaultTone != "professional" ||
			set.DefaultLength != "medium" || set.BrandVoice != "" {
			t.Fatalf("stored = %+v", set)
		}
		// The writing profile; a form that leaves it out keeps it.
		profile := with("brandVoice", " For home cooks; no jargon. ")
		profile["language"], profile["defaultTone"], profile["defaultLength"] = "pl", "casual", "long"
		c.mustJSON(http.MethodPut, "/api/workspace/settings", profile, http.StatusOK, &got)
		c.mustJSON(http.MethodPut, "/api/workspace/settings", ok, http.StatusOK, &got)
		if got.Settings.BrandVoice != "For home cooks; no jargon." || got.Settings.Language != "pl" || got.Settings.DefaultTone != "casual" ||
			got.Settings.DefaultLength != "long" {
			t.Fatalf("writing profile = %+v", got.Settings)
		}
		// Readers see the blog's language, not the owner's note to the AI.
		var blog contract.BlogResponse
		c.mustJSON(http.MethodGet, "/api/blogs/"+c.ws.Slug, nil, http.StatusOK, &blog)
		if blog.Settings.BrandVoice != "" || blog.Settings.Language != "pl" {
			t.Fatalf("public settings = %+v", blog.Settings)
		}
		// CSRF: a mutating request without the header is refused.
		req, _ := http.NewRequest(http.MethodPut, e.srv.URL+"/api/workspace/settings", nil)
		res, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Fatalf("without CSRF header = %d", res.StatusCode)
		}
	})
}

type categoriesAnswer struct {
	Categories []struct {
		ID          int64  `json:"id"`
		Name        string `json:"name"`
		Slug        string `json:"slug"`
		Description string `json:"description"`
		ColorHex    string `json:"colorHex"`
	} `json:"categories"`
}

func TestOwnerOnboarding(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		c := e.signUp("Onb Owner", "onb@example.com")
		cat := func(name, slug string) map[string]string {
			return map[string]string{"name": name, "slug": slug, "colorHex": "#6366f1", "description": ""}
		}
		body := func(title string, cats ...map[string]string) map[string]any {
			return map[string]any{"blogTitle": title, "blogDescription": "desc", "categories": cats,
				"primaryColor": "#f43f5e", "fontFamily": "Montserrat"}
		}
		apptest.RunScenarios(t, c.as(), []apptest.Scenario{
			{Name: "no blog name", Method: http.MethodPost, URL: "/api/onboarding", Body: body("", cat("Tech", "tech")),
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation", ExpectedContent: []string{`"message":"Please enter a blog name"`}},
			{Name: "no category", Method: http.MethodPost, URL: "/api/onboarding", Body: body("Blog"),
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation",
				ExpectedContent: []string{`"message":"Please select or create at least one category"`}},
			{Name: "over the starter cap", Method: http.MethodPost, URL: "/api/onboarding",
				Body:           body("Blog", cat("A", "a"), cat("B", "b"), cat("C", "c"), cat("D", "d"), cat("E", "e")),
				ExpectedStatus: http.StatusForbidden, ExpectedCode: "category_limit",
				ExpectedContent: []string{`"message":"Your Starter plan allows up to 4 categories. Upgrade to add more."`}},
		})
		if cats, _ := s.ListCategories(context.Background(), c.ws.ID); len(cats) != 0 {
			t.Fatalf("refused onboarding wrote %d categories", len(cats))
		}
		var got workspaceAnswer
		c.mustJSON(http.MethodPost, "/api/onboarding", body("My Food Blog", cat("Food & Cooking", "food-cooking"),
			cat("My Custom Topic!", ""), cat("Tech", "tech"), cat("Tech again", "tech")), http.StatusOK, &got)
		if !got.Settings.OnboardingCompleted || got.Settings.BlogTitle != "My Food Blog" || got.Settings.FontFamily != "Montserrat" {
			t.Fatalf("settings = %+v", got.Settings)
		}
		var cats categoriesAnswer
		c.mustJSON(http.MethodGet, "/api/workspace/categories", nil, http.StatusOK, &cats)
		if len(cats.Categories) != 3 || cats.Categories[1].Slug != "my-custom-topic" || cats.Categories[1].Description != "My Custom Topic! articles" {
			t.Fatalf("categories = %+v", cats.Categories)
		}

		// Skip: a fresh owner gets General; one with categories keeps them.
		d := e.signUp("Skip Owner", "skip@example.com")
		d.mustJSON(http.MethodPost, "/api/onboarding/skip", map[string]any{}, http.StatusOK, &got)
		if !got.Settings.OnboardingCompleted {
			t.Fatal("skip did not complete onboarding")
		}
		d.mustJSON(http.MethodGet, "/api/workspace/categories", nil, http.StatusOK, &cats)
		if len(cats.Categories) != 1 || cats.Categories[0].Slug != "general" || cats.Categories[0].Name != "General" {
			t.Fatalf("skip categories = %+v", cats.Categories)
		}
		c.mustJSON(http.MethodPost, "/api/onboarding/skip", nil, http.StatusOK, nil)
		c.mustJSON(http.MethodGet, "/api/workspace/categories", nil, http.StatusOK, &cats)
		if len(cats.Categories) != 3 {
			t.Fatalf("skip added to existing categories: %+v", cats.Categories)
		}
	})
}

func TestOwnerCategories(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		c := e.signUp("Cat Owner", "cat@example.com")
		other := e.owner("Cat Other", "cat-other@example.com", "theirs")
		type catAnswer struct {
			Category struct {
				ID       int64  `json:"id"`
				Slug     string `json:"slug"`
				Name     string `json:"name"`
				ColorHex string `json:"colorHex"`
				Gradient string `json:"gradient"`
			} `json:"category"`
		}
		var first catAnswer
		c.mustJSON(http.MethodPost, "/api/workspace/categories", map[string]string{"slug": "tech", "name": "Tech", "description": "Gadgets",
			"colorHex": ""}, http.StatusCreated, &first)
		if first.Category.ID == 0 || first.Category.ColorHex != "#6366f1" || first.Category.Gradient == "" {
			t.Fatalf("created = %+v", first.Category)
		}
		const cats = "/api/workspace/categories"
		created := func(slug string) apptest.Scenario {
			return apptest.Scenario{Name: "create " + slug, Method: http.MethodPost, URL: cats,
				Body: map[string]string{"slug": slug, "name": slug}, ExpectedStatus: http.StatusCreated}
		}
		apptest.RunScenarios(t, c.as(), []apptest.Scenario{
			{Name: "duplicate slug", Method: http.MethodPost, URL: cats, Body: map[string]string{"slug": "tech", "name": "Again"},
				ExpectedStatus: http.StatusConflict, ExpectedCode: "category_exists"},
			{Name: "no slug", Method: http.MethodPost, URL: cats, Body: map[string]string{"slug": "", "name": "No slug"},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation"},
			{Name: "bad slug", Method: http.MethodPost, URL: cats, Body: map[string]string{"slug": "Bad Slug", "name": "X"},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation"},
			{Name: "blank name", Method: http.MethodPost, URL: cats, Body: map[string]string{"slug": "noname", "name": " "},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation"},
			{Name: "bad colour", Method: http.MethodPost, URL: cats, Body: map[string]string{"slug": "col", "name": "Col", "colorHex": "blue"},
				ExpectedStatus: http.StatusBadRequest, ExpectedCode: "validation"},
			created("a"), created("b"), created("c"),
			{Name: "over the starter cap", Method: http.MethodPost, URL: cats, Body: map[string]string{"slug": "e", "name": "E"},
				ExpectedStatus: http.StatusForbidden, ExpectedCode: "category_limit"},
		})

		path := "/api/workspace/categories/" + itoa(first.Category.ID)
		c.mustFail(http.MethodPut, path, map[string]string{"slug": "renamed", "name": "Tech"}, 400, "validation")
		var upd catAnswer
		c.mustJSON(http.MethodPut, path, map[string]string{"name": "Technology", "description": "All tech", "colorHex": "#0EA5E9"}, http.StatusOK, &upd)
		if upd.Category.Name != "Technology" || upd.Category.Slug != "tech" || upd.Category.ColorHex != "#0ea5e9" {
			t.Fatalf("updated = %+v", upd.Category)
		}
		// Another workspace's category is not found and not changed.
		var theirs categoriesAnswer
		other.mustJSON(http.MethodGet, "/api/workspace/categories", nil, http.StatusOK, &theirs)
		theirPath := "/api/workspace/categories/" + itoa(theirs.Categories[0].ID)
		c.mustFail(http.MethodPut, theirPath, map[string]string{"name": "Mine"}, http.StatusNotFound, "category_not_found")
		c.mustFail(http.MethodDelete, theirPath, nil, http.StatusNotFound, "category_not_found")
		other.mustJSON(http.MethodGet, "/api/workspace/categories", nil, http.StatusOK, &theirs)
		if len(theirs.Categories) != 1 || theirs.Categories[0].Name != "Theirs" {
			t.Fatalf("other's categories = %+v", theirs.Categories)
		}
		c.mustJSON(http.MethodDelete, path, nil, http.StatusNoContent, nil)
		c.mustFail(http.MethodDelete, path, nil, http.StatusNotFound, "category_not_found")
		// Admins have no category cap.
		if err := s.AddRole(context.Background(), c.user.ID, store.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		apptest.RunScenarios(t, c.as(), []apptest.Scenario{created("d"), created("e"), created("f")})
	})
}

// as is an apptest client signed in as c (it shares c's cookies), for
// scenario tables.
func (c *ownerClient) as() *apptest.Client {
	ac := c.env.app.Client(c.t)
	u, _ := url.Parse(c.env.srv.URL)
	ac.HTTP.Jar.SetCookies(u, c.http.Jar.Cookies(u))
	return ac
}
