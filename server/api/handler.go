package api

import (
	"context"
	"net/http"

	"github.com/inkpress/inkpress/internal/account"
	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/authors"
	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/internal/customdomain"
	"github.com/inkpress/inkpress/internal/export"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/newsletter"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/scheduler"
	"github.com/inkpress/inkpress/internal/views"
	"github.com/inkpress/inkpress/internal/workspace"
	"github.com/inkpress/inkpress/store"
)

// Store is what handlers read of the store themselves; everything else goes
// through the services. The caller's admin role (withCaller and the login
// answer in auth.go) and the blog of each post in the admin's list
// (admin.go).
type Store interface {
	HasRole(ctx context.Context, userID int64, role string) (bool, error)
	GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error)
	reader.SettingsReader
}

// Handler serves /api/.
type Handler struct {
	Config *config.Config
	Store  Store
	Auth   *auth.Service
	Posts  *posts.Service
	Cache  *cache.Cache
	Site   *blogaddr.Site
	// Reader reads blogs as their readers see them (the public endpoints).
	Reader *reader.Reader
	Views  *views.Counter
	// Owner endpoints: uploads and the media library, generation and
	// scheduled posts.
	Media     media.Storage
	Library   *media.Library
	Generator *generate.Service
	Schedules *scheduler.Service
	// Blog writes settings and categories; Workspaces creates workspaces
	// and changes plans.
	Blog       *blog.Service
	Workspaces *workspace.Service
	// Authors edits the caller's author profile.
	Authors *authors.Service
	// Domains sets and verifies custom domains.
	Domains *customdomain.Service
	// Newsletter runs blogs' subscriber lists. MailSending reports whether
	// e-mail goes out by SMTP (nil: no) and OwnerVerified whether a
	// workspace's owner confirmed their address (nil: yes), for the
	// dashboard.
	Newsletter *newsletter.Service
	// NewsletterDesk: what publishing will do, send now, test sends.
	NewsletterDesk *newsletter.Desk
	MailSending    func() bool
	OwnerVerified  func(ctx context.Context, workspaceID int64) (bool, error)
	// Account sends and honours account e-mails (reset, verify, change).
	Account *account.Service
	// Exports makes and hands out owners' data exports.
	Exports *export.Service
	// Turns, when set, shares the work of answers made afresh for anonymous
	// readers (searches) fairly between clients (pages.Admission).
	Turns Turns
}

// Turns hands out turns of work by client (pages.Admission.Work).
type Turns interface {
	Work(ctx context.Context, client string) (release func(), err error)
}

// Routes returns the API's handler (mounted at /api/ by the server).
func (h *Handler) Routes() http.Handler {
	mux := http.NewServeMux()
	// Public reads: the table the server render reads too (public.go).
	for _, pr := range h.publicReads() {
		mux.Handle("GET "+pr.pattern, h.servePublic(pr))
	}
	mux.Handle("GET /api/preview/{id}/{token}", handle(h.getPreview))
	mux.Handle("POST /api/subscribers", handle(h.subscribe))
	mux.Handle("POST "+SubscribeFormPath, http.HandlerFunc(h.subscribeForm))
	mux.Handle("POST /api/subscribers/confirm", handle(h.confirmSubscription))
	mux.Handle("POST /api/subscribers/unsubscribe", handle(h.unsubscribe))
	mux.Handle("POST "+OneClickPath, handle(h.oneClick))
	mux.Handle("GET "+OneClickPath, handle(h.oneClickPage))
	// Auth.
	mux.Handle("GET /api/auth/me", handle(h.getMe))
	mux.Handle("POST /api/auth/signup", handle(h.signUp))
	mux.Handle("POST /api/auth/login", handle(h.login))
	mux.Handle("POST /api/auth/logout", handle(h.logout))
	mux.Handle("PUT /api/auth/desk", handle(h.putDesk))
	mux.Handle("POST /api/auth/password/forgot", handle(h.forgotPassword))
	mux.Handle("POST /api/auth/password/reset", handle(h.resetPassword))
	mux.Handle("GET /api/account", handle(h.getAccount))
	mux.Handle("POST /api/account/verify", handle(h.verifyEmail))
	mux.Handle("POST /api/account/verify/resend", handle(h.resendVerification))
	mux.Handle("PUT /api/account/email", handle(h.changeEmail))
	mux.Handle("PUT /api/account/password", handle(h.changePassword))
	mux.Handle("DELETE /api/account", handle(h.deleteAccount))
	mux.Handle("GET /api/account/export", h.owner(h.getExport))
	mux.Handle("POST /api/account/export", h.owner(h.requestExport))
	mux.Handle("GET "+ExportDownloadPath, h.owner(h.downloadExport))
	mux.Handle("POST /api/account/email/confirm", handle(h.confirmEmail))
	// Owner: always the caller's own workspace (created on first visit of
	// the dashboard or onboarding when a user has none).
	mux.Handle("GET /api/workspace", h.ownerOrNew(h.getWorkspace))
	mux.Handle("PUT /api/workspace/settings", h.owner(h.putSettings))
	mux.Handle("GET /api/workspace/address", h.ownerOrNew(h.checkAddress))
	mux.Handle("PUT /api/workspace/address", h.owner(h.putAddress))
	mux.Handle("GET /api/workspace/brand", h.owner(h.getBrand))
	mux.Handle("PUT /api/workspace/brand", h.owner(h.putBrand))
	mux.Handle("GET /api/workspace/author", h.owner(h.getProfile))
	mux.Handle("PUT /api/workspace/author", h.owner(h.putProfile))
	mux.Handle("POST /api/onboarding", h.ownerOrNew(h.completeOnboarding))
	mux.Handle("POST /api/onboarding/skip", h.ownerOrNew(h.skipOnboarding))
	mux.Handle("GET /api/workspace/categories", h.owner(h.listOwnerCategories))
	mux.Handle("POST /api/workspace/categories", h.owner(h.createCategory))
	mux.Handle("PUT /api/workspace/categories/{id}", h.owner(h.updateCategory))
	mux.Handle("DELETE /api/workspace/categories/{id}", h.owner(h.deleteCategory))
	mux.Handle("GET /api/workspace/posts", h.owner(h.listOwnerPosts))
	mux.Handle("POST /api/workspace/posts", h.owner(h.createOwnerPost))
	mux.Handle("POST /api/workspace/posts/generate", h.owner(h.generatePost))
	mux.Handle("POST /api/workspace/posts/bulk-delete", h.owner(h.bulkDeletePosts))
	mux.Handle("GET /api/workspace/posts/{id}", h.owner(h.getOwnerPost))
	mux.Handle("PATCH /api/workspace/posts/{id}", h.owner(h.patchOwnerPost))
	mux.Handle("DELETE /api/workspace/posts/{id}", h.owner(h.deleteOwnerPost))
	mux.Handle("GET /api/workspace/posts/{id}/revisions", h.owner(h.listRevisions))
	mux.Handle("POST /api/workspace/posts/{id}/revisions/{rev}/restore", h.owner(h.restoreRevision))
	mux.Handle("POST /api/workspace/posts/{id}/cover", h.owner(h.newCover))
	mux.Handle("POST /api/workspace/posts/{id}/preview", h.owner(h.newPreviewLink))
	mux.Handle("POST /api/workspace/posts/{id}/newsletter/send", h.owner(h.sendNewsletterNow))
	mux.Handle("POST /api/workspace/posts/{id}/newsletter/test", h.owner(h.testNewsletter))
	mux.Handle("GET /api/workspace/newsletter/outlook", h.owner(h.newsletterOutlook))
	mux.Handle("GET /api/workspace/newsletter/welcome", h.owner(h.getWelcomeEmail))
	mux.Handle("PUT /api/workspace/newsletter/welcome", h.owner(h.putWelcomeEmail))
	mux.Handle("GET /api/workspace/jobs", h.owner(h.listJobs))
	mux.Handle("GET /api/workspace/jobs/{id}", h.owner(h.getJob))
	mux.Handle("POST /api/workspace/jobs/{id}/cancel", h.owner(h.cancelJob))
	mux.Handle("POST /api/workspace/uploads", h.owner(h.uploadFile))
	mux.Handle("GET /api/workspace/media", h.owner(h.listMedia))
	mux.Handle("POST /api/workspace/media", h.owner(h.uploadMedia))
	mux.Handle("POST /api/workspace/media/import", h.owner(h.importMedia))
	mux.Handle("DELETE /api/workspace/media/{id}", h.owner(h.deleteMedia))
	mux.Handle("GET /api/workspace/scheduled", h.owner(h.listPlanned))
	mux.Handle("POST /api/workspace/scheduled", h.owner(h.createPlanned))
	mux.Handle("POST /api/workspace/scheduled/bulk", h.owner(h.bulkSchedule))
	mux.Handle("POST /api/workspace/scheduled/{id}/retry", h.owner(h.retryPlanned))
	mux.Handle("DELETE /api/workspace/scheduled/{id}", h.owner(h.deletePlanned))
	mux.Handle("GET /api/workspace/subscribers", h.owner(h.listSubscribers))
	mux.Handle("GET /api/workspace/subscribers/export", h.owner(h.exportSubscribers))
	mux.Handle("POST /api/workspace/subscribers/import", h.owner(h.importSubscribers))
	mux.Handle("DELETE /api/workspace/subscribers/{id}", h.owner(h.deleteSubscriber))
	mux.Handle("POST /api/workspace/subscribers/{id}/resend", h.owner(h.resendConfirmation))
	mux.Handle("GET /api/workspace/domain", h.owner(h.getDomain))
	mux.Handle("PUT /api/workspace/domain", h.owner(h.putDomain))
	mux.Handle("POST /api/workspace/domain/verify", h.owner(h.verifyDomain))
	mux.Handle("DELETE /api/workspace/domain", h.owner(h.deleteDomain))
	// Admin: every workspace (admin role required).
	mux.Handle("GET /api/admin/workspaces", h.admin(h.adminListWorkspaces))
	mux.Handle("PUT /api/admin/workspaces/{id}/plan", h.admin(h.adminSetPlan))
	mux.Handle("PUT /api/admin/workspaces/{id}/domain", h.admin(h.adminSetDomain))
	mux.Handle("GET /api/admin/posts", h.admin(h.adminListPosts))
	mux.Handle("/api/", handle(func(http.ResponseWriter, *http.Request) error {
		return Errorf(http.StatusNotFound, "not_found", "No such API endpoint")
	}))
	return h.csrf(h.withCaller(mux))
}

// apiFunc is an endpoint that returns its error instead of writing it;
// handle is the one adapter that turns the error into the JSON answer.
type apiFunc func(w http.ResponseWriter, r *http.Request) error

func handle(fn apiFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			WriteError(w, r, err)
		}
	})
}

// owner is who calls an owner endpoint: the signed-in user and the one
// workspace every id in the request is looked up in.
type owner struct {
	*caller
	ws *store.Workspace
}

// ownerFunc is an owner endpoint; the wrapper resolved the caller and their
// workspace once, so the endpoint cannot reach another workspace's rows.
type ownerFunc func(w http.ResponseWriter, r *http.Request, o *owner) error

// owner wraps an endpoint of the caller's existing workspace (401 without a
// session, 404 without a workspace).
func (h *Handler) owner(fn ownerFunc) http.Handler { return h.ownerEndpoint(fn, false) }

// ownerOrNew is owner for the endpoints that first meet a new user (the
// dashboard and onboarding): a user without a workspace gets one.
func (h *Handler) ownerOrNew(fn ownerFunc) http.Handler { return h.ownerEndpoint(fn, true) }

func (h *Handler) ownerEndpoint(fn ownerFunc, create bool) http.Handler {
	return handle(func(w http.ResponseWriter, r *http.Request) error {
		c, ws, err := h.ownerWorkspace(r, create)
		if err != nil {
			return err
		}
		return fn(w, r, &owner{caller: c, ws: ws})
	})
}

// adminFunc is an endpoint for admins only.
type adminFunc func(w http.ResponseWriter, r *http.Request, c *caller) error

// admin wraps an admin endpoint (401 without a session, 403 without the role).
func (h *Handler) admin(fn adminFunc) http.Handler {
	return handle(func(w http.ResponseWriter, r *http.Request) error {
		c, err := requireAdmin(r)
		if err != nil {
			return err
		}
		return fn(w, r, c)
	})
}
