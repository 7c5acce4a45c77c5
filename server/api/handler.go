package api

import (
	"net/http"

	"github.com/inkpress/inkpress/internal/auth"
	"github.com/inkpress/inkpress/internal/cache"
	"github.com/inkpress/inkpress/internal/config"
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
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, Errorf(http.StatusNotFound, "not_found", "No such API endpoint"))
	})
	return h.csrf(h.withCaller(mux))
}
