package store

import (
	"context"
	"time"
)

// NewsletterDeskStore is what the post desk and the welcome e-mail add to
// newsletters (store/sqlstore/newsletter_desk.go).
type NewsletterDeskStore interface {
	// GetWelcome is a blog's welcome e-mail; ErrNotFound when its owner
	// never saved one (it is off then).
	GetWelcome(ctx context.Context, workspaceID int64) (*Welcome, error)
	// SaveWelcome writes a blog's welcome e-mail.
	SaveWelcome(ctx context.Context, w *Welcome) error
	// ReserveEmails adds n to the workspace's newsletter e-mails of month
	// within emailsLimit (postsLimit and imagesLimit fill a month row that
	// does not exist yet); ErrEmailLimit, and nothing counted, past it.
	ReserveEmails(ctx context.Context, workspaceID int64, month string, n, emailsLimit, postsLimit, imagesLimit int) error
}

// Welcome is a blog's welcome e-mail to each new confirmed subscriber.
type Welcome struct {
	WorkspaceID int64
	Enabled     bool
	Subject     string
	Body        string // plain text; blank lines part paragraphs
	UpdatedAt   time.Time
}

// Mail kinds of the desk and the welcome e-mail.
const (
	// MailWelcome greets a new confirmed subscriber.
	MailWelcome = "welcome"
	// MailNewsletterTest is a post's newsletter sent to its owner only.
	MailNewsletterTest = "newsletter_test"
)
