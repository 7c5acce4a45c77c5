package api

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/inkpress/inkpress/internal/generate"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

var errNotAdmin = Errorf(http.StatusForbidden, "forbidden", "You must be an admin to access this page")

// requireAdmin answers 401 to visitors and 403 to signed-in non-admins.
func requireAdmin(r *http.Request) (*caller, error) {
	c, err := requireUser(r)
	if err != nil {
		return nil, err
	}
	if !c.isAdmin {
		return nil, errNotAdmin
	}
	return c, nil
}

type adminUsageJSON struct {
	PostsGenerated  int `json:"postsGenerated"`
	PostsLimit      int `json:"postsLimit"`
	ImagesGenerated int `json:"imagesGenerated"`
	ImagesLimit     int `json:"imagesLimit"`
}

type adminWorkspaceJSON struct {
	*contract.Workspace
	OwnerEmail string          `json:"ownerEmail"`
	Usage      *adminUsageJSON `json:"usage"` // null: no row this month ('No data')
}

// adminUsage shows the month's counters with the limits in force now: a
// row keeps the limits it was last synced with (the trial's, an old
// plan's) until its owner next generates, and the admin should see what
// that generation will enforce.
func adminUsage(u *store.Usage, ws *store.Workspace, ownerAdmin bool, now time.Time) *adminUsageJSON {
	if u == nil {
		return nil
	}
	posts, images := plan.Limits(ws.PlanTier, ws.CreatedAt, now, ownerAdmin)
	return &adminUsageJSON{PostsGenerated: u.PostsGenerated, PostsLimit: posts, ImagesGenerated: u.ImagesGenerated, ImagesLimit: images}
}

func (h *Handler) adminListWorkspaces(w http.ResponseWriter, r *http.Request, _ *caller) error {
	now := time.Now()
	list, err := h.Store.ListWorkspaceOverviews(r.Context(), plan.Month(now))
	if err != nil {
		return err
	}
	out := make([]adminWorkspaceJSON, len(list))
	for i, o := range list {
		out[i] = adminWorkspaceJSON{Workspace: toWorkspaceJSON(&o.Workspace), OwnerEmail: o.OwnerEmail,
			Usage: adminUsage(o.Usage, &o.Workspace, o.OwnerAdmin, now)}
	}
	return WriteJSON(w, http.StatusOK, map[string]any{"workspaces": out})
}

// adminSetPlan changes a workspace's plan; this month's usage row takes the
// new plan's limits at once (the counters are kept).
func (h *Handler) adminSetPlan(w http.ResponseWriter, r *http.Request, _ *caller) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return errWorkspaceNotFound
	}
	var in struct {
		PlanTier string `json:"planTier"`
	}
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	if !plan.Valid(in.PlanTier) {
		return Errorf(http.StatusBadRequest, "invalid_plan", "Unknown plan: use starter, professional, agency or admin")
	}
	ctx := r.Context()
	ws, err := h.Store.UpdateWorkspace(ctx, store.UpdateWorkspace{ID: id, PlanTier: &in.PlanTier})
	if errors.Is(err, store.ErrNotFound) {
		err = errWorkspaceNotFound
	}
	if err != nil {
		return err
	}
	ownerAdmin := false
	if ws.UserID != 0 {
		if ownerAdmin, err = h.Store.HasRole(ctx, ws.UserID, store.RoleAdmin); err != nil {
			return err
		}
	}
	now := time.Now()
	u, err := generate.Usage(ctx, h.Store, ws, ownerAdmin, now)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, map[string]any{"workspace": toWorkspaceJSON(ws), "usage": adminUsage(u, ws, ownerAdmin, now)})
}

// adminListPosts lists posts of every workspace, newest first.
func (h *Handler) adminListPosts(w http.ResponseWriter, r *http.Request, _ *caller) error {
	ps, total, err := h.postPage(r, store.FindPost{})
	if err != nil {
		return err
	}
	out, err := h.summariesAcross(r, ps)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, map[string]any{"posts": out, "total": total})
}

// summariesAcross summarises posts of several workspaces, each with its
// own blog URL and category names (one lookup per workspace on the page).
func (h *Handler) summariesAcross(r *http.Request, ps []*store.Post) ([]contract.PostSummary, error) {
	type wsInfo struct {
		ws    *store.Workspace
		names map[string]string
	}
	seen := map[int64]*wsInfo{}
	out := make([]contract.PostSummary, len(ps))
	for i, p := range ps {
		info := seen[p.WorkspaceID]
		if info == nil {
			ws, err := h.Store.GetWorkspace(r.Context(), store.FindWorkspace{ID: &p.WorkspaceID})
			if err != nil {
				return nil, err
			}
			names, err := h.categoryNames(r.Context(), ws.ID)
			if err != nil {
				return nil, err
			}
			info = &wsInfo{ws: ws, names: names}
			seen[p.WorkspaceID] = info
		}
		out[i] = summarize(h.ownerBlog(info.ws), p, info.names)
	}
	return out, nil
}
