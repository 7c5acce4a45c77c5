package api_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

const feedbackToken = "feedback-secret-0123456789abcdef"

// arf is a spam complaint report (RFC 5965) about the e-mail whose
// Message-ID is id: the report's body and its Content-Type.
func arf(id, feedbackType string) (body, contentType string) {
	b := "frontier-1"
	body = "--" + b + "\r\nContent-Type: text/plain\r\n\r\nThis is an email abuse report.\r\n" +
		"--" + b + "\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: " + feedbackType + "\r\nUser-Agent: Test-FBL/1.0\r\nVersion: 1\r\n\r\n" +
		"--" + b + "\r\nContent-Type: message/rfc822\r\n\r\nFrom: Jane <noreply@localhost>\r\nTo: r@x.io\r\nSubject: Post\r\nMessage-ID: <" + id + ">\r\n\r\nBody\r\n" +
		"--" + b + "--\r\n"
	return body, `multipart/report; report-type=feedback-report; boundary="` + b + `"`
}

// Spam complaints come in as JSON or as a feedback report; each unsubscribes
// its reader and counts, and enough of them pause the blog: its waiting
// newsletter is held, which the post's desk says.
func TestMailComplaints(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		// Off without a secret: the address does not exist.
		off := apptest.Start(t, dbURL)
		if r := off.Client(t).Raw("POST", "/api/mail/complaints", "", strings.NewReader(`{"messageId":"x@y"}`),
			http.Header{"Content-Type": {"application/json"}, "Authorization": {"Bearer " + feedbackToken}}); r.StatusCode != 404 {
			t.Fatalf("off: %d %s", r.StatusCode, r.Body)
		}

		a := apptest.Start(t, dbURL, apptest.Env("INKPRESS_MAIL_FEEDBACK_TOKEN", feedbackToken))
		ctx := context.Background()
		owner := a.Client(t)
		owner.SignUp("Jane", "jane@example.com", "secret123")
		var wr contract.WorkspaceResponse
		owner.Get("/api/workspace").JSON(t, &wr)
		ws, err := a.Store.GetWorkspace(ctx, store.FindWorkspace{Slug: &wr.Workspace.Slug})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Store.SQL().ExecContext(ctx, `UPDATE users SET email_verified_at = $1`, time.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}
		// 50 readers were sent a newsletter.
		var emails []string
		for i := range 50 {
			emails = append(emails, fmt.Sprintf("r%02d@x.io", i))
		}
		if _, _, err := a.Store.ImportSubscribers(ctx, ws.ID, emails, 0, time.Now()); err != nil {
			t.Fatal(err)
		}
		subs, err := a.Store.ExportSubscribers(ctx, ws.ID)
		if err != nil || len(subs) != 50 {
			t.Fatalf("subscribers: %d, %v", len(subs), err)
		}
		var to []store.Recipient
		for _, s := range subs {
			to = append(to, store.Recipient{Email: s.Email, SubscriberID: s.ID, Token: s.Token})
		}
		now := time.Now()
		if err := a.Store.QueueMail(ctx, &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailNewsletter, DedupeKey: "post:0",
			Subject: "Old", Text: "t", CreatedAt: now}, to); err != nil {
			t.Fatal(err)
		}
		claimed, err := a.Store.ClaimDeliveries(ctx, now, now.Add(time.Minute), 100)
		var sent []*store.Delivery // the newsletter's (the sign-up's own e-mail goes too)
		for _, d := range claimed {
			if err := a.Store.FinishDelivery(ctx, store.DeliveryResult{ID: d.ID, Status: store.DeliverySent, Attempts: 1}); err != nil {
				t.Fatal(err)
			}
			if d.Message.Kind == store.MailNewsletter {
				sent = append(sent, d)
			}
		}
		if err != nil || len(sent) != 50 {
			t.Fatalf("claim: %d, %v", len(sent), err)
		}
		// The next post's newsletter waits in the queue.
		post := livePost(t, owner, "Next")
		if _, err := a.Store.SQL().ExecContext(ctx, `UPDATE blog_posts SET newsletter = 'sent', newsletter_recipients = 50 WHERE id = $1`, post.ID); err != nil {
			t.Fatal(err)
		}
		if err := a.Store.QueueMail(ctx, &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailNewsletter, DedupeKey: "post:" + strconv.FormatInt(post.ID, 10),
			PostID: post.ID, Subject: "Next", Text: "t", CreatedAt: now}, to); err != nil {
			t.Fatal(err)
		}
		from, _ := mail.ParseFrom(mail.DefaultFrom)
		id := func(i int) string { return mail.MessageID(sent[i], from) }
		provider := a.Client(t)
		send := func(auth, contentType, body string) *apptest.Response {
			h := http.Header{"Content-Type": {contentType}}
			if auth != "" {
				h.Set("Authorization", auth)
			}
			return provider.Raw("POST", "/api/mail/complaints", "", strings.NewReader(body), h)
		}
		report, reportType := arf(id(1), "abuse")
		notSpam, notSpamType := arf(id(1), "not-spam")
		for _, tc := range []struct {
			name, auth, contentType, body string
			status                        int
			code                          string
		}{
			{"no token", "", "application/json", `{"messageId":"` + id(0) + `"}`, 401, "unauthorized"},
			{"wrong token", "Bearer " + strings.Repeat("x", 32), "application/json", `{"messageId":"` + id(0) + `"}`, 401, "unauthorized"},
			{"token in another scheme", "Basic " + feedbackToken, "application/json", `{"messageId":"` + id(0) + `"}`, 401, "unauthorized"},
			{"bad JSON", "Bearer " + feedbackToken, "application/json", `{"messageId":`, 400, ""},
			{"no Message-ID", "Bearer " + feedbackToken, "application/json", `{"messageId":""}`, 400, "invalid_message_id"},
			{"another type", "Bearer " + feedbackToken, "text/plain", id(0), 400, "invalid_report"},
			{"not a report", "Bearer " + feedbackToken, "multipart/report; boundary=x", "--x--\r\n", 400, "invalid_report"},
			{"not spam", "Bearer " + feedbackToken, notSpamType, notSpam, 400, "invalid_report"},
			{"report without the original", "Bearer " + feedbackToken, reportType, report[:strings.Index(report, "--frontier-1\r\nContent-Type: message/rfc822")] + "--frontier-1--\r\n", 400, "invalid_report"},
			{"a stranger's Message-ID", "Bearer " + feedbackToken, "application/json", `{"messageId":"<abc@gmail.com>"}`, 404, "message_not_found"},
			{"a forged one", "Bearer " + feedbackToken, "application/json", `{"messageId":"<d` + strconv.FormatInt(sent[0].ID, 10) + `.m` + strconv.FormatInt(sent[0].MessageID, 10) + `.forged@localhost>"}`, 404, "message_not_found"},
		} {
			r := send(tc.auth, tc.contentType, tc.body)
			if r.StatusCode != tc.status || (tc.code != "" && r.ErrorCode() != tc.code) {
				t.Errorf("%s: %d %s; want %d %s", tc.name, r.StatusCode, r.Body, tc.status, tc.code)
			}
		}
		if h, _ := a.Store.MailHealth(ctx, ws.ID, now.Add(-time.Hour)); h.Complained != 0 {
			t.Fatalf("refused reports counted: %+v", h)
		}
		status := func(i int) string {
			s, err := a.Store.GetSubscriber(ctx, ws.ID, sent[i].SubscriberID)
			if err != nil {
				t.Fatal(err)
			}
			return s.Status
		}
		if status(0) != store.SubscriberConfirmed {
			t.Fatal("a refused report unsubscribed the reader")
		}

		// By JSON: recorded once, the reader unsubscribed; one complaint does not pause.
		var res contract.ComplaintResponse
		r := send("Bearer "+feedbackToken, "application/json", `{"messageId":"<`+id(0)+`>"}`)
		r.JSON(t, &res)
		if r.StatusCode != 200 || !res.Recorded || res.Paused || status(0) != store.SubscriberUnsubscribed {
			t.Fatalf("JSON complaint: %d %s, reader %s", r.StatusCode, r.Body, status(0))
		}
		r = send("Bearer "+feedbackToken, "application/json", `{"messageId":"`+id(0)+`"}`)
		r.JSON(t, &res)
		if r.StatusCode != 200 || res.Recorded {
			t.Fatalf("repeated complaint: %d %s", r.StatusCode, r.Body)
		}
		// By a feedback report, the whole e-mail as message/rfc822: the second complaint of 50 pauses the blog.
		r = send("Bearer "+feedbackToken, "message/rfc822",
			"From: fbl@mail.example\r\nTo: abuse@localhost\r\nSubject: FW: Post\r\nMIME-Version: 1.0\r\nContent-Type: "+reportType+"\r\n\r\n"+report)
		r.JSON(t, &res)
		if r.StatusCode != 200 || !res.Recorded || !res.Paused || status(1) != store.SubscriberUnsubscribed {
			t.Fatalf("report complaint: %d %s, reader %s", r.StatusCode, r.Body, status(1))
		}
		// A report posted as the multipart/report itself.
		report2, _ := arf(id(2), "abuse")
		if r := send("Bearer "+feedbackToken, reportType, report2); r.StatusCode != 200 || status(2) != store.SubscriberUnsubscribed {
			t.Fatalf("multipart complaint: %d %s", r.StatusCode, r.Body)
		}
		if h, _ := a.Store.MailHealth(ctx, ws.ID, now.Add(-time.Hour)); h.Complained != 3 {
			t.Fatalf("health = %+v, want 3 complaints", h)
		}

		// The waiting newsletter is held (but the complainers' copies are
		// dropped), and the post's desk says so; sending it now waits for the pause.
		if ds, _ := a.Store.ClaimDeliveries(ctx, time.Now(), time.Now().Add(time.Minute), 100); len(ds) != 0 {
			t.Fatalf("claimed %d copies of a paused blog", len(ds))
		}
		var pr contract.OwnerPostResponse
		owner.Get("/api/workspace/posts/"+strconv.FormatInt(post.ID, 10)).JSON(t, &pr)
		if d := pr.Post.NewsletterDelivery; d == nil || *d != (contract.NewsletterDelivery{Held: 47, Paused: true}) {
			t.Fatalf("desk delivery = %+v", d)
		}
		if r := owner.Do("POST", "/api/workspace/posts/"+strconv.FormatInt(post.ID, 10)+"/newsletter/send", nil); r.StatusCode != 409 || r.ErrorCode() != "not_sent_paused" {
			t.Fatalf("send now while paused: %d %s", r.StatusCode, r.Body)
		}
	})
}
