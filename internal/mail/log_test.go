package mail_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/storetest"
)

// unreachable is a mail server that cannot be reached.
type unreachable struct{}

func (unreachable) Open(context.Context) (mail.Conn, error) {
	return nil, errors.New("dial tcp 10.0.0.1:587: connect: connection refused")
}

// A delivery that fails is the operator's business: it is logged at warn,
// with what failed and of which kind.
func TestDeliveryFailuresAreLoggedAtWarn(t *testing.T) {
	s := storetest.SQLite(t)
	if err := s.QueueMail(ctx, &store.MailMessage{Kind: store.MailPasswordReset, Subject: "Reset", Text: "link"},
		[]store.Recipient{{Email: "eve@x.io"}}); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	w := worker(t, s, unreachable{}, nil)
	w.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	runOnce(t, w, 1)
	if !strings.Contains(logs.String(), `level=WARN msg="mail delivery not sent"`) || !strings.Contains(logs.String(), "kind=password_reset") ||
		!strings.Contains(logs.String(), "connection refused") {
		t.Fatalf("logs:\n%s", logs.String())
	}
}
