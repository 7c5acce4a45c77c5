package api_test

import (
	"context"
	"fmt"
	"github.com/inkpress/inkpress/internal/newsletter"
	"net/http"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

type adminWorkspaces struct {
	Workspaces []struct {
		ID            int64  `json:"id"`
		Slug          string `json:"slug"`
		PlanTier      string `json:"planTier"`
		Status        string `json:"status"`
		OwnerEmail    string `json:"ownerEmail"`
		SendingPaused bool   `json:"sendingPaused"`
		Usage         *struct {
			PostsGenerated  int `json:"postsGenerated"`
			PostsLimit      int `json:"postsLimit"`
			ImagesGenerated int `json:"imagesGenerated"`
			ImagesLimit     int `json:"imagesLimit"`
		} `json:"usage"`
	} `json:"workspaces"`
}

// admin signs up and gets the admin role.
func (e *ownerEnv) admin(email string) *ownerClient {
	e.t.Helper()
	c := e.signUp("Admin", email)
	if err := e.store.AddRole(context.Background(), c.user.ID, store.RoleAdmin); err != nil {
		e.t.Fatal(err)
	}
	return c
}

func TestAdminEndpointsRefuseOwnersAndVisitors(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		owner := e.app.Client(t)
		owner.SignUp("Owner", "owner@example.com", "secret123")
		u, err := s.GetUserByEmail(context.Background(), "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		ws, err := s.GetWorkspace(context.Background(), store.FindWorkspace{UserID: &u.ID})
		if err != nil {
			t.Fatal(err)
		}
		anon := e.app.Client(t)
		var scenarios []apptest.Scenario
		for _, rq := range []struct {
			method, url string
			body        any
		}{
			{http.MethodGet, "/api/admin/workspaces", nil},
			{http.MethodPut, "/api/admin/workspaces/" + itoa(ws.ID) + "/plan", map[string]string{"planTier": "agency"}},
			{http.MethodGet, "/api/admin/posts", nil},
		} {
			scenarios = append(scenarios,
				apptest.Scenario{Name: "visitor " + rq.method + " " + rq.url, As: anon, Method: rq.method, URL: rq.url, Body: rq.body,
					ExpectedStatus: http.StatusUnauthorized, ExpectedCode: "not_authenticated"},
				apptest.Scenario{Name: "owner " + rq.method + " " + rq.url, As: owner, Method: rq.method, URL: rq.url, Body: rq.body,
					ExpectedStatus: http.StatusForbidden, ExpectedCode: "forbidden",
					ExpectedContent: []string{`"message":"You must be an admin to access this page"`}})
		}
		apptest.RunScenarios(t, anon, scenarios)
		if ws, _ := s.GetWorkspace(context.Background(), store.FindWorkspace{ID: &ws.ID}); ws.PlanTier != store.PlanStarter {
			t.Fatalf("an owner changed a plan: %+v", ws)
		}
	})
}

func TestAdminWorkspacesAndPlanChange(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		ctx := context.Background()
		e := newOwnerEnv(t, db, nil, nil)
		s := e.store
		admin := e.admin("boss@example.com")
		owner := e.owner("Owner", "owner@example.com")
		// A workspace without this month's usage row, and without an owner.
		bare, err := s.CreateWorkspace(ctx, store.CreateWorkspace{Name: "Bare", Slug: "bare", PlanTier: store.PlanAgency})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReserveUsage(ctx, owner.ws.ID, plan.Month(time.Now()), 2, 1); err != nil {
			t.Fatal(err)
		}

		var got adminWorkspaces
		admin.mustJSON(http.MethodGet, "/api/admin/workspaces", nil, http.StatusOK, &got)
		// The real app also holds the site workspace, made at start (oldest).
		if len(got.Workspaces) != 4 || got.Workspaces[0].ID != bare.ID || got.Workspaces[2].ID != admin.ws.ID ||
			got.Workspaces[3].Slug != "site" {
			t.Fatalf("workspaces (newest first) = %+v", got.Workspaces)
		}
		b, o, a := got.Workspaces[0], got.Workspaces[1], got.Workspaces[2]
		if b.Usage != nil || b.OwnerEmail != "" || b.PlanTier != "agency" {
			t.Fatalf("bare = %+v", b)
		}
		if o.OwnerEmail != "owner@example.com" || o.Usage == nil || o.Usage.PostsGenerated != 2 || o.Usage.ImagesGenerated != 1 ||
			o.Usage.PostsLimit != plan.TrialPosts || o.Status != "active" || o.Slug != owner.ws.Slug {
			t.Fatalf("owner = %+v usage %+v", o, o.Usage)
		}
		if a.OwnerEmail != "boss@example.com" || a.Usage == nil || a.Usage.PostsLimit != plan.Unlimited {
			t.Fatalf("admin's own = %+v usage %+v", a, a.Usage)
		}

		path := "/api/admin/workspaces/" + itoa(owner.ws.ID) + "/plan"
		var changed struct {
			Workspace struct {
				ID       int64  `json:"id"`
				PlanTier string `json:"planTier"`
			} `json:"workspace"`
		}
		admin.mustJSON(http.MethodPut, path, map[string]string{"planTier": "professional"}, http.StatusOK, &changed)
		if changed.Workspace.ID != owner.ws.ID || changed.Workspace.PlanTier != "professional" {
			t.Fatalf("changed = %+v", changed)
		}
		// This month's limits follow at once; the counters stay.
		if u := owner.usage(); u.PostsLimit != 100 || u.ImagesLimit != 100 || u.PostsGenerated != 2 {
			t.Fatalf("usage after the change = %+v", u)
		}
		var ws struct {
			Usage struct {
				PostsLimit int  `json:"postsLimit"`
				Trial      bool `json:"trial"`
			} `json:"usage"`
		}
		owner.mustJSON(http.MethodGet, "/api/workspace", nil, http.StatusOK, &ws)
		if ws.Usage.PostsLimit != 100 || ws.Usage.Trial {
			t.Fatalf("owner's usage = %+v", ws.Usage)
		}
		admin.mustJSON(http.MethodPut, path, map[string]string{"planTier": "admin"}, http.StatusOK, &changed)
		if u := owner.usage(); u.PostsLimit != plan.Unlimited {
			t.Fatalf("admin tier usage = %+v", u)
		}

		admin.mustFail(http.MethodPut, path, map[string]string{"planTier": "gold"}, http.StatusBadRequest, "invalid_plan")
		admin.mustFail(http.MethodPut, path, map[string]string{"planTier": ""}, http.StatusBadRequest, "invalid_plan")
		admin.mustFail(http.MethodPut, "/api/admin/workspaces/999999/plan", map[string]string{"planTier": "agency"},
			http.StatusNotFound, "workspace_not_found")
		admin.mustFail(http.MethodPut, "/api/admin/workspaces/x/plan", map[string]string{"planTier": "agency"},
			http.StatusNotFound, "workspace_not_found")
		if w, _ := s.GetWorkspace(ctx, store.FindWorkspace{ID: &owner.ws.ID}); w.PlanTier != store.PlanAdmin {
			t.Fatalf("refused changes changed the plan: %+v", w)
		}
	})
}

func TestAdminPostsAcrossWorkspaces(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		ctx := context.Background()
		e := newOwnerEnv(t, db, nil, nil)
		admin := e.admin("boss@example.com")
		a := e.owner("A", "a@example.com", "tech")
		b := e.owner("B", "b@example.com", "food")
		base := time.Now().Add(-time.Hour)
		for i, p := range []*store.Post{
			{WorkspaceID: a.ws.ID, Category: "tech", Title: "Alpha Gadgets"},
			{WorkspaceID: b.ws.ID, Category: "food", Title: "Bread Basics"},
			{WorkspaceID: a.ws.ID, Category: "tech", Title: "Gadget Care"},
		} {
			p.Content, p.PublishedAt = "<p>Body</p>", base.Add(time.Duration(i)*time.Minute)
			if err := e.gen.Posts.Create(ctx, p); err != nil {
				t.Fatal(err)
			}
		}
		var got struct {
			Posts []struct {
				Title         string `json:"title"`
				CategoryName  string `json:"categoryName"`
				WorkspaceSlug string `json:"workspaceSlug"`
				URL           string `json:"url"`
			} `json:"posts"`
			Total int `json:"total"`
		}
		admin.mustJSON(http.MethodGet, "/api/admin/posts", nil, http.StatusOK, &got)
		if got.Total != 3 || len(got.Posts) != 3 || got.Posts[0].Title != "Gadget Care" || got.Posts[1].Title != "Bread Basics" {
			t.Fatalf("all = %+v", got)
		}
		if p := got.Posts[1]; p.WorkspaceSlug != b.ws.Slug || p.URL != "/blog/"+b.ws.Slug+"/food/bread-basics" || p.CategoryName != "Food" {
			t.Fatalf("b's post = %+v", p)
		}
		admin.mustJSON(http.MethodGet, "/api/admin/posts?search=GADGET&limit=1&page=2", nil, http.StatusOK, &got)
		if got.Total != 2 || len(got.Posts) != 1 || got.Posts[0].Title != "Alpha Gadgets" || got.Posts[0].WorkspaceSlug != a.ws.Slug {
			t.Fatalf("search page 2 = %+v", got)
		}
		admin.mustFail(http.MethodGet, "/api/admin/posts?limit=500", nil, http.StatusBadRequest, "invalid_parameter")
	})
}

// A blog whose recent e-mails are refused too often has its newsletters
// paused; the admin's list says so.
func TestAdminSeesBlogsWhoseSendingIsPaused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	e := newOwnerEnv(t, "", nil, nil)
	admin := e.admin("boss@example.com")
	bad := e.owner("Bad", "bad@example.com")
	good := e.owner("Good", "good@example.com")
	now := time.Now().UTC()
	for _, o := range []struct {
		ws      int64
		refused int
	}{{bad.ws.ID, newsletter.HealthSample / 10}, {good.ws.ID, 0}} {
		to := make([]store.Recipient, newsletter.HealthSample)
		for i := range to {
			to[i] = store.Recipient{Email: fmt.Sprintf("r%d@example.com", i)}
		}
		m := &store.MailMessage{WorkspaceID: o.ws, Kind: store.MailNewsletter, Subject: "S", Text: "t", CreatedAt: now}
		if err := e.store.QueueMail(ctx, m, to); err != nil {
			t.Fatal(err)
		}
		// Claimed with whatever else is queued (the owners' account mail).
		ds, err := e.store.ClaimDeliveries(ctx, now, now.Add(time.Minute), 1000)
		if err != nil || len(ds) < len(to) {
			t.Fatalf("claimed %d, %v", len(ds), err)
		}
		refused := map[string]bool{}
		for i := range o.refused {
			refused[to[i].Email] = true
		}
		for _, d := range ds {
			st := store.DeliverySent
			if refused[d.To] {
				st = store.DeliveryBounced
			}
			if err := e.store.FinishDelivery(ctx, store.DeliveryResult{ID: d.ID, Status: st, Attempts: 1, At: now}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var got adminWorkspaces
	admin.mustJSON(http.MethodGet, "/api/admin/workspaces", nil, http.StatusOK, &got)
	seen := 0
	for _, w := range got.Workspaces {
		want := w.ID == bad.ws.ID
		if w.SendingPaused != want {
			t.Errorf("%s: sendingPaused = %v, want %v", w.Slug, w.SendingPaused, want)
		}
		if w.ID == bad.ws.ID || w.ID == good.ws.ID {
			seen++
		}
	}
	if seen != 2 {
		t.Fatalf("listed %d of the two blogs", seen)
	}
}
