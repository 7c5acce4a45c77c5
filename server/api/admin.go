package api

import (
	"cmp"
	"net/http"
	"strconv"

	"github.com/inkpress/inkpress/internal/reader"
	"github.com/inkpress/inkpress/internal/workspace"
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

// toAdminUsage shows a usage row to the admin (nil: none this month).
func toAdminUsage(u *store.Usage) *contract.AdminUsage {
	if u == nil {
		return nil
	}
	return &contract.AdminUsage{PostsGenerated: u.PostsGenerated, PostsLimit: u.PostsLimit,
		ImagesGenerated: u.ImagesGenerated, ImagesLimit: u.ImagesLimit}
}

func (h *Handler) adminListWorkspaces(w http.ResponseWriter, r *http.Request, _ *caller) error {
	list, err := h.Workspaces.List(r.Context())
	if err != nil {
		return err
	}
	paused, err := h.Newsletter.PausedBlogs(r.Context())
	if err != nil {
		return err
	}
	out := contract.AdminWorkspacesResponse{Workspaces: make([]contract.AdminWorkspace, len(list))}
	for i, o := range list {
		out.Workspaces[i] = contract.AdminWorkspace{Workspace: toWorkspaceJSON(&o.Workspace), OwnerEmail: o.OwnerEmail,
			OwnerAdmin: o.OwnerAdmin, Usage: toAdminUsage(o.Usage), SendingPaused: paused[o.Workspace.ID]}
	}
	return WriteJSON(w, http.StatusOK, out)
}

// adminSetPlan changes a workspace's plan; the answer's usage carries the
// new plan's limits.
func (h *Handler) adminSetPlan(w http.ResponseWriter, r *http.Request, _ *caller) error {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return workspace.ErrNotFound
	}
	var in contract.SetPlanInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	ws, u, err := h.Workspaces.SetPlan(r.Context(), id, string(in.PlanTier))
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.AdminPlanResponse{Workspace: toWorkspaceJSON(ws), Usage: toAdminUsage(u)})
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
	return WriteJSON(w, http.StatusOK, contract.AdminPostsResponse{Posts: out, Total: total})
}

// summariesAcross summarises posts of several workspaces, each with its
// own blog URL and category names (one lookup per workspace on the page).
func (h *Handler) summariesAcross(r *http.Request, ps []*store.Post) ([]contract.PostSummary, error) {
	type wsInfo struct {
		ws    *store.Workspace
		names map[string]string
		title string
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
			set, err := reader.SettingsOf(r.Context(), h.Store, ws)
			if err != nil {
				return nil, err
			}
			info = &wsInfo{ws: ws, names: names, title: cmp.Or(set.BlogTitle, ws.Name)}
			seen[p.WorkspaceID] = info
		}
		out[i] = summarize(h.ownerBlog(info.ws), p, info.names)
		out[i].BlogName = info.title
	}
	return out, nil
}
