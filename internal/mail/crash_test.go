package mail_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mail/smtptest"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// The crash test runs the mailer in child processes (this test binary run
// again with crashChild set) so that one can be killed with SIGKILL: no
// deferred function, no shutdown hand-back, its lease simply ends.
const (
	crashChild = "INKPRESS_MAIL_CRASH_CHILD" // "send" or "resume"
	crashDB    = "INKPRESS_MAIL_CRASH_DB"
	crashSMTP  = "INKPRESS_MAIL_CRASH_SMTP"
	crashCert  = "INKPRESS_MAIL_CRASH_CERT"
	crashTotal = "INKPRESS_MAIL_CRASH_TOTAL"
	crashLease = 2 * time.Second
	crashWait  = 3 * time.Minute // a bound for a loaded machine, never a timing assumption
)

// TestMailCrashChild is the child's body; it does nothing in a normal run.
func TestMailCrashChild(t *testing.T) {
	mode := os.Getenv(crashChild)
	if mode == "" {
		t.Skip("runs only as the child of TestKilledMailerResumesWithoutDuplicates")
	}
	s, err := sqlstore.Open(ctx, "sqlite:"+os.Getenv(crashDB))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pem, err := os.ReadFile(os.Getenv(crashCert))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := mail.NewSMTP(os.Getenv(crashSMTP), mail.WithTLSConfig(smtptest.ClientTLS(pem)))
	if err != nil {
		t.Fatal(err)
	}
	w := &mail.Worker{Store: s, Transport: tr, From: from(t), Batch: 50, Workers: 1, Lease: crashLease, Poll: 50 * time.Millisecond}
	if mode == "send" {
		w.Run(ctx) // until killed
		return
	}
	total, _ := strconv.Atoi(os.Getenv(crashTotal))
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { w.Run(rctx); close(done) }()
	deadline := time.Now().Add(crashWait)
	for {
		sent, err := s.ListDeliveries(ctx, store.FindDelivery{Status: store.Ptr(store.DeliverySent)})
		if err != nil {
			t.Fatal(err)
		}
		if len(sent) == total {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("resumed mailer: %d of %d sent", len(sent), total)
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	<-done
}

// A mailer killed (SIGKILL) in the middle of a batch, while the server
// holds the DATA of its 11th message unanswered, is resumed by another
// process once its lease ends: every address gets exactly one message, none
// is skipped. The held message was never acknowledged, so the server never
// delivered it (it counts a message only when it answers 250 to a live
// client). The one window this cannot close: the process dying after the
// server's 250 and before the database records "sent"; the copy sent again
// then carries the same Message-ID, which receivers use to drop it.
func TestKilledMailerResumesWithoutDuplicates(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "inkpress.db")
	s, err := sqlstore.Open(ctx, "sqlite:"+dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const total, held = 30, 10
	var to []store.Recipient
	for i := range total {
		to = append(to, store.Recipient{Email: fmt.Sprintf("r%02d@x.io", i)})
	}
	m := &store.MailMessage{Kind: store.MailNewsletter, Subject: "Crash", Text: "t", HTML: "<p>h</p>"}
	if err := s.QueueMail(ctx, m, to); err != nil {
		t.Fatal(err)
	}
	srv := smtptest.Start(t)
	heldAddr := fmt.Sprintf("r%02d@x.io", held)
	hold := srv.HoldData(heldAddr)
	certFile := filepath.Join(dir, "cert.pem")
	if err := os.WriteFile(certFile, srv.CertPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	child := func(mode string) (*exec.Cmd, *bytes.Buffer, chan error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMailCrashChild$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), crashChild+"="+mode, crashDB+"="+dbPath, crashSMTP+"="+srv.URL(),
			crashCert+"="+certFile, crashTotal+"="+strconv.Itoa(total))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		return cmd, &out, exited
	}

	first, out, exited := child("send")
	select {
	case <-hold.Arrived():
	case err := <-exited:
		t.Fatalf("the first mailer ended before the held message: %v\n%s", err, out)
	case <-time.After(crashWait):
		_ = first.Process.Kill()
		t.Fatalf("the held message never arrived\n%s", out)
	}
	// Sent one by one, each recorded before the next: exactly those before
	// the held one were accepted.
	if n := len(srv.Messages()); n != held {
		t.Fatalf("before the crash the server accepted %d messages, want %d", n, held)
	}
	if err := first.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	<-exited
	hold.Release(false) // its client is gone: no 250 reached anyone, nothing delivered

	list, _ := s.ListDeliveries(ctx, store.FindDelivery{})
	state := map[string]int{}
	for _, d := range list {
		state[d.Status]++
	}
	if state[store.DeliverySent] != held || state[store.DeliverySending] != total-held {
		t.Fatalf("after the crash: %v, want %d sent and %d still leased", state, held, total-held)
	}

	_, out2, exited2 := child("resume")
	select {
	case err := <-exited2:
		if err != nil {
			t.Fatalf("the resumed mailer: %v\n%s", err, out2)
		}
	case <-time.After(crashWait + time.Minute):
		t.Fatalf("the resumed mailer did not finish\n%s", out2)
	}

	counts := srv.CountByRecipient()
	for _, r := range to {
		if counts[r.Email] != 1 {
			t.Fatalf("%s received %d messages, want 1 (all: %v)", r.Email, counts[r.Email], counts)
		}
	}
	if len(srv.Messages()) != total {
		t.Fatalf("server accepted %d messages, want %d", len(srv.Messages()), total)
	}
	d := deliveryTo(t, s, heldAddr)
	if got, want := srv.To(heldAddr)[0].Header.Get("Message-Id"), fmt.Sprintf("<d%d.m%d.%s@mail.example.com>", d.ID, m.ID, m.Nonce); got != want {
		t.Fatalf("resent Message-ID = %q, want the stable %q", got, want)
	}
	if d.Status != store.DeliverySent || d.Attempts != 2 {
		t.Fatalf("held delivery = %+v, want sent on its second attempt", d)
	}
}
