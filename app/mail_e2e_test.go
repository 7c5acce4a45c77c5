package app_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/mail/smtptest"
	"github.com/inkpress/inkpress/server/api/contract"
)

// smtpApp is the real app sending through a real SMTP server in the test
// process (STARTTLS, AUTH), with its mail worker driven by the test.
type smtpApp struct {
	*apptest.App
	srv *smtptest.Server
}

func startSMTPApp(t *testing.T, dbURL string) *smtpApp {
	t.Helper()
	srv := smtptest.Start(t)
	// The test server's certificate is its own CA: trusted as a private CA.
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, srv.CertPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	a := apptest.Start(t, dbURL,
		apptest.Env("INKPRESS_SMTP_URL", srv.URL()),
		apptest.Env("INKPRESS_SMTP_CA_FILE", ca),
		apptest.Env("INKPRESS_MAIL_FROM", "Press <press@mail.example>"),
		apptest.Before(func(a *app.App) {
			// A temporary refusal is retried at once (the backoff's length
			// is the worker's own test's business).
			a.MailWorker.Backoff = []time.Duration{time.Millisecond}
		}))
	return &smtpApp{App: a, srv: srv}
}

// drain runs the mail worker until nothing is due, waiting out the short
// retry backoff while deliveries are still queued.
func (s *smtpApp) drain(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for idle := 0; idle < 3; {
		n, err := s.MailWorker.RunOnce(context.Background())
		if err != nil {
			t.Fatalf("mail worker: %v", err)
		}
		if n == 0 {
			idle++
			time.Sleep(20 * time.Millisecond) // lets a 1 ms retry come due
		} else {
			idle = 0
		}
		if time.Now().After(deadline) {
			t.Fatal("the mail queue did not drain")
		}
	}
}

// only is the one message the server accepted for addr whose subject
// starts with prefix.
func (s *smtpApp) only(t *testing.T, addr, prefix string) smtptest.Message {
	t.Helper()
	var got []smtptest.Message
	for _, m := range s.srv.To(addr) {
		if strings.HasPrefix(m.Subject, prefix) {
			got = append(got, m)
		}
	}
	if len(got) != 1 {
		t.Fatalf("%d messages %q to %s, want exactly 1", len(got), prefix, addr)
	}
	if !got[0].TLS || got[0].User != smtptest.User {
		t.Fatalf("message to %s: TLS %v, user %q", addr, got[0].TLS, got[0].User)
	}
	return got[0]
}

var (
	confirmRe = regexp.MustCompile(`/confirm\?token=([A-Za-z0-9_-]+)`)
	verifyRe  = regexp.MustCompile(`/verify-email\?token=([A-Za-z0-9_-]+)`)
	resetRe   = regexp.MustCompile(`/reset-password\?token=([A-Za-z0-9_-]+)`)
)

func token(t *testing.T, re *regexp.Regexp, text string) string {
	t.Helper()
	m := re.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no %s link in %q", re, text)
	}
	return m[1]
}

// The whole newsletter loop over SMTP: sign-up verification, double
// opt-in, a published post e-mailed exactly once to each confirmed
// subscriber (a 4xx retried, a 5xx bouncing its subscriber), and the
// RFC 8058 one-click unsubscribe.
func TestNewsletterOverSMTP(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		s := startSMTPApp(t, dbURL)
		owner := s.Client(t)
		owner.SignUp("Jane", "jane@example.com", "secret123")
		s.drain(t)
		verify := s.only(t, "jane@example.com", "Verify your e-mail address")
		if r := owner.Do("POST", "/api/account/verify", map[string]string{"token": token(t, verifyRe, verify.Text)}); r.StatusCode != 200 {
			t.Fatalf("verify: %d %s", r.StatusCode, r.Body)
		}
		var ws contract.WorkspaceResponse
		owner.Get("/api/workspace").JSON(t, &ws)
		if !ws.Mail.Sending || !ws.Mail.Verified {
			t.Fatalf("dashboard mail = %+v", ws.Mail)
		}
		slug := ws.Workspace.Slug
		if r := owner.Do("PUT", "/api/workspace/settings", map[string]any{"blogTitle": "Jane Writes", "newsletterEnabled": true}); r.StatusCode != 200 {
			t.Fatalf("settings: %d %s", r.StatusCode, r.Body)
		}

		reader := s.Client(t)
		confirmed := []string{"ann@example.com", "bob@example.com", "dee@example.com"}
		for _, addr := range append(confirmed, "pat@example.com") {
			if r := reader.Do("POST", "/api/subscribers", map[string]string{"email": addr, "workspace": slug}); r.StatusCode != 202 {
				t.Fatalf("subscribe %s: %d %s", addr, r.StatusCode, r.Body)
			}
		}
		s.drain(t)
		for _, addr := range confirmed {
			m := s.only(t, addr, "Confirm your subscription to Jane Writes")
			if !strings.Contains(m.Header.Get("From"), `"Jane Writes" <press@mail.example>`) {
				t.Fatalf("confirmation From = %q", m.Header.Get("From"))
			}
			r := reader.Do("POST", "/api/subscribers/confirm", map[string]string{"token": token(t, confirmRe, m.Text), "workspace": slug})
			if r.StatusCode != 200 {
				t.Fatalf("confirm %s: %d %s", addr, r.StatusCode, r.Body)
			}
		}
		// pat@ never confirms. bob@'s server is busy once; dee@'s refuses the address.
		s.srv.Refuse("bob@example.com", 451, 1)
		s.srv.Refuse("dee@example.com", 550, -1)

		var cats contract.CategoriesResponse
		owner.Get("/api/workspace/categories").JSON(t, &cats)
		if len(cats.Categories) == 0 {
			owner.Do("POST", "/api/workspace/categories", map[string]string{"name": "Travel", "slug": "travel"})
			owner.Get("/api/workspace/categories").JSON(t, &cats)
		}
		r := owner.Do("POST", "/api/workspace/posts", map[string]any{"title": "Lisbon in Winter", "status": "published",
			"content": "<p>Cold light on warm stone.</p>", "category": cats.Categories[0].Slug})
		if r.StatusCode != 201 {
			t.Fatalf("publish: %d %s", r.StatusCode, r.Body)
		}
		var pr contract.OwnerPostResponse
		r.JSON(t, &pr)
		// The desk says "queued" until the e-mails have left, then how
		// many went and how many were refused.
		delivery := func() *contract.NewsletterDelivery {
			var got contract.OwnerPostResponse
			owner.Get(fmt.Sprintf("/api/workspace/posts/%d", pr.Post.ID)).JSON(t, &got)
			return got.Post.NewsletterDelivery
		}
		if _, err := s.Newsletters.DispatchDue(context.Background(), time.Now()); err != nil {
			t.Fatal(err)
		}
		if d := delivery(); d == nil || *d != (contract.NewsletterDelivery{Queued: 3}) {
			t.Fatalf("before sending: %+v", d)
		}
		// Two dispatch passes (two instances, or a retry): one e-mail each.
		for range 2 {
			if _, err := s.Newsletters.DispatchDue(context.Background(), time.Now()); err != nil {
				t.Fatal(err)
			}
			s.drain(t)
		}
		if d := delivery(); d == nil || *d != (contract.NewsletterDelivery{Sent: 2, Bounced: 1}) {
			t.Fatalf("once sent: %+v", d)
		}
		for _, addr := range []string{"ann@example.com", "bob@example.com"} {
			m := s.only(t, addr, "Lisbon in Winter")
			if m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" ||
				!strings.Contains(m.Header.Get("List-Unsubscribe"), "/api/subscribers/one-click?token=") ||
				!strings.Contains(m.HTML, "Lisbon in Winter") || !strings.Contains(m.Text, "/unsubscribe?token=") ||
				strings.Contains(m.Text, "{{token}}") {
				t.Fatalf("newsletter to %s: headers %v\ntext %s", addr, m.Header, m.Text)
			}
		}
		if n := len(s.srv.To("pat@example.com")); n != 1 { // the confirmation only
			t.Fatalf("the unconfirmed address got %d messages", n)
		}
		if n := len(s.srv.To("dee@example.com")); n != 1 { // the confirmation; the post was refused
			t.Fatalf("the refused address got %d accepted messages", n)
		}
		var page contract.SubscribersPage
		owner.Get("/api/workspace/subscribers?status=bounced").JSON(t, &page)
		if len(page.Subscribers) != 1 || page.Subscribers[0].Email != "dee@example.com" {
			t.Fatalf("bounced = %+v", page.Subscribers)
		}
		owner.Get("/api/workspace").JSON(t, &ws)
		if ws.Mail.EmailsSent != 3 { // reserved for every confirmed subscriber when queued
			t.Fatalf("e-mails this month = %d", ws.Mail.EmailsSent)
		}

		// One click, as a mail provider sends it: no cookie, no Origin.
		ann := s.only(t, "ann@example.com", "Lisbon in Winter")
		// The header's https address (the mailto alternative follows it).
		link, _, _ := strings.Cut(strings.TrimPrefix(ann.Header.Get("List-Unsubscribe"), "<"), ">")
		if !strings.Contains(ann.Header.Get("List-Unsubscribe"), ">, <mailto:jane@example.com?subject=unsubscribe>") {
			t.Fatalf("List-Unsubscribe = %q", ann.Header.Get("List-Unsubscribe"))
		}
		resp, err := http.Post(link, "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("one-click: %d", resp.StatusCode)
		}
		owner.Get("/api/workspace/subscribers?status=unsubscribed").JSON(t, &page)
		if len(page.Subscribers) != 1 || page.Subscribers[0].Email != "ann@example.com" {
			t.Fatalf("unsubscribed = %+v", page.Subscribers)
		}
	})
}

// A forgotten password over SMTP: the link arrives, works once, and every
// session of the account ends.
func TestPasswordResetOverSMTP(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		s := startSMTPApp(t, dbURL)
		old := s.Client(t)
		old.SignUp("Jane", "jane@example.com", "secret123")
		if r := old.Get("/api/account"); r.StatusCode != 200 {
			t.Fatalf("account before: %d", r.StatusCode)
		}
		anon := s.Client(t)
		if r := anon.Do("POST", "/api/auth/password/forgot", map[string]string{"email": "jane@example.com"}); r.StatusCode != 202 {
			t.Fatalf("forgot: %d %s", r.StatusCode, r.Body)
		}
		s.Account.Wait() // the reset e-mail is queued after the answer
		s.drain(t)
		m := s.only(t, "jane@example.com", "Reset your")
		tok := token(t, resetRe, m.Text)
		if r := anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": tok, "password": "brand-new-pw"}); r.StatusCode != 200 {
			t.Fatalf("reset: %d %s", r.StatusCode, r.Body)
		}
		if r := anon.Do("POST", "/api/auth/password/reset", map[string]string{"token": tok, "password": "another-pw"}); r.StatusCode != 400 {
			t.Fatalf("second use: %d %s", r.StatusCode, r.Body)
		}
		if r := old.Get("/api/account"); r.StatusCode != 401 {
			t.Fatalf("old session after the reset: %d %s", r.StatusCode, r.Body)
		}
		fresh := s.Client(t)
		if r := fresh.Do("POST", "/api/auth/login", map[string]string{"email": "jane@example.com", "password": "secret123"}); r.StatusCode != 401 {
			t.Fatalf("old password: %d %s", r.StatusCode, r.Body)
		}
		if r := fresh.Do("POST", "/api/auth/login", map[string]string{"email": "jane@example.com", "password": "brand-new-pw"}); r.StatusCode != 200 {
			t.Fatalf("new password: %d %s", r.StatusCode, r.Body)
		}
	})
}
