package storetest

import (
	"errors"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// heldNewsletter queues post 1's newsletter of ws to its subscribers.
func heldNewsletter(t *testing.T, s *sqlstore.DB, wsID int64, at time.Time, subs map[string]int64) *store.MailMessage {
	t.Helper()
	m := &store.MailMessage{WorkspaceID: wsID, Kind: store.MailNewsletter, DedupeKey: "post:1", PostID: 0, Subject: "S", Text: "t", CreatedAt: at}
	var to []store.Recipient
	for addr, id := range subs {
		to = append(to, store.Recipient{Email: addr, SubscriberID: id, Token: "t-" + addr})
	}
	if err := s.QueueMail(ctx, m, to); err != nil {
		t.Fatal(err)
	}
	return m
}

// A paused blog's waiting newsletter copies are held: no claim takes them,
// they are no outcome of its mail, account mail (its own and the
// platform's) still goes, and only the owner's request queues them again,
// to the readers still confirmed.
func TestMailHoldKeepsAccountMailAndReleasesOnRequest(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "o@x.io", "o")
		now := time.Now().UTC()
		subs := map[string]int64{}
		for _, a := range []string{"a@x.io", "b@x.io", "c@x.io", "d@x.io"} {
			subs[a] = addSubscriber(t, s, ws.ID, a)
		}
		heldNewsletter(t, s, ws.ID, now, subs)
		if err := s.QueueMail(ctx, &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailWelcome, Subject: "Hi", Text: "t", CreatedAt: now},
			[]store.Recipient{{Email: "new@x.io"}}); err != nil {
			t.Fatal(err)
		}
		queueMail(t, s, store.MailPasswordReset, "", now, "owner@x.io")

		// One newsletter copy is being sent when the pause comes: its
		// worker records it held.
		ds, err := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 3)
		if err != nil || len(ds) != 3 || ds[2].Message.Kind != store.MailNewsletter {
			t.Fatalf("claim = %d, %v", len(ds), err)
		}
		n, err := s.HoldMail(ctx, ws.ID, now)
		if err != nil || n != 3 {
			t.Fatalf("held %d, %v; want the 3 queued copies", n, err)
		}
		if err := s.FinishDelivery(ctx, store.DeliveryResult{ID: ds[2].ID, Status: store.DeliveryHeld, Attempts: 1, At: now}); err != nil {
			t.Fatal(err)
		}
		// The account mail claimed first (the platform's and the blog's welcome) was not held.
		for _, d := range ds[:2] {
			if d.Message.Kind == store.MailNewsletter {
				t.Fatalf("claimed a newsletter before account mail")
			}
			if err := s.FinishDelivery(ctx, store.DeliveryResult{ID: d.ID, Status: store.DeliverySent, Attempts: 1, At: now}); err != nil {
				t.Fatalf("account mail after the hold: %v", err)
			}
		}
		if more, _ := s.ClaimDeliveries(ctx, now.Add(time.Hour), now.Add(2*time.Hour), 10); len(more) != 0 {
			t.Fatalf("claimed %d held copies", len(more))
		}
		if h, err := s.MailHealth(ctx, ws.ID, now.Add(-time.Hour)); err != nil || h != (store.MailHealth{Finished: 1}) {
			t.Fatalf("health = %+v, %v; want the welcome e-mail only: held copies are no outcome", h, err)
		}
		if c, err := s.NewsletterDeliveries(ctx, ws.ID, 1); err != nil || c != (store.DeliveryCounts{Held: 4}) {
			t.Fatalf("counts = %+v, %v; want 4 held", c, err)
		}

		// A reader who leaves is dropped; one who bounced elsewhere is not written to.
		if _, err := s.Unsubscribe(ctx, ws.ID, "tok-b@x.io", now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SQL().ExecContext(ctx, `UPDATE subscribers SET status = 'bounced' WHERE id = $1`, subs["c@x.io"]); err != nil {
			t.Fatal(err)
		}
		if c, _ := s.NewsletterDeliveries(ctx, ws.ID, 1); c != (store.DeliveryCounts{Held: 3}) {
			t.Fatalf("counts after an unsubscribe = %+v", c)
		}
		if n, err := s.ReleaseHeld(ctx, ws.ID, 2, now); err != nil || n != 0 {
			t.Fatalf("another post's release = %d, %v", n, err)
		}
		n, err = s.ReleaseHeld(ctx, ws.ID, 1, now)
		if err != nil || n != 2 {
			t.Fatalf("released %d, %v; want a and d", n, err)
		}
		got, err := s.ClaimDeliveries(ctx, now.Add(time.Second), now.Add(time.Minute), 10)
		if err != nil || len(got) != 2 {
			t.Fatalf("claim after release = %d, %v", len(got), err)
		}
		for _, d := range got {
			if d.To != "a@x.io" && d.To != "d@x.io" {
				t.Fatalf("released a copy to %s", d.To)
			}
		}
	})
}

// A complaint names a delivery by the three parts of its Message-ID,
// counts once in the blog's health, and unsubscribes the reader, whose
// waiting e-mails are dropped.
func TestMailComplaintCountsOnceAndUnsubscribes(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "o@x.io", "o")
		now := time.Now().UTC()
		a := addSubscriber(t, s, ws.ID, "a@x.io")
		m := heldNewsletter(t, s, ws.ID, now, map[string]int64{"a@x.io": a, "b@x.io": addSubscriber(t, s, ws.ID, "b@x.io")})
		ds, _ := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
		var toA *store.Delivery
		for _, d := range ds {
			if err := s.FinishDelivery(ctx, store.DeliveryResult{ID: d.ID, Status: store.DeliverySent, Attempts: 1, At: now}); err != nil {
				t.Fatal(err)
			}
			if d.To == "a@x.io" {
				toA = d
			}
		}
		// The next newsletter to a waits in the queue.
		next := &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailNewsletter, DedupeKey: "post:2", Subject: "S2", Text: "t", CreatedAt: now}
		if err := s.QueueMail(ctx, next, []store.Recipient{{Email: "a@x.io", SubscriberID: a}}); err != nil {
			t.Fatal(err)
		}
		for _, bad := range []store.ComplaintRef{
			{DeliveryID: toA.ID, MessageID: m.ID, Nonce: "wrong"},
			{DeliveryID: toA.ID, MessageID: m.ID + 100, Nonce: m.Nonce},
			{DeliveryID: toA.ID, MessageID: m.ID},
		} {
			if _, err := s.RecordComplaint(ctx, bad, now); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("complaint %+v = %v, want ErrNotFound", bad, err)
			}
		}
		if st, _ := subscriberStatus(t, s, a); st != store.SubscriberConfirmed {
			t.Fatalf("a bad report changed the subscriber: %s", st)
		}
		ref := store.ComplaintRef{DeliveryID: toA.ID, MessageID: m.ID, Nonce: m.Nonce}
		c, err := s.RecordComplaint(ctx, ref, now)
		if err != nil || !c.New || c.WorkspaceID != ws.ID || c.SubscriberID != a || c.To != "a@x.io" {
			t.Fatalf("complaint = %+v, %v", c, err)
		}
		if st, note := subscriberStatus(t, s, a); st != store.SubscriberUnsubscribed || note != store.NoteComplained {
			t.Fatalf("subscriber = %s %q, want unsubscribed", st, note)
		}
		if c, err := s.RecordComplaint(ctx, ref, now.Add(time.Minute)); err != nil || c.New {
			t.Fatalf("second report = %+v, %v; want recorded before", c, err)
		}
		if more, _ := s.ClaimDeliveries(ctx, now.Add(time.Second), now.Add(time.Minute), 10); len(more) != 0 {
			t.Fatalf("the complaining reader's next newsletter was claimed")
		}
		want := store.MailHealth{Finished: 2, Complained: 1}
		if h, err := s.MailHealth(ctx, ws.ID, now.Add(-time.Hour)); err != nil || h != want {
			t.Fatalf("health = %+v, %v; want %+v", h, err, want)
		}
		if h, err := s.MailHealth(ctx, ws.ID, now.Add(time.Hour)); err != nil || h != (store.MailHealth{}) {
			t.Fatalf("health after the window = %+v, %v", h, err)
		}
		if all, err := s.MailHealthAll(ctx, now.Add(-time.Hour)); err != nil || all[ws.ID] != want || len(all) != 1 {
			t.Fatalf("all = %v, %v", all, err)
		}
	})
}
