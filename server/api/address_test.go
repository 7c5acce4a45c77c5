package api_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
)

type addressCheck struct {
	Address   string `json:"address"`
	Available bool   `json:"available"`
	Message   string `json:"message"`
}

func checkAddress(t *testing.T, c *apptest.Client, query string) addressCheck {
	t.Helper()
	r := c.Get("/api/workspace/address?" + query)
	if r.StatusCode != http.StatusOK {
		t.Fatalf("check %s: %d %s", query, r.StatusCode, r.Body)
	}
	var out addressCheck
	r.JSON(t, &out)
	return out
}

// TestOnboardingChoosesTheAddress: sign-up takes the address from the blog
// name; onboarding proposes one from the blog's name, says whether an
// address is free as the owner types, and saves the chosen one with the
// rest (or nothing, when it is taken); the former address redirects.
func TestOnboardingChoosesTheAddress(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		// Olivia's blog holds "the-quiet-desk".
		olivia := a.Client(t)
		if r := olivia.Do("POST", "/api/auth/signup", map[string]string{"name": "Olivia Stone", "email": "olivia@example.com",
			"password": "secret123", "blogName": "The Quiet Desk"}); r.StatusCode != http.StatusCreated {
			t.Fatalf("sign up: %d %s", r.StatusCode, r.Body)
		}
		var me struct {
			Workspace struct{ Slug string } `json:"workspace"`
		}
		olivia.Get("/api/auth/me").JSON(t, &me)
		if me.Workspace.Slug != "the-quiet-desk" {
			t.Fatalf("sign-up's address %q, want the blog name's", me.Workspace.Slug)
		}

		jane := a.Client(t)
		jane.SignUp("Jane Doe", "jane@example.com", "secret123") // no blog name: her name's address
		for _, tc := range []struct {
			query string
			want  addressCheck
		}{
			{"name=" + url.QueryEscape("The Quiet Desk"), addressCheck{"the-quiet-desk-2", true, ""}},
			{"name=" + url.QueryEscape("Slow Mornings"), addressCheck{"slow-mornings", true, ""}},
			{"name=" + url.QueryEscape("Admin"), addressCheck{"admin-blog", true, ""}},
			{"address=the-quiet-desk", addressCheck{"the-quiet-desk", false, `The address "the-quiet-desk" is taken: please choose another one`}},
			{"address=jane-doe", addressCheck{"jane-doe", true, ""}}, // her own
			{"address=" + url.QueryEscape(" Slow-Mornings "), addressCheck{"slow-mornings", true, ""}},
			{"address=www", addressCheck{"www", false, `The address "www" is reserved: please choose another one`}},
			{"address=a", addressCheck{"a", false, "A blog address may only hold lowercase letters, numbers and single dashes, from 2 to 60 characters"}},
			{"address=", addressCheck{"", false, "Please enter a blog address"}},
		} {
			if got := checkAddress(t, jane, tc.query); got != tc.want {
				t.Errorf("%s: %+v, want %+v", tc.query, got, tc.want)
			}
		}
		if r := jane.Get("/api/workspace/address"); r.StatusCode != http.StatusBadRequest {
			t.Errorf("no question: %d", r.StatusCode)
		}
		if r := a.Client(t).Get("/api/workspace/address?address=x1"); r.StatusCode != http.StatusUnauthorized {
			t.Errorf("signed out: %d", r.StatusCode)
		}

		onboarding := func(address string) *apptest.Response {
			return jane.Do("POST", "/api/onboarding", map[string]any{"blogTitle": "Slow Mornings", "address": address,
				"categories": []map[string]string{{"name": "Tea", "slug": "tea", "colorHex": "#6366f1", "description": "Tea articles"}}})
		}
		// A taken address: refused, and nothing of the wizard is saved.
		if r := onboarding("the-quiet-desk"); r.StatusCode != http.StatusConflict || r.ErrorCode() != "address_taken" {
			t.Fatalf("taken: %d %s", r.StatusCode, r.Body)
		}
		ctx := context.Background()
		u, _ := a.Store.GetUserByEmail(ctx, "jane@example.com")
		ws, _ := a.Store.GetWorkspace(ctx, store.FindWorkspace{UserID: &u.ID})
		if set, _ := a.Store.GetSettings(ctx, ws.ID); ws.Slug != "jane-doe" || (set != nil && set.OnboardingCompleted) {
			t.Fatalf("a refused onboarding saved: %q %+v", ws.Slug, set)
		}
		if cats, _ := a.Store.ListCategories(ctx, ws.ID); len(cats) != 0 {
			t.Fatalf("a refused onboarding added %d categories", len(cats))
		}
		if r := onboarding("admin"); r.StatusCode != http.StatusBadRequest || r.ErrorCode() != "address_reserved" {
			t.Fatalf("reserved: %d %s", r.StatusCode, r.Body)
		}
		if r := onboarding("slow-mornings"); r.StatusCode != http.StatusOK {
			t.Fatalf("onboarding: %d %s", r.StatusCode, r.Body)
		}
		jane.Get("/api/auth/me").JSON(t, &me)
		if me.Workspace.Slug != "slow-mornings" {
			t.Fatalf("address after onboarding %q", me.Workspace.Slug)
		}
		reader := a.Client(t)
		if r := reader.Get("/blog/slow-mornings/tea"); r.StatusCode != http.StatusOK {
			t.Errorf("new address: %d", r.StatusCode)
		}
		if r := reader.Get("/blog/jane-doe/tea"); r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != a.URL+"/blog/slow-mornings/tea" {
			t.Errorf("former address: %d %q", r.StatusCode, r.Header.Get("Location"))
		}
		// Nobody else may take Jane's former address now.
		if r := olivia.Do("PUT", "/api/workspace/address", map[string]string{"address": "jane-doe"}); r.StatusCode != http.StatusConflict {
			t.Errorf("olivia took jane's former address: %d", r.StatusCode)
		}
	})
}
