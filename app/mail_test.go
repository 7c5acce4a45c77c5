package app_test

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/config"
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

// startWith builds the app on env (a temporary SQLite database and data
// directory added) and returns it, or its error, and what it logged.
func startWith(t *testing.T, env map[string]string) (*app.App, string, error) {
	t.Helper()
	dir := t.TempDir()
	env["INKPRESS_DATA_DIR"], env["INKPRESS_DATABASE_URL"], env["INKPRESS_DEMO"] = dir, "sqlite:"+filepath.Join(dir, "t.db"), "false"
	cfg, err := config.Load(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(&logs, nil)))
	if a != nil {
		t.Cleanup(func() { _ = a.Close() })
	}
	return a, logs.String(), err
}

// INKPRESS_SMTP_URL is tried at start, like the object store: what is
// wrong is named (never the password), and a private CA can be trusted.
func TestSMTPIsCheckedAtStart(t *testing.T) {
	srv := smtptest.Start(t)
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, srv.CertPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	notPEM := filepath.Join(t.TempDir(), "ca.txt")
	_ = os.WriteFile(notPEM, []byte("hello"), 0o600)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	nobody := closed.Addr().String()
	closed.Close()
	good := "smtp://" + smtptest.User + ":" + smtptest.Password + "@" + srv.Addr
	for _, tc := range []struct {
		name string
		env  map[string]string
		want []string // in the error; nil: it starts
	}{
		{"nobody listens", map[string]string{"INKPRESS_SMTP_URL": "smtp://u:hunter2@" + nobody},
			[]string{"INKPRESS_SMTP_URL: cannot send through " + nobody}},
		{"a private CA not trusted", map[string]string{"INKPRESS_SMTP_URL": good},
			[]string{"INKPRESS_SMTP_URL: cannot send through " + srv.Addr, "certificate", "INKPRESS_SMTP_CA_FILE"}},
		{"a wrong password", map[string]string{"INKPRESS_SMTP_URL": "smtp://" + smtptest.User + ":hunter2@" + srv.Addr, "INKPRESS_SMTP_CA_FILE": ca},
			[]string{"INKPRESS_SMTP_URL: cannot send through " + srv.Addr, "535"}},
		{"a CA file without a certificate", map[string]string{"INKPRESS_SMTP_URL": good, "INKPRESS_SMTP_CA_FILE": notPEM},
			[]string{"INKPRESS_SMTP_CA_FILE: no PEM certificate"}},
		{"the private CA trusted", map[string]string{"INKPRESS_SMTP_URL": good, "INKPRESS_SMTP_CA_FILE": ca}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, logs, err := startWith(t, tc.env)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("start: %v", err)
				}
				if !a.Sending() || !strings.Contains(logs, `msg="mail is sent through SMTP" server=`+srv.Addr) {
					t.Fatalf("sending %v; logs:\n%s", a.Sending(), logs)
				}
				return
			}
			if err == nil {
				t.Fatal("started")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("the error shows the password: %v", err)
			}
		})
	}
	t.Run("outbox", func(t *testing.T) {
		a, logs, err := startWith(t, map[string]string{})
		if err != nil || a.Sending() || !strings.Contains(logs, "mail is not sent") || !strings.Contains(logs, filepath.Join(a.Config.DataDir, "outbox")) {
			t.Fatalf("start: %v; logs:\n%s", err, logs)
		}
	})
}
