package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// subscribeConfirmed signs addr up to the blog and opens its confirmation link.
func subscribeConfirmed(t *testing.T, e *newsletterEnv, addr string) {
	t.Helper()
	reader := e.app.Client(t)
	if r := reader.Do("POST", "/api/subscribers", map[string]string{"email": addr, "workspace": e.slug}); r.StatusCode != 202 {
		t.Fatalf("subscribe %s: %d %s", addr, r.StatusCode, r.Body)
	}
	token := linkToken(t, confirmLink, e.box.last(t, addr).Text)
	if r := reader.Do("POST", "/api/subscribers/confirm", map[string]string{"token": token, "workspace": e.slug}); r.StatusCode != 200 {
		t.Fatalf("confirm %s: %d %s", addr, r.StatusCode, r.Body)
	}
}

func outlookOf(t *testing.T, c *apptest.Client) contract.NewsletterOutlook {
	t.Helper()
	var out contract.NewsletterOutlookResponse
	r := c.Get("/api/workspace/newsletter/outlook")
	r.JSON(t, &out)
	if r.StatusCode != 200 {
		t.Fatalf("outlook: %d %s", r.StatusCode, r.Body)
	}
	return out.Outlook
}

// livePost publishes a post its owner left out of the newsletter (so no
// background dispatch can take it).
func livePost(t *testing.T, c *apptest.Client, title string) contract.Post {
	t.Helper()
	var cats contract.CategoriesResponse
	c.Get("/api/workspace/categories").JSON(t, &cats)
	if len(cats.Categories) == 0 {
		if r := c.Do("POST", "/api/workspace/categories", map[string]string{"name": "Travel", "slug": "travel"}); r.StatusCode != 201 {
			t.Fatalf("category: %d %s", r.StatusCode, r.Body)
		}
		c.Get("/api/workspace/categories").JSON(t, &cats)
	}
	var pr contract.OwnerPostResponse
	r := c.Do("POST", "/api/workspace/posts", map[string]any{"title": title, "content": "<p>" + title + " in a few words.</p>",
		"category": cats.Categories[0].Slug, "status": "published", "sendNewsletter": false})
	r.JSON(t, &pr)
	if r.StatusCode != 201 || pr.Post.Newsletter != contract.NewsletterOff {
		t.Fatalf("post: %d %s", r.StatusCode, r.Body)
	}
	return pr.Post
}

func deliveries(t *testing.T, e *newsletterEnv, kind string) []*store.Delivery {
	t.Helper()
	ds, err := e.app.Store.ListDeliveries(context.Background(), store.FindDelivery{Kind: &kind})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func emailsSent(t *testing.T, c *apptest.Client) int {
	t.Helper()
	var ws contract.WorkspaceResponse
	c.Get("/api/workspace").JSON(t, &ws)
	return ws.Mail.EmailsSent
}

// The desk says what publishing will do, sends a post that was not sent
// once and within the month's e-mails, and refuses what the rules refuse
// without changing anything.
func TestNewsletterOutlookAndSendNow(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startNewsletter(t, dbURL)
		c := e.owner
		if o := outlookOf(t, c); o.Recipients != 0 || o.Reason != contract.NewsletterReasonNoSubscribers || o.Note != "you have no confirmed subscribers yet" {
			t.Fatalf("outlook of an empty list = %+v", o)
		}
		post := livePost(t, c, "Sent Later")
		if r := c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/send", post.ID), nil); r.StatusCode != 409 ||
			r.ErrorCode() != "not_sent_no_subscribers" || !strings.Contains(string(r.Body), "Not sent: you have no confirmed subscribers yet") {
			t.Fatalf("send to nobody: %d %s", r.StatusCode, r.Body)
		}

		subscribeConfirmed(t, e, "ann@example.com")
		subscribeConfirmed(t, e, "bob@example.com")
		if o := outlookOf(t, c); o.Recipients != 2 || o.Reason != "" {
			t.Fatalf("outlook = %+v, want 2 recipients", o)
		}
		// Sent now, once: the post says so, the month counts them.
		var sent contract.NewsletterSendResponse
		r := c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/send", post.ID), nil)
		r.JSON(t, &sent)
		if r.StatusCode != 200 || sent.Recipients != 2 || sent.Post.Newsletter != contract.NewsletterSent || sent.Post.NewsletterRecipients != 2 {
			t.Fatalf("send now: %d %s", r.StatusCode, r.Body)
		}
		if n := len(deliveries(t, e, store.MailNewsletter)); n != 2 {
			t.Fatalf("newsletter deliveries = %d, want 2", n)
		}
		if n := emailsSent(t, c); n != 2 {
			t.Fatalf("e-mails counted = %d, want 2", n)
		}
		for range 2 {
			if r := c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/send", post.ID), nil); r.StatusCode != 409 || r.ErrorCode() != "already_sent" {
				t.Fatalf("second send: %d %s", r.StatusCode, r.Body)
			}
		}
		if n := len(deliveries(t, e, store.MailNewsletter)); n != 2 || emailsSent(t, c) != 2 {
			t.Fatalf("a refused send queued or counted e-mails: %d deliveries", n)
		}

		// A draft is not e-mailed; another blog's post is not found.
		var draft contract.OwnerPostResponse
		c.Do("POST", "/api/workspace/posts", map[string]any{"title": "Not Yet", "content": "<p>Soon.</p>", "category": post.Category}).JSON(t, &draft)
		if r := c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/send", draft.Post.ID), nil); r.StatusCode != 409 || r.ErrorCode() != "not_published" {
			t.Fatalf("send a draft: %d %s", r.StatusCode, r.Body)
		}
		other := e.app.Client(t)
		other.SignUp("Olga", "olga@example.com", "secret123")
		if r := other.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/send", post.ID), nil); r.StatusCode != 404 {
			t.Fatalf("another owner's send: %d %s", r.StatusCode, r.Body)
		}

		// The month's e-mails: one short of the two needed refuses, and changes nothing.
		var ws contract.WorkspaceResponse
		c.Get("/api/workspace").JSON(t, &ws)
		month := plan.Month(time.Now())
		if err := e.app.Store.ReserveEmails(context.Background(), ws.Workspace.ID, month, ws.Mail.EmailsLimit-2-1, ws.Mail.EmailsLimit, 10, 10); err != nil {
			t.Fatal(err)
		}
		if o := outlookOf(t, c); o.Reason != contract.NewsletterReasonLimit || o.Note != "this month's e-mails are used up" {
			t.Fatalf("outlook near the limit = %+v", o)
		}
		late := livePost(t, c, "Too Late")
		r = c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/send", late.ID), nil)
		if r.StatusCode != http.StatusPaymentRequired || r.ErrorCode() != "not_sent_limit" || !strings.Contains(string(r.Body), "Not sent: this month's e-mails are used up") {
			t.Fatalf("send past the limit: %d %s", r.StatusCode, r.Body)
		}
		var got contract.OwnerPostResponse
		c.Get(fmt.Sprintf("/api/workspace/posts/%d", late.ID)).JSON(t, &got)
		if got.Post.Newsletter != contract.NewsletterOff || len(deliveries(t, e, store.MailNewsletter)) != 2 || emailsSent(t, c) != ws.Mail.EmailsLimit-1 {
			t.Fatalf("a refused send changed the post (%s) or the queue", got.Post.Newsletter)
		}

		// An owner whose address is not confirmed is told so first.
		if o := outlookOf(t, other); o.Reason != contract.NewsletterReasonUnverified || o.Note != "confirm your e-mail address first" {
			t.Fatalf("outlook of an unverified owner = %+v", o)
		}
		theirs := livePost(t, other, "Unverified")
		if r := other.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/send", theirs.ID), nil); r.StatusCode != 403 || r.ErrorCode() != "not_sent_unverified" {
			t.Fatalf("send by an unverified owner: %d %s", r.StatusCode, r.Body)
		}
	})
}

// A test send goes to the signed-in owner's own address only, whatever the
// post's status, and changes nothing else.
func TestNewsletterTestSendGoesToTheOwner(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startNewsletter(t, dbURL)
		c := e.owner
		subscribeConfirmed(t, e, "ann@example.com")
		var draft contract.OwnerPostResponse
		cat := livePost(t, c, "Published One").Category
		c.Do("POST", "/api/workspace/posts", map[string]any{"title": "Draft To Test", "content": "<p>Almost there.</p>", "category": cat}).JSON(t, &draft)
		before := e.box.count()
		var res contract.NewsletterTestResponse
		r := c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/test", draft.Post.ID), nil)
		r.JSON(t, &res)
		if r.StatusCode != 202 || res.To != "jane@example.com" {
			t.Fatalf("test send: %d %s", r.StatusCode, r.Body)
		}
		if e.box.count() != before+1 {
			t.Fatalf("%d e-mails queued, want 1", e.box.count()-before)
		}
		m := e.box.last(t, "jane@example.com")
		if m.Kind != store.MailNewsletterTest || m.Subject != "[Test] Draft To Test" || !strings.Contains(m.Text, "Almost there") {
			t.Fatalf("test e-mail: %s %q\n%s", m.Kind, m.Subject, m.Text)
		}
		if len(e.box.to("ann@example.com", store.MailNewsletterTest)) != 0 || len(deliveries(t, e, store.MailNewsletter)) != 0 || emailsSent(t, c) != 0 {
			t.Fatal("a test send reached a subscriber or was counted")
		}
		var got contract.OwnerPostResponse
		c.Get(fmt.Sprintf("/api/workspace/posts/%d", draft.Post.ID)).JSON(t, &got)
		if got.Post.Status != contract.PostDraft || got.Post.Newsletter != draft.Post.Newsletter {
			t.Fatalf("a test send changed the post: %s %s", got.Post.Status, got.Post.Newsletter)
		}
		// Never to an unconfirmed address, nor another blog's post.
		other := e.app.Client(t)
		other.SignUp("Olga", "olga@example.com", "secret123")
		theirs := livePost(t, other, "Olga's")
		if r := other.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/test", theirs.ID), nil); r.StatusCode != 403 || r.ErrorCode() != "unverified" {
			t.Fatalf("test send by an unverified owner: %d %s", r.StatusCode, r.Body)
		}
		if r := c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/test", theirs.ID), nil); r.StatusCode != 404 {
			t.Fatalf("test send of another blog's post: %d %s", r.StatusCode, r.Body)
		}
		// At most TestsPerHour an hour (the first one above counts).
		for i := 1; i < newsletter.TestsPerHour; i++ {
			if r := c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/test", draft.Post.ID), nil); r.StatusCode != 202 {
				t.Fatalf("test %d: %d %s", i+1, r.StatusCode, r.Body)
			}
		}
		if r := c.Do("POST", fmt.Sprintf("/api/workspace/posts/%d/newsletter/test", draft.Post.ID), nil); r.StatusCode != 429 {
			t.Fatalf("test past the hour's limit: %d %s", r.StatusCode, r.Body)
		}
	})
}

// The welcome e-mail is off until its owner turns it on; then each new
// confirmed subscriber gets it once, counted in the month's e-mails.
func TestWelcomeEmail(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := startNewsletter(t, dbURL)
		c := e.owner
		var wl contract.WelcomeEmailResponse
		c.Get("/api/workspace/newsletter/welcome").JSON(t, &wl)
		if wl.Welcome.Enabled || wl.Welcome.Subject != newsletter.DefaultWelcomeSubject || wl.MaxBody != newsletter.MaxWelcomeBody {
			t.Fatalf("default welcome = %+v", wl)
		}
		subscribeConfirmed(t, e, "early@example.com")
		if n := len(deliveries(t, e, store.MailWelcome)); n != 0 {
			t.Fatalf("%d welcome e-mails while it is off", n)
		}

		// Bad input: refused, nothing saved.
		for _, in := range []map[string]any{
			{"enabled": true, "subject": " ", "body": "Hi"},
			{"enabled": true, "subject": "Hi", "body": ""},
			{"enabled": false, "subject": "Two\nlines", "body": "Hi"},
			{"enabled": false, "subject": "Hi", "body": strings.Repeat("x", newsletter.MaxWelcomeBody+1)},
		} {
			if r := c.Do("PUT", "/api/workspace/newsletter/welcome", in); r.StatusCode != 400 || r.ErrorCode() != "invalid_welcome" {
				t.Fatalf("%v: %d %s", in, r.StatusCode, r.Body)
			}
		}
		c.Get("/api/workspace/newsletter/welcome").JSON(t, &wl)
		if wl.Welcome.Enabled || wl.Welcome.Subject != newsletter.DefaultWelcomeSubject {
			t.Fatalf("a refused save changed the welcome: %+v", wl)
		}

		r := c.Do("PUT", "/api/workspace/newsletter/welcome", map[string]any{"enabled": true, "subject": " Hello from {blog} ",
			"body": "Thanks for joining.\n\nA <b>new</b> post every week."})
		r.JSON(t, &wl)
		if r.StatusCode != 200 || !wl.Welcome.Enabled || wl.Welcome.Subject != "Hello from {blog}" {
			t.Fatalf("save: %d %s", r.StatusCode, r.Body)
		}
		before := emailsSent(t, c)
		subscribeConfirmed(t, e, "new@example.com")
		ds := deliveries(t, e, store.MailWelcome)
		if len(ds) != 1 || ds[0].To != "new@example.com" || ds[0].Token == "" {
			t.Fatalf("welcome deliveries = %+v", ds)
		}
		if !strings.HasPrefix(ds[0].Message.Subject, "Hello from ") || strings.Contains(ds[0].Message.Subject, "{blog}") ||
			!strings.Contains(ds[0].Message.HTML, "A &lt;b&gt;new&lt;/b&gt; post every week.") ||
			!strings.Contains(ds[0].Message.Text, "/unsubscribe?token="+store.TokenPlaceholder) {
			t.Fatalf("welcome e-mail: %q\n%s", ds[0].Message.Subject, ds[0].Message.Text)
		}
		if n := emailsSent(t, c); n != before+1 {
			t.Fatalf("e-mails counted = %d, want %d", n, before+1)
		}
		// The earlier subscriber, subscribing again, is told they are already subscribed: no welcome.
		if r := e.app.Client(t).Do("POST", "/api/subscribers", map[string]string{"email": "early@example.com", "workspace": e.slug}); r.StatusCode != 202 {
			t.Fatalf("resubscribe: %d", r.StatusCode)
		}
		if n := len(deliveries(t, e, store.MailWelcome)); n != 1 {
			t.Fatalf("welcome e-mails = %d, want 1", n)
		}
	})
}
