package api_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// outbox records the e-mails a service queues (newsletter, account).
type outbox struct {
	mu   sync.Mutex
	sent []mail.Envelope
}

func (o *outbox) Queue(_ context.Context, e mail.Envelope) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, e)
	return nil
}

func (o *outbox) count() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.sent)
}

// to is every e-mail of kind to addr, oldest first.
func (o *outbox) to(addr, kind string) []mail.Envelope {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []mail.Envelope
	for _, e := range o.sent {
		if e.To == addr && e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// last is the newest e-mail to an address.
func (o *outbox) last(t *testing.T, to string) mail.Envelope {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	for i := len(o.sent) - 1; i >= 0; i-- {
		if o.sent[i].To == to {
			return o.sent[i]
		}
	}
	t.Fatalf("no e-mail to %s", to)
	return mail.Envelope{}
}

// clock is the newsletter service's time, moved by the test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type newsletterEnv struct {
	app   *apptest.App
	box   *outbox
	clock *clock
	owner *apptest.Client
	slug  string
}

func startNewsletter(t *testing.T, dbURL string) *newsletterEnv {
	t.Helper()
	e := &newsletterEnv{box: &outbox{}, clock: &clock{t: time.Now()}}
	e.app = apptest.Start(t, dbURL, apptest.Before(func(a *app.App) {
		a.Newsletter.Mail, a.Newsletter.Now = e.box, e.clock.Now
		a.NewsletterDesk.Mail = e.box
		a.Account.Mail = e.box
	}))
	e.owner = e.app.Client(t)
	e.owner.SignUp("Jane", "jane@example.com", "secret123")
	var ws contract.WorkspaceResponse
	r := e.owner.Get("/api/workspace")
	r.JSON(t, &ws)
	e.slug = ws.Workspace.Slug
	if ws.Mail.EmailsLimit != 5000 || ws.Mail.EmailsSent != 0 || ws.Mail.Sending || ws.Mail.Verified {
		t.Fatalf("dashboard mail of a new account = %+v", ws.Mail)
	}
	// The owner verifies the address from the sign-up's e-mail (newsletters
	// wait for it).
	token := linkToken(t, verifyLink, e.box.last(t, "jane@example.com").Text)
	if r := e.owner.Do("POST", "/api/account/verify", map[string]string{"token": token}); r.StatusCode != 200 {
		t.Fatalf("verify: %d %s", r.StatusCode, r.Body)
	}
	e.owner.Get("/api/workspace").JSON(t, &ws)
	if !ws.Mail.Verified {
		t.Fatalf("dashboard mail once verified = %+v", ws.Mail)
	}
	return e
}

var confirmLink = regexp.MustCompile(`/confirm\?token=([A-Za-z0-9_-]+)`)
var verifyLink = regexp.MustCompile(`/verify-email\?token=([A-Za-z0-9_-]+)`)
var unsubscribeLink = regexp.MustCompile(`/unsubscribe\?token=([A-Za-z0-9_-]+)`)

func linkToken(t *testing.T, re *regexp.Regexp, text string) string {
	t.Helper()
	m := re.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no link %s in %q", re, text)
	}
	return m[1]
}

func TestSubscribeConfirmUnsubscribe(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startNewsletter(t, dbURL)
		reader := e.app.Client(t)
		sub := func(email, ws string) *apptest.Response {
			return reader.Do("POST", "/api/subscribers", map[string]string{"email": email, "workspace": ws})
		}
		same := func(r *apptest.Response, what string) {
			t.Helper()
			if r.StatusCode != 202 || string(r.Body) != "{\"ok\":true}\n" {
				t.Fatalf("%s: %d %s", what, r.StatusCode, r.Body)
			}
		}
		confirm := func(token, ws string) *apptest.Response {
			return reader.Do("POST", "/api/subscribers/confirm", map[string]string{"token": token, "workspace": ws})
		}
		invalid := func(r *apptest.Response, what string) {
			t.Helper()
			if r.StatusCode != 404 || r.ErrorCode() != "invalid_link" || !strings.Contains(string(r.Body), "This link is invalid or has expired.") {
				t.Fatalf("%s: %d %s", what, r.StatusCode, r.Body)
			}
		}

		// New: a confirmation link to the blog's own page.
		same(sub(" Reader@Example.com ", e.slug), "new address")
		first := e.box.last(t, "reader@example.com")
		if !strings.HasPrefix(first.Subject, "Confirm your subscription to ") {
			t.Fatalf("subject %q", first.Subject)
		}
		if !strings.Contains(first.Text, e.app.URL+"/blog/"+e.slug+"/confirm?token=") || first.FromName == "" {
			t.Fatalf("confirmation e-mail: from %q\n%s", first.FromName, first.Text)
		}
		oldToken := linkToken(t, confirmLink, first.Text)
		// Pending again: the same answer, a new link replacing the old one.
		same(sub("reader@example.com", e.slug), "pending address")
		token := linkToken(t, confirmLink, e.box.last(t, "reader@example.com").Text)
		if token == oldToken {
			t.Fatal("a new request kept the old token")
		}
		invalid(confirm(oldToken, e.slug), "the replaced link")
		// A link used on another blog (the site's) is invalid there.
		invalid(confirm(token, ""), "the link on another blog")
		r := confirm(token, e.slug)
		var res contract.SubscriptionResponse
		r.JSON(t, &res)
		if r.StatusCode != 200 || res.Status != contract.SubscriberConfirmed || res.Email != "reader@example.com" || res.Blog == "" {
			t.Fatalf("confirm: %d %s", r.StatusCode, r.Body)
		}
		invalid(confirm(token, e.slug), "a used link")
		// Confirmed: the same answer; the e-mail says so and carries no link to confirm.
		same(sub("reader@example.com", e.slug), "confirmed address")
		already := e.box.last(t, "reader@example.com")
		if !strings.HasPrefix(already.Subject, "You're already subscribed to ") || confirmLink.MatchString(already.Text) {
			t.Fatalf("already subscribed e-mail: %q\n%s", already.Subject, already.Text)
		}
		// A fourth e-mail to the address within the hour is refused.
		sent := e.box.count()
		r = sub("reader@example.com", e.slug)
		if r.StatusCode != 429 || r.ErrorCode() != "rate_limited" || !strings.Contains(string(r.Body), "Too many confirmation e-mails to this address.") {
			t.Fatalf("4th request: %d %s", r.StatusCode, r.Body)
		}
		if e.box.count() != sent {
			t.Fatal("a refused request sent an e-mail")
		}

		// Unsubscribing is idempotent.
		unsub := linkToken(t, unsubscribeLink, already.Text)
		for range 2 {
			r = reader.Do("POST", "/api/subscribers/unsubscribe", map[string]string{"token": unsub, "workspace": e.slug})
			r.JSON(t, &res)
			if r.StatusCode != 200 || res.Status != contract.SubscriberUnsubscribed {
				t.Fatalf("unsubscribe: %d %s", r.StatusCode, r.Body)
			}
		}
		invalid(reader.Do("POST", "/api/subscribers/unsubscribe", map[string]string{"token": "nope", "workspace": e.slug}), "unknown token")
		// Coming back needs a fresh confirmation: unsubscribed until then.
		e.clock.Add(61 * time.Minute)
		same(sub("reader@example.com", e.slug), "unsubscribed address")
		back := linkToken(t, confirmLink, e.box.last(t, "reader@example.com").Text)
		if got := listStatuses(t, e, "?status=unsubscribed"); got != "reader@example.com:unsubscribed" {
			t.Fatalf("before confirming again: %q", got)
		}
		if r := confirm(back, e.slug); r.StatusCode != 200 {
			t.Fatalf("confirm again: %d %s", r.StatusCode, r.Body)
		}

		// A link expires after 7 days; the sweep then deletes the address.
		same(sub("late@example.com", e.slug), "late")
		late := linkToken(t, confirmLink, e.box.last(t, "late@example.com").Text)
		e.clock.Add(7*24*time.Hour + time.Minute)
		invalid(confirm(late, e.slug), "an expired link")
		if n, err := e.app.Newsletter.SweepExpired(context.Background()); err != nil || n != 1 {
			t.Fatalf("sweep: %d, %v", n, err)
		}
		if got := listStatuses(t, e, ""); got != "reader@example.com:confirmed" {
			t.Fatalf("after the sweep: %q", got)
		}

		// Bad input: a clear 400 (or 404), nothing stored or sent.
		sent = e.box.count()
		for _, bad := range []string{"nope", "Ann <ann@example.com>", "a@example.com\r\nBcc: b@example.com", "a@example.com\nx",
			strings.Repeat("a", 250) + "@example.com"} {
			if r := sub(bad, e.slug); r.StatusCode != 400 || r.ErrorCode() != "invalid_email" || !strings.Contains(string(r.Body), "Please enter a valid email address") {
				t.Fatalf("%q: %d %s", bad, r.StatusCode, r.Body)
			}
		}
		if r := sub("new@example.com", "no-such-blog"); r.StatusCode != 404 || r.ErrorCode() != "blog_not_found" {
			t.Fatalf("unknown blog: %d %s", r.StatusCode, r.Body)
		}
		if e.box.count() != sent {
			t.Fatal("bad input sent an e-mail")
		}
	})
}

// listStatuses is "email:status" of the owner's list (query appended).
func listStatuses(t *testing.T, e *newsletterEnv, query string) string {
	t.Helper()
	var page contract.SubscribersPage
	r := e.owner.Get("/api/workspace/subscribers" + query)
	if r.StatusCode != 200 {
		t.Fatalf("list: %d %s", r.StatusCode, r.Body)
	}
	r.JSON(t, &page)
	var out []string
	for _, s := range page.Subscribers {
		out = append(out, s.Email+":"+string(s.Status))
	}
	return strings.Join(out, ",")
}

// A mail provider's one-click POST carries no cookie, no CSRF header and
// comes from another origin: it goes through and unsubscribes.
func TestOneClickUnsubscribeWithoutCookies(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startNewsletter(t, dbURL)
		ws, err := e.app.Store.GetWorkspace(context.Background(), store.FindWorkspace{Slug: &e.slug})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.app.Store.ImportSubscribers(context.Background(), ws.ID, []string{"fan@example.com"}, 0, time.Now()); err != nil {
			t.Fatal(err)
		}
		subs, _ := e.app.Store.ListSubscribers(context.Background(), store.FindSubscribers{WorkspaceID: ws.ID})
		post := func(token, body string, h map[string]string) (int, string) {
			req, _ := http.NewRequest("POST", e.app.URL+"/api/subscribers/one-click?token="+url.QueryEscape(token), strings.NewReader(body))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for k, v := range h {
				req.Header.Set(k, v)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b := make([]byte, 512)
			n, _ := resp.Body.Read(b)
			return resp.StatusCode, string(b[:n])
		}
		cross := map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://mail.example"}
		if code, body := post(subs[0].Token, "", cross); code != 400 {
			t.Fatalf("no one-click body: %d %s", code, body)
		}
		if code, body := post("unknown", "List-Unsubscribe=One-Click", cross); code != 404 || !strings.Contains(body, "invalid_link") {
			t.Fatalf("unknown token: %d %s", code, body)
		}
		for _, h := range []map[string]string{cross, nil} {
			if code, body := post(subs[0].Token, "List-Unsubscribe=One-Click", h); code != 200 || !strings.Contains(body, "You have been unsubscribed from") {
				t.Fatalf("one-click: %d %s", code, body)
			}
		}
		got, _ := e.app.Store.GetSubscriber(context.Background(), ws.ID, subs[0].ID)
		if got.Status != store.SubscriberUnsubscribed {
			t.Fatalf("status = %s", got.Status)
		}
		// Other writes from another origin are still refused.
		req, _ := http.NewRequest("POST", e.app.URL+"/api/subscribers/unsubscribe", strings.NewReader(`{"token":"x"}`))
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 403 {
			t.Fatalf("cross-site unsubscribe JSON: %d", resp.StatusCode)
		}
	})
}

func TestOwnerSubscriberList(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startNewsletter(t, dbURL)
		// Past the trial, an import of a few addresses is listed at once
		// (TestImportNeedsConsentAndConfirmsOnATrial has the trial's).
		e.clock.Add(plan.TrialDays*24*time.Hour + time.Hour)
		c := e.owner
		imp := func(body string) *apptest.Response {
			return c.Raw("POST", "/api/workspace/subscribers/import?consent=true&source=Old+site", "", strings.NewReader(body),
				http.Header{"Content-Type": {"text/csv"}, "X-Csrf-Token": {csrfOf(t, c)}})
		}
		// Junk rows: 400 with the rows, nothing imported.
		r := imp("email\ngood@example.com\nnot-an-address\n\"x@example.com\nBcc: y@example.com\"\n")
		var bad struct {
			Error struct{ Code, Message string }
			Rows  []contract.ImportRowError
		}
		r.JSON(t, &bad)
		if r.StatusCode != 400 || bad.Error.Code != "invalid_import" || len(bad.Rows) != 2 || bad.Rows[0].Line != 3 ||
			bad.Rows[0].Value != "not-an-address" || bad.Rows[1].Line != 4 || !strings.HasPrefix(bad.Error.Message, "Nothing was imported") {
			t.Fatalf("junk rows: %d %s", r.StatusCode, r.Body)
		}
		if got := listStatuses(t, e, ""); got != "" {
			t.Fatalf("a refused import left %q", got)
		}
		// Over the plan's cap (Starter: 1,000): nothing imported.
		var big strings.Builder
		for i := range 1001 {
			fmt.Fprintf(&big, "r%d@example.com\n", i)
		}
		if r := imp(big.String()); r.StatusCode != 403 || r.ErrorCode() != "subscriber_limit" || !strings.Contains(string(r.Body), "Nothing was imported") {
			t.Fatalf("over the cap: %d %s", r.StatusCode, r.Body)
		}
		if got := listStatuses(t, e, ""); got != "" {
			t.Fatalf("an import over the cap left %q", got)
		}
		if r := imp(strings.Repeat("a", 1<<20+1)); r.StatusCode != 413 {
			t.Fatalf("over 1 MB: %d", r.StatusCode)
		}
		// 60 addresses, one twice: imported as confirmed, no e-mail.
		var ok strings.Builder
		ok.WriteString("Email,Name\n=evil@example.com,x\n")
		for i := range 59 {
			fmt.Fprintf(&ok, "r%02d@example.com,R\n", i)
		}
		ok.WriteString("R00@example.com\n")
		sent := e.box.count()
		r = imp(ok.String())
		var res contract.ImportResult
		r.JSON(t, &res)
		if r.StatusCode != 200 || res.Added != 60 || res.Skipped != 0 {
			t.Fatalf("import: %d %s", r.StatusCode, r.Body)
		}
		if r := imp("r01@example.com\n"); r.StatusCode != 200 || !strings.Contains(string(r.Body), `"skipped":1`) {
			t.Fatalf("import again: %d %s", r.StatusCode, r.Body)
		}
		if e.box.count() != sent {
			t.Fatal("an import sent e-mail")
		}
		// A pending sign-up through the form.
		reader := e.app.Client(t)
		if r := reader.Do("POST", "/api/subscribers", map[string]string{"email": "pending@example.com", "workspace": e.slug}); r.StatusCode != 202 {
			t.Fatalf("sign-up: %d", r.StatusCode)
		}
		var page contract.SubscribersPage
		c.Get("/api/workspace/subscribers").JSON(t, &page)
		if len(page.Subscribers) != 50 || !page.HasMore || page.Counts.Confirmed != 60 || page.Counts.Pending != 1 || page.Counts.Total != 61 ||
			page.Limit != 1000 || page.Subscribers[0].Email != "pending@example.com" {
			t.Fatalf("page 1: %d subscribers, more %v, counts %+v, limit %d, first %+v", len(page.Subscribers), page.HasMore, page.Counts, page.Limit, page.Subscribers[0])
		}
		c.Get("/api/workspace/subscribers?page=2").JSON(t, &page)
		if len(page.Subscribers) != 11 || page.HasMore {
			t.Fatalf("page 2: %d, more %v", len(page.Subscribers), page.HasMore)
		}
		if got := listStatuses(t, e, "?q=R0"); strings.Count(got, ",") != 9 || !strings.Contains(got, "r05@example.com:confirmed") {
			t.Fatalf("search: %q", got)
		}
		if got := listStatuses(t, e, "?status=pending"); got != "pending@example.com:pending" {
			t.Fatalf("pending: %q", got)
		}
		if r := c.Get("/api/workspace/subscribers?status=gone"); r.StatusCode != 400 {
			t.Fatalf("bad status: %d", r.StatusCode)
		}
		// Export: confirmed only, formula-safe, as an attachment.
		r = c.Get("/api/workspace/subscribers/export")
		body := string(r.Body)
		if r.StatusCode != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") ||
			!strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment;") || !strings.HasPrefix(body, "email,subscribed_at\n") ||
			!strings.Contains(body, "\n'=evil@example.com,") || strings.Contains(body, "pending@example.com") || strings.Count(body, "\n") != 61 {
			t.Fatalf("export: %d %v\n%s", r.StatusCode, r.Header, body)
		}
		// Resend: pending only.
		c.Get("/api/workspace/subscribers?status=pending").JSON(t, &page)
		pendingID := page.Subscribers[0].ID
		c.Get("/api/workspace/subscribers?status=confirmed").JSON(t, &page)
		confirmedID := page.Subscribers[0].ID
		if r := c.Do("POST", fmt.Sprintf("/api/workspace/subscribers/%d/resend", pendingID), nil); r.StatusCode != 200 {
			t.Fatalf("resend: %d %s", r.StatusCode, r.Body)
		}
		if e.box.last(t, "pending@example.com").Subject == "" || e.box.count() != sent+2 {
			t.Fatalf("resend sent %d e-mails", e.box.count()-sent)
		}
		if r := c.Do("POST", fmt.Sprintf("/api/workspace/subscribers/%d/resend", confirmedID), nil); r.StatusCode != 409 {
			t.Fatalf("resend to a confirmed address: %d", r.StatusCode)
		}
		// Another workspace's subscriber is not found; one's own is deleted.
		other := e.app.Client(t)
		other.SignUp("Other", "other@example.com", "secret123")
		other.Get("/api/workspace")
		for _, path := range []string{fmt.Sprintf("/api/workspace/subscribers/%d", confirmedID)} {
			if r := other.Do("DELETE", path, nil); r.StatusCode != 404 || r.ErrorCode() != "subscriber_not_found" {
				t.Fatalf("other workspace's delete: %d %s", r.StatusCode, r.Body)
			}
			if r := other.Do("POST", path+"/resend", nil); r.StatusCode != 404 {
				t.Fatalf("other workspace's resend: %d", r.StatusCode)
			}
		}
		if r := c.Do("DELETE", fmt.Sprintf("/api/workspace/subscribers/%d", confirmedID), nil); r.StatusCode != 204 {
			t.Fatalf("delete: %d", r.StatusCode)
		}
		c.Get("/api/workspace/subscribers").JSON(t, &page)
		if page.Counts.Total != 60 {
			t.Fatalf("after delete: %+v", page.Counts)
		}
		if r := other.Get("/api/workspace/subscribers"); !strings.Contains(string(r.Body), `"total":0`) {
			t.Fatalf("the other owner sees: %s", r.Body)
		}
	})
}

// The blog's newsletter choices and each post's switch.
func TestNewsletterSettingsAndPostSwitch(t *testing.T) {
	e := startNewsletter(t, "")
	c := e.owner
	var sr contract.SettingsResponse
	r := c.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Jane's Blog", "newsletterEnabled": false, "newsletterFullText": true})
	r.JSON(t, &sr)
	if r.StatusCode != 200 || sr.Settings.NewsletterEnabled || !sr.Settings.NewsletterFullText {
		t.Fatalf("settings: %d %s", r.StatusCode, r.Body)
	}
	r = c.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Jane's Blog", "newsletterEnabled": true})
	r.JSON(t, &sr)
	if !sr.Settings.NewsletterEnabled || !sr.Settings.NewsletterFullText {
		t.Fatalf("settings kept: %s", r.Body)
	}
	if r := e.app.Client(t).Get("/api/blogs/" + e.slug); strings.Contains(string(r.Body), `"newsletterFullText":true`) {
		t.Fatalf("the public blog shows the owner's newsletter choices: %s", r.Body)
	}
	var cats contract.CategoriesResponse
	c.Get("/api/workspace/categories").JSON(t, &cats)
	if len(cats.Categories) == 0 {
		if r := c.Do("POST", "/api/workspace/categories", map[string]string{"name": "Travel", "slug": "travel"}); r.StatusCode != 201 {
			t.Fatalf("category: %d %s", r.StatusCode, r.Body)
		}
		c.Get("/api/workspace/categories").JSON(t, &cats)
	}
	var pr contract.OwnerPostResponse
	r = c.Do("POST", "/api/workspace/posts", map[string]any{"title": "Quiet", "content": "<p>Shh</p>", "category": cats.Categories[0].Slug,
		"sendNewsletter": false})
	r.JSON(t, &pr)
	if r.StatusCode != 201 || pr.Post.Newsletter != contract.NewsletterOff {
		t.Fatalf("post without newsletter: %d %s", r.StatusCode, r.Body)
	}
	r = c.Do("PATCH", fmt.Sprintf("/api/workspace/posts/%d", pr.Post.ID), map[string]any{"sendNewsletter": true})
	r.JSON(t, &pr)
	if r.StatusCode != 200 || pr.Post.Newsletter != contract.NewsletterPending {
		t.Fatalf("switched on: %d %s", r.StatusCode, r.Body)
	}
}

func TestImportNeedsConsentAndConfirmsOnATrial(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startNewsletter(t, dbURL)
		c := e.owner
		imp := func(query, body string) *apptest.Response {
			return c.Raw("POST", "/api/workspace/subscribers/import"+query, "", strings.NewReader(body),
				http.Header{"Content-Type": {"text/csv"}, "X-Csrf-Token": {csrfOf(t, c)}})
		}
		const list = "a@example.com\nb@example.com\nc@example.com\n"
		for _, tc := range []struct{ query, code string }{
			{"?source=Old+site", "consent_required"},
			{"?consent=false&source=Old+site", "consent_required"},
			{"?consent=true", "import_source_required"},
			{"?consent=true&source=+", "import_source_required"},
			{"?consent=true&source=" + strings.Repeat("x", newsletter.MaxImportSource+1), "import_source_required"},
		} {
			if r := imp(tc.query, list); r.StatusCode != 400 || r.ErrorCode() != tc.code || !strings.Contains(string(r.Body), "Nothing was imported") {
				t.Fatalf("%s: %d %s", tc.query, r.StatusCode, r.Body)
			}
		}
		if got := listStatuses(t, e, ""); got != "" {
			t.Fatalf("a refused import left %q", got)
		}
		// On a trial: pending, each sent a confirmation (counted in the
		// month's e-mails), never a post before they confirm.
		r := imp("?consent=true&source=Old+site", list)
		var res contract.ImportResult
		r.JSON(t, &res)
		if r.StatusCode != 200 || res.Added != 3 || !res.Confirming {
			t.Fatalf("trial import: %d %s", r.StatusCode, r.Body)
		}
		if got := listStatuses(t, e, "?status=confirmed"); got != "" {
			t.Fatalf("confirmed after a trial import: %q", got)
		}
		kind := store.MailImportConfirm
		ds, err := e.app.Store.ListDeliveries(context.Background(), store.FindDelivery{Kind: &kind})
		if err != nil || len(ds) != 3 {
			t.Fatalf("confirmation deliveries = %d, %v", len(ds), err)
		}
		var ws contract.WorkspaceResponse
		c.Get("/api/workspace").JSON(t, &ws)
		if ws.Mail.EmailsSent != 3 {
			t.Fatalf("e-mails counted = %d, want 3", ws.Mail.EmailsSent)
		}
		d := ds[0]
		if !strings.Contains(d.Message.Text, "/confirm?token="+store.TokenPlaceholder) || !strings.Contains(d.Message.Text, "added this address") {
			t.Fatalf("confirmation text: %q", d.Message.Text)
		}
		reader := e.app.Client(t)
		if r := reader.Do("POST", "/api/subscribers/confirm", map[string]string{"token": d.Token, "workspace": e.slug}); r.StatusCode != 200 {
			t.Fatalf("confirm: %d %s", r.StatusCode, r.Body)
		}
		if got := listStatuses(t, e, "?status=confirmed"); got != d.To+":confirmed" {
			t.Fatalf("confirmed = %q, want %s", got, d.To)
		}
	})
}

func TestFirstLargeImportIsConfirmedByItsAddresses(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startNewsletter(t, dbURL)
		e.clock.Add(plan.TrialDays*24*time.Hour + time.Hour) // a paying blog
		c := e.owner
		imp := func(from, n int) contract.ImportResult {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "r%d@example.com\n", from+i)
			}
			r := c.Raw("POST", "/api/workspace/subscribers/import?consent=true&source=Conference", "", strings.NewReader(b.String()),
				http.Header{"Content-Type": {"text/csv"}, "X-Csrf-Token": {csrfOf(t, c)}})
			var res contract.ImportResult
			r.JSON(t, &res)
			if r.StatusCode != 200 {
				t.Fatalf("import: %d %s", r.StatusCode, r.Body)
			}
			return res
		}
		if res := imp(0, newsletter.DefaultConfirmImportsAbove+1); !res.Confirming || res.Added != newsletter.DefaultConfirmImportsAbove+1 {
			t.Fatalf("first large import = %+v, want confirmations", res)
		}
		if res := imp(1000, 150); res.Confirming {
			t.Fatalf("a later import = %+v, want it listed", res)
		}
	})
}

// The blog's reply address: saved normalised, refused when it is not one
// address (nothing changes), never shown to readers, and cleared back to
// the owner's.
func TestReplyAddressSetting(t *testing.T) {
	e := startNewsletter(t, "")
	c := e.owner
	var sr contract.SettingsResponse
	r := c.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Jane's Blog", "replyTo": " Hello@Jane.example "})
	r.JSON(t, &sr)
	if r.StatusCode != 200 || sr.Settings.ReplyTo != "hello@jane.example" {
		t.Fatalf("save: %d %s", r.StatusCode, r.Body)
	}
	for _, bad := range []string{"Jane <hello@jane.example>", "a@jane.example, b@jane.example", "nope", "a@jane.example\r\nBcc: x@y.z"} {
		r = c.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Changed", "replyTo": bad})
		if r.StatusCode != 400 || !strings.Contains(string(r.Body), "The reply address must be one e-mail address") {
			t.Fatalf("%q: %d %s", bad, r.StatusCode, r.Body)
		}
	}
	var ws contract.WorkspaceResponse
	c.Get("/api/workspace").JSON(t, &ws)
	if ws.Settings.ReplyTo != "hello@jane.example" || ws.Settings.BlogTitle != "Jane's Blog" {
		t.Fatalf("a refused save changed the settings: %+v", ws.Settings)
	}
	if r := e.app.Client(t).Get("/api/blogs/" + e.slug); strings.Contains(string(r.Body), "hello@jane.example") {
		t.Fatalf("the public blog shows the reply address: %s", r.Body)
	}
	r = c.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Jane's Blog", "replyTo": ""})
	r.JSON(t, &sr)
	if sr.Settings.ReplyTo != "" {
		t.Fatalf("clear: %s", r.Body)
	}
}

// RFC 8058's POST may come as multipart/form-data; a GET of the same
// address (a client or a reader opening it) leads to the blog's
// unsubscribe page and changes nothing.
func TestOneClickMultipartAndGet(t *testing.T) {
	e := startNewsletter(t, "")
	ctx := context.Background()
	ws, err := e.app.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: &e.slug})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.app.Store.ImportSubscribers(ctx, ws.ID, []string{"fan@example.com", "other@example.com"}, 0, time.Now()); err != nil {
		t.Fatal(err)
	}
	subs, _ := e.app.Store.ListSubscribers(ctx, store.FindSubscribers{WorkspaceID: ws.ID})
	status := func(id int64) string {
		s, err := e.app.Store.GetSubscriber(ctx, ws.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		return s.Status
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct{ token, want string }{
		{subs[0].Token, "/blog/" + e.slug + "/unsubscribe?token=" + url.QueryEscape(subs[0].Token)},
		{"unknown", "/unsubscribe?token=unknown"},
	} {
		resp, err := noRedirect.Get(e.app.URL + api.OneClickPath + "?token=" + url.QueryEscape(tc.token))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.HasSuffix(loc, tc.want) {
			t.Fatalf("GET %s: %d to %q, want 303 to ...%s", tc.token, resp.StatusCode, loc, tc.want)
		}
	}
	if st := status(subs[0].ID); st != store.SubscriberConfirmed {
		t.Fatalf("a GET unsubscribed: %s", st)
	}

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("List-Unsubscribe", "One-Click")
	_ = mw.Close()
	req, _ := http.NewRequest("POST", e.app.URL+api.OneClickPath+"?token="+url.QueryEscape(subs[1].Token), &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || status(subs[1].ID) != store.SubscriberUnsubscribed {
		t.Fatalf("multipart one-click: %d, %s", resp.StatusCode, status(subs[1].ID))
	}
}
