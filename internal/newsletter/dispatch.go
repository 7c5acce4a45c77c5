package newsletter

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/mailhtml"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// Dispatch rules.
const (
	// MaxAge is how long after its publication a post may still be sent:
	// an older one (back-dated, imported, or waiting while sending was
	// impossible) is skipped rather than blasted out late.
	MaxAge = 3 * 24 * time.Hour
	// dueBatch is how many due posts one pass takes.
	dueBatch = 50
)

// Notes of posts the Dispatcher skips itself (the store adds its own).
const (
	NoteTooOld     = "Published before it could be sent"
	NoteUnverified = "Verify your e-mail address to send newsletters"
	// NotePaused: too many of the blog's recent e-mails were refused or
	// reported as spam.
	NotePaused = "Sending paused: too many of your recent e-mails were refused (bounced) or reported as spam. Remove the bad addresses from your list; sending resumes within a week"
)

// DispatchStore is what the Dispatcher touches: the posts whose newsletter
// is due, their sending (store.NewsletterStore) and the blog (BlogStore).
type DispatchStore interface {
	DueNewsletters(ctx context.Context, now time.Time, limit int) ([]*store.Post, error)
	SkipNewsletter(ctx context.Context, postID int64, note string) (bool, error)
	SendNewsletter(ctx context.Context, s store.NewsletterSend) (store.NewsletterOutcome, error)
	HealthStore
	BlogStore
}

// Dispatcher queues each post's newsletter once, when it is public:
// every instance may run one, and the store's claim lets exactly one of
// them queue a post.
type Dispatcher struct {
	Store         DispatchStore
	Site          *blogaddr.Site
	BaseURL       string
	SiteWorkspace string
	SiteName      string
	// OwnerVerified reports whether a workspace's owner confirmed their
	// address (nil: everyone has); an unverified owner's posts are skipped.
	OwnerVerified func(ctx context.Context, workspaceID int64) (bool, error)
	Logger        *slog.Logger
}

func (d *Dispatcher) logger() *slog.Logger {
	if d.Logger != nil {
		return d.Logger
	}
	return slog.Default()
}

// Run dispatches due newsletters every interval until ctx ends.
func (d *Dispatcher) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := d.DispatchDue(ctx, time.Now()); err != nil && ctx.Err() == nil {
			d.logger().Warn("newsletters", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// DispatchDue queues the newsletters of the posts public at now whose
// newsletter is pending, and reports how many it queued.
func (d *Dispatcher) DispatchDue(ctx context.Context, now time.Time) (int, error) {
	ps, err := d.Store.DueNewsletters(ctx, now, dueBatch)
	if err != nil {
		return 0, err
	}
	sent := 0
	var errs []error
	for _, p := range ps {
		ok, err := d.dispatch(ctx, p, now)
		if err != nil {
			errs = append(errs, err)
			d.logger().Warn("newsletter of a post", "post", p.ID, "err", err)
			continue
		}
		if ok {
			sent++
		}
	}
	return sent, errors.Join(errs...)
}

// dispatch queues one post's newsletter or records why it is skipped.
func (d *Dispatcher) dispatch(ctx context.Context, p *store.Post, now time.Time) (bool, error) {
	skip := func(note string) (bool, error) {
		_, err := d.Store.SkipNewsletter(ctx, p.ID, note)
		return false, err
	}
	if p.PublishedAt.Before(now.Add(-MaxAge)) {
		return skip(NoteTooOld)
	}
	b, err := d.Site.ByID(ctx, p.WorkspaceID)
	if err != nil {
		return false, err
	}
	ws := b.Workspace
	br, set, err := brandOf(ctx, d.Store, b, d.BaseURL, d.SiteWorkspace, d.SiteName)
	if err != nil {
		return false, err
	}
	if !set.NewsletterEnabled {
		return skip(store.NoteNewslettersOff)
	}
	if d.OwnerVerified != nil {
		ok, err := d.OwnerVerified(ctx, ws.ID)
		if err != nil {
			return false, err
		}
		if !ok {
			return skip(NoteUnverified)
		}
	}
	// The check also holds copies of earlier posts still waiting.
	if held, err := (&Health{Store: d.Store, Logger: d.logger()}).Check(ctx, ws.ID, now); err != nil {
		return false, err
	} else if held {
		// The owner sees the note on the post; the admin, Check's warning.
		return skip(NotePaused)
	}
	pl, admin, err := planOf(ctx, d.Store, ws)
	if err != nil {
		return false, err
	}
	r, err := RenderPost(br, postMail(b, p, d.BaseURL, set.NewsletterFullText))
	if err != nil {
		return false, err
	}
	postsLimit, imagesLimit := plan.Limits(ws.PlanTier, ws.CreatedAt, now, admin)
	out, err := d.Store.SendNewsletter(ctx, store.NewsletterSend{PostID: p.ID, WorkspaceID: ws.ID, Month: plan.Month(now),
		EmailsLimit: pl.EmailsPerMonth, PostsLimit: postsLimit, ImagesLimit: imagesLimit, Now: now,
		Message: &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailNewsletter, PostID: p.ID, FromName: r.FromName,
			Subject: r.Subject, HTML: r.HTML, Text: r.Text, Headers: r.Headers}})
	if errors.Is(err, store.ErrAlreadyDone) {
		return false, nil // another instance took it, or the owner turned it off meanwhile
	}
	if err != nil {
		return false, err
	}
	if out.Skipped != "" {
		d.logger().Info("newsletter skipped", "post", p.ID, "workspace", ws.ID, "why", out.Skipped)
		return false, nil
	}
	d.logger().Info("newsletter queued", "post", p.ID, "workspace", ws.ID, "recipients", out.Recipients)
	return true, nil
}

// postMail is a post as its newsletter shows it: the excerpt, or the
// whole body (banner ads left out: the e-mail links to the post, where
// they are).
func postMail(b *blogaddr.Blog, p *store.Post, baseURL string, fullText bool) PostMail {
	m := PostMail{Title: p.Title, URL: b.URL(b.PostPath(p.Category, p.Slug)), CoverURL: absolute(baseURL, p.CoverImageURL),
		CoverAlt: p.CoverAlt, Excerpt: p.Excerpt, UnsubscribeURL: PageURL(b, "unsubscribe", "") + store.TokenPlaceholder,
		OneClickURL: OneClickURL(baseURL, store.TokenPlaceholder)}
	if m.CoverAlt == "" {
		m.CoverAlt = p.Title
	}
	if fullText {
		m.BodyHTML = mailhtml.Body(p.Content, baseURL)
	}
	return m
}
