package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// addSubscriber inserts a confirmed subscriber row directly (the
// subscriber service is not the mail queue's business).
func addSubscriber(t *testing.T, s *sqlstore.DB, wsID int64, email string) int64 {
	t.Helper()
	var id int64
	err := s.SQL().QueryRowContext(ctx,
		`INSERT INTO subscribers (email, workspace_id, created_at, status, token) VALUES ($1, $2, $3, 'confirmed', $4) RETURNING id`,
		email, wsID, time.Now().UnixMilli(), "tok-"+email).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func subscriberStatus(t *testing.T, s *sqlstore.DB, id int64) (status, note string) {
	t.Helper()
	if err := s.SQL().QueryRowContext(ctx, `SELECT status, note FROM subscribers WHERE id = $1`, id).Scan(&status, &note); err != nil {
		t.Fatal(err)
	}
	return status, note
}

func queueMail(t *testing.T, s *sqlstore.DB, kind, key string, at time.Time, to ...string) *store.MailMessage {
	t.Helper()
	m := &store.MailMessage{Kind: kind, DedupeKey: key, Subject: "S", Text: "T", HTML: "<p>H</p>", CreatedAt: at,
		Headers: map[string]string{"List-Unsubscribe": "<https://x.io/u/{{token}}>"}}
	var rs []store.Recipient
	for _, a := range to {
		rs = append(rs, store.Recipient{Email: a, Token: "t-" + a})
	}
	if err := s.QueueMail(ctx, m, rs); err != nil {
		t.Fatalf("queue: %v", err)
	}
	return m
}

func countMail(t *testing.T, s *sqlstore.DB) (messages, deliveries int) {
	t.Helper()
	if err := s.SQL().QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM mail_messages), (SELECT COUNT(*) FROM mail_deliveries)`).
		Scan(&messages, &deliveries); err != nil {
		t.Fatal(err)
	}
	return messages, deliveries
}

func TestMailQueueDedupesAndWritesAllOrNothing(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.Now().UTC()
		m := queueMail(t, s, store.MailConfirm, "confirm:1", now, "a@x.io", "b@x.io", "a@x.io")
		if m.ID == 0 {
			t.Fatal("message id not filled")
		}
		if n, d := countMail(t, s); n != 1 || d != 2 {
			t.Fatalf("messages %d deliveries %d, want 1 and 2 (the repeated address once)", n, d)
		}
		again := &store.MailMessage{Kind: store.MailConfirm, DedupeKey: "confirm:1", Subject: "other", CreatedAt: now}
		if err := s.QueueMail(ctx, again, []store.Recipient{{Email: "c@x.io"}}); !errors.Is(err, store.ErrAlreadyDone) {
			t.Fatalf("second queuing of a key: %v, want ErrAlreadyDone", err)
		}
		if n, d := countMail(t, s); n != 1 || d != 2 {
			t.Fatalf("after the repeat: messages %d deliveries %d", n, d)
		}
		// A recipient that cannot be stored (unknown subscriber) fails the
		// whole message: no message without its deliveries.
		bad := &store.MailMessage{Kind: store.MailNewsletter, DedupeKey: "post:9", Subject: "S", CreatedAt: now}
		err := s.QueueMail(ctx, bad, []store.Recipient{{Email: "ok@x.io"}, {Email: "ghost@x.io", SubscriberID: 987654}})
		if err == nil {
			t.Fatal("queuing with an unknown subscriber succeeded")
		}
		if n, d := countMail(t, s); n != 1 || d != 2 {
			t.Fatalf("after a failed queuing: messages %d deliveries %d", n, d)
		}
		// The key was not taken by the failed attempt.
		queueMail(t, s, store.MailNewsletter, "post:9", now, "ok@x.io")
		// Keyless messages are never deduplicated.
		queueMail(t, s, store.MailPasswordReset, "", now, "a@x.io")
		queueMail(t, s, store.MailPasswordReset, "", now, "a@x.io")
		if n, _ := countMail(t, s); n != 4 {
			t.Fatalf("messages = %d, want 4", n)
		}
	})
}

func TestMailClaimCarriesTheMessage(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "o@x.io", "o")
		now := time.Now().UTC()
		m := &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailNewsletter, FromName: "Blog", Subject: "Hello", HTML: "<p>h</p>",
			Text: "t", Headers: map[string]string{"List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}, CreatedAt: now}
		sub := addSubscriber(t, s, ws.ID, "r@x.io")
		if err := s.QueueMail(ctx, m, []store.Recipient{{Email: "r@x.io", SubscriberID: sub, Token: "tk"}}); err != nil {
			t.Fatal(err)
		}
		ds, err := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
		if err != nil || len(ds) != 1 {
			t.Fatalf("claim: %v, %d", err, len(ds))
		}
		d := ds[0]
		if d.To != "r@x.io" || d.Token != "tk" || d.SubscriberID != sub || d.WorkspaceID != ws.ID || d.Status != store.DeliverySending ||
			d.Attempts != 1 || !d.ClaimedUntil.Equal(now.Add(time.Minute).Truncate(time.Millisecond)) {
			t.Fatalf("delivery = %+v", d)
		}
		if d.Message == nil || d.Message.Subject != "Hello" || d.Message.FromName != "Blog" || d.Message.WorkspaceID != ws.ID ||
			d.Message.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
			t.Fatalf("message = %+v", d.Message)
		}
	})
}

func TestMailClaimsAreExclusive(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.Now().UTC()
		var to []string
		for i := range 200 {
			to = append(to, fmt.Sprintf("r%03d@x.io", i))
		}
		queueMail(t, s, store.MailNewsletter, "post:1", now, to...)
		var mu sync.Mutex
		got := map[int64]int{}
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					ds, err := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 7)
					if err != nil {
						errs <- err
						return
					}
					if len(ds) == 0 {
						return
					}
					mu.Lock()
					for _, d := range ds {
						got[d.ID]++
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if len(got) != 200 {
			t.Fatalf("claimed %d distinct deliveries, want 200", len(got))
		}
		for id, n := range got {
			if n != 1 {
				t.Fatalf("delivery %d claimed %d times", id, n)
			}
		}
	})
}

func TestMailExpiredLeaseIsReclaimed(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.Now().UTC()
		queueMail(t, s, store.MailVerifyEmail, "", now, "a@x.io")
		first, err := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
		if err != nil || len(first) != 1 {
			t.Fatalf("claim: %v %d", err, len(first))
		}
		if ds, _ := s.ClaimDeliveries(ctx, now.Add(30*time.Second), now.Add(90*time.Second), 10); len(ds) != 0 {
			t.Fatalf("leased delivery claimed again: %+v", ds[0])
		}
		// A renewed lease holds past the first one.
		if err := s.RenewDeliveries(ctx, []int64{first[0].ID}, now.Add(3*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if ds, _ := s.ClaimDeliveries(ctx, now.Add(2*time.Minute), now.Add(4*time.Minute), 10); len(ds) != 0 {
			t.Fatal("renewed lease ignored")
		}
		again, err := s.ClaimDeliveries(ctx, now.Add(4*time.Minute), now.Add(5*time.Minute), 10)
		if err != nil || len(again) != 1 || again[0].ID != first[0].ID || again[0].Attempts != 2 {
			t.Fatalf("reclaim after the lease: %v %+v", err, again)
		}
	})
}

func TestMailFinishStatuses(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.Now().UTC()
		queueMail(t, s, store.MailPasswordReset, "", now, "sent@x.io", "retry@x.io", "failed@x.io")
		ds, err := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
		if err != nil || len(ds) != 3 {
			t.Fatalf("claim: %v %d", err, len(ds))
		}
		by := map[string]*store.Delivery{}
		for _, d := range ds {
			by[d.To] = d
		}
		at := now.Add(time.Second)
		for _, r := range []store.DeliveryResult{
			{ID: by["sent@x.io"].ID, Status: store.DeliverySent, Attempts: 1, At: at},
			{ID: by["retry@x.io"].ID, Status: store.DeliveryQueued, Error: "451 try later", NextAt: now.Add(5 * time.Minute), Attempts: 1, At: at},
			{ID: by["failed@x.io"].ID, Status: store.DeliveryFailed, Error: "554 no", Attempts: 1, At: at},
		} {
			if err := s.FinishDelivery(ctx, r); err != nil {
				t.Fatalf("finish %+v: %v", r, err)
			}
		}
		// A delivery no longer being sent is not finished again.
		if err := s.FinishDelivery(ctx, store.DeliveryResult{ID: by["sent@x.io"].ID, Status: store.DeliveryFailed, At: at}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("finishing a sent delivery: %v", err)
		}
		if err := s.FinishDelivery(ctx, store.DeliveryResult{ID: by["failed@x.io"].ID, Status: "weird", At: at}); err == nil {
			t.Fatal("unknown status accepted")
		}
		list, err := s.ListDeliveries(ctx, store.FindDelivery{})
		if err != nil || len(list) != 3 {
			t.Fatalf("list: %v %d", err, len(list))
		}
		for _, d := range list {
			switch d.To {
			case "sent@x.io":
				if d.Status != store.DeliverySent || !d.SentAt.Equal(at.Truncate(time.Millisecond)) || d.Message == nil {
					t.Fatalf("sent = %+v", d)
				}
			case "retry@x.io":
				if d.Status != store.DeliveryQueued || d.LastError != "451 try later" || d.Attempts != 1 || !d.SentAt.IsZero() {
					t.Fatalf("retry = %+v", d)
				}
			case "failed@x.io":
				if d.Status != store.DeliveryFailed || d.LastError != "554 no" {
					t.Fatalf("failed = %+v", d)
				}
			}
		}
		// The retry waits for its time.
		if got, _ := s.ClaimDeliveries(ctx, now.Add(4*time.Minute), now.Add(10*time.Minute), 10); len(got) != 0 {
			t.Fatalf("retry claimed early: %+v", got[0])
		}
		got, _ := s.ClaimDeliveries(ctx, now.Add(6*time.Minute), now.Add(10*time.Minute), 10)
		if len(got) != 1 || got[0].To != "retry@x.io" || got[0].Attempts != 2 {
			t.Fatalf("retry claim = %+v", got)
		}
		st := store.DeliverySent
		if sent, _ := s.ListDeliveries(ctx, store.FindDelivery{Status: &st, Kind: store.Ptr(store.MailPasswordReset)}); len(sent) != 1 {
			t.Fatalf("filter by status and kind: %d", len(sent))
		}
		if none, _ := s.ListDeliveries(ctx, store.FindDelivery{Kind: store.Ptr(store.MailNewsletter)}); len(none) != 0 {
			t.Fatalf("filter by kind: %d", len(none))
		}
	})
}

func TestMailBounceMarksTheSubscriber(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "o@x.io", "o")
		now := time.Now().UTC()
		gone := addSubscriber(t, s, ws.ID, "gone@x.io")
		fine := addSubscriber(t, s, ws.ID, "fine@x.io")
		m := &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailNewsletter, Subject: "S", Text: "T", CreatedAt: now}
		if err := s.QueueMail(ctx, m, []store.Recipient{{Email: "gone@x.io", SubscriberID: gone}, {Email: "fine@x.io", SubscriberID: fine}}); err != nil {
			t.Fatal(err)
		}
		ds, _ := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
		for _, d := range ds {
			r := store.DeliveryResult{ID: d.ID, Status: store.DeliverySent, Attempts: 1, At: now}
			if d.To == "gone@x.io" {
				r.Status, r.Error = store.DeliveryBounced, "550 5.1.1 no such user"
			}
			if err := s.FinishDelivery(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		if st, note := subscriberStatus(t, s, gone); st != "bounced" || note != "550 5.1.1 no such user" {
			t.Fatalf("bounced subscriber = %q %q", st, note)
		}
		if st, _ := subscriberStatus(t, s, fine); st != "confirmed" {
			t.Fatalf("other subscriber = %q", st)
		}
	})
}

func TestMailClaimsAccountMailBeforeNewsletters(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.Now().UTC()
		var to []string
		for i := range 300 {
			to = append(to, fmt.Sprintf("n%03d@x.io", i))
		}
		queueMail(t, s, store.MailNewsletter, "post:1", now.Add(-time.Hour), to...)
		queueMail(t, s, store.MailPasswordReset, "", now, "reset@x.io")
		ds, err := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 5)
		if err != nil || len(ds) != 5 {
			t.Fatalf("claim: %v %d", err, len(ds))
		}
		// Claimed first and listed first: the batch is sent in this order.
		if ds[0].To != "reset@x.io" {
			t.Fatalf("first of the batch = %s, want the password reset", ds[0].To)
		}
		for _, d := range ds[1:] {
			if d.To == "reset@x.io" {
				t.Fatal("the reset is claimed twice")
			}
		}
	})
}

func TestMailAccountClaimTakesNoNewsletter(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.Now().UTC()
		queueMail(t, s, store.MailNewsletter, "post:1", now.Add(-time.Hour), "n1@x.io", "n2@x.io")
		queueMail(t, s, store.MailVerifyEmail, "", now, "verify@x.io")
		ds, err := s.ClaimAccountDeliveries(ctx, now, now.Add(time.Minute), 10)
		if err != nil || len(ds) != 1 || ds[0].To != "verify@x.io" {
			t.Fatalf("account claim = %d deliveries, %v; want only the verification", len(ds), err)
		}
		if ds, _ := s.ClaimAccountDeliveries(ctx, now, now.Add(time.Minute), 10); len(ds) != 0 {
			t.Fatalf("account claim took %s", ds[0].To)
		}
		if ds, _ := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10); len(ds) != 2 {
			t.Fatalf("the newsletter claim = %d, want 2", len(ds))
		}
	})
}

func TestMailHealthCountsARecentRefusals(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		_, ws := signUp(t, s, "a@x.io", "a")
		now := time.Now().UTC()
		m := &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailNewsletter, Subject: "S", Text: "t", CreatedAt: now}
		if err := s.QueueMail(ctx, m, []store.Recipient{{Email: "a@x.io"}, {Email: "b@x.io"}, {Email: "c@x.io"}, {Email: "d@x.io"}}); err != nil {
			t.Fatal(err)
		}
		ds, _ := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
		for i, st := range []string{store.DeliverySent, store.DeliveryBounced, store.DeliveryFailed} {
			at := now
			if i == 0 {
				at = now.Add(-48 * time.Hour) // before the window
			}
			if err := s.FinishDelivery(ctx, store.DeliveryResult{ID: ds[i].ID, Status: st, Attempts: 1, At: at}); err != nil {
				t.Fatal(err)
			}
		}
		// The fourth is still being sent: not counted.
		h, err := s.MailHealth(ctx, ws.ID, now.Add(-time.Hour))
		if err != nil || h != (store.MailHealth{Finished: 2, Refused: 2}) {
			t.Fatalf("health = %+v, %v; want 2 finished, 2 refused", h, err)
		}
		// Every blog's at once: the same figures, and none for a blog
		// without recent deliveries.
		_, other := signUp(t, s, "b@x.io", "b")
		all, err := s.MailHealthAll(ctx, now.Add(-time.Hour))
		if err != nil || all[ws.ID] != (store.MailHealth{Finished: 2, Refused: 2}) || len(all) != 1 {
			t.Fatalf("all = %v, %v; want only workspace %d with 2, 2 (not %d)", all, err, ws.ID, other.ID)
		}
	})
}

func TestMailPrune(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		now := time.Now().UTC()
		old := now.Add(-40 * 24 * time.Hour)
		done := queueMail(t, s, store.MailConfirm, "done", old, "a@x.io")
		pending := queueMail(t, s, store.MailConfirm, "pending", old, "b@x.io", "c@x.io")
		recent := queueMail(t, s, store.MailConfirm, "recent", now, "d@x.io")
		ds, _ := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
		for _, d := range ds {
			r := store.DeliveryResult{ID: d.ID, Status: store.DeliverySent, Attempts: 1, At: old.Add(time.Hour)}
			switch d.To {
			case "c@x.io":
				r = store.DeliveryResult{ID: d.ID, Status: store.DeliveryQueued, NextAt: now, Attempts: 1}
			case "d@x.io":
				r.At = now
			}
			if err := s.FinishDelivery(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		n, err := s.PruneMail(ctx, now.Add(-30*24*time.Hour))
		if err != nil || n != 1 {
			t.Fatalf("pruned %d, %v; want 1", n, err)
		}
		for id, want := range map[int64]int{done.ID: 0, pending.ID: 2, recent.ID: 1} {
			list, _ := s.ListDeliveries(ctx, store.FindDelivery{MessageID: &id})
			if len(list) != want {
				t.Fatalf("message %d has %d deliveries, want %d", id, len(list), want)
			}
		}
	})
}
