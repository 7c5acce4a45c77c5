// Package newsletter is each blog's list of subscribers and its posts by
// e-mail: sign-ups confirmed by a link (double opt-in), leaving in one
// click, the owner's list (search, delete, resend, CSV export and import)
// and the Dispatcher that queues a post to the confirmed subscribers once
// when it goes live. Rendering is in render.go; sending is internal/mail's.
package newsletter

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/apperr"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/store"
)

// Rules of the list.
const (
	// ConfirmTTL is how long a confirmation link works; a pending address
	// is deleted once it has passed.
	ConfirmTTL = 7 * 24 * time.Hour
	// ConfirmsPerHour caps the confirmation (and "already subscribed")
	// e-mails one address of one blog is sent in an hour, whoever asks.
	ConfirmsPerHour = 3
	// PageSize is the owner's list page.
	PageSize = 50
	// MaxPage is the last page the list serves.
	MaxPage = 10000
	// MaxImportBytes caps a CSV import's body.
	MaxImportBytes = 1 << 20
	// MaxToken caps the token a link may carry.
	MaxToken = 128
)

// Public refusals.
var (
	ErrInvalidEmail = apperr.New(apperr.Invalid, "invalid_email", "Please enter a valid email address")
	// ErrInvalidLink answers a confirmation or unsubscribe link that is
	// unknown, used, expired or of another blog.
	ErrInvalidLink = apperr.New(apperr.NotFound, "invalid_link", "This link is invalid or has expired.")
	// ErrNotFound answers a subscriber id outside the owner's list.
	ErrNotFound   = apperr.New(apperr.NotFound, "subscriber_not_found", "Subscriber not found")
	errNotPending = apperr.New(apperr.Conflict, "not_pending", "Only a pending subscriber can be sent a new confirmation e-mail")
	errStatus     = apperr.New(apperr.Invalid, "invalid_parameter", "status must be pending, confirmed, unsubscribed or bounced")
)

// BlogStore is what newsletters read of a blog: the settings and brand its
// e-mails are signed with, and its owner's role (which plan is in force).
type BlogStore interface {
	reader.SettingsReader
	GetBrand(ctx context.Context, workspaceID int64) (*store.Brand, error)
	HasRole(ctx context.Context, userID int64, role string) (bool, error)
	// GetUser reads the owner (their address answers replies by default).
	GetUser(ctx context.Context, id int64) (*store.User, error)
}

// Store is what the Service touches: subscribers, the blog (BlogStore) and
// the rate limits of sign-ups.
type Store interface {
	store.NewsletterStore
	store.NewsletterDeskStore // the welcome e-mail (welcome.go)
	BlogStore
	ratelimit.Store
	// QueueMail queues the confirmation e-mails of an import.
	QueueMail(ctx context.Context, m *store.MailMessage, to []store.Recipient) error
	// MailHealthAll: every blog's recent deliveries (PausedBlogs).
	MailHealthAll(ctx context.Context, since time.Time) (map[int64]store.MailHealth, error)
	// RecordComplaint and the health check: spam complaints (complaint.go).
	RecordComplaint(ctx context.Context, c store.ComplaintRef, now time.Time) (*store.Complaint, error)
	HealthStore
}

// Service runs the subscriber side of newsletters.
type Service struct {
	Store Store
	Site  *blogaddr.Site
	// Mail queues confirmation e-mails (nil: they are dropped and logged,
	// for a server whose mail queue is not wired).
	Mail mail.Queuer
	// BaseURL is the platform's address (one-click unsubscribe, media).
	BaseURL       string
	SiteWorkspace string
	// SiteName is the platform's name in "Powered by".
	SiteName string
	// PerClient caps sign-ups per client network address an hour.
	PerClient int
	// ConfirmImportsAbove: a blog's first import of more addresses than
	// this sends them a confirmation e-mail (0: DefaultConfirmImportsAbove;
	// < 0: only trials do).
	ConfirmImportsAbove int
	Now                 func() time.Time
	Logger              *slog.Logger
}

// PausedBlogs reports the workspaces whose newsletters are paused now (too
// many of their recent e-mails refused): the admin's list shows them.
func (s *Service) PausedBlogs(ctx context.Context) (map[int64]bool, error) {
	all, err := s.Store.MailHealthAll(ctx, s.now().Add(-HealthWindow))
	if err != nil {
		return nil, err
	}
	out := map[int64]bool{}
	for id, h := range all {
		if paused(h) {
			out[id] = true
		}
	}
	return out, nil
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

func (s *Service) limiter() *ratelimit.Limiter { return &ratelimit.Limiter{Store: s.Store, Now: s.Now} }

// NormalizeEmail checks an address typed into a form: a plain address (no
// display name, no line breaks), at most 254 bytes; it returns it
// lower-cased.
func NormalizeEmail(in string) (string, bool) {
	if strings.ContainsAny(in, "\r\n") {
		return "", false
	}
	return content.NormalizeEmail(in)
}

// NewToken is a link's secret: 32 random bytes, URL-safe.
func NewToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken is what the database keeps of a link's token.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// ownerAdmin reports whether the workspace's owner is an admin (their
// blog runs on the admin plan).
func ownerAdmin(ctx context.Context, st BlogStore, ws *store.Workspace) (bool, error) {
	if ws.UserID == 0 {
		return false, nil
	}
	return st.HasRole(ctx, ws.UserID, store.RoleAdmin)
}

// planOf is the plan in force for a workspace.
func planOf(ctx context.Context, st BlogStore, ws *store.Workspace) (plan.Plan, bool, error) {
	admin, err := ownerAdmin(ctx, st, ws)
	if err != nil {
		return plan.Plan{}, false, err
	}
	return plan.For(ws.PlanTier, admin), admin, nil
}

// absolute makes a site-relative URL (media) absolute on base.
func absolute(base, u string) string {
	if u == "" || strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		return u
	}
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		return strings.TrimRight(base, "/") + u
	}
	return ""
}

// brandOf is how a blog signs its e-mails.
func brandOf(ctx context.Context, st BlogStore, b *blogaddr.Blog, baseURL, siteWorkspace, siteName string) (Brand, *store.Settings, error) {
	set, err := reader.SettingsOf(ctx, st, b.Workspace)
	if err != nil {
		return Brand{}, nil, err
	}
	br, err := st.GetBrand(ctx, b.Workspace.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return Brand{}, nil, err
	}
	out := Brand{Name: set.BlogTitle, Color: set.PrimaryColor, HomeURL: b.URL(b.HomePath())}
	if out.Name == "" {
		out.Name = b.Workspace.Name
	}
	if br != nil {
		out.LogoURL = absolute(baseURL, br.LogoURL)
	}
	if !blog.WhiteLabel(b.Workspace, siteWorkspace) {
		out.PoweredBy = siteName
	}
	out.ReplyTo = set.ReplyTo
	if out.ReplyTo == "" && b.Workspace.UserID != 0 {
		u, err := st.GetUser(ctx, b.Workspace.UserID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return Brand{}, nil, err
		}
		if u != nil {
			out.ReplyTo = u.Email
		}
	}
	out.ListID = ListID(b.Workspace.Slug, baseURL)
	return out, set, nil
}

// ListID is the List-Id of a blog's newsletter: its slug under the
// platform's host name.
func ListID(slug, baseURL string) string {
	host := "localhost"
	if u, err := url.Parse(baseURL); err == nil && u.Hostname() != "" {
		// A dot-atom: an IPv6 host's colons become dashes.
		host = strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '-':
				return r
			}
			return '-'
		}, strings.ToLower(u.Hostname()))
	}
	return slug + "." + host
}

// PageURL is a blog's confirmation or unsubscribe page with its token.
func PageURL(b *blogaddr.Blog, page, token string) string {
	return b.URL(b.Prefix + "/" + page + "?token=" + url.QueryEscape(token))
}

// OneClickURL is the List-Unsubscribe address of token.
func OneClickURL(baseURL, token string) string {
	return strings.TrimRight(baseURL, "/") + "/api/subscribers/one-click?token=" + token
}

// Subscribe signs email up to blog b through its form. The answer is the
// same whatever the address's state (nil, or a refusal of the input or
// the rate); the e-mail tells the truth: a confirmation link, or "you are
// already subscribed". client is the caller's network address.
func (s *Service) Subscribe(ctx context.Context, b *blogaddr.Blog, email, client string) error {
	email, ok := NormalizeEmail(email)
	if !ok {
		return ErrInvalidEmail
	}
	lim := s.limiter()
	// Per network, so one client cannot fill lists with addresses.
	if _, err := lim.Reserve(ctx, "newsletter sign-ups from your network",
		ratelimit.Rule{Key: "subscribe:" + client, Max: max(s.PerClient, 1), Window: time.Hour}); err != nil {
		return err
	}
	// Per address and blog, so nobody can flood an inbox with our e-mails.
	if err := s.reserveAddress(ctx, b.Workspace.ID, email); err != nil {
		return err
	}
	pl, _, err := planOf(ctx, s.Store, b.Workspace)
	if err != nil {
		return err
	}
	now := s.now()
	token := NewToken()
	sub, err := s.Store.RequestSubscription(ctx, store.SubscriptionRequest{WorkspaceID: b.Workspace.ID, Email: email,
		ConfirmHash: HashToken(token), Expires: now.Add(ConfirmTTL), Now: now, MaxList: pl.MaxSubscribers})
	if errors.Is(err, store.ErrLimit) {
		// The owner's list is full: the form answers as always, nothing
		// is stored or sent; the owner sees the cap on the dashboard.
		s.logger().WarnContext(ctx, "newsletter sign-up dropped: the list is full", "workspace", b.Workspace.ID, "limit", pl.MaxSubscribers)
		return nil
	}
	if err != nil {
		return err
	}
	if sub.Status == store.SubscriberConfirmed {
		return s.sendAlready(ctx, b, sub)
	}
	return s.sendConfirm(ctx, b, sub.Email, token)
}

func (s *Service) reserveAddress(ctx context.Context, wsID int64, email string) error {
	_, err := s.limiter().Reserve(ctx, "confirmation e-mails to this address",
		ratelimit.Rule{Key: "subscribe-to:" + strconv.FormatInt(wsID, 10) + ":" + email, Max: ConfirmsPerHour, Window: time.Hour})
	return err
}

func (s *Service) queue(ctx context.Context, wsID int64, to string, r *Rendered) error {
	if s.Mail == nil {
		s.logger().WarnContext(ctx, "no mail queue: e-mail not sent", "workspace", wsID, "subject", r.Subject)
		return nil
	}
	return s.Mail.Queue(ctx, mail.Envelope{WorkspaceID: wsID, Kind: store.MailConfirm, To: to, FromName: r.FromName,
		Subject: r.Subject, HTML: r.HTML, Text: r.Text, Headers: r.Headers})
}

func (s *Service) sendConfirm(ctx context.Context, b *blogaddr.Blog, email, token string) error {
	br, _, err := brandOf(ctx, s.Store, b, s.BaseURL, s.SiteWorkspace, s.SiteName)
	if err != nil {
		return err
	}
	r, err := RenderConfirm(br, email, PageURL(b, "confirm", token))
	if err != nil {
		return err
	}
	return s.queue(ctx, b.Workspace.ID, email, r)
}

func (s *Service) sendAlready(ctx context.Context, b *blogaddr.Blog, sub *store.Subscriber) error {
	br, _, err := brandOf(ctx, s.Store, b, s.BaseURL, s.SiteWorkspace, s.SiteName)
	if err != nil {
		return err
	}
	r, err := RenderAlready(br, sub.Email, PageURL(b, "unsubscribe", sub.Token), OneClickURL(s.BaseURL, url.QueryEscape(sub.Token)))
	if err != nil {
		return err
	}
	return s.queue(ctx, b.Workspace.ID, sub.Email, r)
}

// Result is a confirmed or ended subscription, for the page that shows it.
type Result struct {
	Status string
	Blog   string // the blog's name
	Email  string
}

func (s *Service) result(ctx context.Context, b *blogaddr.Blog, sub *store.Subscriber) (*Result, error) {
	set, err := reader.SettingsOf(ctx, s.Store, b.Workspace)
	if err != nil {
		return nil, err
	}
	name := set.BlogTitle
	if name == "" {
		name = b.Workspace.Name
	}
	return &Result{Status: sub.Status, Blog: name, Email: sub.Email}, nil
}

func tokenOK(t string) bool { return t != "" && len(t) <= MaxToken }

// Confirm confirms the subscription a link of blog b carries: a token of
// another blog, expired or already used is ErrInvalidLink.
func (s *Service) Confirm(ctx context.Context, b *blogaddr.Blog, token string) (*Result, error) {
	if !tokenOK(token) {
		return nil, ErrInvalidLink
	}
	sub, err := s.Store.ConfirmSubscription(ctx, b.Workspace.ID, HashToken(token), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrInvalidLink
	}
	if err != nil {
		return nil, err
	}
	s.sendWelcome(ctx, b, sub)
	return s.result(ctx, b, sub)
}

// Unsubscribe ends the subscription an unsubscribe link of blog b carries
// (idempotent).
func (s *Service) Unsubscribe(ctx context.Context, b *blogaddr.Blog, token string) (*Result, error) {
	if !tokenOK(token) {
		return nil, ErrInvalidLink
	}
	sub, err := s.Store.Unsubscribe(ctx, b.Workspace.ID, token, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrInvalidLink
	}
	if err != nil {
		return nil, err
	}
	return s.result(ctx, b, sub)
}

// OneClick is the RFC 8058 unsubscribe: the token alone names the
// subscriber, whichever blog it is of.
func (s *Service) OneClick(ctx context.Context, token string) (*Result, error) {
	if !tokenOK(token) {
		return nil, ErrInvalidLink
	}
	sub, err := s.Store.Unsubscribe(ctx, 0, token, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrInvalidLink
	}
	if err != nil {
		return nil, err
	}
	b, err := s.Site.ByID(ctx, sub.WorkspaceID)
	if err != nil {
		return nil, err
	}
	return s.result(ctx, b, sub)
}

// UnsubscribePage is where the List-Unsubscribe address of an e-mail
// leads when it is opened rather than posted to (a GET): the unsubscribe
// page of the token's blog, which acts only when its button is pressed.
// An unknown token opens the platform's page, which says so on the press.
func (s *Service) UnsubscribePage(ctx context.Context, token string) (string, error) {
	if tokenOK(token) {
		sub, err := s.Store.SubscriberByToken(ctx, token)
		switch {
		case err == nil:
			b, err := s.Site.ByID(ctx, sub.WorkspaceID)
			if err != nil {
				return "", err
			}
			return PageURL(b, "unsubscribe", token), nil
		case !errors.Is(err, store.ErrNotFound):
			return "", err
		}
	}
	return strings.TrimRight(s.BaseURL, "/") + "/unsubscribe?token=" + url.QueryEscape(token), nil
}

// SweepExpired deletes pending subscribers whose link expired.
func (s *Service) SweepExpired(ctx context.Context) (int64, error) {
	return s.Store.DeleteExpiredSubscribers(ctx, s.now())
}

// ListQuery is the owner's list request.
type ListQuery struct {
	Search string
	Status string
	Page   int
}

// List is one page of the owner's list.
type List struct {
	Subscribers []*store.Subscriber
	Counts      map[string]int
	Page        int
	HasMore     bool
	Limit       int
}

// List returns a page of the workspace's list, newest first, with the
// counts by status and the plan's cap.
func (s *Service) List(ctx context.Context, ws *store.Workspace, isAdmin bool, q ListQuery) (*List, error) {
	switch q.Status {
	case "", store.SubscriberPending, store.SubscriberConfirmed, store.SubscriberUnsubscribed, store.SubscriberBounced:
	default:
		return nil, errStatus
	}
	if q.Page < 1 {
		q.Page = 1
	}
	q.Search = strings.ToLower(strings.TrimSpace(q.Search))
	if len(q.Search) > content.MaxEmailLen {
		q.Search = q.Search[:content.MaxEmailLen]
	}
	subs, err := s.Store.ListSubscribers(ctx, store.FindSubscribers{WorkspaceID: ws.ID, Status: q.Status, Search: q.Search,
		Limit: PageSize + 1, Offset: (q.Page - 1) * PageSize})
	if err != nil {
		return nil, err
	}
	counts, err := s.Store.CountSubscribers(ctx, ws.ID)
	if err != nil {
		return nil, err
	}
	out := &List{Subscribers: subs, Counts: counts, Page: q.Page, Limit: plan.For(ws.PlanTier, isAdmin).MaxSubscribers}
	if len(subs) > PageSize {
		out.Subscribers, out.HasMore = subs[:PageSize], true
	}
	return out, nil
}

// Delete removes a subscriber of the workspace.
func (s *Service) Delete(ctx context.Context, ws *store.Workspace, id int64) error {
	if id <= 0 {
		return ErrNotFound
	}
	if err := s.Store.DeleteSubscriber(ctx, ws.ID, id); errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	} else if err != nil {
		return err
	}
	return nil
}

// Resend sends a pending subscriber a new confirmation link (the old one
// stops working), within the per-address limit.
func (s *Service) Resend(ctx context.Context, ws *store.Workspace, id int64) (*store.Subscriber, error) {
	if id <= 0 {
		return nil, ErrNotFound
	}
	sub, err := s.Store.GetSubscriber(ctx, ws.ID, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if sub.Status != store.SubscriberPending {
		return nil, errNotPending
	}
	if err := s.reserveAddress(ctx, ws.ID, sub.Email); err != nil {
		return nil, err
	}
	b, err := s.Site.ByID(ctx, ws.ID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	token := NewToken()
	sub, err = s.Store.RenewConfirmation(ctx, ws.ID, id, HashToken(token), now.Add(ConfirmTTL), now)
	switch {
	case errors.Is(err, store.ErrConflict):
		return nil, errNotPending
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrNotFound
	case err != nil:
		return nil, err
	}
	return sub, s.sendConfirm(ctx, b, sub.Email, token)
}

// Export lists the workspace's confirmed subscribers (WriteCSV writes them).
func (s *Service) Export(ctx context.Context, ws *store.Workspace) ([]*store.Subscriber, error) {
	return s.Store.ExportSubscribers(ctx, ws.ID)
}

// ImportResult is what an import did: Confirming is true when the added
// addresses were sent a confirmation e-mail instead of being listed.
type ImportResult struct {
	Added, Skipped int
	Confirming     bool
}

// ImportRequest is an import as the owner sends it: the CSV, where the
// list came from, and their word that its people agreed to receive the
// newsletter.
type ImportRequest struct {
	Data    []byte
	Source  string
	Consent bool
}

// MaxImportSource caps the import's source, in characters.
const MaxImportSource = 200

// DefaultConfirmImportsAbove is the default ConfirmImportsAbove.
const DefaultConfirmImportsAbove = 100

var (
	errNoConsent = apperr.New(apperr.Invalid, "consent_required",
		"Confirm that everyone on this list agreed to receive your newsletter. Nothing was imported.")
	errNoSource = apperr.Newf(apperr.Invalid, "import_source_required",
		"Say where this list came from (at most %d characters). Nothing was imported.", MaxImportSource)
)

// confirmImport reports whether an import's addresses are asked to
// confirm rather than listed: always on a trial, and on a blog's first
// import of more than above addresses (above <= 0: never for that reason).
func confirmImport(trial bool, earlierImports, addresses, above int) bool {
	return trial || (earlierImports == 0 && above > 0 && addresses > above)
}

// Import adds the addresses of a CSV (first column; an optional header
// row) that the owner says consented, recording where the list came from.
// They are listed confirmed, except on a trial or a blog's first large
// import (confirmImport): then each is pending and sent a confirmation
// e-mail, counted in the month's e-mail allowance. Any bad row refuses the
// whole file (*ImportError lists them), as does a list that would pass the
// plan's cap or, for confirmations, the month's e-mails: nothing is
// imported then.
func (s *Service) Import(ctx context.Context, ws *store.Workspace, isAdmin bool, in ImportRequest) (*ImportResult, error) {
	if len(in.Data) > MaxImportBytes {
		return nil, ErrImportTooLarge
	}
	if !in.Consent {
		return nil, errNoConsent
	}
	source := strings.TrimSpace(in.Source)
	if source == "" || utf8.RuneCountInString(source) > MaxImportSource || strings.ContainsAny(source, "\r\n\x00") {
		return nil, errNoSource
	}
	emails, rows := ParseImport(in.Data)
	if len(rows) > 0 {
		return nil, &ImportError{Rows: rows}
	}
	if len(emails) == 0 {
		return nil, errImportEmpty
	}
	now := s.now()
	pl := plan.For(ws.PlanTier, isAdmin)
	earlier, err := s.Store.SubscriberImports(ctx, ws.ID)
	if err != nil {
		return nil, err
	}
	above := s.ConfirmImportsAbove
	if above == 0 {
		above = DefaultConfirmImportsAbove
	}
	im := store.SubscriberImport{WorkspaceID: ws.ID, Emails: emails, Source: source, Max: pl.MaxSubscribers, Now: now,
		Confirm: !isAdmin && confirmImport(plan.InTrial(ws.PlanTier, ws.CreatedAt, now), earlier, len(emails), above)}
	tokens := map[string]string{}
	if im.Confirm {
		im.ConfirmHashes, im.Expires, im.Month, im.EmailsLimit = map[string]string{}, now.Add(ConfirmTTL), plan.Month(now), pl.EmailsPerMonth
		im.PostsLimit, im.ImagesLimit = plan.Limits(ws.PlanTier, ws.CreatedAt, now, isAdmin)
		for _, e := range emails {
			tokens[e] = NewToken()
			im.ConfirmHashes[e] = HashToken(tokens[e])
		}
	}
	added, err := s.Store.ImportList(ctx, im)
	switch {
	case errors.Is(err, store.ErrLimit):
		return nil, apperr.Newf(apperr.Forbidden, "subscriber_limit",
			"Nothing was imported: your %s plan allows up to %d subscribers (pending and confirmed), and this file would pass that.",
			pl.Name, pl.MaxSubscribers)
	case errors.Is(err, store.ErrEmailLimit):
		return nil, apperr.Newf(apperr.Limit, "email_limit",
			"Nothing was imported: each new address is sent a confirmation e-mail, and this month's e-mails on your %s plan (%d) would not cover them.",
			pl.Name, pl.EmailsPerMonth)
	case err != nil:
		return nil, err
	}
	res := &ImportResult{Added: len(added), Skipped: len(emails) - len(added), Confirming: im.Confirm}
	if im.Confirm && len(added) > 0 {
		if err := s.sendImportConfirm(ctx, ws, added, tokens, now); err != nil {
			// The addresses stay pending and expire unconfirmed: never
			// mailed a post without a confirmation.
			return nil, err
		}
	}
	s.logger().InfoContext(ctx, "subscribers imported", "workspace", ws.ID, "added", res.Added, "confirming", im.Confirm, "source", source)
	return res, nil
}

// sendImportConfirm queues one confirmation e-mail for the imported
// addresses, one delivery each with its own link (bulk mail: it waits
// behind account mail).
func (s *Service) sendImportConfirm(ctx context.Context, ws *store.Workspace, added []string, tokens map[string]string, now time.Time) error {
	b, err := s.Site.ByID(ctx, ws.ID)
	if err != nil {
		return err
	}
	br, _, err := brandOf(ctx, s.Store, b, s.BaseURL, s.SiteWorkspace, s.SiteName)
	if err != nil {
		return err
	}
	r, err := RenderImportConfirm(br, PageURL(b, "confirm", "")+store.TokenPlaceholder)
	if err != nil {
		return err
	}
	to := make([]store.Recipient, len(added))
	for i, e := range added {
		to[i] = store.Recipient{Email: e, Token: tokens[e]}
	}
	return s.Store.QueueMail(ctx, &store.MailMessage{WorkspaceID: ws.ID, Kind: store.MailImportConfirm, FromName: r.FromName,
		Subject: r.Subject, HTML: r.HTML, Text: r.Text, CreatedAt: now.UTC()}, to)
}

// Deliveries is what became of a sent post's e-mails so far: the desk says
// "queued" until none waits, then to how many it went and how many were
// refused.
func (s *Service) Deliveries(ctx context.Context, ws *store.Workspace, postID int64) (store.DeliveryCounts, error) {
	return s.Store.NewsletterDeliveries(ctx, ws.ID, postID)
}

// Usage is the month's newsletter e-mails of a workspace and its plan's
// monthly limit.
func (s *Service) Usage(ctx context.Context, ws *store.Workspace, isAdmin bool) (sent, limit int, err error) {
	sent, err = s.Store.EmailsSent(ctx, ws.ID, plan.Month(s.now()))
	return sent, plan.For(ws.PlanTier, isAdmin).EmailsPerMonth, err
}
