package store

import (
	"context"
	"time"
)

// MailStore is the outgoing mail queue (store/sqlstore/mail.go): rendered
// messages and one delivery row per (message, recipient), claimed by the
// mail workers of any instance.
type MailStore interface {
	// QueueMail stores m and one delivery per recipient in one
	// transaction (m.ID is filled). When m.DedupeKey is set and already
	// queued, nothing changes and the error is ErrAlreadyDone.
	QueueMail(ctx context.Context, m *MailMessage, to []Recipient) error
	// ClaimDeliveries leases up to limit due deliveries until leaseUntil,
	// atomically (two workers never hold the same row): queued ones whose
	// NextAt has come, and sending ones whose lease ended (their worker
	// died). Each comes with its Message.
	ClaimDeliveries(ctx context.Context, now, leaseUntil time.Time, limit int) ([]*Delivery, error)
	// ClaimAccountDeliveries is ClaimDeliveries of account mail only
	// (verification, password reset, address change, sign-up
	// confirmation): never a newsletter or other bulk mail.
	ClaimAccountDeliveries(ctx context.Context, now, leaseUntil time.Time, limit int) ([]*Delivery, error)
	// RenewDeliveries moves the lease of claimed deliveries.
	RenewDeliveries(ctx context.Context, ids []int64, leaseUntil time.Time) error
	// FinishDelivery records what became of a claimed delivery. A bounced
	// delivery of a subscriber marks the subscriber bounced (Note = the
	// error) in the same transaction.
	FinishDelivery(ctx context.Context, r DeliveryResult) error
	// ListDeliveries lists deliveries, newest first (tests, the outbox).
	ListDeliveries(ctx context.Context, f FindDelivery) ([]*Delivery, error)
	// MailHealth counts the workspace's deliveries finished at or after
	// since, how many of them were refused (bounced, or failed for good),
	// and the complaints recorded at or after since.
	MailHealth(ctx context.Context, workspaceID int64, since time.Time) (MailHealth, error)
	// MailHealthAll is MailHealth of every workspace with a delivery
	// finished at or after since, in one read (the admin's list).
	MailHealthAll(ctx context.Context, since time.Time) (map[int64]MailHealth, error)
	// HoldMail holds the workspace's bulk deliveries (newsletters and
	// import confirmations) still waiting to be sent (queued, or sending
	// under a lease that ended before now): their status becomes held and
	// no claim takes them. Account mail is never held. It reports how
	// many it held.
	HoldMail(ctx context.Context, workspaceID int64, now time.Time) (int64, error)
	// ReleaseHeld queues again, due at now, the held deliveries of the
	// workspace's post's newsletter whose subscriber is still confirmed,
	// and reports how many.
	ReleaseHeld(ctx context.Context, workspaceID, postID int64, now time.Time) (int64, error)
	// RecordComplaint records that the recipient of a delivery reported it
	// as spam: the delivery whose id, message id and message nonce are
	// c's gets ComplainedAt (once: a repeated report changes nothing and
	// has New false), and its subscriber, if any, is unsubscribed (Note
	// says why) with their waiting deliveries dropped, in one
	// transaction. ErrNotFound when no delivery matches.
	RecordComplaint(ctx context.Context, c ComplaintRef, now time.Time) (*Complaint, error)
	// PruneMail deletes messages whose deliveries all finished before
	// before, and reports how many.
	PruneMail(ctx context.Context, before time.Time) (int64, error)
}

// MailHealth is what a workspace's recent deliveries came to: Finished
// (sent, bounced or failed), Refused of them, and Complained (reported as
// spam).
type MailHealth struct {
	Finished, Refused, Complained int
}

// ComplaintRef names one delivery as its Message-ID does (mail.MessageID):
// Nonce "" matches only a message queued before nonces existed.
type ComplaintRef struct {
	DeliveryID, MessageID int64
	Nonce                 string
}

// Complaint is a recorded complaint: the delivery's blog and address, and
// whether this report was its first.
type Complaint struct {
	DeliveryID   int64
	WorkspaceID  int64
	SubscriberID int64
	To           string
	New          bool
}

// NoteComplained is a subscriber's note after they reported an e-mail as
// spam (they are unsubscribed).
const NoteComplained = "Reported an e-mail as spam"

// Mail kinds.
const (
	MailNewsletter = "newsletter"
	MailConfirm    = "subscribe_confirm"
	// MailImportConfirm asks imported addresses to confirm: bulk mail,
	// sent behind account mail like a newsletter.
	MailImportConfirm = "import_confirm"
	MailPasswordReset = "password_reset"
	MailVerifyEmail   = "verify_email"
	MailChangeEmail   = "change_email"
	MailLoginLocked   = "login_locked"
	// Account self-service: the notice of a changed password, of an account
	// deleted (and restorable) and the link to a data export.
	MailPasswordChanged = "password_changed"
	MailAccountDeleted  = "account_deleted"
	MailExportReady     = "export_ready"
)

// Delivery statuses.
const (
	DeliveryQueued  = "queued"
	DeliverySending = "sending"
	DeliverySent    = "sent"
	DeliveryFailed  = "failed"
	DeliveryBounced = "bounced"
	// DeliveryHeld: not sent because the blog's sending was paused (too
	// many refusals or complaints). It is not a failure (not counted in
	// the blog's health) and is sent only when its owner asks again.
	DeliveryHeld = "held"
)

// TokenPlaceholder in a message's bodies and headers is replaced by each
// delivery's Token when it is sent (a subscriber's unsubscribe key).
const TokenPlaceholder = "{{token}}"

// MailMessage is one rendered e-mail, sent to each of its deliveries.
type MailMessage struct {
	ID          int64
	WorkspaceID int64 // 0: the platform's own mail (accounts)
	Kind        string
	DedupeKey   string // "" = never deduplicated
	PostID      int64
	FromName    string // display name; the address is the configured sender
	Subject     string
	HTML        string
	Text        string
	Headers     map[string]string
	CreatedAt   time.Time
	// Nonce is random, made when the message is queued; its deliveries'
	// Message-IDs carry it ("" for messages queued before it existed).
	Nonce string
}

// Recipient is one address a message goes to.
type Recipient struct {
	Email        string
	SubscriberID int64  // 0 when not a subscriber
	Token        string // replaces TokenPlaceholder
}

// Delivery is one message to one address.
type Delivery struct {
	ID           int64
	MessageID    int64
	WorkspaceID  int64
	SubscriberID int64
	To           string
	Token        string
	Status       string
	Attempts     int
	NextAt       time.Time
	ClaimedUntil time.Time
	LastError    string
	SentAt       time.Time
	CreatedAt    time.Time
	Message      *MailMessage // filled by ClaimDeliveries
}

// DeliveryResult is the outcome of one claimed delivery: Status sent,
// failed or bounced is final; queued retries at NextAt; held waits for its
// blog's owner.
type DeliveryResult struct {
	ID       int64
	Status   string
	Error    string
	NextAt   time.Time
	Attempts int
	At       time.Time
}

// FindDelivery filters deliveries; zero fields do not filter.
type FindDelivery struct {
	WorkspaceID *int64
	MessageID   *int64
	Kind        *string
	To          *string
	Status      *string
	Limit       int
}
