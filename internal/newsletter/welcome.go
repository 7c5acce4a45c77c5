package newsletter

import (
	"context"
	"errors"
	"html"
	"strings"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/store"
)

// The welcome e-mail's limits, in characters.
const (
	MaxWelcomeSubject = 150
	MaxWelcomeBody    = 5000
)

// Default welcome text: what an owner starts from ({blog} is the blog's name).
const (
	DefaultWelcomeSubject = "Welcome to {blog}"
	DefaultWelcomeBody    = "Thank you for subscribing to {blog}!\n\nYou'll get each new post by e-mail as soon as it's published. If you ever want to stop, the link at the bottom of every e-mail unsubscribes you in one click."
)

var (
	errWelcomeSubject = apperr.Newf(apperr.Invalid, "invalid_welcome", "The welcome e-mail needs a subject of at most %d characters, on one line.", MaxWelcomeSubject)
	errWelcomeBody    = apperr.Newf(apperr.Invalid, "invalid_welcome", "The welcome e-mail needs a text of at most %d characters.", MaxWelcomeBody)
)

// Welcome is a blog's welcome e-mail as its owner edits it (off, with the
// default text, until they save one).
func (s *Service) Welcome(ctx context.Context, ws *store.Workspace) (*store.Welcome, error) {
	w, err := s.Store.GetWelcome(ctx, ws.ID)
	if errors.Is(err, store.ErrNotFound) {
		return &store.Welcome{WorkspaceID: ws.ID, Subject: DefaultWelcomeSubject, Body: DefaultWelcomeBody}, nil
	}
	return w, err
}

// checkWelcome trims a welcome e-mail and checks its text: a subject on one
// line and a text, within their limits (an e-mail that is off may keep an
// unfinished text, but not one past the limits).
func checkWelcome(w *store.Welcome) error {
	w.Subject, w.Body = strings.TrimSpace(w.Subject), strings.TrimSpace(strings.ReplaceAll(w.Body, "\r\n", "\n"))
	if strings.ContainsAny(w.Subject, "\r\n") || utf8.RuneCountInString(w.Subject) > MaxWelcomeSubject || (w.Enabled && w.Subject == "") {
		return errWelcomeSubject
	}
	if utf8.RuneCountInString(w.Body) > MaxWelcomeBody || (w.Enabled && w.Body == "") {
		return errWelcomeBody
	}
	return nil
}

// SaveWelcome writes a blog's welcome e-mail; bad text changes nothing.
func (s *Service) SaveWelcome(ctx context.Context, ws *store.Workspace, w store.Welcome) (*store.Welcome, error) {
	if err := checkWelcome(&w); err != nil {
		return nil, err
	}
	w.WorkspaceID, w.UpdatedAt = ws.ID, s.now()
	if err := s.Store.SaveWelcome(ctx, &w); err != nil {
		return nil, err
	}
	return &w, nil
}

// welcomeBody is the owner's plain text as HTML paragraphs (blank lines
// part them, single line breaks stay).
func welcomeBody(text string) string {
	var b strings.Builder
	for _, para := range strings.Split(text, "\n\n") {
		para = strings.TrimSpace(para)
		if para == "" {
			continue
		}
		b.WriteString("<p>" + strings.ReplaceAll(html.EscapeString(para), "\n", "<br>") + "</p>")
	}
	return b.String()
}

// sendWelcome e-mails a subscriber who just confirmed the blog's welcome
// e-mail, when its owner turned it on. It is counted in the month's e-mails
// (none is sent past them). A failure is logged, never the confirmation's.
func (s *Service) sendWelcome(ctx context.Context, b *blogaddr.Blog, sub *store.Subscriber) {
	if err := s.welcome(ctx, b, sub); err != nil {
		s.logger().WarnContext(ctx, "welcome e-mail not sent", "workspace", b.Workspace.ID, "err", err)
	}
}

func (s *Service) welcome(ctx context.Context, b *blogaddr.Blog, sub *store.Subscriber) error {
	w, err := s.Store.GetWelcome(ctx, b.Workspace.ID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !w.Enabled) {
		return nil
	}
	if err != nil {
		return err
	}
	br, _, err := brandOf(ctx, s.Store, b, s.BaseURL, s.SiteWorkspace, s.SiteName)
	if err != nil {
		return err
	}
	name := strings.NewReplacer("{blog}", br.Name)
	r, err := RenderPost(br, PostMail{Title: name.Replace(w.Subject), URL: b.URL(b.HomePath()), BodyHTML: welcomeBody(name.Replace(w.Body)),
		UnsubscribeURL: PageURL(b, "unsubscribe", "") + store.TokenPlaceholder, OneClickURL: OneClickURL(s.BaseURL, store.TokenPlaceholder)})
	if err != nil {
		return err
	}
	ws := b.Workspace
	pl, admin, err := planOf(ctx, s.Store, ws)
	if err != nil {
		return err
	}
	now := s.now()
	postsLimit, imagesLimit := plan.Limits(ws.PlanTier, ws.CreatedAt, now, admin)
	if err := s.Store.ReserveEmails(ctx, ws.ID, plan.Month(now), 1, pl.EmailsPerMonth, postsLimit, imagesLimit); err != nil {
		return err
	}
	// Once per subscription: a confirmation link works once.
	return s.Store.QueueMail(ctx, &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailWelcome, FromName: r.FromName,
		Subject: r.Subject, HTML: r.HTML, Text: r.Text, Headers: r.Headers, CreatedAt: now.UTC()},
		[]store.Recipient{{Email: sub.Email, Token: sub.Token}})
}
