// Package app wires InkPress together from a Config: store, services, AI
// providers, media storage and the HTTP server. main and the end-to-end
// tests both start the product through it.
package app

import (
	"cmp"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/inkpress/inkpress/internal/account"
	"github.com/inkpress/inkpress/internal/ai"
	"github.com/inkpress/inkpress/internal/ai/builtin"
	"github.com/inkpress/inkpress/internal/ai/openai"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/authors"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/internal/customdomain"
	"github.com/inkpress/inkpress/internal/demo"
	"github.com/inkpress/inkpress/internal/erase"
	"github.com/inkpress/inkpress/internal/export"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/marks"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/media/s3"
	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/internal/pages"
	"github.com/inkpress/inkpress/internal/palette"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/safehttp"
	"github.com/inkpress/inkpress/internal/scheduler"
	"github.com/inkpress/inkpress/internal/ssr"
	"github.com/inkpress/inkpress/internal/tlsserve"
	"github.com/inkpress/inkpress/internal/views"
	"github.com/inkpress/inkpress/internal/workspace"
	"github.com/inkpress/inkpress/server"
	"github.com/inkpress/inkpress/server/api"
	"github.com/inkpress/inkpress/server/frontend"
	sitehttp "github.com/inkpress/inkpress/server/site"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
	"github.com/inkpress/inkpress/web"
)

// App is a running InkPress.
type App struct {
	Config      *config.Config
	Store       *sqlstore.DB
	Auth        *auth.Service
	Account     *account.Service // account e-mails: its Mail may be swapped before Run
	Posts       *posts.Service
	Cache       *cache.Cache
	Site        *blogaddr.Site
	Views       *views.Counter
	Media       media.Storage
	Files       *media.Files // Media with its bookkeeping (quotas, sweep)
	Writer      ai.Writer
	Illustrator ai.Illustrator
	Generator   *generate.Service
	Scheduler   *scheduler.Scheduler
	// Mail queues e-mail for other services (a mail.Queuer); MailWorker
	// sends the queue (SMTP, or the outbox without INKPRESS_SMTP_URL).
	Mail       *mail.Queue
	MailWorker *mail.Worker
	// Newsletter runs blogs' subscriber lists; Newsletters queues each
	// post to the confirmed subscribers once it is public.
	Newsletter *newsletter.Service
	// NewsletterDesk is the post desk's side: what publishing will do,
	// send now, test sends.
	NewsletterDesk *newsletter.Desk
	Newsletters    *newsletter.Dispatcher
	// Domains verifies custom domains (its Resolver may be swapped before
	// Run) and decides which names may have a certificate.
	Domains *customdomain.Service
	// Pages keeps rendered reader pages; PageWorker renders the queued ones.
	Pages      *pages.Service
	PageWorker *pages.Worker
	Admission  *pages.Admission // shares the render engines between readers and PageWorker
	Server     *server.Server
	TLS        *tlsserve.Manager // nil unless INKPRESS_TLS=on
	Logger     *slog.Logger
	// Out receives the one-time demo credentials (stdout by default).
	Out io.Writer
	// DemoWriter and DemoIllustrator write the demo posts and draw their
	// covers: the builtin ones, whatever provider is configured, so demo
	// content never waits on (or fails with) a remote AI service.
	DemoWriter      ai.Writer
	DemoIllustrator ai.Illustrator

	demoWS   *store.Workspace // demo posts still to write (Prepare found a new database)
	demoBusy atomic.Bool      // demo posts being written: /readyz says "demo"
	// ShutdownGrace is how long Run lets in-flight requests finish once
	// stopped: longer than a whole generation (generate.ShutdownGrace).
	ShutdownGrace time.Duration
	// Read answers the public reads without HTTP, as the server render
	// asks for them (api.Handler.Read).
	Read ssr.Fetcher
	// Eraser erases deleted accounts once their grace is over.
	Eraser *erase.Worker
	// Exports makes owners' data exports in the background.
	Exports *export.Service
}

// StaleFor is how long an expired cached answer may still be served when
// the database cannot render it again.
const StaleFor = 10 * time.Minute

// New opens the database (applying migrations) and builds every part.
func New(ctx context.Context, cfg *config.Config, logger *slog.Logger) (*App, error) {
	db, err := sqlstore.OpenWith(ctx, cfg.DatabaseURL, sqlstore.Options{Timeout: cfg.DBTimeout})
	if err != nil {
		return nil, err
	}
	a := &App{Config: cfg, Store: db, Logger: logger, Out: os.Stdout, DemoWriter: builtin.New(), DemoIllustrator: builtin.New()}
	a.Cache = cache.New(30*time.Second, cfg.CacheBytes)
	// While the database is down, expired public answers stay servable for
	// a while (a missing page is never served from memory).
	a.Cache.StaleFor = StaleFor
	a.Cache.StaleOn = func(err error) bool { return !errors.Is(err, store.ErrNotFound) }
	// Tell other instances (they poll in Run) that a workspace changed.
	// Stored reader pages: a change makes the workspace's pages stale here
	// at once, and in the other instances as they follow it.
	a.Pages = &pages.Service{Store: db, Queue: db, Build: buildID(cfg, web.Dist(), web.SSR()), Logger: logger}
	if cfg.PageStore == "disk" || (cfg.PageStore == "" && db.Dialect() == "sqlite") {
		a.Pages.Store = &pages.Disk{Dir: filepath.Join(cfg.DataDir, "pages")}
	}
	if err := a.loadVersions(ctx); err != nil {
		db.Close()
		return nil, err
	}
	a.Cache.OnFollow = func(wsID int64, at time.Time) {
		a.Pages.Changed(wsID, at)
		// Another instance changed the blog (its address, its domain): its
		// lookups are refreshed in the background, no reader waits.
		if a.Site != nil {
			a.Site.Expire(wsID)
		}
	}
	workers := cfg.PageWorkers
	if workers == 0 {
		workers = pages.DefaultWorkSlots()
	}
	a.Admission = pages.NewAdmission(cfg.SSREngines, cfg.RenderQueue, cfg.RenderPerClient, workers)
	a.Cache.OnInvalidate = func(wsID int64) {
		at := time.Now()
		a.Pages.Changed(wsID, at)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := db.TouchWorkspace(ctx, wsID, at); err != nil {
			logger.Warn("record workspace change", "workspace", wsID, "err", err)
		}
	}
	a.Auth = auth.New(db, cfg.SessionTTL)
	a.Auth.SignUpsPerWindow = cfg.SignUpLimit
	a.Posts = posts.New(db, a.Cache)
	a.Posts.Quota = func(ctx context.Context, wsID int64) (plan.PostQuota, error) {
		p, _, err := plan.ForWorkspace(ctx, db, wsID)
		return p.Posts(), err
	}
	a.Site = blogaddr.New(db, cfg.BaseURL, cfg.SiteWorkspace)
	a.Views = views.New(db)
	// Media: local files served under /media/, or an S3-compatible bucket
	// (shared by every app instance) serving its own URLs.
	var mediaHandler http.Handler
	if cfg.S3Endpoint != "" {
		st, err := s3.New(s3.Config{Endpoint: cfg.S3Endpoint, Bucket: cfg.S3Bucket, AccessKey: cfg.S3AccessKey,
			SecretKey: cfg.S3SecretKey, Region: cfg.S3Region, UseSSL: cfg.S3UseSSL, PublicURL: cfg.S3PublicURL})
		if err == nil {
			// A missing bucket or wrong keys stop the start here, with a
			// clear message, instead of failing every upload later.
			cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			err = st.Check(cctx)
			cancel()
		}
		if err != nil {
			db.Close()
			return nil, err
		}
		a.Media = st
	} else {
		local, err := media.NewLocal(filepath.Join(cfg.DataDir, "media"))
		if err != nil {
			db.Close()
			return nil, err
		}
		a.Media, mediaHandler = local, local.Handler()
	}
	// Every stored file is recorded (quotas, the orphan sweep); the database
	// keeps keys and builds URLs from the storage as configured now (rows an
	// earlier version stored as URLs became keys in migration 00020).
	// Image work shares one memory budget across the process.
	media.SetImageMemory(cfg.ImageMemory)
	a.Files = media.NewFiles(db, a.Media)
	a.Files.Logger = logger
	a.Files.Variants.Logger = logger
	if mediaHandler != nil {
		// Image variants missing on disk are made on their first request.
		mediaHandler = a.Files.Variants.Handler("/media/", mediaHandler)
	}
	a.Media = a.Files
	db.SetMediaURLs(media.URLs{Storage: a.Files})
	// Banner images are kept as URLs: moved when the media URLs changed.
	if err := followMediaURLs(ctx, db, a.Posts, a.Files, logger); err != nil {
		db.Close()
		return nil, err
	}
	a.Posts.Files = a.Files
	a.Posts.Attachments = &media.Attachments{Store: db, Storage: a.Media}
	// Every URL fetched on someone's behalf (an AI provider's image, a pasted
	// image to import) goes through the one client that refuses the
	// server's own network.
	fetch := safehttp.New(cfg.FetchAllow)
	switch cfg.AIProvider {
	case "openai":
		c := openai.New(openai.Config{BaseURL: cfg.AIBaseURL, APIKey: cfg.AIAPIKey, TextModel: cfg.AITextModel,
			ImageModel: cfg.AIImageModel, ImageSize: cfg.AIImageSize, Timeout: cfg.AITimeout,
			FetchClient: fetch})
		a.Writer, a.Illustrator = c, c
		if cfg.AIImageModel == openai.BuiltinImageModel {
			// A server without an images endpoint: covers are drawn offline.
			a.Illustrator = builtin.New()
		}
	default:
		b := builtin.New()
		a.Writer, a.Illustrator = b, b
	}
	a.Generator = &generate.Service{Store: db, Posts: a.Posts, Writer: a.Writer, Illustrator: a.Illustrator, Media: a.Media,
		Timeout: generate.Limit(cfg.AITimeout, cfg.AITimeout), Logger: logger}
	a.ShutdownGrace = generate.ShutdownGrace(cfg.AITimeout, cfg.AITimeout)
	a.Scheduler = &scheduler.Scheduler{Store: db, Generator: a.Generator, Logger: logger}
	if err := a.setupMail(ctx); err != nil {
		db.Close()
		return nil, err
	}
	fe := frontend.New(web.Dist())
	// Stored pages of an earlier build name its assets: keep them servable.
	if err := fe.KeepAssets(filepath.Join(cfg.DataDir, "assets")); err != nil {
		logger.Warn("keep the app's assets for pages of earlier builds", "err", err)
	}
	rd := reader.New(db, a.Cache)
	rd.SiteWorkspace, rd.SiteAuthor = cfg.SiteWorkspace, cfg.AuthorName
	bl := blog.New(db, a.Cache, a.Site)
	bl.Images = a.Posts.Attachments
	workspaces := workspace.NewService(db, bl)
	workspaces.SiteSlug = cfg.SiteWorkspace
	a.Domains = &customdomain.Service{Store: db, Cache: a.Cache, Site: a.Site, Resolver: net.DefaultResolver, Limiter: ratelimit.New(db),
		PlatformHost: customdomain.Host(cfg.BaseURL), PublicIP: cfg.PublicIP, SiteWorkspace: cfg.SiteWorkspace, Logger: logger}
	a.Newsletter = &newsletter.Service{Store: db, Site: a.Site, BaseURL: cfg.BaseURL, SiteWorkspace: cfg.SiteWorkspace,
		SiteName: cfg.SiteName, PerClient: cfg.SubscribeLimit, Mail: a.Mail, Logger: logger,
		ConfirmImportsAbove: importConfirmAbove(cfg.ImportConfirmAbove)}
	a.Newsletters = &newsletter.Dispatcher{Store: db, Site: a.Site, BaseURL: cfg.BaseURL, SiteWorkspace: cfg.SiteWorkspace,
		SiteName: cfg.SiteName, OwnerVerified: db.WorkspaceOwnerVerified, Logger: logger}
	a.NewsletterDesk = &newsletter.Desk{Store: db, Site: a.Site, Mail: a.Mail, BaseURL: cfg.BaseURL, SiteWorkspace: cfg.SiteWorkspace,
		SiteName: cfg.SiteName, OwnerVerified: db.WorkspaceOwnerVerified, Logger: logger}
	library := media.NewLibrary(db, a.Files)
	library.Fetch, library.Logger = fetch, logger
	apiHandler := &api.Handler{Config: cfg, Store: db, Auth: a.Auth, Posts: a.Posts, Cache: a.Cache, Site: a.Site, Reader: rd,
		Views: a.Views, Media: a.Media, Library: library, Generator: a.Generator,
		Schedules: &scheduler.Service{Store: db, Generator: a.Generator}, Blog: bl, Workspaces: workspaces,
		Authors: &authors.Service{Store: db, Cache: a.Cache, Images: a.Posts.Attachments}, Domains: a.Domains,
		Newsletter: a.Newsletter, MailSending: a.Sending, OwnerVerified: db.WorkspaceOwnerVerified, Turns: a.Admission,
		NewsletterDesk: a.NewsletterDesk}
	// Account e-mails: password reset, verification, change of address.
	a.Account = account.New(db, a.Auth, a.Mail, cfg.SiteName, cfg.BaseURL, logger)
	a.Auth.AfterSignUp = a.Account.SignedUp
	a.Account.SiteWorkspace = cfg.SiteWorkspace
	// A deleted account's blogs go offline at once, and come back when it
	// is restored: no cached answer or stored page may outlive the change.
	forget := func(ctx context.Context, ids []int64) {
		a.Site.Forget()
		for _, id := range ids {
			a.Cache.Invalidate(id)
			if err := a.Pages.DropAll(ctx, id); err != nil {
				logger.Warn("drop a deleted blog's pages", "workspace", id, "err", err)
			}
		}
	}
	a.Account.BlogsChanged = forget
	// Data exports are kept privately in the media storage (local or S3).
	a.Exports = &export.Service{Store: db, Ready: a.Account.ExportReady, Logger: logger}
	if st, ok := a.Files.Storage.(media.Streamer); ok {
		a.Exports.Storage = st
	}
	apiHandler.Exports = a.Exports
	a.Eraser = &erase.Worker{Store: db, Files: a.Files, Pages: a.Pages, Logger: logger,
		Forget: func(ids []int64) { forget(context.Background(), ids) }}
	a.Auth.OnLockout = a.Account.LoginLocked
	apiHandler.Account = a.Account
	siteHandler := &sitehttp.Handler{Config: cfg, Reader: rd, Site: a.Site, Cache: a.Cache, App: fe, Views: a.Views, Posts: a.Posts,
		DefaultImage: a.defaultImage, Pages: a.Pages, Admission: a.Admission, Marks: &marks.Service{Store: db}}
	a.PageWorker = &pages.Worker{Pages: a.Pages, Render: siteHandler.RenderPage, Rate: cfg.RenderRate}
	// Writes tell which pages they change.
	changes := &pages.Changes{Pages: a.Pages, Blogs: a.Site, Authors: db, SiteWorkspace: cfg.SiteWorkspace}
	a.Posts.Pages, bl.Pages, a.Domains.Pages = changes, changes, changes
	apiHandler.Authors.Pages = changes
	apiRoutes := apiHandler.Routes()
	a.Read = apiHandler.Read
	if cfg.SSR {
		// Public pages are rendered by the app itself, its data read by the API's public reads directly.
		bundle := web.SSR()
		if cfg.SSRBundle != "" {
			bundle = os.DirFS(cfg.SSRBundle)
		}
		r, err := ssr.New(ssr.Config{Bundle: bundle, Fetch: frontend.PublicReads(apiHandler.Read), Engines: cfg.SSREngines,
			Timeout: cfg.SSRTimeout, Memory: cfg.SSRMemory, Logger: logger})
		switch {
		case err == nil:
			siteHandler.SSR = r
			go r.Warm(context.Background())
		case errors.Is(err, ssr.ErrNoBundle):
			logger.Warn("the app's server bundle is not built: public pages are served as plain HTML (make build)")
		default:
			db.Close()
			return nil, err
		}
	}
	a.Server = &server.Server{Addr: cfg.Addr, API: apiRoutes, Site: siteHandler, Media: mediaHandler,
		Store: db, Logger: logger, TrustedOrigins: []string{cfg.BaseURL},
		CSP: sitehttp.ContentSecurityPolicy(cfg), HSTS: strings.HasPrefix(cfg.BaseURL, "https://"),
		RequestTimeout: cfg.RequestTimeout, AccessLog: cfg.AccessLog, ReadyTimeout: cfg.DBTimeout, Ready: a.readiness(),
		CustomDomain: a.Site.IsCustomDomain, PlatformURL: cfg.BaseURL}
	if cfg.TLS {
		if err := a.startTLS(a.Domains.AllowCertificate); err != nil {
			db.Close()
			return nil, err
		}
	}
	return a, nil
}

// setupMail builds the mail queue and its workers: SMTP when configured
// (checked now, like the object store: a wrong address, certificate or
// password stops the start with a message that names it), otherwise the
// outbox folder in the data directory. It logs where mail goes.
func (a *App) setupMail(ctx context.Context) error {
	cfg := a.Config
	from, err := mail.ParseFrom(cfg.MailFrom)
	if err != nil {
		return fmt.Errorf("INKPRESS_MAIL_FROM: %w", err)
	}
	outbox := filepath.Join(cfg.DataDir, "outbox")
	var tr mail.Transport = &mail.Outbox{Dir: outbox}
	if cfg.SMTPURL != "" {
		var opts []mail.SMTPOption
		if cfg.SMTPCAFile != "" {
			roots, err := mail.RootCAs(cfg.SMTPCAFile)
			if err != nil {
				return fmt.Errorf("INKPRESS_SMTP_CA_FILE: %w", err)
			}
			opts = append(opts, mail.WithTLSConfig(&tls.Config{MinVersion: tls.VersionTLS12, RootCAs: roots}))
		}
		smtp, err := mail.NewSMTP(cfg.SMTPURL, opts...)
		if err != nil {
			return fmt.Errorf("INKPRESS_SMTP_URL: %w", err)
		}
		cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err = smtp.Check(cctx)
		cancel()
		if err != nil {
			return fmt.Errorf("INKPRESS_SMTP_URL: %w", err)
		}
		tr = smtp
		a.Logger.Info("mail is sent through SMTP", "server", smtp.Addr(), "from", from.Address)
	} else {
		// Owners are told "your admin has been told": this line is how.
		a.Logger.Warn("e-mail is not sent: set INKPRESS_SMTP_URL; until then messages are written to the outbox folder",
			"dir", outbox, "from", from.Address)
	}
	a.MailWorker = &mail.Worker{Store: a.Store, Transport: tr, From: from, Batch: cfg.MailBatch, Rate: cfg.MailRate,
		Workers: cfg.MailWorkers, Logger: a.Logger, Holds: &newsletter.Health{Store: a.Store, Logger: a.Logger}}
	a.Mail = &mail.Queue{Store: a.Store, OnQueued: a.MailWorker.Wake}
	return nil
}

// Sending reports whether e-mail really leaves (SMTP is configured); the
// outbox only keeps files.
func (a *App) Sending() bool { return a.Config.SMTPURL != "" }

// startTLS sets up automatic TLS for custom domains: certificates ordered
// on demand for the names allow accepts, kept in the database, served on a
// second listener.
func (a *App) startTLS(allow func(ctx context.Context, name string) error) error {
	cfg := a.Config
	var roots *x509.CertPool
	if cfg.ACMECARoot != "" {
		pem, err := os.ReadFile(cfg.ACMECARoot)
		if err != nil {
			return fmt.Errorf("INKPRESS_ACME_CA_ROOT: %w", err)
		}
		if roots, err = x509.SystemCertPool(); err != nil {
			roots = x509.NewCertPool()
		}
		if !roots.AppendCertsFromPEM(pem) {
			return fmt.Errorf("INKPRESS_ACME_CA_ROOT: no PEM certificate in %s", cfg.ACMECARoot)
		}
	}
	m, err := tlsserve.New(tlsserve.Config{Allow: allow, Storage: tlsserve.NewStorage(a.Store, a.Logger),
		CA: cfg.ACMECA, Email: cfg.ACMEEmail, CARoots: roots, Addr: cfg.TLSAddr, HTTPAddr: cfg.Addr,
		PlatformHosts: []string{platformHost(cfg.BaseURL)}, Logger: a.Logger})
	if err != nil {
		return err
	}
	a.TLS = m
	a.Server.TLS = &server.TLS{Addr: cfg.TLSAddr, Config: m.TLSConfig(), Plain: m.HTTPHandler}
	return nil
}

// platformHost is the base URL's host name, without port.
func platformHost(baseURL string) string {
	u, err := url.Parse(baseURL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// readiness lists what /readyz checks besides the database: a writable
// data directory when the database or media live there, and demo content
// still being written on a first start.
func (a *App) readiness() []server.Check {
	checks := []server.Check{{Name: "demo", Check: func(context.Context) error {
		if a.demoBusy.Load() {
			return errors.New("demo content is being written")
		}
		return nil
	}}}
	if a.Config.S3Endpoint == "" || a.Store.Dialect() == "sqlite" {
		checks = append(checks, server.Check{Name: "data_dir", Check: func(context.Context) error {
			f, err := os.CreateTemp(a.Config.DataDir, ".readyz-*")
			if err != nil {
				return err
			}
			_, err = f.Write([]byte("ok"))
			return errors.Join(err, f.Close(), os.Remove(f.Name()))
		}})
	}
	return checks
}

// defaultImage draws the 1200x630 preview image used by pages without one.
func (a *App) defaultImage(ctx context.Context) ([]byte, string, error) {
	// Served at a .png address, so drawn as a PNG.
	img, err := (&builtin.Provider{PNG: true}).Illustrate(ctx, ai.ImageRequest{Title: a.Config.SiteName + " - Insights for the Modern Generation",
		ColorFrom: palette.Default, ColorTo: "#1e1b4b", Brand: a.Config.SiteName})
	if err != nil {
		return nil, "", err
	}
	return img.Data, img.ContentType, nil
}

// Handler is the HTTP handler (for tests).
func (a *App) Handler() http.Handler { return a.Server.Handler() }

// Close flushes pending view counts and closes the database.
func (a *App) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := a.Views.Flush(ctx)
	a.Account.Wait() // reset e-mails being queued after their answer
	if a.TLS != nil {
		a.TLS.Stop()
	}
	return errors.Join(err, a.Store.Close())
}

// Prepare makes sure the site workspace exists, creates the configured
// first admin, and seeds demo content into a new database.
func (a *App) Prepare(ctx context.Context) error {
	users, err := a.Store.CountUsers(ctx)
	if err != nil {
		return err
	}
	fresh := users == 0
	ws, err := demo.EnsureSiteWorkspace(ctx, a.Store, a.Config.SiteWorkspace, a.Config.SiteName)
	if err != nil {
		return fmt.Errorf("site workspace: %w", err)
	}
	if a.Config.AdminEmail != "" {
		if _, err := a.Auth.EnsureAdmin(ctx, a.Config.AdminEmail, a.Config.AdminPassword, "Admin"); err != nil {
			return fmt.Errorf("first admin: %w", err)
		}
		a.Logger.Info("admin account ready", "email", a.Config.AdminEmail)
	}
	if !fresh || !a.Config.Demo {
		return nil
	}
	if a.Config.AdminEmail == "" {
		pw := auth.RandomToken(12)
		admin, err := a.Auth.EnsureAdmin(ctx, "admin@inkpress.local", pw, "Admin")
		if err != nil {
			return err
		}
		// The demo's posts are the admin's: their byline is the editorial team's.
		if _, err := demo.EnsureEditor(ctx, a.Store, admin.ID, cmp.Or(a.Config.AuthorName, "InkPress Editorial")); err != nil {
			return fmt.Errorf("demo admin's profile: %w", err)
		}
		// Printed once, on the first start only: the password is not stored anywhere else.
		fmt.Fprintf(a.Out, "\n  Demo admin account created:\n    e-mail:   admin@inkpress.local\n    password: %s\n  Sign in at %s/admin/login\n\n", pw, a.Config.BaseURL)
	}
	// The posts are written by SeedDemo: in the background once serving
	// (Run), so the first start listens at once.
	a.demoWS = ws
	a.demoBusy.Store(true)
	return nil
}

// SeedDemo writes the demo posts Prepare left for it (if any), with the
// builtin writer and illustrator. Run calls it in the background; a failure
// is logged and leaves the blog with the posts written so far.
func (a *App) SeedDemo(ctx context.Context) error {
	ws := a.demoWS
	if ws == nil {
		return nil
	}
	a.demoWS = nil
	defer a.demoBusy.Store(false)
	seeder := &demo.Seeder{Posts: a.Posts, Writer: a.DemoWriter, Illustrator: a.DemoIllustrator, Media: a.Media}
	if err := seeder.SeedPosts(ctx, ws, time.Now().UTC()); err != nil {
		return fmt.Errorf("demo posts: %w", err)
	}
	a.Logger.Info("demo content seeded", "workspace", ws.Slug)
	return nil
}

// Run serves until ctx ends, flushing view counts and processing due
// scheduled posts in the background. On shutdown a scheduled post being
// generated is handed back to the next run (of this or another instance).
func (a *App) Run(ctx context.Context) error {
	vctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.Views.Run(vctx, 5*time.Second); close(done) }()
	schedDone := make(chan struct{})
	go func() { a.Scheduler.Run(vctx); close(schedDone) }()
	go a.sweep(vctx)
	// Deleted accounts whose grace is over: each erased by one instance.
	eraseDone := make(chan struct{})
	go func() { a.Eraser.Run(vctx, time.Minute); close(eraseDone) }()
	// Data exports asked for: each made by one instance.
	exportDone := make(chan struct{})
	go func() { a.Exports.Run(vctx, 5*time.Second); close(exportDone) }()
	// Custom domains: pending ones are looked up every few minutes,
	// verified ones daily (each by one instance).
	go a.Domains.Run(vctx, time.Minute)
	// Posts by e-mail: due newsletters are queued every few seconds.
	go a.Newsletters.Run(vctx, 10*time.Second)
	// Usage reservations of generations that died with their process.
	go a.Generator.RunSweeper(vctx, time.Minute)
	jobsDone := make(chan struct{})
	go func() { a.Generator.RunWorkers(vctx, a.Config.JobWorkers, 2*time.Second); close(jobsDone) }()
	mailDone := make(chan struct{})
	go func() { a.MailWorker.Run(vctx); close(mailDone) }()
	go a.Cache.Follow(vctx, boundedChanges{a.Store, a.Config.DBTimeout}, time.Second)
	workerDone := make(chan struct{})
	go func() { a.PageWorker.Run(vctx); close(workerDone) }()
	if a.Config.DebugAddr != "" {
		go a.serveDebug(vctx)
	}
	demoDone := make(chan struct{})
	go func() {
		defer close(demoDone)
		if err := a.SeedDemo(vctx); err != nil && vctx.Err() == nil {
			a.Logger.Error("demo content", "err", err)
		}
	}()
	err := a.Server.Run(ctx, a.ShutdownGrace)
	stop()
	<-done
	<-schedDone
	<-eraseDone
	<-exportDone
	<-jobsDone
	<-mailDone
	<-demoDone
	<-workerDone
	return err
}

// boundedChanges bounds each poll of the cache follower, so a database that
// stops answering delays following, never stops it.
type boundedChanges struct {
	src     cache.ChangeSource
	timeout time.Duration
}

func (b boundedChanges) ChangedWorkspaces(ctx context.Context, since time.Time) (map[int64]time.Time, error) {
	ctx, cancel := context.WithTimeout(ctx, b.timeout)
	defer cancel()
	return b.src.ChangedWorkspaces(ctx, since)
}

// sweep deletes expired sessions and old rate-limit events hourly.
func (a *App) sweep(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		now := time.Now()
		if _, err := a.Store.DeleteExpiredSessions(ctx, now); err != nil && ctx.Err() == nil {
			a.Logger.Warn("sweep sessions", "err", err)
		}
		if err := a.Store.PruneRate(ctx, now.Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
			a.Logger.Warn("sweep rate-limit events", "err", err)
		}
		if _, err := a.Store.PruneAccountTokens(ctx, now.Add(-24*time.Hour)); err != nil && ctx.Err() == nil {
			a.Logger.Warn("sweep account tokens", "err", err)
		}
		if _, err := a.Generator.PruneJobs(ctx); err != nil && ctx.Err() == nil {
			a.Logger.Warn("sweep finished generation jobs", "err", err)
		}
		if _, err := a.Store.PruneMail(ctx, now.Add(-mail.KeepSent)); err != nil && ctx.Err() == nil {
			a.Logger.Warn("sweep sent mail", "err", err)
		}
		if n, err := a.Newsletter.SweepExpired(ctx); err != nil && ctx.Err() == nil {
			a.Logger.Warn("sweep unconfirmed subscribers", "err", err)
		} else if n > 0 {
			a.Logger.Info("removed unconfirmed subscribers", "subscribers", n)
		}
		if n, err := a.Files.Sweep(ctx, now, media.SweepGrace); err != nil && ctx.Err() == nil {
			a.Logger.Warn("sweep unused media files", "err", err)
		} else if n > 0 {
			a.Logger.Info("removed unused media files", "files", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// importConfirmAbove turns the setting (0: only trials) into
// newsletter.Service.ConfirmImportsAbove (whose 0 is the default).
func importConfirmAbove(n int) int {
	if n == 0 {
		return -1
	}
	return n
}
