package app_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/mail/smtptest"
	"github.com/inkpress/inkpress/store"
)

// Without INKPRESS_SMTP_URL nothing is sent: the app's queue and workers
// write the message to the outbox in the data directory.
func TestMailGoesToTheOutboxWithoutSMTP(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_MAIL_FROM", "Press <press@blog.example>"))
	if a.Sending() {
		t.Fatal("Sending() without SMTP")
	}
	ctx := context.Background()
	if err := a.Mail.Queue(ctx, mail.Envelope{Kind: store.MailPasswordReset, To: "u@x.io", FromName: "My Blog", Subject: "Reset", Text: "link"}); err != nil {
		t.Fatal(err)
	}
	if n, err := a.MailWorker.RunOnce(ctx); n != 1 || err != nil {
		t.Fatalf("RunOnce = %d, %v", n, err)
	}
	files, _ := filepath.Glob(filepath.Join(a.Config.DataDir, "outbox", "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox = %v", files)
	}
	raw, _ := os.ReadFile(files[0])
	msg, err := smtptest.Parse(raw)
	if err != nil || !strings.Contains(msg.Header.Get("From"), `"My Blog" <press@blog.example>`) || msg.Text != "link" {
		t.Fatalf("eml: %v %q %q", err, msg.Header.Get("From"), msg.Text)
	}
}

func TestSendingWithSMTP(t *testing.T) {
	a := apptest.Start(t, "", apptest.Env("INKPRESS_SMTP_URL", "smtp://u:p@127.0.0.1:2525"))
	if !a.Sending() {
		t.Fatal("Sending() false with SMTP configured")
	}
}
