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
	"github.com/inkpress/inkpress/internal/team"
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
	mux.Handle("POST "+ComplaintsPath, handle(h.complaint))
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
	mux.Handle("POST /api/account/email/confirm", handle(h.confirmEmail))
	// Owner: the blog the request names (WorkspaceHeader), else the caller's
	// first; each endpoint is allowed to the roles the team matrix says.
	for _, e := range h.ownerRoutes() {
		mux.Handle(e.pattern, h.ownerEndpoint(e.action, e.fn, e.create))
	}
	// The caller's blogs (several per account).
	mux.Handle("GET /api/workspaces", handle(h.listWorkspaces))
	mux.Handle("POST /api/workspaces", handle(h.createWorkspace))
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

// ownerRoute is an owner endpoint: its pattern, the action (internal/team)
// the caller's role must allow, and whether a user without a blog gets one
// (the endpoints that first meet a new user: the dashboard, onboarding).
type ownerRoute struct {
	pattern string
	action  team.Action
	fn      ownerFunc
	create  bool
}

// ownerRoutes is every owner endpoint: Routes registers exactly these, and
// the permission test calls each as every role.
func (h *Handler) ownerRoutes() []ownerRoute {
	return []ownerRoute{
		{"GET /api/account/export", team.ManageBilling, h.getExport, false},
		{"POST /api/account/export", team.ManageBilling, h.requestExport, false},
		{"GET " + ExportDownloadPath, team.ManageBilling, h.downloadExport, false},
		{"GET /api/workspace", team.ViewBlog, h.getWorkspace, true},
		{"PUT /api/workspace/settings", team.ManageSettings, h.putSettings, false},
		{"GET /api/workspace/address", team.ManageSettings, h.checkAddress, true},
		{"PUT /api/workspace/address", team.ManageSettings, h.putAddress, false},
		{"GET /api/workspace/brand", team.ViewBlog, h.getBrand, false},
		{"PUT /api/workspace/brand", team.ManageSettings, h.putBrand, false},
		{"GET /api/workspace/author", team.OwnProfile, h.getProfile, false},
		{"PUT /api/workspace/author", team.OwnProfile, h.putProfile, false},
		{"POST /api/onboarding", team.ManageSettings, h.completeOnboarding, true},
		{"POST /api/onboarding/skip", team.ManageSettings, h.skipOnboarding, true},
		{"GET /api/workspace/categories", team.ViewBlog, h.listOwnerCategories, false},
		{"POST /api/workspace/categories", team.ManageCategories, h.createCategory, false},
		{"PUT /api/workspace/categories/{id}", team.ManageCategories, h.updateCategory, false},
		{"DELETE /api/workspace/categories/{id}", team.ManageCategories, h.deleteCategory, false},
		{"GET /api/workspace/posts", team.WritePosts, h.listOwnerPosts, false},
		{"POST /api/workspace/posts", team.WritePosts, h.createOwnerPost, false},
		{"POST /api/workspace/posts/generate", team.GeneratePosts, h.generatePost, false},
		{"POST /api/workspace/posts/bulk-delete", team.WritePosts, h.bulkDeletePosts, false},
		{"GET /api/workspace/posts/{id}", team.WritePosts, h.getOwnerPost, false},
		{"PATCH /api/workspace/posts/{id}", team.WritePosts, h.patchOwnerPost, false},
		{"DELETE /api/workspace/posts/{id}", team.WritePosts, h.deleteOwnerPost, false},
		{"GET /api/workspace/posts/{id}/revisions", team.WritePosts, h.listRevisions, false},
		{"POST /api/workspace/posts/{id}/revisions/{rev}/restore", team.WritePosts, h.restoreRevision, false},
		{"POST /api/workspace/posts/{id}/cover", team.GeneratePosts, h.newCover, false},
		{"POST /api/workspace/posts/{id}/preview", team.WritePosts, h.newPreviewLink, false},
		{"POST /api/workspace/posts/{id}/newsletter/send", team.ManageNewsletter, h.sendNewsletterNow, false},
		{"POST /api/workspace/posts/{id}/newsletter/test", team.ManageNewsletter, h.testNewsletter, false},
		{"GET /api/workspace/newsletter/outlook", team.PublishPosts, h.newsletterOutlook, false},
		{"GET /api/workspace/newsletter/welcome", team.ManageNewsletter, h.getWelcomeEmail, false},
		{"PUT /api/workspace/newsletter/welcome", team.ManageNewsletter, h.putWelcomeEmail, false},
		{"GET /api/workspace/jobs", team.GeneratePosts, h.listJobs, false},
		{"GET /api/workspace/jobs/{id}", team.GeneratePosts, h.getJob, false},
		{"POST /api/workspace/jobs/{id}/cancel", team.GeneratePosts, h.cancelJob, false},
		{"POST /api/workspace/uploads", team.WritePosts, h.uploadFile, false},
		{"GET /api/workspace/media", team.WritePosts, h.listMedia, false},
		{"POST /api/workspace/media", team.ManageMedia, h.uploadMedia, false},
		{"POST /api/workspace/media/import", team.WritePosts, h.importMedia, false}, // a pasted image is the post's
		{"DELETE /api/workspace/media/{id}", team.ManageMedia, h.deleteMedia, false},
		{"GET /api/workspace/scheduled", team.ManageSchedule, h.listPlanned, false},
		{"POST /api/workspace/scheduled", team.ManageSchedule, h.createPlanned, false},
		{"POST /api/workspace/scheduled/bulk", team.ManageSchedule, h.bulkSchedule, false},
		{"POST /api/workspace/scheduled/{id}/retry", team.ManageSchedule, h.retryPlanned, false},
		{"DELETE /api/workspace/scheduled/{id}", team.ManageSchedule, h.deletePlanned, false},
		{"GET /api/workspace/subscribers", team.ManageSubscribers, h.listSubscribers, false},
		{"GET /api/workspace/subscribers/export", team.ManageSubscribers, h.exportSubscribers, false},
		{"POST /api/workspace/subscribers/import", team.ManageSubscribers, h.importSubscribers, false},
		{"DELETE /api/workspace/subscribers/{id}", team.ManageSubscribers, h.deleteSubscriber, false},
		{"POST /api/workspace/subscribers/{id}/resend", team.ManageSubscribers, h.resendConfirmation, false},
		{"GET /api/workspace/domain", team.ManageDomain, h.getDomain, false},
		{"PUT /api/workspace/domain", team.ManageDomain, h.putDomain, false},
		{"POST /api/workspace/domain/verify", team.ManageDomain, h.verifyDomain, false},
		{"DELETE /api/workspace/domain", team.ManageDomain, h.deleteDomain, false},
	}
}

// OwnerEndpoint is an owner endpoint's pattern and the action it needs.
type OwnerEndpoint struct {
	Pattern string
	Action  team.Action
}

// OwnerEndpoints lists every owner endpoint Routes registers, for tests.
func OwnerEndpoints() []OwnerEndpoint {
	var out []OwnerEndpoint
	for _, r := range (&Handler{}).ownerRoutes() {
		out = append(out, OwnerEndpoint{Pattern: r.pattern, Action: r.action})
	}
	return out
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

// owner is who calls an owner endpoint: the signed-in user, the one
// workspace every id in the request is looked up in, and their role there.
type owner struct {
	*caller
	ws     *store.Workspace
	member team.Member
}

// ownerFunc is an owner endpoint; the wrapper resolved the caller and their
// workspace once, so the endpoint cannot reach another workspace's rows,
// and checked that their role allows the endpoint's action.
type ownerFunc func(w http.ResponseWriter, r *http.Request, o *owner) error

// ownerEndpoint wraps an endpoint of the caller's blog (401 without a
// session, 404 without a blog or for one they are not a member of, 403
// when their role does not allow action). With create, a user without a
// blog gets one.
func (h *Handler) ownerEndpoint(action team.Action, fn ownerFunc, create bool) http.Handler {
	return handle(func(w http.ResponseWriter, r *http.Request) error {
		c, b, err := h.ownerWorkspace(r, create)
		if err != nil {
			return err
		}
		m := team.Member{UserID: c.user.ID, Role: b.Role}
		if err := m.Check(action); err != nil {
			return err
		}
		return fn(w, r, &owner{caller: c, ws: b.Workspace, member: m})
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
