// Package mail sends InkPress's e-mail: messages are queued in the
// database and sent by workers in any instance, through SMTP or, without
// it, written as .eml files to an outbox folder.
package mail

import "context"

// Envelope is one message for one recipient, rendered.
type Envelope struct {
	WorkspaceID int64 // 0: the platform's own mail (accounts)
	Kind        string
	// Key makes queuing idempotent: an envelope whose key is already
	// queued is not queued again ("" = always queued).
	Key      string
	To       string
	FromName string // display name; the address is INKPRESS_MAIL_FROM
	Subject  string
	HTML     string
	Text     string
	Headers  map[string]string
}

// Queuer puts a message on the queue; it returns once the message is
// stored (not sent).
type Queuer interface {
	Queue(ctx context.Context, e Envelope) error
}
