package api_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/store"
)

type me struct {
	User *struct {
		Email string `json:"email"`
		Name  string `json:"name"`
	} `json:"user"`
	IsAdmin   bool `json:"isAdmin"`
	Workspace *struct {
		Slug     string `json:"slug"`
		PlanTier string `json:"planTier"`
		Name     string `json:"name"`
	} `json:"workspace"`
	OnboardingCompleted bool `json:"onboardingCompleted"`
}

func TestSignUpCreatesAccountWorkspaceAndSession(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		c := a.Client(t)
		r := c.Do("POST", "/api/auth/signup", map[string]string{"name": "Jane Doe", "email": " Jane@Example.com ", "password": "secret1"})
		if r.StatusCode != http.StatusCreated {
			t.Fatalf("status %d %s", r.StatusCode, r.Body)
		}
		var m me
		c.Get("/api/auth/me").JSON(t, &m)
		if m.User == nil || m.User.Email != "jane@example.com" || m.Workspace == nil || m.Workspace.Slug != "jane-doe" ||
			m.Workspace.PlanTier != "starter" || m.Workspace.Name != "Jane Doe's Blog" || m.OnboardingCompleted || m.IsAdmin {
			t.Fatalf("me = %+v", m)
		}
		ws, err := a.Store.GetWorkspace(context.Background(), store.FindWorkspace{Slug: store.Ptr("jane-doe")})
		if err != nil {
			t.Fatal(err)
		}
		u, err := a.Store.EnsureUsage(context.Background(), ws.ID, time.Now().UTC().Format("2006-01")+"-01", 0, 0)
		if err != nil || u.PostsLimit != 10 || u.ImagesLimit != 10 {
			t.Fatalf("usage = %+v %v", u, err)
		}
		// Session cookie is HttpOnly and SameSite=Lax.
		for _, ck := range r.Cookies() {
			if ck.Name == "inkpress_session" && (!ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode) {
				t.Fatalf("session cookie %+v", ck)
			}
		}
		// Same name again gets -2.
		c2 := a.Client(t)
		c2.SignUp("Jane Doe", "jane2@example.com", "secret1")
		var m2 me
		c2.Get("/api/auth/me").JSON(t, &m2)
		if m2.Workspace.Slug != "jane-doe-2" {
			t.Fatalf("second slug %q", m2.Workspace.Slug)
		}
	})
}

func TestSignUpBadInputWritesNothing(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		c := a.Client(t)
		c.SignUp("Jane", "jane@example.com", "secret1")
		tests := []struct {
			name   string
			body   string
			status int
			code   string
		}{
			{"duplicate email", `{"name":"J","email":"JANE@example.com","password":"secret1"}`, 409, "email_taken"},
			{"short password", `{"name":"J","email":"j@example.com","password":"12345"}`, 400, "validation"},
			{"bad email", `{"name":"J","email":"not-an-email","password":"secret1"}`, 400, "validation"},
			{"missing name", `{"email":"k@example.com","password":"secret1"}`, 400, "validation"},
			{"wrong type", `{"name":1,"email":"k@example.com","password":"secret1"}`, 400, "invalid_json"},
			{"malformed", `{"name":"J",`, 400, "invalid_json"},
			{"unknown field", `{"name":"J","email":"k@example.com","password":"secret1","admin":true}`, 400, "invalid_json"},
			{"two objects", `{"name":"J"}{"name":"K"}`, 400, "invalid_json"},
			{"oversized", `{"name":"` + strings.Repeat("a", 2<<20) + `","email":"k@example.com","password":"secret1"}`, 413, "body_too_large"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				h := http.Header{"Content-Type": {"application/json"}, "X-CSRF-Token": {csrfOf(t, c)}}
				r := c.Raw("POST", "/api/auth/signup", "", bytes.NewBufferString(tt.body), h)
				if r.StatusCode != tt.status || r.ErrorCode() != tt.code {
					t.Fatalf("got %d %s, want %d %s", r.StatusCode, r.Body, tt.status, tt.code)
				}
			})
		}
		if n, _ := a.Store.CountUsers(context.Background()); n != 1 {
			t.Fatalf("users = %d, want 1", n)
		}
	})
}

func csrfOf(t *testing.T, c *apptest.Client) string {
	t.Helper()
	r := c.Get("/api/auth/me")
	for _, ck := range c.HTTP.Jar.Cookies(r.Request.URL) {
		if ck.Name == "inkpress_csrf" {
			return ck.Value
		}
	}
	t.Fatal("no csrf cookie")
	return ""
}

func TestLoginLogoutAndWrongPassword(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		a.Client(t).SignUp("Jane", "jane@example.com", "secret1")
		c := a.Client(t)
		r := c.Do("POST", "/api/auth/login", map[string]string{"email": "jane@example.com", "password": "wrong!!"})
		if r.StatusCode != 401 || r.ErrorCode() != "invalid_credentials" || !strings.Contains(string(r.Body), "Invalid credentials") {
			t.Fatalf("wrong password: %d %s", r.StatusCode, r.Body)
		}
		r = c.Do("POST", "/api/auth/login", map[string]string{"email": "nobody@example.com", "password": "whatever"})
		if r.StatusCode != 401 {
			t.Fatalf("unknown user: %d", r.StatusCode)
		}
		if r = c.Do("POST", "/api/auth/login", map[string]string{"email": "JANE@example.com", "password": "secret1"}); r.StatusCode != 200 {
			t.Fatalf("login: %d %s", r.StatusCode, r.Body)
		}
		var m me
		c.Get("/api/auth/me").JSON(t, &m)
		if m.User == nil {
			t.Fatal("not signed in after login")
		}
		if r = c.Do("POST", "/api/auth/logout", nil); r.StatusCode != 204 {
			t.Fatalf("logout: %d", r.StatusCode)
		}
		m = me{}
		c.Get("/api/auth/me").JSON(t, &m)
		if m.User != nil {
			t.Fatal("still signed in after logout")
		}
	})
}

func TestLoginRateLimitReachedAndReleased(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		a.Client(t).SignUp("Jane", "jane@example.com", "secret1")
		now := time.Now()
		var mu sync.Mutex
		a.Auth.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		c := a.Client(t)
		login := func(pw string) *apptest.Response {
			return c.Do("POST", "/api/auth/login", map[string]string{"email": "jane@example.com", "password": pw})
		}
		for i := range 5 {
			if r := login("wrong!!"); r.StatusCode != 401 {
				t.Fatalf("attempt %d: %d", i, r.StatusCode)
			}
		}
		r := login("secret1") // even the right password is refused now
		if r.StatusCode != 429 || r.Header.Get("Retry-After") == "" || r.ErrorCode() != "rate_limited" {
			t.Fatalf("6th attempt: %d %s retry %q", r.StatusCode, r.Body, r.Header.Get("Retry-After"))
		}
		mu.Lock()
		now = now.Add(16 * time.Minute)
		mu.Unlock()
		if r := login("secret1"); r.StatusCode != 200 {
			t.Fatalf("after the window: %d %s", r.StatusCode, r.Body)
		}
		// A success resets the account's count: 4 new failures do not block.
		for range 4 {
			login("wrong!!")
		}
		if r := login("secret1"); r.StatusCode != 200 {
			t.Fatalf("count was not reset by the success: %d", r.StatusCode)
		}
	})
}

func TestLoginRateLimitPerAddress(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	for i := range 50 {
		c.Do("POST", "/api/auth/login", map[string]string{"email": fmt.Sprintf("u%d@example.com", i), "password": "nopenope"})
	}
	r := c.Do("POST", "/api/auth/login", map[string]string{"email": "fresh@example.com", "password": "nopenope"})
	if r.StatusCode != 429 {
		t.Fatalf("51st failure from one address: %d", r.StatusCode)
	}
}

func TestSessionExpires(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_SESSION_TTL", "1h"))
	c := a.Client(t)
	c.SignUp("Jane", "jane@example.com", "secret1")
	a.Auth.Now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	var m me
	c.Get("/api/auth/me").JSON(t, &m)
	if m.User != nil {
		t.Fatal("expired session still signs in")
	}
}

func TestCSRFRefusal(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	body := `{"name":"Jane","email":"jane@example.com","password":"secret1"}`
	for name, h := range map[string]http.Header{
		"no token":    {"Content-Type": {"application/json"}},
		"wrong token": {"Content-Type": {"application/json"}, "X-CSRF-Token": {"forged"}},
	} {
		r := c.Raw("POST", "/api/auth/signup", "", strings.NewReader(body), h)
		if r.StatusCode != 403 || r.ErrorCode() != "csrf_failed" {
			t.Fatalf("%s: %d %s", name, r.StatusCode, r.Body)
		}
	}
	if n, _ := a.Store.CountUsers(context.Background()); n != 0 {
		t.Fatalf("a refused request wrote %d users", n)
	}
}

func TestAdminFlagAndFirstAdminConfig(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_ADMIN_EMAIL", "boss@example.com"), apptest.Env("INKPRESS_ADMIN_PASSWORD", "bosspass"))
	c := a.Client(t)
	if r := c.Do("POST", "/api/auth/login", map[string]string{"email": "boss@example.com", "password": "bosspass"}); r.StatusCode != 200 {
		t.Fatalf("admin login: %d %s", r.StatusCode, r.Body)
	}
	var m me
	c.Get("/api/auth/me").JSON(t, &m)
	if !m.IsAdmin {
		t.Fatal("first admin is not admin")
	}
}

func TestUnknownAPIRouteIsJSON404(t *testing.T) {
	a := apptest.Start(t, "")
	r := a.Client(t).Get("/api/nope")
	if r.StatusCode != 404 || r.ErrorCode() != "not_found" {
		t.Fatalf("%d %s", r.StatusCode, r.Body)
	}
}

// statuses sends n requests at once and counts the answers by status.
func statuses(t *testing.T, n int, send func(i int) *apptest.Response) map[int]int {
	t.Helper()
	var mu sync.Mutex
	got := map[int]int{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			r := send(i)
			mu.Lock()
			got[r.StatusCode]++
			mu.Unlock()
		})
	}
	wg.Wait()
	return got
}

// Concurrent guesses are counted before their password is checked: a burst
// gets exactly as many checks (401s) as the limit, and the right password
// afterwards is refused.
func TestLoginBurstGetsOnlyTheLimitsChecks(t *testing.T) {
	apptest.Run(t, func(t *testing.T, a *apptest.App) {
		a.Client(t).SignUp("Jane", "jane@example.com", "secret1")
		// Every admitted attempt waits for its check here: the bound on
		// waiters (refusing with 429) has its own test in internal/auth.
		a.Auth.MaxHashWaiting = 1000
		c := a.Client(t)
		// The CSRF cookie first: concurrent first requests would each fetch
		// one and send a token another had replaced (403).
		c.Get("/api/auth/me")
		login := func(email, pw string) *apptest.Response {
			return c.Do("POST", "/api/auth/login", map[string]string{"email": email, "password": pw})
		}
		got := statuses(t, 40, func(int) *apptest.Response { return login("jane@example.com", "wrong!!") })
		if got[401] != 5 || got[429] != 35 {
			t.Fatalf("40 concurrent wrong passwords: %v, want 5 checked (401) and 35 refused (429)", got)
		}
		r := login("jane@example.com", "secret1")
		if r.StatusCode != 429 || r.Header.Get("Retry-After") == "" || r.ErrorCode() != "rate_limited" {
			t.Fatalf("right password after the burst: %d %s", r.StatusCode, r.Body)
		}
		// 200 accounts from the address: 45 more checks, then refusals.
		got = statuses(t, 200, func(i int) *apptest.Response { return login(fmt.Sprintf("u%d@example.com", i), "wrong!!") })
		if got[401] != 45 || got[429] != 155 {
			t.Fatalf("200 concurrent logins from one address: %v, want 45 checked and 155 refused", got)
		}
	}, apptest.Env("INKPRESS_DB_TIMEOUT", "1m")) // a burst queues on the limit rows: slow on a loaded box, not wrong
}

// Sign-ups are limited per client address (behind a trusted proxy here, so
// the test can speak for several addresses).
func TestSignUpLimitPerAddress(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		a := apptest.Start(t, dbURL, apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1"))
		signUp := func(email, addr string) *apptest.Response {
			c := a.Client(t)
			h := http.Header{"Content-Type": {"application/json"}, "X-CSRF-Token": {csrfOf(t, c)}, "X-Forwarded-For": {addr}}
			body := fmt.Sprintf(`{"name":"N","email":%q,"password":"secret1"}`, email)
			return c.Raw("POST", "/api/auth/signup", "", strings.NewReader(body), h)
		}
		for i := range 5 {
			if r := signUp(fmt.Sprintf("u%d@example.com", i), "203.0.113.7"); r.StatusCode != 201 {
				t.Fatalf("sign-up %d: %d %s", i, r.StatusCode, r.Body)
			}
		}
		r := signUp("sixth@example.com", "203.0.113.7")
		retry, _ := strconv.Atoi(r.Header.Get("Retry-After"))
		if r.StatusCode != 429 || r.ErrorCode() != "rate_limited" || retry < 1 || retry > 3600 {
			t.Fatalf("6th sign-up from one address in an hour: %d %s, Retry-After %q", r.StatusCode, r.Body, r.Header.Get("Retry-After"))
		}
		if r := signUp("other@example.com", "198.51.100.1"); r.StatusCode != 201 {
			t.Fatalf("sign-up from another address: %d %s", r.StatusCode, r.Body)
		}
		// One IPv6 /64 is one client, whichever of its addresses asks.
		for i := range 5 {
			if r := signUp(fmt.Sprintf("v6-%d@example.com", i), fmt.Sprintf("2001:db8:1:2::%x", i+1)); r.StatusCode != 201 {
				t.Fatalf("sign-up %d from the /64: %d %s", i, r.StatusCode, r.Body)
			}
		}
		if r := signUp("v6-sixth@example.com", "2001:db8:1:2:ffff:ffff:ffff:fffe"); r.StatusCode != 429 {
			t.Fatalf("6th sign-up from another address of the same /64: %d %s", r.StatusCode, r.Body)
		}
		if r := signUp("v6-other@example.com", "2001:db8:1:3::1"); r.StatusCode != 201 {
			t.Fatalf("sign-up from another /64: %d %s", r.StatusCode, r.Body)
		}
		if n, _ := a.Store.CountUsers(context.Background()); n != 12 {
			t.Fatalf("users = %d, want 12", n)
		}
	})
}

func TestSubscribeLimitPerAddress(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		a := apptest.Start(t, dbURL, apptest.Env("INKPRESS_TRUSTED_PROXIES", "127.0.0.1"))
		c := a.Client(t)
		subscribe := func(email, addr string) *apptest.Response {
			h := http.Header{"Content-Type": {"application/json"}, "X-CSRF-Token": {csrfOf(t, c)}, "X-Forwarded-For": {addr}}
			return c.Raw("POST", "/api/subscribers", "", strings.NewReader(fmt.Sprintf(`{"email":%q}`, email)), h)
		}
		for i := range 10 {
			if r := subscribe(fmt.Sprintf("r%d@example.com", i), "203.0.113.7"); r.StatusCode != 202 {
				t.Fatalf("subscription %d: %d %s", i, r.StatusCode, r.Body)
			}
		}
		r := subscribe("eleventh@example.com", "203.0.113.7")
		retry, _ := strconv.Atoi(r.Header.Get("Retry-After"))
		if r.StatusCode != 429 || r.ErrorCode() != "rate_limited" || retry < 1 || retry > 3600 {
			t.Fatalf("11th subscription from one address in an hour: %d %s, Retry-After %q", r.StatusCode, r.Body, r.Header.Get("Retry-After"))
		}
		if r := subscribe("other@example.com", "198.51.100.1"); r.StatusCode != 202 {
			t.Fatalf("subscription from another address: %d %s", r.StatusCode, r.Body)
		}
	})
}

// A password over bcrypt's 72 bytes is refused at sign-up, in bytes.
func TestSignUpPasswordLimitIsInBytes(t *testing.T) {
	a := apptest.Start(t, "")
	c := a.Client(t)
	r := c.Do("POST", "/api/auth/signup", map[string]string{"name": "J", "email": "j@example.com", "password": strings.Repeat("€", 30)})
	if r.StatusCode != 400 || !strings.Contains(string(r.Body), "at most 72 bytes") {
		t.Fatalf("30 characters of 3 bytes: %d %s", r.StatusCode, r.Body)
	}
	c.SignUp("J", "j@example.com", strings.Repeat("€", 24)) // exactly 72 bytes
}
