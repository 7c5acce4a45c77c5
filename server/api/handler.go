package api

import (
	"net/http"

	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/media"
	"github.com/inkpress/inkpress/internal/posts"
	"github.com/inkpress/inkpress/internal/site"
	"github.com/inkpress/inkpress/internal/views"
	"github.com/inkpress/inkpress/store"
)

// Handler serves /api/.
type Handler struct {
	Config *config.Config
	Store  store.Store
	Auth   *auth.Service
	Posts  *posts.Service
	Cache  *cache.Cache
	Site   *site.Site
	Views  *views.Counter
	// Owner endpoints: uploads and the media library, and generation.
	Media     media.Storage
	Generator *generate.Service
}

// Routes returns the API's handler (mounted at /api/ by the server).
func (h *Handler) Routes() http.Handler {
	mux := http.NewServeMux()
	// Public reads.
	mux.HandleFunc("GET /api/site", h.getSite)
	mux.HandleFunc("GET /api/plans", h.getPlans)
	mux.HandleFunc("GET /api/categories", h.getCategories)
	mux.HandleFunc("GET /api/posts", h.listPosts)
	mux.HandleFunc("GET /api/posts/{category}/{slug}", h.getPost)
	mux.HandleFunc("GET /api/blogs/{workspace}", h.getBlog)
	mux.HandleFunc("POST /api/subscribers", h.subscribe)
	// Auth.
	mux.HandleFunc("GET /api/auth/me", h.getMe)
	mux.HandleFunc("POST /api/auth/signup", h.signUp)
	mux.HandleFunc("POST /api/auth/login", h.login)
	mux.HandleFunc("POST /api/auth/logout", h.logout)
	// Owner: always the caller's own workspace.
	mux.HandleFunc("GET /api/workspace", h.getWorkspace)
	mux.HandleFunc("PUT /api/workspace/settings", h.putSettings)
	mux.HandleFunc("POST /api/onboarding", h.completeOnboarding)
	mux.HandleFunc("POST /api/onboarding/skip", h.skipOnboarding)
	mux.HandleFunc("GET /api/workspace/categories", h.listOwnerCategories)
	mux.HandleFunc("POST /api/workspace/categories", h.createCategory)
	mux.HandleFunc("PUT /api/workspace/categories/{id}", h.updateCategory)
	mux.HandleFunc("DELETE /api/workspace/categories/{id}", h.deleteCategory)
	mux.HandleFunc("GET /api/workspace/posts", h.listOwnerPosts)
	mux.HandleFunc("POST /api/workspace/posts/generate", h.generatePost)
	mux.HandleFunc("POST /api/workspace/posts/bulk-delete", h.bulkDeletePosts)
	mux.HandleFunc("GET /api/workspace/posts/{id}", h.getOwnerPost)
	mux.HandleFunc("PATCH /api/workspace/posts/{id}", h.patchOwnerPost)
	mux.HandleFunc("DELETE /api/workspace/posts/{id}", h.deleteOwnerPost)
	mux.HandleFunc("POST /api/workspace/uploads", h.uploadFile)
	mux.HandleFunc("GET /api/workspace/media", h.listMedia)
	mux.HandleFunc("POST /api/workspace/media", h.uploadMedia)
	mux.HandleFunc("DELETE /api/workspace/media/{id}", h.deleteMedia)
	mux.HandleFunc("GET /api/workspace/scheduled", h.listScheduled)
	mux.HandleFunc("POST /api/workspace/scheduled", h.createScheduled)
	mux.HandleFunc("POST /api/workspace/scheduled/bulk", h.bulkSchedule)
	mux.HandleFunc("POST /api/workspace/scheduled/{id}/retry", h.retryScheduled)
	mux.HandleFunc("DELETE /api/workspace/scheduled/{id}", h.deleteScheduled)
	// Admin: every workspace (admin role required).
	mux.HandleFunc("GET /api/admin/workspaces", h.adminListWorkspaces)
	mux.HandleFunc("PUT /api/admin/workspaces/{id}/plan", h.adminSetPlan)
	mux.HandleFunc("GET /api/admin/posts", h.adminListPosts)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, Errorf(http.StatusNotFound, "not_found", "No such API endpoint"))
	})
	return h.csrf(h.withCaller(mux))
}
