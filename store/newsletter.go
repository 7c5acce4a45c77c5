package store

import (
	"context"
	"time"
)

// NewsletterStore keeps each blog's subscribers and queues its posts to
// them (store/sqlstore/newsletter.go). Every subscriber method is scoped to
// a workspace: an id or token of another blog is ErrNotFound.
type NewsletterStore interface {
	// RequestSubscription records a sign-up through a blog's form: a new
	// address is stored pending (unless the list holds MaxList pending and
	// confirmed addresses: ErrLimit, nothing stored); any address that is
	// not confirmed gets the new confirmation hash and expiry (its status
	// stays: an unsubscribed address stays unsubscribed until it
	// confirms). A confirmed address is returned unchanged.
	RequestSubscription(ctx context.Context, r SubscriptionRequest) (*Subscriber, error)
	// ConfirmSubscription confirms the subscriber of the workspace whose
	// pending confirmation hash is hash and has not expired at now, and
	// clears the hash (a link works once); ErrNotFound otherwise.
	ConfirmSubscription(ctx context.Context, workspaceID int64, hash string, now time.Time) (*Subscriber, error)
	// Unsubscribe marks the subscriber whose unsubscribe token is token
	// unsubscribed (idempotent) and drops a pending confirmation;
	// workspaceID 0 accepts any blog's token. ErrNotFound when none.
	Unsubscribe(ctx context.Context, workspaceID int64, token string, now time.Time) (*Subscriber, error)
	// NewsletterDeliveries counts what became of the deliveries of the
	// workspace's post's newsletter so far (zero once they are pruned).
	// Those dropped because the subscriber left are not counted.
	NewsletterDeliveries(ctx context.Context, workspaceID, postID int64) (DeliveryCounts, error)
	// SubscriberByToken is the subscriber whose unsubscribe token is
	// token, of any blog (the unsubscribe link of an e-mail, opened);
	// ErrNotFound when none.
	SubscriberByToken(ctx context.Context, token string) (*Subscriber, error)
	// GetSubscriber is one subscriber of the workspace.
	GetSubscriber(ctx context.Context, workspaceID, id int64) (*Subscriber, error)
	// ListSubscribers is one page of a workspace's list, newest first.
	ListSubscribers(ctx context.Context, f FindSubscribers) ([]*Subscriber, error)
	// CountSubscribers counts a workspace's list by status.
	CountSubscribers(ctx context.Context, workspaceID int64) (map[string]int, error)
	// DeleteSubscriber removes one subscriber of the workspace.
	DeleteSubscriber(ctx context.Context, workspaceID, id int64) error
	// RenewConfirmation sets a new confirmation hash and expiry on a
	// pending subscriber; ErrConflict when it is not pending.
	RenewConfirmation(ctx context.Context, workspaceID, id int64, hash string, expires, now time.Time) (*Subscriber, error)
	// ImportSubscribers adds emails (normalised, distinct) as confirmed,
	// source import, in one transaction; addresses already on the list
	// are skipped. ErrLimit, and nothing is written, when the list's
	// pending and confirmed addresses would pass max (max <= 0: no cap).
	ImportSubscribers(ctx context.Context, workspaceID int64, emails []string, max int, now time.Time) (added, skipped int, err error)
	// ImportList is an import as the owner sends it (ImportSubscribers is
	// ImportList of confirmed addresses from an unnamed source): it
	// records the import (SubscriberImports counts them) and adds im's
	// addresses not yet listed, confirmed, or pending with their
	// confirmation hashes when im.Confirm. It returns the addresses added.
	// ErrLimit, and nothing is written, when the list would pass im.Max;
	// ErrEmailLimit when the confirmation e-mails (one per address added)
	// would pass the month's im.EmailsLimit (they are counted in it).
	ImportList(ctx context.Context, im SubscriberImport) (added []string, err error)
	// SubscriberImports counts the workspace's imports so far.
	SubscriberImports(ctx context.Context, workspaceID int64) (int, error)
	// ExportSubscribers lists the workspace's confirmed subscribers, oldest
	// first.
	ExportSubscribers(ctx context.Context, workspaceID int64) ([]*Subscriber, error)
	// DeleteExpiredSubscribers deletes pending subscribers whose
	// confirmation expired before now and reports how many.
	DeleteExpiredSubscribers(ctx context.Context, now time.Time) (int64, error)

	// DueNewsletters lists up to limit posts whose newsletter is pending,
	// published at or before now (bodies included), oldest first.
	DueNewsletters(ctx context.Context, now time.Time, limit int) ([]*Post, error)
	// SkipNewsletter marks a pending post's newsletter skipped with note;
	// false when it was no longer pending.
	SkipNewsletter(ctx context.Context, postID int64, note string) (bool, error)
	// SendNewsletter queues a post's newsletter in one transaction: it
	// claims the post (newsletter pending and published, else
	// ErrAlreadyDone), inserts s.Message and one delivery per confirmed
	// subscriber of the workspace (their unsubscribe tokens), adds them to
	// the month's emails_sent within s.EmailsLimit and marks the post sent.
	// It reports the outcome; a skip (newsletters off, nobody to send to,
	// over the limit) marks the post skipped with the outcome's note and
	// queues nothing.
	SendNewsletter(ctx context.Context, s NewsletterSend) (NewsletterOutcome, error)
	// SetPostNewsletter turns a post's newsletter off (only while pending)
	// or back on (pending again, only when off or skipped) and returns the
	// post's state after it.
	SetPostNewsletter(ctx context.Context, workspaceID, postID int64, send bool) (state, note string, recipients int, err error)
	// EmailsSent is the workspace's newsletter e-mails of a month.
	EmailsSent(ctx context.Context, workspaceID int64, month string) (int, error)
}

// Subscriber statuses.
const (
	SubscriberPending      = "pending"
	SubscriberConfirmed    = "confirmed"
	SubscriberUnsubscribed = "unsubscribed"
	SubscriberBounced      = "bounced"
)

// Subscriber sources.
const (
	SourceForm   = "form"
	SourceImport = "import"
)

// Post newsletter states (blog_posts.newsletter).
const (
	NewsletterPending = "pending"
	NewsletterOff     = "off"
	NewsletterSent    = "sent"
	NewsletterSkipped = "skipped"
	NewsletterNone    = "none"
)

// Subscriber is one address on a blog's list.
type Subscriber struct {
	ID          int64
	WorkspaceID int64
	Email       string
	Status      string
	Source      string
	// Token is the unsubscribe key carried by every e-mail to the address.
	Token string
	// ConfirmHash is the SHA-256 (hex) of the pending confirmation link's
	// token ("" when none), valid until ConfirmExpires.
	ConfirmHash    string
	ConfirmExpires time.Time
	ConfirmedAt    time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// Note says why a bounced address was refused.
	Note string
}

// SubscriptionRequest is a sign-up through a blog's form.
type SubscriptionRequest struct {
	WorkspaceID int64
	Email       string
	// Token is the unsubscribe key of a new row.
	Token       string
	ConfirmHash string
	Expires     time.Time
	Now         time.Time
	MaxList     int // <= 0: no cap
}

// SubscriberImport is one import of addresses into a blog's list.
type SubscriberImport struct {
	WorkspaceID int64
	Emails      []string // normalised, distinct
	Source      string   // where the list came from, as the owner says
	Max         int      // the list's cap (<= 0: none)
	Now         time.Time
	// Confirm lists the addresses pending, each with its ConfirmHashes
	// entry valid until Expires, and counts one e-mail each in the month's
	// EmailsLimit (PostsLimit and ImagesLimit fill a new month row).
	Confirm                              bool
	ConfirmHashes                        map[string]string
	Expires                              time.Time
	Month                                string
	EmailsLimit, PostsLimit, ImagesLimit int
}

// FindSubscribers filters a workspace's list.
type FindSubscribers struct {
	WorkspaceID int64
	Status      string // "": any
	Search      string // part of the address
	Limit       int
	Offset      int
}

// DeliveryCounts are a message's deliveries by outcome: Queued still to be
// sent (or being sent), Sent accepted by the mail server, Failed given up,
// Bounced refused for the address, Held stopped because the blog's sending
// was paused.
type DeliveryCounts struct {
	Queued, Sent, Failed, Bounced, Held int
}

// NewsletterSend is one post's newsletter, rendered, to queue.
type NewsletterSend struct {
	PostID      int64
	WorkspaceID int64
	Message     *MailMessage
	Month       string
	// EmailsLimit caps the month's newsletter e-mails; PostsLimit and
	// ImagesLimit fill a month row that does not exist yet.
	EmailsLimit, PostsLimit, ImagesLimit int
	Now                                  time.Time
	// Again sends a published post that was not sent (its newsletter off
	// or skipped) instead of one whose newsletter is pending; a skip then
	// leaves the post as it was.
	Again bool
}

// NewsletterOutcome is what SendNewsletter did: sent to Recipients, or
// skipped (Skipped set to why).
type NewsletterOutcome struct {
	Recipients int
	Skipped    string
}

// Reasons SendNewsletter skips a post (the notes shown to its owner).
const (
	NoteNewslettersOff = "Newsletters are off for this blog"
	NoteNoSubscribers  = "No confirmed subscribers"
	NoteOverLimit      = "This month's newsletter e-mails would pass the plan's limit"
)
