package mail_test

import (
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mail/smtptest"
	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

// A blog whose refusals cross the limit while its newsletter is being sent
// holds the copies not yet sent: the rest of the batch and another post's
// copies waiting in the queue never reach the server, nor do copies queued
// later, while account mail still goes.
func TestCopiesQueuedWhenABlogIsPausedAreHeldNotSent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		srv := smtptest.Start(t)
		wsID := workspace(t, s)
		// 47 good addresses, then 3 refused ones (3 of 50 is 6%: paused
		// once they are known), then 10 more.
		var to []store.Recipient
		addr := func(i int) string { return fmt.Sprintf("r%02d@x.io", i) }
		for i := range 60 {
			a := addr(i)
			if i >= 47 && i < 50 {
				srv.Refuse(a, 550, -1)
			}
			to = append(to, store.Recipient{Email: a, SubscriberID: subscriber(t, s, wsID, a)})
		}
		first := &store.MailMessage{WorkspaceID: wsID, Kind: store.MailNewsletter, DedupeKey: "post:1", Subject: "One", Text: "t"}
		if err := s.QueueMail(ctx, first, to); err != nil {
			t.Fatal(err)
		}
		w := worker(t, s, smtpTransport(t, srv, srv.URL()), nil)
		w.Batch = 55
		w.Holds = &newsletter.Health{Store: s, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
		runOnce(t, w, 55)
		// Another post's copies were queued meanwhile: the check that
		// found the pause held them.
		second := &store.MailMessage{WorkspaceID: wsID, Kind: store.MailNewsletter, DedupeKey: "post:2", Subject: "Two", Text: "t"}
		if err := s.QueueMail(ctx, second, to[:5]); err != nil {
			t.Fatal(err)
		}
		if err := (&mail.Queue{Store: s}).Queue(ctx, mail.Envelope{Kind: store.MailPasswordReset, To: "owner@x.io", Subject: "Reset", Text: "t"}); err != nil {
			t.Fatal(err)
		}
		// The 5 left of the first newsletter (still queued) and the second's
		// 5 are held as soon as a worker meets them; the reset goes.
		for {
			n, err := w.RunOnce(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				break
			}
		}
		for i := 50; i < 60; i++ {
			if got := srv.To(addr(i)); len(got) != 0 {
				t.Fatalf("%s got %d e-mails after the blog was paused", addr(i), len(got))
			}
		}
		if len(srv.To("owner@x.io")) != 1 {
			t.Fatal("the password reset was not sent")
		}
		if c, err := s.NewsletterDeliveries(ctx, wsID, 1); err != nil || c != (store.DeliveryCounts{Sent: 47, Bounced: 3, Held: 10}) {
			t.Fatalf("first newsletter = %+v, %v; want 47 sent, 3 bounced, 10 held", c, err)
		}
		if c, err := s.NewsletterDeliveries(ctx, wsID, 2); err != nil || c != (store.DeliveryCounts{Held: 5}) {
			t.Fatalf("second newsletter = %+v, %v; want 5 held", c, err)
		}
		// Held copies are no refusals: the blog's measure is what was sent.
		if h, err := s.MailHealth(ctx, wsID, w.Now().Add(-newsletter.HealthWindow)); err != nil || h.Finished != 50 || h.Refused != 3 {
			t.Fatalf("health = %+v, %v", h, err)
		}
	})
}
