package newsletter

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/store"
)

// Why a post would not be e-mailed: Outlook.Reason, with the note an owner
// reads after "Not sent: ".
const (
	ReasonOff           = "off"
	ReasonUnverified    = "unverified"
	ReasonPaused        = "paused"
	ReasonNoSubscribers = "no_subscribers"
	ReasonLimit         = "limit"
)

var reasonNotes = map[string]string{
	ReasonOff:           "e-mailing new posts is off for this blog",
	ReasonUnverified:    "confirm your e-mail address first",
	ReasonPaused:        "sending is paused: too many of your recent e-mails were refused or reported as spam",
	ReasonNoSubscribers: "you have no confirmed subscribers yet",
	ReasonLimit:         "this month's e-mails are used up",
}

// TestsPerHour caps a blog's test e-mails of posts.
const TestsPerHour = 10

// Outlook is what publishing a post now would do with its e-mail: sent to
// Recipients, or not sent (Reason, Note).
type Outlook struct {
	Recipients int
	Reason     string
	Note       string
}

// outlookOf applies the Dispatcher's rules, in its order, to a blog's
// state: its newsletters on, its owner verified, its sending not paused,
// someone to send to, and the month's e-mails left for all of them
// (limit <= 0: none).
func outlookOf(enabled, verified, paused bool, confirmed, sent, limit int) Outlook {
	reason := ""
	switch {
	case !enabled:
		reason = ReasonOff
	case !verified:
		reason = ReasonUnverified
	case paused:
		reason = ReasonPaused
	case confirmed == 0:
		reason = ReasonNoSubscribers
	case limit > 0 && sent+confirmed > limit:
		reason = ReasonLimit
	}
	if reason != "" {
		return Outlook{Reason: reason, Note: reasonNotes[reason]}
	}
	return Outlook{Recipients: confirmed}
}

// DeskStore is what the desk's newsletter actions touch.
type DeskStore interface {
	BlogStore
	ratelimit.Store
	GetPost(ctx context.Context, f store.FindPost) (*store.Post, error)
	CountSubscribers(ctx context.Context, workspaceID int64) (map[string]int, error)
	EmailsSent(ctx context.Context, workspaceID int64, month string) (int, error)
	MailHealth(ctx context.Context, workspaceID int64, since time.Time) (store.MailHealth, error)
	SendNewsletter(ctx context.Context, s store.NewsletterSend) (store.NewsletterOutcome, error)
	NewsletterDeliveries(ctx context.Context, workspaceID, postID int64) (store.DeliveryCounts, error)
	ReleaseHeld(ctx context.Context, workspaceID, postID int64, now time.Time) (int64, error)
}

// Desk is the post desk's side of newsletters: what publishing will do, a
// post that was not sent sent now, and a test e-mail to the owner.
type Desk struct {
	Store         DeskStore
	Site          *blogaddr.Site
	Mail          mail.Queuer
	BaseURL       string
	SiteWorkspace string
	SiteName      string
	// OwnerVerified is the Dispatcher's (nil: everyone has).
	OwnerVerified func(ctx context.Context, workspaceID int64) (bool, error)
	Now           func() time.Time
	Logger        *slog.Logger
}

func (d *Desk) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Desk) logger() *slog.Logger {
	if d.Logger != nil {
		return d.Logger
	}
	return slog.Default()
}

var (
	errNotPublished = apperr.New(apperr.Conflict, "not_published", "Publish the post first: only a published post is e-mailed to subscribers.")
	errAlreadySent  = apperr.New(apperr.Conflict, "already_sent", "This post was already e-mailed to your subscribers.")
	errBeingSent    = apperr.New(apperr.Conflict, "being_sent", "This post is already being e-mailed to your subscribers.")
	errTestNoEmail  = apperr.New(apperr.Forbidden, "unverified", "Confirm your e-mail address first: test e-mails go to it.")
	errPostNotFound = apperr.New(apperr.NotFound, "post_not_found", "Post not found")
)

// Outlook says what publishing a post of ws now would do with its e-mail.
func (d *Desk) Outlook(ctx context.Context, ws *store.Workspace) (Outlook, error) {
	set, err := reader.SettingsOf(ctx, d.Store, ws)
	if err != nil {
		return Outlook{}, err
	}
	verified := true
	if d.OwnerVerified != nil {
		if verified, err = d.OwnerVerified(ctx, ws.ID); err != nil {
			return Outlook{}, err
		}
	}
	now := d.now()
	health, err := d.Store.MailHealth(ctx, ws.ID, now.Add(-HealthWindow))
	if err != nil {
		return Outlook{}, err
	}
	counts, err := d.Store.CountSubscribers(ctx, ws.ID)
	if err != nil {
		return Outlook{}, err
	}
	sent, err := d.Store.EmailsSent(ctx, ws.ID, plan.Month(now))
	if err != nil {
		return Outlook{}, err
	}
	pl, _, err := planOf(ctx, d.Store, ws)
	if err != nil {
		return Outlook{}, err
	}
	return outlookOf(set.NewsletterEnabled, verified, paused(health), counts[store.SubscriberConfirmed], sent, pl.EmailsPerMonth), nil
}

// Paused reports whether ws's sending is paused now (too many refusals or
// complaints), whatever else would stop a post.
func (d *Desk) Paused(ctx context.Context, ws *store.Workspace) (bool, error) {
	h, err := d.Store.MailHealth(ctx, ws.ID, d.now().Add(-HealthWindow))
	return paused(h), err
}

// refusal is the error of an outlook that does not send.
func refusal(o Outlook) error {
	kind := apperr.Conflict
	switch o.Reason {
	case ReasonUnverified:
		kind = apperr.Forbidden
	case ReasonLimit:
		kind = apperr.Limit
	}
	return apperr.New(kind, "not_sent_"+o.Reason, "Not sent: "+o.Note)
}

// post is a post of ws (errPostNotFound for any other's).
func (d *Desk) post(ctx context.Context, ws *store.Workspace, id int64) (*store.Post, error) {
	if id <= 0 {
		return nil, errPostNotFound
	}
	p, err := d.Store.GetPost(ctx, store.FindPost{ID: &id, WorkspaceID: &ws.ID})
	if errors.Is(err, store.ErrNotFound) {
		return nil, errPostNotFound
	}
	return p, err
}

// SendNow e-mails a published post that was not sent (its owner left it
// out, or it was skipped) to the blog's confirmed subscribers, once, within
// the rules and the month's e-mails the Dispatcher keeps to; its age does
// not matter (its owner asks for it now). A sent post whose copies were
// held while the blog's sending was paused gets those copies sent instead
// (sendHeld). It returns the recipients.
func (d *Desk) SendNow(ctx context.Context, ws *store.Workspace, id int64) (int, error) {
	p, err := d.post(ctx, ws, id)
	if err != nil {
		return 0, err
	}
	now := d.now()
	switch {
	case p.Newsletter == store.NewsletterSent:
		return d.sendHeld(ctx, ws, p, now)
	case !reader.Shown(p, now):
		return 0, errNotPublished
	case p.Newsletter == store.NewsletterPending:
		return 0, errBeingSent
	case p.Newsletter != store.NewsletterOff && p.Newsletter != store.NewsletterSkipped:
		return 0, errNotPublished
	}
	o, err := d.Outlook(ctx, ws)
	if err != nil {
		return 0, err
	}
	if o.Reason != "" {
		return 0, refusal(o)
	}
	b, err := d.Site.ByID(ctx, ws.ID)
	if err != nil {
		return 0, err
	}
	br, set, err := brandOf(ctx, d.Store, b, d.BaseURL, d.SiteWorkspace, d.SiteName)
	if err != nil {
		return 0, err
	}
	r, err := RenderPost(br, postMail(b, p, d.BaseURL, set.NewsletterFullText))
	if err != nil {
		return 0, err
	}
	pl, admin, err := planOf(ctx, d.Store, ws)
	if err != nil {
		return 0, err
	}
	postsLimit, imagesLimit := plan.Limits(ws.PlanTier, ws.CreatedAt, now, admin)
	// The store's claim (off or skipped → sent) makes it once, whoever else asks meanwhile.
	out, err := d.Store.SendNewsletter(ctx, store.NewsletterSend{PostID: p.ID, WorkspaceID: ws.ID, Month: plan.Month(now),
		EmailsLimit: pl.EmailsPerMonth, PostsLimit: postsLimit, ImagesLimit: imagesLimit, Now: now, Again: true,
		Message: &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailNewsletter, PostID: p.ID, FromName: r.FromName,
			Subject: r.Subject, HTML: r.HTML, Text: r.Text, Headers: r.Headers}})
	switch {
	case errors.Is(err, store.ErrAlreadyDone):
		return 0, errAlreadySent
	case err != nil:
		return 0, err
	case out.Skipped != "":
		// The list or the month changed between the outlook and the claim.
		return 0, refusal(skipOutlook(out.Skipped))
	}
	d.logger().InfoContext(ctx, "newsletter sent on request", "post", p.ID, "workspace", ws.ID, "recipients", out.Recipients)
	return out.Recipients, nil
}

// sendHeld queues again the copies of a sent post held while its blog's
// sending was paused, to the subscribers still confirmed: held copies never
// leave by themselves (an e-mail days late surprises its readers), only
// when the owner asks, once the pause is over. They were counted in the
// month's e-mails when first queued.
func (d *Desk) sendHeld(ctx context.Context, ws *store.Workspace, p *store.Post, now time.Time) (int, error) {
	c, err := d.Store.NewsletterDeliveries(ctx, ws.ID, p.ID)
	if err != nil {
		return 0, err
	}
	if c.Held == 0 {
		return 0, errAlreadySent
	}
	o, err := d.Outlook(ctx, ws)
	if err != nil {
		return 0, err
	}
	switch o.Reason {
	case ReasonOff, ReasonUnverified, ReasonPaused:
		return 0, refusal(o)
	}
	n, err := d.Store.ReleaseHeld(ctx, ws.ID, p.ID, now)
	if err != nil {
		return 0, err
	}
	d.logger().InfoContext(ctx, "held newsletter copies sent on request", "post", p.ID, "workspace", ws.ID, "recipients", n)
	return int(n), nil
}

// skipOutlook names the store's skip note as an outlook.
func skipOutlook(note string) Outlook {
	reason := ReasonOff
	switch note {
	case store.NoteNoSubscribers:
		reason = ReasonNoSubscribers
	case store.NoteOverLimit:
		reason = ReasonLimit
	}
	return Outlook{Reason: reason, Note: reasonNotes[reason]}
}

// OwnerNote is a post's stored note on its e-mail in the words the desk's
// outlook uses for the same reason ("you have no confirmed subscribers
// yet", never also "No confirmed subscribers"); other notes (paused, an
// owner's own words) are kept as they are.
func OwnerNote(note string) string {
	switch note {
	case store.NoteNewslettersOff, store.NoteNoSubscribers, store.NoteOverLimit:
		return skipOutlook(note).Note
	}
	return note
}

// TestSend e-mails a post's newsletter, as subscribers would get it, to its
// owner's own address only (to, verified: the signed-in owner's), whatever
// the post's status, at most TestsPerHour an hour per blog. It is not
// counted in the month's e-mails and changes nothing of the post.
func (d *Desk) TestSend(ctx context.Context, ws *store.Workspace, id int64, to string, verified bool) error {
	if !verified || to == "" {
		return errTestNoEmail
	}
	p, err := d.post(ctx, ws, id)
	if err != nil {
		return err
	}
	lim := &ratelimit.Limiter{Store: d.Store, Now: d.Now}
	if _, err := lim.Reserve(ctx, "test e-mails",
		ratelimit.Rule{Key: "newsletter-test:" + strconv.FormatInt(ws.ID, 10), Max: TestsPerHour, Window: time.Hour}); err != nil {
		return err
	}
	b, err := d.Site.ByID(ctx, ws.ID)
	if err != nil {
		return err
	}
	br, set, err := brandOf(ctx, d.Store, b, d.BaseURL, d.SiteWorkspace, d.SiteName)
	if err != nil {
		return err
	}
	m := postMail(b, p, d.BaseURL, set.NewsletterFullText)
	// The owner is no subscriber: the unsubscribe links lead to the blog's page, without a token.
	m.UnsubscribeURL, m.OneClickURL = PageURL(b, "unsubscribe", ""), OneClickURL(d.BaseURL, "")
	r, err := RenderPost(br, m)
	if err != nil {
		return err
	}
	if d.Mail == nil {
		d.logger().WarnContext(ctx, "no mail queue: test e-mail not sent", "workspace", ws.ID)
		return nil
	}
	return d.Mail.Queue(ctx, mail.Envelope{WorkspaceID: ws.ID, Kind: store.MailNewsletterTest, To: to, FromName: r.FromName,
		Subject: HeaderText("[Test] "+r.Subject, MaxSubject), HTML: r.HTML, Text: r.Text})
}
