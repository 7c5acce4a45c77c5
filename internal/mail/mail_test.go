package mail_test

import (
	"context"
	"errors"
	"fmt"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mail/smtptest"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/store/storetest"
)

var ctx = context.Background()

// clock is a time the test moves.
type clock struct{ ms atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.ms.Store(time.Now().UnixMilli())
	return c
}
func (c *clock) Now() time.Time          { return time.UnixMilli(c.ms.Load()).UTC() }
func (c *clock) Advance(d time.Duration) { c.ms.Add(d.Milliseconds()) }

func from(t testing.TB) *netmail.Address {
	a, err := mail.ParseFrom("InkPress <noreply@mail.example.com>")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func smtpTransport(t testing.TB, srv *smtptest.Server, url string) *mail.SMTP {
	t.Helper()
	tr, err := mail.NewSMTP(url, mail.WithTLSConfig(smtptest.ClientTLS(srv.CertPEM)), mail.WithTimeout(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func worker(t testing.TB, s store.MailStore, tr mail.Transport, c *clock) *mail.Worker {
	w := &mail.Worker{Store: s, Transport: tr, From: from(t), Batch: 50, Rate: 0, Workers: 1}
	if c != nil {
		w.Now = c.Now
	}
	return w
}

func runOnce(t testing.TB, w *mail.Worker, want int) {
	t.Helper()
	n, err := w.RunOnce(ctx)
	if err != nil || n != want {
		t.Fatalf("RunOnce = %d, %v; want %d", n, err, want)
	}
}

func deliveryTo(t testing.TB, s store.MailStore, to string) *store.Delivery {
	t.Helper()
	list, err := s.ListDeliveries(ctx, store.FindDelivery{To: &to})
	if err != nil || len(list) != 1 {
		t.Fatalf("deliveries to %s: %d, %v", to, len(list), err)
	}
	return list[0]
}

func workspace(t testing.TB, s *sqlstore.DB) int64 {
	t.Helper()
	_, ws, err := s.SignUp(ctx, store.SignUp{Email: "owner@x.io", Name: "O", PasswordHash: "h", BlogName: "Blog",
		WorkspaceSlug: "blog", Month: "2026-01-01", PostsLimit: 1, ImagesLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	return ws.ID
}

func subscriber(t testing.TB, s *sqlstore.DB, wsID int64, email string) int64 {
	t.Helper()
	var id int64
	if err := s.SQL().QueryRowContext(ctx,
		`INSERT INTO subscribers (email, workspace_id, created_at, status, token) VALUES ($1, $2, $3, 'confirmed', $4) RETURNING id`,
		email, wsID, time.Now().UnixMilli(), "tok-"+email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestMessageArrivesWithHeadersAndBothParts(t *testing.T) {
	s := storetest.SQLite(t)
	srv := smtptest.Start(t)
	wsID := workspace(t, s)
	m := &store.MailMessage{WorkspaceID: wsID, Kind: store.MailNewsletter, FromName: "Jane's Blög", Subject: "Grüße aus Köln — Teil 2",
		HTML: `<p>Hallo</p><a href="https://b.io/unsubscribe/{{token}}">Abmelden</a>`, Text: "Hallo\nAbmelden: https://b.io/unsubscribe/{{token}}",
		Headers: map[string]string{"List-Unsubscribe": "<https://b.io/unsubscribe/{{token}}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}}
	sub := subscriber(t, s, wsID, "reader@x.io")
	if err := s.QueueMail(ctx, m, []store.Recipient{{Email: "reader@x.io", SubscriberID: sub, Token: "TOK123"}}); err != nil {
		t.Fatal(err)
	}
	runOnce(t, worker(t, s, smtpTransport(t, srv, srv.URL()), nil), 1)

	got := srv.To("reader@x.io")
	if len(got) != 1 {
		t.Fatalf("messages = %d", len(got))
	}
	msg := got[0]
	if !msg.TLS || msg.User != smtptest.User {
		t.Fatalf("session: TLS %v user %q; want STARTTLS and AUTH", msg.TLS, msg.User)
	}
	fromHdr, err := msg.Header.AddressList("From")
	if err != nil || len(fromHdr) != 1 || fromHdr[0].Name != "Jane's Blög" || fromHdr[0].Address != "noreply@mail.example.com" {
		t.Fatalf("From = %q (%v)", msg.Header.Get("From"), err)
	}
	if msg.From != "noreply@mail.example.com" {
		t.Fatalf("envelope sender = %q", msg.From)
	}
	if to := msg.Header.Get("To"); !strings.Contains(to, "reader@x.io") {
		t.Fatalf("To = %q", to)
	}
	if msg.Subject != m.Subject || !strings.HasPrefix(msg.Header.Get("Subject"), "=?UTF-8?") {
		t.Fatalf("Subject = %q (raw %q)", msg.Subject, msg.Header.Get("Subject"))
	}
	if _, err := msg.Header.Date(); err != nil {
		t.Fatalf("Date: %v", err)
	}
	d := deliveryTo(t, s, "reader@x.io")
	if want := fmt.Sprintf("<d%d.m%d.%s@mail.example.com>", d.ID, m.ID, m.Nonce); m.Nonce == "" || msg.Header.Get("Message-Id") != want {
		t.Fatalf("Message-ID = %q, want %q", msg.Header.Get("Message-Id"), want)
	}
	if msg.ContentType != "multipart/alternative" || !strings.Contains(msg.Text, "Abmelden: https://b.io/unsubscribe/TOK123") ||
		!strings.Contains(msg.HTML, `href="https://b.io/unsubscribe/TOK123"`) {
		t.Fatalf("parts: %s\ntext %q\nhtml %q", msg.ContentType, msg.Text, msg.HTML)
	}
	if msg.Header.Get("List-Unsubscribe") != "<https://b.io/unsubscribe/TOK123>" ||
		msg.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
		t.Fatalf("list headers: %q %q", msg.Header.Get("List-Unsubscribe"), msg.Header.Get("List-Unsubscribe-Post"))
	}
	if strings.Contains(string(msg.Raw), store.TokenPlaceholder) {
		t.Fatal("a token placeholder was sent")
	}
	if d.Status != store.DeliverySent || d.Attempts != 1 || d.SentAt.IsZero() {
		t.Fatalf("delivery = %+v", d)
	}
}

func TestAuthAndVerifiedTLSAreRequired(t *testing.T) {
	s := storetest.SQLite(t)
	srv := smtptest.Start(t)
	c := newClock()
	q := &mail.Queue{Store: s, Now: c.Now}
	for _, to := range []string{"anon@x.io", "wrongpw@x.io", "untrusted@x.io"} {
		if err := q.Queue(ctx, mail.Envelope{Kind: store.MailPasswordReset, To: to, Subject: "Reset", Text: "link"}); err != nil {
			t.Fatal(err)
		}
	}
	host := srv.Addr
	// No credentials: the server refuses the sender (530), a permanent answer.
	anon := worker(t, s, smtpTransport(t, srv, "smtp://"+host), c)
	anon.Batch = 1
	runOnce(t, anon, 1)
	// A wrong password fails the connection: retried later.
	bad := worker(t, s, smtpTransport(t, srv, "smtp://"+smtptest.User+":nope@"+host), c)
	bad.Batch = 1
	runOnce(t, bad, 1)
	// A certificate nobody vouches for fails STARTTLS: retried later.
	untrusted, err := mail.NewSMTP(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	w := worker(t, s, untrusted, c)
	w.Batch = 1
	runOnce(t, w, 1)

	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("server accepted %d messages", n)
	}
	if d := deliveryTo(t, s, "anon@x.io"); d.Status != store.DeliveryFailed || !strings.Contains(d.LastError, "530") {
		t.Fatalf("without AUTH: %+v", d)
	}
	for _, to := range []string{"wrongpw@x.io", "untrusted@x.io"} {
		if d := deliveryTo(t, s, to); d.Status != store.DeliveryQueued || d.LastError == "" || !d.NextAt.Equal(c.Now().Add(time.Minute).Truncate(time.Millisecond)) {
			t.Fatalf("%s: %+v", to, d)
		}
	}
}

func TestTemporaryRefusalIsRetriedAndDeliveredOnce(t *testing.T) {
	s := storetest.SQLite(t)
	srv := smtptest.Start(t)
	srv.Refuse("slow@x.io", 451, 2)
	c := newClock()
	if err := (&mail.Queue{Store: s, Now: c.Now}).Queue(ctx, mail.Envelope{Kind: store.MailVerifyEmail, To: "slow@x.io", Subject: "Verify", Text: "t", HTML: "<p>h</p>"}); err != nil {
		t.Fatal(err)
	}
	w := worker(t, s, smtpTransport(t, srv, srv.URL()), c)
	runOnce(t, w, 1)
	if d := deliveryTo(t, s, "slow@x.io"); d.Status != store.DeliveryQueued || d.Attempts != 1 || !strings.Contains(d.LastError, "451") {
		t.Fatalf("after the first refusal: %+v", d)
	}
	runOnce(t, w, 0) // not before its time
	c.Advance(time.Minute)
	runOnce(t, w, 1)
	if d := deliveryTo(t, s, "slow@x.io"); d.Status != store.DeliveryQueued || d.Attempts != 2 ||
		!d.NextAt.Equal(c.Now().Add(5*time.Minute).Truncate(time.Millisecond)) {
		t.Fatalf("after the second refusal: %+v", d)
	}
	c.Advance(5 * time.Minute)
	runOnce(t, w, 1)
	if d := deliveryTo(t, s, "slow@x.io"); d.Status != store.DeliverySent || d.Attempts != 3 {
		t.Fatalf("after the retry: %+v", d)
	}
	if n := len(srv.To("slow@x.io")); n != 1 {
		t.Fatalf("received %d copies", n)
	}
	c.Advance(24 * time.Hour)
	runOnce(t, w, 0)
}

func TestTemporaryRefusalGivesUpAfterMaxAttempts(t *testing.T) {
	s := storetest.SQLite(t)
	srv := smtptest.Start(t)
	srv.Refuse("never@x.io", 421, -1)
	c := newClock()
	if err := (&mail.Queue{Store: s, Now: c.Now}).Queue(ctx, mail.Envelope{Kind: store.MailConfirm, To: "never@x.io", Subject: "S", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	w := worker(t, s, smtpTransport(t, srv, srv.URL()), c)
	w.MaxAttempts = 3
	for range 3 {
		runOnce(t, w, 1)
		c.Advance(24 * time.Hour)
	}
	if d := deliveryTo(t, s, "never@x.io"); d.Status != store.DeliveryFailed || d.Attempts != 3 {
		t.Fatalf("delivery = %+v", d)
	}
	runOnce(t, w, 0)
}

func TestPermanentRefusalBouncesTheSubscriber(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		srv := smtptest.Start(t)
		srv.Refuse("gone@x.io", 550, -1)
		wsID := workspace(t, s)
		gone := subscriber(t, s, wsID, "gone@x.io")
		fine := subscriber(t, s, wsID, "fine@x.io")
		m := &store.MailMessage{WorkspaceID: wsID, Kind: store.MailNewsletter, Subject: "Post", Text: "t"}
		if err := s.QueueMail(ctx, m, []store.Recipient{{Email: "gone@x.io", SubscriberID: gone}, {Email: "fine@x.io", SubscriberID: fine}}); err != nil {
			t.Fatal(err)
		}
		// The same refused address as account mail (no subscriber): failed.
		if err := (&mail.Queue{Store: s}).Queue(ctx, mail.Envelope{Kind: store.MailPasswordReset, To: "gone@x.io", Subject: "Reset", Text: "t"}); err != nil {
			t.Fatal(err)
		}
		runOnce(t, worker(t, s, smtpTransport(t, srv, srv.URL()), nil), 3)
		list, _ := s.ListDeliveries(ctx, store.FindDelivery{To: store.Ptr("gone@x.io")})
		for _, d := range list {
			want := store.DeliveryBounced
			if d.SubscriberID == 0 {
				want = store.DeliveryFailed
			}
			if d.Status != want || !strings.Contains(d.LastError, "550") {
				t.Fatalf("delivery = %+v, want %s", d, want)
			}
		}
		var status, note string
		if err := s.SQL().QueryRowContext(ctx, `SELECT status, note FROM subscribers WHERE id = $1`, gone).Scan(&status, &note); err != nil {
			t.Fatal(err)
		}
		if status != "bounced" || !strings.Contains(note, "550") {
			t.Fatalf("subscriber = %q %q", status, note)
		}
		if err := s.SQL().QueryRowContext(ctx, `SELECT status FROM subscribers WHERE id = $1`, fine).Scan(&status); err != nil || status != "confirmed" {
			t.Fatalf("other subscriber = %q %v", status, err)
		}
		if n := len(srv.To("fine@x.io")); n != 1 {
			t.Fatalf("fine@x.io got %d", n)
		}
	})
}

func TestQueueRefusesHeaderInjectionAndBadAddresses(t *testing.T) {
	s := storetest.SQLite(t)
	q := &mail.Queue{Store: s}
	ok := mail.Envelope{Kind: store.MailConfirm, To: "a@x.io", FromName: "Blog", Subject: "Hi", Text: "t",
		Headers: map[string]string{"List-Unsubscribe": "<https://x.io/u>"}}
	cases := map[string]func(e *mail.Envelope){
		"CRLF in subject":         func(e *mail.Envelope) { e.Subject = "Hi\r\nBcc: victim@x.io" },
		"LF in subject":           func(e *mail.Envelope) { e.Subject = "Hi\nBcc: victim@x.io" },
		"CR in from name":         func(e *mail.Envelope) { e.FromName = "Blog\rBcc: victim@x.io" },
		"LF in from name":         func(e *mail.Envelope) { e.FromName = "Blog\nX: y" },
		"CRLF in header value":    func(e *mail.Envelope) { e.Headers = map[string]string{"List-Unsubscribe": "<u>\r\nBcc: victim@x.io"} },
		"colon in header name":    func(e *mail.Envelope) { e.Headers = map[string]string{"X-A: b\r\nBcc": "v"} },
		"reserved header":         func(e *mail.Envelope) { e.Headers = map[string]string{"Bcc": "victim@x.io"} },
		"CRLF in address":         func(e *mail.Envelope) { e.To = "a@x.io\r\nBcc: victim@x.io" },
		"malformed address":       func(e *mail.Envelope) { e.To = "not an address" },
		"two addresses":           func(e *mail.Envelope) { e.To = "a@x.io, b@x.io" },
		"no body":                 func(e *mail.Envelope) { e.Text, e.HTML = "", "" },
		"empty subject":           func(e *mail.Envelope) { e.Subject = " " },
		"control char in header":  func(e *mail.Envelope) { e.Headers = map[string]string{"X-A": "a\x00b"} },
		"address without a local": func(e *mail.Envelope) { e.To = "@x.io" },
	}
	for name, mod := range cases {
		t.Run(name, func(t *testing.T) {
			e := ok
			mod(&e)
			err := q.Queue(ctx, e)
			if ae := apperr.As(err); ae == nil || ae.Kind != apperr.Invalid {
				t.Fatalf("err = %v, want a validation error", err)
			}
		})
	}
	if list, _ := s.ListDeliveries(ctx, store.FindDelivery{}); len(list) != 0 {
		t.Fatalf("refused envelopes queued %d deliveries", len(list))
	}
	// The valid one goes through, once per key.
	ok.Key = "confirm:a"
	for range 2 {
		if err := q.Queue(ctx, ok); err != nil {
			t.Fatal(err)
		}
	}
	if list, _ := s.ListDeliveries(ctx, store.FindDelivery{}); len(list) != 1 {
		t.Fatalf("deliveries = %d, want 1", len(list))
	}
	// "Name <address>" is accepted and stored bare.
	if err := q.Queue(ctx, mail.Envelope{Kind: store.MailConfirm, To: "Bob <bob@x.io>", Subject: "S", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	deliveryTo(t, s, "bob@x.io")
}

func TestOutboxWritesOneParseableFilePerDelivery(t *testing.T) {
	s := storetest.SQLite(t)
	dir := filepath.Join(t.TempDir(), "outbox")
	box := &mail.Outbox{Dir: dir}
	m := &store.MailMessage{Kind: store.MailNewsletter, FromName: "Blog", Subject: "Neu: Café", Text: "read {{token}}", HTML: "<p>read {{token}}</p>",
		Headers: map[string]string{"List-Unsubscribe": "<https://b.io/u/{{token}}>"}}
	if err := s.QueueMail(ctx, m, []store.Recipient{{Email: "r@x.io", Token: "abc"}}); err != nil {
		t.Fatal(err)
	}
	runOnce(t, worker(t, s, box, nil), 1)
	d := deliveryTo(t, s, "r@x.io")
	if d.Status != store.DeliverySent {
		t.Fatalf("delivery = %+v", d)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 1 || files[0] != box.FileName(d) || !strings.HasSuffix(files[0], fmt.Sprintf("-%d.eml", d.ID)) {
		t.Fatalf("outbox = %v, want %s", files, box.FileName(d))
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	msg, err := smtptest.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Subject != "Neu: Café" || msg.Text != "read abc" || msg.HTML != "<p>read abc</p>" || msg.ContentType != "multipart/alternative" ||
		msg.Header.Get("List-Unsubscribe") != "<https://b.io/u/abc>" || msg.Header.Get("Message-Id") == "" || msg.Header.Get("To") == "" {
		t.Fatalf("eml = %+v", msg)
	}
	// Writing the same delivery again (a resend after a crash) replaces it.
	d.Message = m
	again, err := mail.Build(d, from(t), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := box.Send(ctx, d, again); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 1 {
		t.Fatalf("after writing again: %v", files)
	}
}

// recorder is a transport that keeps the order of sends.
type recorder struct {
	mu   sync.Mutex
	sent []*store.Delivery
	// onSend runs after each recorded send (under no lock).
	onSend func(n int)
}

func (r *recorder) Open(context.Context) (mail.Conn, error) { return r, nil }
func (r *recorder) Close() error                            { return nil }
func (r *recorder) Send(_ context.Context, d *store.Delivery, _ *gomail.Msg) error {
	r.mu.Lock()
	r.sent = append(r.sent, d)
	n := len(r.sent)
	r.mu.Unlock()
	if r.onSend != nil {
		r.onSend(n)
	}
	return nil
}

func TestPasswordResetOvertakesATenThousandNewsletter(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		c := newClock()
		rs := make([]store.Recipient, 10000)
		for i := range rs {
			rs[i] = store.Recipient{Email: fmt.Sprintf("n%05d@x.io", i)}
		}
		if err := s.QueueMail(ctx, &store.MailMessage{Kind: store.MailNewsletter, Subject: "Post", Text: "t", CreatedAt: c.Now().Add(-time.Minute)}, rs); err != nil {
			t.Fatal(err)
		}
		if err := (&mail.Queue{Store: s, Now: c.Now}).Queue(ctx, mail.Envelope{Kind: store.MailPasswordReset, To: "forgot@x.io", Subject: "Reset", Text: "t"}); err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		runOnce(t, worker(t, s, rec, c), 50)
		if len(rec.sent) != 50 || rec.sent[0].To != "forgot@x.io" {
			t.Fatalf("first batch: %d sent, first to %s; want the reset first", len(rec.sent), rec.sent[0].To)
		}
	})
}

func TestShutdownHandsUnsentDeliveriesBack(t *testing.T) {
	s := storetest.SQLite(t)
	c := newClock()
	var to []store.Recipient
	for i := range 10 {
		to = append(to, store.Recipient{Email: fmt.Sprintf("r%d@x.io", i)})
	}
	if err := s.QueueMail(ctx, &store.MailMessage{Kind: store.MailNewsletter, Subject: "S", Text: "t", CreatedAt: c.Now()}, to); err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithCancel(ctx)
	rec := &recorder{onSend: func(n int) {
		if n == 3 {
			cancel() // the app stops while the batch is being sent
		}
	}}
	w := worker(t, s, rec, c)
	if n, err := w.RunOnce(rctx); n != 10 || err != nil {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	sent, queued := 0, 0
	list, _ := s.ListDeliveries(ctx, store.FindDelivery{})
	for _, d := range list {
		switch {
		case d.Status == store.DeliverySent:
			sent++
		case d.Status == store.DeliveryQueued && d.Attempts == 0 && !d.NextAt.After(c.Now()):
			queued++
		default:
			t.Fatalf("delivery = %+v", d)
		}
	}
	if sent != 3 || queued != 7 {
		t.Fatalf("sent %d, handed back %d", sent, queued)
	}
	// Another worker takes them at once (no lease to wait for).
	runOnce(t, worker(t, s, &recorder{}, c), 7)
}

func TestTwoInstancesNeverSendADeliveryTwice(t *testing.T) {
	storetest.Run(t, func(t *testing.T, s *sqlstore.DB) {
		srv := smtptest.Start(t)
		const n = 150
		var to []store.Recipient
		for i := range n {
			to = append(to, store.Recipient{Email: fmt.Sprintf("r%03d@x.io", i)})
		}
		if err := s.QueueMail(ctx, &store.MailMessage{Kind: store.MailNewsletter, Subject: "S", Text: "t"}, to); err != nil {
			t.Fatal(err)
		}
		rctx, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		for range 2 {
			w := worker(t, s, smtpTransport(t, srv, srv.URL()), nil)
			w.Workers, w.Batch, w.Poll = 3, 7, 20*time.Millisecond
			wg.Go(func() { w.Run(rctx) })
		}
		srv.WaitFor(t, n, 2*time.Minute)
		// Every delivery finished before the workers stop.
		deadline := time.Now().Add(2 * time.Minute)
		for {
			sent, _ := s.ListDeliveries(ctx, store.FindDelivery{Status: store.Ptr(store.DeliverySent)})
			if len(sent) == n {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d deliveries recorded as sent", len(sent), n)
			}
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
		wg.Wait()
		counts := srv.CountByRecipient()
		if len(counts) != n {
			t.Fatalf("%d addresses received mail, want %d", len(counts), n)
		}
		for addr, c := range counts {
			if c != 1 {
				t.Fatalf("%s received %d copies", addr, c)
			}
		}
	})
}

func TestClassifyAndBackoff(t *testing.T) {
	rcpt := &gomail.SendError{Reason: gomail.ErrSMTPRcptTo}
	for _, tc := range []struct {
		err  error
		want mail.Outcome
	}{
		{errors.New("dial tcp: connection refused"), mail.Temporary},
		{rcpt, mail.Temporary}, // no code: not a server's final word
		{fmt.Errorf("wrapped: %w", context.DeadlineExceeded), mail.Temporary},
	} {
		if got := mail.Classify(tc.err); got != tc.want {
			t.Errorf("Classify(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
	steps := mail.DefaultBackoff
	for n, want := range map[int]time.Duration{0: time.Minute, 1: time.Minute, 2: 5 * time.Minute, 3: 30 * time.Minute,
		6: 12 * time.Hour, 7: 12 * time.Hour, 50: 12 * time.Hour} {
		if got := mail.Backoff(steps, n); got != want {
			t.Errorf("Backoff(%d) = %v, want %v", n, got, want)
		}
	}
}

func TestParseFromAndSMTPURL(t *testing.T) {
	for _, bad := range []string{"", "nobody", "a@b.io\r\nBcc: x@y.io", "<@x.io>"} {
		if _, err := mail.ParseFrom(bad); err == nil {
			t.Errorf("ParseFrom(%q) accepted", bad)
		}
	}
	if a, err := mail.ParseFrom(mail.DefaultFrom); err != nil || a.Name != "InkPress" || a.Address != "noreply@localhost" {
		t.Errorf("default from = %+v, %v", a, err)
	}
	for url, addr := range map[string]string{"smtp://u:p@mx.io": "mx.io:587", "smtps://mx.io": "mx.io:465", "smtp://mx.io:2525": "mx.io:2525"} {
		s, err := mail.NewSMTP(url)
		if err != nil || s.Addr() != addr {
			t.Errorf("NewSMTP(%q) = %v, %v; want %s", url, s, err, addr)
		}
	}
	for _, bad := range []string{"http://mx.io", "smtp://", "smtp://mx.io:99999", "mx.io:25"} {
		if _, err := mail.NewSMTP(bad); err == nil {
			t.Errorf("NewSMTP(%q) accepted", bad)
		}
	}
	_, err := mail.NewSMTP("ftp://user:hunter2@mx.io")
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("error shows the password or is missing: %v", err)
	}
}

// gate is a transport whose newsletter sends wait until released (a slow
// server) while other mail goes through at once.
type gate struct {
	blocked chan struct{} // closed when a newsletter send is waiting
	release chan struct{}
	sent    chan string // account mail sent
	once    sync.Once
}

func (g *gate) Open(context.Context) (mail.Conn, error) { return g, nil }
func (g *gate) Close() error                            { return nil }
func (g *gate) Send(ctx context.Context, d *store.Delivery, _ *gomail.Msg) error {
	if d.Message.Kind == store.MailNewsletter {
		g.once.Do(func() { close(g.blocked) })
		select {
		case <-g.release:
		case <-ctx.Done():
			return ctx.Err()
		}
		return nil
	}
	g.sent <- d.To
	return nil
}

func TestAccountMailDoesNotWaitForANewsletterBatch(t *testing.T) {
	s := storetest.SQLite(t)
	var to []store.Recipient
	for i := range 20 {
		to = append(to, store.Recipient{Email: fmt.Sprintf("n%d@x.io", i)})
	}
	if err := s.QueueMail(ctx, &store.MailMessage{Kind: store.MailNewsletter, Subject: "Post", Text: "t"}, to); err != nil {
		t.Fatal(err)
	}
	g := &gate{blocked: make(chan struct{}), release: make(chan struct{}), sent: make(chan string, 1)}
	// One worker and a poll of an hour: only the wake-up can bring the
	// reset out while the newsletter batch is stuck on the server.
	w := &mail.Worker{Store: s, Transport: g, From: from(t), Batch: 50, Workers: 1, Poll: time.Hour}
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { w.Run(rctx); close(done) }()
	defer func() { close(g.release); cancel(); <-done }()
	<-g.blocked

	q := &mail.Queue{Store: s, OnQueued: w.Wake}
	if err := q.Queue(ctx, mail.Envelope{Kind: store.MailPasswordReset, To: "forgot@x.io", Subject: "Reset", Text: "t"}); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-g.sent:
		if got != "forgot@x.io" {
			t.Fatalf("sent to %s", got)
		}
	case <-time.After(time.Minute): // a failure guard only: the send needs no time to pass
		t.Fatal("the password reset waited behind the newsletter batch")
	}
}
