package newsletter

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

var ctx = context.Background()

type fixture struct {
	t  *testing.T
	s  *sqlstore.DB
	ws *store.Workspace
	d  *Dispatcher
}

func newFixture(t *testing.T, s *sqlstore.DB) *fixture {
	t.Helper()
	_, ws, err := s.SignUp(ctx, store.SignUp{Email: "owner@x.io", Name: "N", PasswordHash: "h", BlogName: "Jane's Blog",
		WorkspaceSlug: "jane", Month: plan.Month(time.Now()), PostsLimit: 10, ImagesLimit: 10})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, s: s, ws: ws, d: newDispatcher(s)}
}

func newDispatcher(s store.Store) *Dispatcher {
	return &Dispatcher{Store: s, Site: blogaddr.New(s, "https://ink.test", "site"), BaseURL: "https://ink.test",
		SiteWorkspace: "site", SiteName: "InkPress", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// subscribe puts addresses on the list with a status.
func (f *fixture) subscribe(status string, emails ...string) {
	f.t.Helper()
	now := time.Now()
	if status == store.SubscriberConfirmed {
		if _, _, err := f.s.ImportSubscribers(ctx, f.ws.ID, emails, 0, now); err != nil {
			f.t.Fatal(err)
		}
		return
	}
	for _, e := range emails {
		sub, err := f.s.RequestSubscription(ctx, store.SubscriptionRequest{WorkspaceID: f.ws.ID, Email: e, ConfirmHash: HashToken(e),
			Expires: now.Add(ConfirmTTL), Now: now})
		if err != nil {
			f.t.Fatal(err)
		}
		if status == store.SubscriberUnsubscribed {
			if _, err := f.s.Unsubscribe(ctx, f.ws.ID, sub.Token, now); err != nil {
				f.t.Fatal(err)
			}
		}
	}
}

func (f *fixture) post(slug, status string, at time.Time, newsletter string) *store.Post {
	f.t.Helper()
	p := &store.Post{WorkspaceID: f.ws.ID, Category: "travel", Title: "Post " + slug, Slug: slug, Content: "<p>Body of " + slug + "</p>",
		ContentHTML: "<p>Body of " + slug + "</p>", Excerpt: "Excerpt of " + slug, Status: status, PublishedAt: at, Newsletter: newsletter}
	if err := f.s.CreatePost(ctx, p); err != nil {
		f.t.Fatal(err)
	}
	return p
}

// state is "newsletter/note/recipients" of a post.
func (f *fixture) state(id int64) (string, string, int) {
	f.t.Helper()
	p, err := f.s.GetPost(ctx, store.FindPost{ID: &id})
	if err != nil {
		f.t.Fatal(err)
	}
	return p.Newsletter, p.NewsletterNote, p.NewsletterRecipients
}

func (f *fixture) count(q string, args ...any) int {
	f.t.Helper()
	var n int
	if err := f.s.SQL().QueryRow(q, args...).Scan(&n); err != nil {
		f.t.Fatal(err)
	}
	return n
}

func (f *fixture) emailsSent() int {
	n, err := f.s.EmailsSent(ctx, f.ws.ID, plan.Month(time.Now()))
	if err != nil {
		f.t.Fatal(err)
	}
	return n
}

// Two dispatchers (two instances) racing over the same due post queue
// one message, to the confirmed subscribers only, each with their own
// unsubscribe token.
func TestDispatchQueuesEachPostOnceAcrossInstances(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := newFixture(t, s)
		f.subscribe(store.SubscriberConfirmed, "a@x.io", "b@x.io", "c@x.io")
		f.subscribe(store.SubscriberPending, "p@x.io")
		f.subscribe(store.SubscriberUnsubscribed, "u@x.io")
		now := time.Now()
		p := f.post("hello", store.PostPublished, now.Add(-time.Minute), "")
		var wg sync.WaitGroup
		sent := make([]int, 4)
		for i := range sent {
			wg.Go(func() {
				n, err := newDispatcher(s).DispatchDue(ctx, now)
				if err != nil {
					t.Error(err)
				}
				sent[i] = n
			})
		}
		wg.Wait()
		if total := sent[0] + sent[1] + sent[2] + sent[3]; total != 1 {
			t.Fatalf("queued %v times, want once", sent)
		}
		if n, _ := f.d.DispatchDue(ctx, now.Add(time.Minute)); n != 0 {
			t.Fatalf("a later pass queued %d", n)
		}
		if n := f.count(`SELECT COUNT(*) FROM mail_messages WHERE post_id = $1 AND dedupe_key = $2 AND kind = 'newsletter'`, p.ID, "post:"+strconv.FormatInt(p.ID, 10)); n != 1 {
			t.Fatalf("messages = %d", n)
		}
		rows, err := s.SQL().Query(`SELECT d.to_addr, d.token = s.token, d.status FROM mail_deliveries d JOIN subscribers s ON s.id = d.subscriber_id ORDER BY d.to_addr`)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for rows.Next() {
			var to, status string
			var same bool
			if err := rows.Scan(&to, &same, &status); err != nil {
				t.Fatal(err)
			}
			if !same || status != store.DeliveryQueued {
				t.Fatalf("delivery to %s: own token %v, status %s", to, same, status)
			}
			got = append(got, to)
		}
		rows.Close()
		if !slices.Equal(got, []string{"a@x.io", "b@x.io", "c@x.io"}) {
			t.Fatalf("deliveries to %v", got)
		}
		if st, note, n := f.state(p.ID); st != store.NewsletterSent || note != "" || n != 3 {
			t.Fatalf("post newsletter %s %q %d", st, note, n)
		}
		if f.emailsSent() != 3 {
			t.Fatalf("emails sent = %d", f.emailsSent())
		}
		var subject, html, headers, from string
		if err := s.SQL().QueryRow(`SELECT subject, html, headers, from_name FROM mail_messages`).Scan(&subject, &html, &headers, &from); err != nil {
			t.Fatal(err)
		}
		var hs map[string]string
		_ = json.Unmarshal([]byte(headers), &hs)
		if subject != "Post hello" || from != "Jane's Blog" || !strings.Contains(html, "https://ink.test/blog/jane/unsubscribe?token={{token}}") ||
			hs["List-Unsubscribe"] != "<https://ink.test/api/subscribers/one-click?token={{token}}>, <mailto:owner@x.io?subject=unsubscribe>" ||
			// Replies go to the owner until the blog names a reply address.
			hs["Reply-To"] != "owner@x.io" || hs["List-Id"] != `"Jane's Blog" <jane.ink.test>` || !strings.Contains(html, "Excerpt of hello") {
			t.Fatalf("message: %q from %q headers %v\n%s", subject, from, hs, html)
		}
	})
}

// Every reason a post is not sent leaves a note, no message and no usage.
func TestDispatchSkips(t *testing.T) {
	tests := []struct {
		name  string
		setup func(f *fixture) *store.Post
		state string
		note  string
	}{
		{"the owner turned it off", func(f *fixture) *store.Post {
			return f.post("off", store.PostPublished, time.Now().Add(-time.Minute), store.NewsletterOff)
		}, store.NewsletterOff, ""},
		{"newsletters off for the blog", func(f *fixture) *store.Post {
			set, err := f.s.GetSettings(ctx, f.ws.ID)
			if err != nil {
				f.t.Fatal(err)
			}
			set.NewsletterEnabled = false
			if err := f.s.UpdateSettings(ctx, set); err != nil {
				f.t.Fatal(err)
			}
			return f.post("disabled", store.PostPublished, time.Now().Add(-time.Minute), "")
		}, store.NewsletterSkipped, store.NoteNewslettersOff},
		{"over the plan's monthly e-mails", func(f *fixture) *store.Post {
			month := plan.Month(time.Now())
			if _, err := f.s.EnsureUsage(ctx, f.ws.ID, month, 10, 10); err != nil {
				f.t.Fatal(err)
			}
			// Starter sends 5,000 a month: 4,999 sent leaves room for 1, not 3.
			if _, err := f.s.SQL().Exec(`UPDATE usage_tracking SET emails_sent = 4999 WHERE workspace_id = $1 AND month = $2`, f.ws.ID, month); err != nil {
				f.t.Fatal(err)
			}
			return f.post("limit", store.PostPublished, time.Now().Add(-time.Minute), "")
		}, store.NewsletterSkipped, store.NoteOverLimit},
		{"published too long ago", func(f *fixture) *store.Post {
			return f.post("old", store.PostPublished, time.Now().Add(-MaxAge-time.Hour), "")
		}, store.NewsletterSkipped, NoteTooOld},
		{"owner not verified", func(f *fixture) *store.Post {
			f.d.OwnerVerified = func(_ context.Context, id int64) (bool, error) { return id != f.ws.ID, nil }
			return f.post("unverified", store.PostPublished, time.Now().Add(-time.Minute), "")
		}, store.NewsletterSkipped, NoteUnverified},
		{"nobody confirmed", func(f *fixture) *store.Post {
			if _, err := f.s.SQL().Exec(`UPDATE subscribers SET status = 'pending'`); err != nil {
				f.t.Fatal(err)
			}
			return f.post("nobody", store.PostPublished, time.Now().Add(-time.Minute), "")
		}, store.NewsletterSkipped, store.NoteNoSubscribers},
		{"a draft waits", func(f *fixture) *store.Post {
			return f.post("draft", store.PostDraft, time.Now().Add(-time.Minute), "")
		}, store.NewsletterPending, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
				f := newFixture(t, s)
				f.subscribe(store.SubscriberConfirmed, "a@x.io", "b@x.io", "c@x.io")
				p := tc.setup(f)
				before := f.emailsSent()
				if n, err := f.d.DispatchDue(ctx, time.Now()); err != nil || n != 0 {
					t.Fatalf("queued %d, %v", n, err)
				}
				if st, note, n := f.state(p.ID); st != tc.state || note != tc.note || n != 0 {
					t.Fatalf("post newsletter %s %q %d, want %s %q", st, note, n, tc.state, tc.note)
				}
				if n := f.count(`SELECT COUNT(*) FROM mail_messages`); n != 0 {
					t.Fatalf("messages = %d", n)
				}
				if n := f.count(`SELECT COUNT(*) FROM mail_deliveries`); n != 0 {
					t.Fatalf("deliveries = %d", n)
				}
				if f.emailsSent() != before {
					t.Fatalf("emails sent %d -> %d", before, f.emailsSent())
				}
			})
		})
	}
}

// A scheduled post is sent once its time comes, not before.
func TestDispatchScheduledPostWhenItGoesLive(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := newFixture(t, s)
		f.subscribe(store.SubscriberConfirmed, "a@x.io")
		now := time.Now()
		p := f.post("later", store.PostScheduled, now.Add(time.Hour), "")
		if n, err := f.d.DispatchDue(ctx, now); err != nil || n != 0 {
			t.Fatalf("before its time: %d, %v", n, err)
		}
		if st, _, _ := f.state(p.ID); st != store.NewsletterPending {
			t.Fatalf("state before its time = %s", st)
		}
		later := now.Add(2 * time.Hour)
		if _, err := s.PublishDuePosts(ctx, later); err != nil {
			t.Fatal(err)
		}
		if n, err := f.d.DispatchDue(ctx, later); err != nil || n != 1 {
			t.Fatalf("at its time: %d, %v", n, err)
		}
		if st, _, n := f.state(p.ID); st != store.NewsletterSent || n != 1 {
			t.Fatalf("state = %s to %d", st, n)
		}
	})
}

// The per-post switch: off only while pending, on again only when off or
// skipped (never after it was sent).
func TestSetPostNewsletter(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		f := newFixture(t, s)
		f.subscribe(store.SubscriberConfirmed, "a@x.io")
		p := f.post("switch", store.PostDraft, time.Now(), "")
		for _, step := range []struct {
			send bool
			want string
		}{{false, store.NewsletterOff}, {false, store.NewsletterOff}, {true, store.NewsletterPending}} {
			if st, _, _, err := s.SetPostNewsletter(ctx, f.ws.ID, p.ID, step.send); err != nil || st != step.want {
				t.Fatalf("send %v: %s, %v, want %s", step.send, st, err, step.want)
			}
		}
		p2 := f.post("sent", store.PostPublished, time.Now().Add(-time.Minute), "")
		if n, err := f.d.DispatchDue(ctx, time.Now()); err != nil || n != 1 {
			t.Fatalf("dispatch: %d, %v", n, err)
		}
		for _, send := range []bool{false, true} {
			if st, _, n, err := s.SetPostNewsletter(ctx, f.ws.ID, p2.ID, send); err != nil || st != store.NewsletterSent || n != 1 {
				t.Fatalf("a sent post switched %v: %s %d %v", send, st, n, err)
			}
		}
		if _, _, _, err := s.SetPostNewsletter(ctx, f.ws.ID+100, p2.ID, false); err == nil {
			t.Fatal("another workspace's post switched")
		}
	})
}

// finishMail queues n deliveries of the fixture's blog and finishes them,
// refused of them bounced.
func (f *fixture) finishMail(n, refused int) {
	f.t.Helper()
	now := time.Now()
	var to []store.Recipient
	for i := range n {
		to = append(to, store.Recipient{Email: "m" + strconv.Itoa(i) + "@x.io"})
	}
	if err := f.s.QueueMail(ctx, &store.MailMessage{WorkspaceID: f.ws.ID, Kind: store.MailNewsletter, Subject: "S", Text: "t",
		CreatedAt: now.Add(-time.Hour)}, to); err != nil {
		f.t.Fatal(err)
	}
	ds, err := f.s.ClaimDeliveries(ctx, now, now.Add(time.Minute), n)
	if err != nil || len(ds) != n {
		f.t.Fatalf("claimed %d, %v", len(ds), err)
	}
	for i, d := range ds {
		r := store.DeliveryResult{ID: d.ID, Status: store.DeliverySent, Attempts: 1, At: now.Add(-time.Minute)}
		if i < refused {
			r.Status = store.DeliveryBounced
		}
		if err := f.s.FinishDelivery(ctx, r); err != nil {
			f.t.Fatal(err)
		}
	}
}

func TestDispatchPausesABlogWhoseMailIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name           string
		sent, refused  int
		state, note    string
		wantRecipients int
	}{
		{"4% refused: sent", 100, 4, store.NewsletterSent, "", 1},
		{"5% refused: paused", 100, 5, store.NewsletterSkipped, NotePaused, 0},
		{"too few to judge: sent", 20, 10, store.NewsletterSent, "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, storetest.SQLite(t))
			f.subscribe(store.SubscriberConfirmed, "reader@x.io")
			f.finishMail(tc.sent, tc.refused)
			p := f.post("p", store.PostPublished, time.Now().Add(-time.Minute), "")
			if _, err := f.d.DispatchDue(ctx, time.Now()); err != nil {
				t.Fatal(err)
			}
			if state, note, n := f.state(p.ID); state != tc.state || note != tc.note || n != tc.wantRecipients {
				t.Fatalf("newsletter = %s %q %d; want %s %q %d", state, note, n, tc.state, tc.note, tc.wantRecipients)
			}
		})
	}
}

func TestPaused(t *testing.T) {
	for _, tc := range []struct {
		name                          string
		finished, refused, complained int
		want                          bool
	}{
		{"nothing sent", 0, 0, 0, false},
		{"too few to judge", HealthSample - 1, HealthSample - 1, HealthSample - 1, false},
		{"4% refused", HealthSample, 2, 0, false},
		{"6% refused", HealthSample, 3, 0, true},
		{"4.9% refused", 1000, 49, 0, false},
		{"5% refused", 1000, 50, 0, true},
		{"one complaint alone", HealthSample, 0, 1, false},
		{"two complaints of 50", HealthSample, 0, 2, true},
		{"0.2% complaints", 1000, 0, 2, false},
		{"0.3% complaints", 1000, 0, 3, true},
		{"complaints and refusals each under their limit", 1000, 49, 2, false},
	} {
		h := store.MailHealth{Finished: tc.finished, Refused: tc.refused, Complained: tc.complained}
		if got := paused(h); got != tc.want {
			t.Errorf("%s: paused(%+v) = %v, want %v", tc.name, h, got, tc.want)
		}
	}
}

// A blog that names a reply address gets replies there, not at its owner's.
func TestDispatchRepliesGoToTheBlogsReplyAddress(t *testing.T) {
	s := storetest.SQLite(t)
	f := newFixture(t, s)
	set, err := s.GetSettings(ctx, f.ws.ID)
	if err != nil {
		t.Fatal(err)
	}
	set.ReplyTo = "letters@jane.example"
	if err := s.UpdateSettings(ctx, set); err != nil {
		t.Fatal(err)
	}
	f.subscribe(store.SubscriberConfirmed, "a@x.io")
	now := time.Now()
	f.post("hello", store.PostPublished, now.Add(-time.Minute), store.NewsletterPending)
	if n, err := f.d.DispatchDue(ctx, now); n != 1 || err != nil {
		t.Fatalf("DispatchDue = %d, %v", n, err)
	}
	var headers string
	if err := s.SQL().QueryRow(`SELECT headers FROM mail_messages`).Scan(&headers); err != nil {
		t.Fatal(err)
	}
	var hs map[string]string
	_ = json.Unmarshal([]byte(headers), &hs)
	if hs["Reply-To"] != "letters@jane.example" || !strings.HasSuffix(hs["List-Unsubscribe"], ", <mailto:letters@jane.example?subject=unsubscribe>") {
		t.Fatalf("headers = %v", hs)
	}
}
