package api_test

import (
	"context"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/customdomain"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// fakeDNS answers TXT lookups from a map; a name it does not hold is
// NXDOMAIN, as a real resolver says.
type fakeDNS struct {
	mu   sync.Mutex
	txt  map[string][]string
	down bool // every lookup times out
}

func (f *fakeDNS) LookupTXT(_ context.Context, name string) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		return nil, &net.DNSError{Err: "i/o timeout", Name: name, IsTimeout: true}
	}
	if v, ok := f.txt[name]; ok {
		return v, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}

func (f *fakeDNS) setDown(down bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.down = down
}

func (f *fakeDNS) set(name string, values ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if values == nil {
		delete(f.txt, name)
		return
	}
	f.txt[name] = values
}

// domainEnv is the owner env with fake DNS and a clock the background
// checks run on.
type domainEnv struct {
	*ownerEnv
	dns   *fakeDNS
	clock atomic.Int64 // Unix nanoseconds
}

func newDomainEnv(t *testing.T, db string) *domainEnv {
	e := &domainEnv{ownerEnv: newOwnerEnv(t, db, nil, nil), dns: &fakeDNS{txt: map[string][]string{}}}
	e.clock.Store(time.Now().UnixNano())
	e.app.Domains.Resolver = e.dns
	e.app.Domains.Now = func() time.Time { return time.Unix(0, e.clock.Load()) }
	return e
}

func (e *domainEnv) advance(d time.Duration) { e.clock.Add(int64(d)) }

// professional is an owner on a plan that sells custom domains, with a
// published post in category keto.
func (e *domainEnv) professional(name, email string) *ownerClient {
	e.t.Helper()
	c := e.owner(name, email, "keto")
	ws, err := e.store.UpdateWorkspace(context.Background(), store.UpdateWorkspace{ID: c.ws.ID, PlanTier: store.Ptr(store.PlanProfessional)})
	if err != nil {
		e.t.Fatal(err)
	}
	c.ws = ws
	return c
}

func (c *ownerClient) domain() *contract.Domain {
	c.t.Helper()
	var out contract.DomainResponse
	c.mustJSON(http.MethodGet, "/api/workspace/domain", nil, http.StatusOK, &out)
	return out.Domain
}

func (c *ownerClient) setDomain(name string) *contract.Domain {
	c.t.Helper()
	var out contract.DomainResponse
	c.mustJSON(http.MethodPut, "/api/workspace/domain", map[string]string{"domain": name}, http.StatusOK, &out)
	return out.Domain
}

func (c *ownerClient) verify() *contract.Domain {
	c.t.Helper()
	var out contract.DomainResponse
	c.mustJSON(http.MethodPost, "/api/workspace/domain/verify", nil, http.StatusOK, &out)
	return out.Domain
}

// txtOf is the verification record the answer asks for.
func txtOf(t *testing.T, d *contract.Domain) contract.DomainRecord {
	t.Helper()
	for _, r := range d.Records {
		if r.Type == "TXT" {
			return r
		}
	}
	t.Fatalf("no TXT record in %+v", d.Records)
	return contract.DomainRecord{}
}

func TestDomainRefusesBadNamesAndChangesNothing(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newDomainEnv(t, db)
		other := e.professional("Other", "other@example.com")
		theirs := other.setDomain("their.example.com")
		e.dns.set("_inkpress.their.example.com", txtOf(t, theirs).Value)
		if theirs = other.verify(); theirs.Status != contract.DomainVerified {
			t.Fatalf("the other blog's domain: %+v", theirs)
		}
		c := e.professional("Jane", "jane@example.com")
		// A name another blog only claims (pending) is not taken.
		if pending := e.professional("Pat", "pat@example.com").setDomain("claimed.example.com"); pending.Status != contract.DomainPending {
			t.Fatalf("a pending claim: %+v", pending)
		}
		if d := c.setDomain("claimed.example.com"); d.Status != contract.DomainPending || d.Name != "claimed.example.com" {
			t.Fatalf("a second claim of a pending name: %+v", d)
		}
		mine := c.setDomain("Mine.Example.com.")
		if mine.Name != "mine.example.com" || mine.Status != contract.DomainPending || len(mine.Records) != 2 ||
			mine.Records[0] != (contract.DomainRecord{Type: "CNAME", Name: "mine.example.com", Value: "blog.test"}) ||
			!regexp.MustCompile(`^inkpress-verify=[0-9a-f]{32}$`).MatchString(txtOf(t, mine).Value) ||
			txtOf(t, mine).Name != "_inkpress.mine.example.com" || mine.CheckedAt != nil || mine.VerifiedAt != nil {
			t.Fatalf("set = %+v", mine)
		}
		for _, tc := range []struct {
			name, domain string
			status       int
			code         string
		}{
			{"IPv4", "192.0.2.10", 400, "invalid_domain"},
			{"IPv6", "2001:db8::1", 400, "invalid_domain"},
			{"wildcard", "*.example.com", 400, "invalid_domain"},
			{"the platform's host", "blog.test", 400, "invalid_domain"},
			{"a subdomain of the platform", "jane.blog.test", 400, "invalid_domain"},
			{"a port", "blog.example.com:8443", 400, "invalid_domain"},
			{"a path", "blog.example.com/about", 400, "invalid_domain"},
			{"a URL", "https://blog.example.com/", 400, "invalid_domain"},
			{"localhost", "localhost", 400, "invalid_domain"},
			{"empty", "  ", 400, "invalid_domain"},
			{"another blog's verified domain", "THEIR.example.com", 409, "domain_taken"},
		} {
			c.mustFail(http.MethodPut, "/api/workspace/domain", map[string]string{"domain": tc.domain}, tc.status, tc.code)
			if got := c.domain(); got == nil || got.Name != mine.Name || txtOf(t, got) != txtOf(t, mine) || got.Status != contract.DomainPending {
				t.Fatalf("%s: own domain became %+v", tc.name, got)
			}
			if got := other.domain(); got == nil || got.Name != theirs.Name || txtOf(t, got) != txtOf(t, theirs) {
				t.Fatalf("%s: the other blog's domain became %+v", tc.name, got)
			}
		}
		// Saving the same name again keeps its token; a new name gets a new one.
		if again := c.setDomain("mine.example.com"); txtOf(t, again) != txtOf(t, mine) {
			t.Fatalf("same name, new token: %+v", again)
		}
		if moved := c.setDomain("new.example.com"); moved.Name != "new.example.com" || txtOf(t, moved).Value == txtOf(t, mine).Value {
			t.Fatalf("new name = %+v", moved)
		}
		// The old name is free for others now.
		other.setDomain("mine.example.com")
	})
}

func TestDomainVerification(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newDomainEnv(t, db)
		c := e.professional("Jane", "jane@example.com")
		if c.domain() != nil {
			t.Fatal("a new blog has a domain")
		}
		c.mustFail(http.MethodPost, "/api/workspace/domain/verify", nil, 404, "domain_not_found")

		// pending -> failed, with the reason, when the record is missing.
		d := c.setDomain("blog.jane.example")
		got := c.verify()
		if got.Status != contract.DomainFailed || got.Error != "No TXT record found at _inkpress.blog.jane.example." || got.CheckedAt == nil {
			t.Fatalf("missing record = %+v", got)
		}
		e.dns.set("_inkpress.blog.jane.example", "some-other=value")
		if got := c.verify(); got.Status != contract.DomainFailed || !strings.Contains(got.Error, "does not hold "+txtOf(t, d).Value) {
			t.Fatalf("wrong record = %+v", got)
		}
		// -> verified once the record holds the token.
		e.dns.set("_inkpress.blog.jane.example", "v=spf1 -all", txtOf(t, d).Value)
		got = c.verify()
		if got.Status != contract.DomainVerified || got.Error != "" || got.VerifiedAt == nil {
			t.Fatalf("verified = %+v", got)
		}

		// Verified, then the record goes: the daily checks keep serving it
		// through MaxFailures-1 misses, and the next one fails it.
		e.dns.set("_inkpress.blog.jane.example")
		if got := c.verify(); got.Status != contract.DomainVerified || got.Error == "" {
			t.Fatalf("a manual miss took the domain down: %+v", got)
		}
		for i := 1; i <= customdomain.MaxFailures; i++ {
			e.advance(customdomain.RecheckEvery + time.Minute)
			if n, err := e.app.Domains.CheckDue(context.Background()); err != nil || n != 1 {
				t.Fatalf("daily check %d: %d, %v", i, n, err)
			}
			want := contract.DomainVerified
			if i == customdomain.MaxFailures {
				want = contract.DomainFailed
			}
			if got := c.domain(); got.Status != want {
				t.Fatalf("after %d missed checks: %+v, want %s", i, got, want)
			}
		}
		// Nothing more is due: a failed domain past its window waits for its owner.
		e.advance(customdomain.RecheckEvery)
		if n, err := e.app.Domains.CheckDue(context.Background()); err != nil || n != 0 {
			t.Fatalf("failed domain checked again: %d, %v", n, err)
		}

		// Removing it: no domain, and the name is free.
		if status, _ := c.do(http.MethodDelete, "/api/workspace/domain", nil); status != http.StatusNoContent {
			t.Fatalf("delete = %d", status)
		}
		if c.domain() != nil {
			t.Fatal("domain still there")
		}
	})
}

// The background checks verify a pending domain as soon as its record
// appears, keep looking while DNS does not answer, and give up after the window.
func TestDomainBackgroundChecks(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newDomainEnv(t, db)
		c := e.professional("Jane", "jane@example.com")
		d := c.setDomain("blog.jane.example")
		ctx := context.Background()
		e.dns.setDown(true)
		if n, err := e.app.Domains.CheckDue(ctx); err != nil || n != 1 {
			t.Fatalf("first check: %d, %v", n, err)
		}
		if got := c.domain(); got.Status != contract.DomainPending || !strings.Contains(got.Error, "DNS did not answer") {
			t.Fatalf("lookup failure = %+v", got)
		}
		if n, _ := e.app.Domains.CheckDue(ctx); n != 0 {
			t.Fatal("checked again before its interval")
		}
		e.dns.setDown(false)
		e.dns.set("_inkpress.blog.jane.example", txtOf(t, d).Value)
		e.advance(customdomain.RetryEvery + time.Second)
		if n, err := e.app.Domains.CheckDue(ctx); err != nil || n != 1 {
			t.Fatalf("second check: %d, %v", n, err)
		}
		if got := c.domain(); got.Status != contract.DomainVerified {
			t.Fatalf("record found in the background: %+v", got)
		}

		late := e.professional("Late", "late@example.com")
		late.setDomain("blog.late.example")
		e.advance(customdomain.Window - time.Minute)
		_, _ = e.app.Domains.CheckDue(ctx)
		if got := late.domain(); got.Status != contract.DomainPending {
			t.Fatalf("within the window: %+v", got)
		}
		e.advance(customdomain.RetryEvery + time.Minute)
		_, _ = e.app.Domains.CheckDue(ctx)
		if got := late.domain(); got.Status != contract.DomainFailed || got.Error != "No TXT record found at _inkpress.blog.late.example." {
			t.Fatalf("after the window: %+v", got)
		}
	})
}

func TestDomainPlanGateAndAdminGrant(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newDomainEnv(t, db)
		c := e.owner("Starter", "starter@example.com")
		msg := c.mustFail(http.MethodPut, "/api/workspace/domain", map[string]string{"domain": "blog.starter.example"}, 403, "custom_domain_unavailable")
		if !strings.Contains(msg, "Professional and Agency plans") {
			t.Fatalf("message %q", msg)
		}
		if c.domain() != nil {
			t.Fatal("refused domain stored")
		}
		var ws contract.WorkspaceResponse
		c.mustJSON(http.MethodGet, "/api/workspace", nil, 200, &ws)
		if ws.Plan.CustomDomain {
			t.Fatal("starter plan says it sells custom domains")
		}

		// An admin grants one whatever the plan; it still needs its record.
		admin := e.admin("admin@example.com")
		path := "/api/admin/workspaces/" + itoa(c.ws.ID) + "/domain"
		c.mustFail(http.MethodPut, path, map[string]string{"domain": "blog.starter.example"}, 403, "forbidden")
		var granted contract.AdminDomainResponse
		admin.mustJSON(http.MethodPut, path, map[string]string{"domain": "blog.starter.example"}, 200, &granted)
		if granted.Domain == nil || granted.Domain.Status != contract.DomainPending || granted.Workspace.CustomDomain != "blog.starter.example" {
			t.Fatalf("grant = %+v", granted)
		}
		e.dns.set("_inkpress.blog.starter.example", txtOf(t, granted.Domain).Value)
		if got := c.verify(); got.Status != contract.DomainVerified {
			t.Fatalf("granted domain verify = %+v", got)
		}
		admin.mustFail(http.MethodPut, path, map[string]string{"domain": "10.0.0.1"}, 400, "invalid_domain")
		admin.mustJSON(http.MethodPut, path, map[string]string{"domain": ""}, 200, &granted)
		if granted.Domain != nil || c.domain() != nil {
			t.Fatalf("cleared = %+v", granted)
		}
		admin.mustFail(http.MethodPut, "/api/admin/workspaces/999999/domain", map[string]string{"domain": "x.example.com"}, 404, "workspace_not_found")
	})
}

func TestDomainChecksAreRateLimited(t *testing.T) {
	t.Parallel()
	e := newDomainEnv(t, "")
	c := e.professional("Jane", "jane@example.com")
	c.setDomain("blog.jane.example")
	for range customdomain.ChecksPerWindow {
		c.verify()
	}
	c.mustFail(http.MethodPost, "/api/workspace/domain/verify", nil, 429, "rate_limited")
	// Another workspace has its own allowance.
	other := e.professional("Other", "other@example.com")
	other.setDomain("blog.other.example")
	other.verify()
}

// A blog is served on its domain, with its canonical URLs there and a 301
// from its old address, only once the domain is verified; feed item ids do
// not move.
func TestDomainServesTheBlogOnlyOnceVerified(t *testing.T) {
	t.Parallel()
	apptest.EachDB(t, func(t *testing.T, db string) {
		e := newDomainEnv(t, db)
		c := e.professional("Jane", "jane@example.com")
		var created struct {
			Post struct{ Slug string } `json:"post"`
		}
		c.mustJSON(http.MethodPost, "/api/workspace/posts", map[string]any{"title": "Domains at last", "content": "<p>Hello from Jane.</p>",
			"category": "keto", "status": "published"}, http.StatusCreated, &created)
		slug := created.Post.Slug
		web := e.app.Client(t)
		guid := func(path, host string) string {
			t.Helper()
			r := web.Raw("GET", path, host, nil, nil)
			m := regexp.MustCompile(`<guid[^>]*>([^<]+)</guid>`).FindSubmatch(r.Body)
			if r.StatusCode != 200 || m == nil {
				t.Fatalf("feed %s on %q: %d %s", path, host, r.StatusCode, r.Body)
			}
			return string(m[1])
		}
		idBefore := guid("/blog/"+c.ws.Slug+"/feed.xml", "")

		d := c.setDomain("blog.jane.example")
		// Pending: the old address still serves, the domain's host serves the site's blog.
		if r := web.Get("/blog/" + c.ws.Slug + "/x/y?q=1"); r.StatusCode == http.StatusMovedPermanently {
			t.Fatalf("redirect before verification: %s", r.Header.Get("Location"))
		}
		if r := web.Get("/blog/" + c.ws.Slug + "/keto/" + slug); r.StatusCode != 200 ||
			!strings.Contains(string(r.Body), `<link rel="canonical" href="http://blog.test/blog/`+c.ws.Slug+`/keto/`+slug+`">`) {
			t.Fatalf("pending: post at its old address %d", r.StatusCode)
		}
		if r := web.Raw("GET", "/keto/"+slug, "blog.jane.example", nil, nil); r.StatusCode != http.StatusNotFound {
			t.Fatalf("pending domain serves the post: %d", r.StatusCode)
		}
		if r := web.Raw("GET", "/", "blog.jane.example", nil, nil); r.StatusCode != 200 || strings.Contains(string(r.Body), "Domains at last") ||
			!strings.Contains(string(r.Body), `<link rel="canonical" href="http://blog.test/">`) {
			t.Fatalf("pending domain home: %d", r.StatusCode)
		}

		siteBlog := func() string {
			t.Helper()
			var info contract.SiteInfo
			web.Raw("GET", "/api/site", "blog.jane.example", nil, nil).JSON(t, &info)
			return info.Blog
		}
		if b := siteBlog(); b != "" {
			t.Fatalf("pending domain: /api/site names blog %q", b)
		}

		e.dns.set("_inkpress.blog.jane.example", txtOf(t, d).Value)
		if c.verify().Status != contract.DomainVerified {
			t.Fatal("not verified")
		}
		if b := siteBlog(); b != c.ws.Slug {
			t.Fatalf("verified domain: /api/site names blog %q", b)
		}
		r := web.Get("/blog/" + c.ws.Slug + "/x/y?q=1")
		if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != "https://blog.jane.example/x/y?q=1" {
			t.Fatalf("old address = %d to %q", r.StatusCode, r.Header.Get("Location"))
		}
		r = web.Raw("GET", "/keto/"+slug, "blog.jane.example", nil, nil)
		if r.StatusCode != 200 || !strings.Contains(string(r.Body), `<link rel="canonical" href="https://blog.jane.example/keto/`+slug+`">`) {
			t.Fatalf("post on the domain: %d", r.StatusCode)
		}
		if idAfter := guid("/feed.xml", "blog.jane.example"); idAfter != idBefore {
			t.Fatalf("feed item id %q became %q", idBefore, idAfter)
		}
		// The JSON API by workspace keeps working, naming the domain as canonical.
		var post contract.PostResponse
		c.mustJSON(http.MethodGet, "/api/posts/keto/"+slug+"?workspace="+c.ws.Slug, nil, 200, &post)
		if post.Post.CanonicalURL != "https://blog.jane.example/keto/"+slug {
			t.Fatalf("API canonical %q", post.Post.CanonicalURL)
		}
		var ws contract.WorkspaceResponse
		c.mustJSON(http.MethodGet, "/api/workspace", nil, 200, &ws)
		if ws.BlogURL != "https://blog.jane.example" || ws.RSSURL != "https://blog.jane.example/feed.xml" {
			t.Fatalf("dashboard links %q %q", ws.BlogURL, ws.RSSURL)
		}

		// Removed: back at its address on the platform.
		c.do(http.MethodDelete, "/api/workspace/domain", nil)
		if r := web.Get("/blog/" + c.ws.Slug + "/keto/" + slug); r.StatusCode != 200 {
			t.Fatalf("after removal: %d", r.StatusCode)
		}
		if r := web.Raw("GET", "/keto/"+slug, "blog.jane.example", nil, nil); r.StatusCode != http.StatusNotFound {
			t.Fatalf("removed domain still serves: %d", r.StatusCode)
		}
	})
}
