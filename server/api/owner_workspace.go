package api

import (
	"net/http"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/blog"
	"github.com/inkpress/inkpress/internal/blogaddr"
	"github.com/inkpress/inkpress/internal/plan"
	"github.com/inkpress/inkpress/internal/workspace"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// WorkspaceHeader names the blog (its address) an owner request acts on;
// without it, the caller's first blog (an admin's desk). A blog the caller
// is not a member of answers 404, as another tenant's ids do. Only the
// app's own script can send it: a cross-site page cannot set a header
// without a CORS preflight, which the API never grants, and a mutating
// request still needs the CSRF token.
const WorkspaceHeader = "X-InkPress-Workspace"

// ownerWorkspace returns the signed-in caller, their blog and their role
// there. Every owner endpoint goes through it, so ids in a request are only
// ever looked up inside this workspace. With create, a user without a blog
// gets one.
func (h *Handler) ownerWorkspace(r *http.Request, create bool) (*caller, *workspace.Blog, error) {
	c, err := requireUser(r)
	if err != nil {
		return nil, nil, err
	}
	slug := strings.ToLower(strings.TrimSpace(r.Header.Get(WorkspaceHeader)))
	b, err := h.Workspaces.Resolve(r.Context(), c.user, c.isAdmin, create, ownDesk(r), slug)
	if err != nil {
		return nil, nil, err
	}
	return c, b, nil
}

// listWorkspaces lists the caller's blogs and their role on each.
func (h *Handler) listWorkspaces(w http.ResponseWriter, r *http.Request) error {
	c, err := requireUser(r)
	if err != nil {
		return err
	}
	bs, err := h.Workspaces.Mine(r.Context(), c.user, c.isAdmin)
	if err != nil {
		return err
	}
	out := contract.WorkspacesResponse{Workspaces: make([]contract.WorkspaceSummary, len(bs))}
	for i, b := range bs {
		out.Workspaces[i] = toWorkspaceSummary(b)
	}
	return WriteJSON(w, http.StatusOK, out)
}

// createWorkspace creates a blog the caller owns, on their account's plan.
func (h *Handler) createWorkspace(w http.ResponseWriter, r *http.Request) error {
	c, err := requireUser(r)
	if err != nil {
		return err
	}
	var in contract.WorkspaceInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	b, err := h.Workspaces.CreateBlog(r.Context(), c.user, c.isAdmin, workspace.NewBlog{Name: in.Name, Slug: in.Slug})
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusCreated, contract.WorkspaceCreated{Workspace: toWorkspaceSummary(b)})
}

func toWorkspaceSummary(b *workspace.Blog) contract.WorkspaceSummary {
	return contract.WorkspaceSummary{ID: b.Workspace.ID, Slug: b.Workspace.Slug, Name: b.Workspace.Name,
		Role: contract.Role(b.Role), PlanTier: contract.PlanTier(b.Workspace.PlanTier)}
}

// DeskCookie holds an admin's choice of desk: "own" works on the blog they
// own (a personal blog from before admins ran the site workspace), absent
// on the site workspace. Only a blog the caller owns is ever chosen
// (workspace.Service.Desk checks), so the cookie grants nothing.
const DeskCookie = "inkpress_desk"

// ownDesk reports whether the caller asked for their own blog's desk.
func ownDesk(r *http.Request) bool {
	ck, err := r.Cookie(DeskCookie)
	return err == nil && ck.Value == "own"
}

// putDesk switches an admin's desk between the site workspace ("site") and
// the blog they own ("own"), and answers who they are now (Me).
func (h *Handler) putDesk(w http.ResponseWriter, r *http.Request) error {
	c, err := requireAdmin(r)
	if err != nil {
		return err
	}
	var in contract.DeskInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	own := false
	switch in.Blog {
	case "own":
		if _, err := h.Workspaces.OwnBlog(r.Context(), c.user); err != nil {
			return err // workspace_not_found: no blog of their own
		}
		own = true
	case "site":
	default:
		return Errorf(http.StatusBadRequest, "invalid_desk", `Choose "site" or "own"`)
	}
	h.setDeskCookie(w, own)
	me, err := h.me(r.Context(), c, own)
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, me)
}

func (h *Handler) setDeskCookie(w http.ResponseWriter, own bool) {
	ck := &http.Cookie{Name: DeskCookie, Value: "own", Path: "/", MaxAge: 365 * 24 * 3600, HttpOnly: true,
		Secure: h.Config.SecureCookies(), SameSite: http.SameSiteLaxMode}
	if !own {
		ck.Value, ck.MaxAge = "", -1
	}
	http.SetCookie(w, ck)
}

// ownerBlog is the workspace's public blog, for canonical post URLs.
func (h *Handler) ownerBlog(ws *store.Workspace) *blogaddr.Blog {
	b := &blogaddr.Blog{Workspace: ws, Origin: h.Config.BaseURL}
	if ws.Slug != h.Config.SiteWorkspace {
		b.Prefix = "/blog/" + ws.Slug
	}
	return b
}

// toUsageJSON shows the month's usage row of a workspace to its owner.
func toUsageJSON(u *store.Usage, ws *store.Workspace, isAdmin bool, now time.Time) contract.Usage {
	unlimited := u.PostsLimit >= plan.Unlimited
	return contract.Usage{Month: u.Month, PostsGenerated: u.PostsGenerated, PostsLimit: u.PostsLimit,
		ImagesGenerated: u.ImagesGenerated, ImagesLimit: u.ImagesLimit,
		Trial: !unlimited && plan.AllowanceAt(ws.PlanTier, isAdmin, ws.CreatedAt, now).Trial, Unlimited: unlimited}
}

func (h *Handler) getWorkspace(w http.ResponseWriter, r *http.Request, o *owner) error {
	ov, err := h.Workspaces.Overview(r.Context(), o.ws, o.isAdmin)
	if err != nil {
		return err
	}
	b := h.ownerBlog(o.ws)
	if sb, err := h.Site.BySlug(r.Context(), o.ws.Slug); err == nil {
		b = sb // on its verified custom domain, if it has one
	}
	ms, err := h.mailStatus(r, o) // newsletter.go
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.WorkspaceResponse{
		Workspace: toWorkspaceJSON(o.ws), Settings: toSettingsJSON(ov.Settings), Usage: toUsageJSON(ov.Usage, o.ws, o.isAdmin, time.Now()),
		Plan: contract.Plan(ov.Plan), BlogURL: b.URL(b.Prefix), RSSURL: b.URL(b.Prefix + "/feed.xml"),
		Drafts: ov.Drafts, Site: ov.Site, Mail: ms,
		PostStorage: contract.PostStorage{Bytes: ov.PostBytes, LimitBytes: max(ov.Plan.Posts().Bytes, 0),
			RevisionsKept: ov.Plan.Posts().Revisions},
	})
}

func toSettingsInput(in contract.SettingsInput) blog.SettingsInput {
	return blog.SettingsInput{Title: in.BlogTitle, Description: in.BlogDescription, Template: string(in.TemplateID),
		Color: in.PrimaryColor, Font: in.FontFamily, ReviewAIPosts: in.ReviewAIPosts, BrandVoice: in.BrandVoice,
		Language: (*string)(in.Language), DefaultTone: (*string)(in.DefaultTone), DefaultLength: (*string)(in.DefaultLength),
		NewsletterEnabled: in.NewsletterEnabled, NewsletterFullText: in.NewsletterFullText, ReplyTo: in.ReplyTo}
}

func (h *Handler) putSettings(w http.ResponseWriter, r *http.Request, o *owner) error {
	var in contract.SettingsInput
	if err := Decode(w, r, &in); err != nil {
		return err
	}
	set, err := h.Blog.UpdateSettings(r.Context(), o.ws, toSettingsInput(in))
	if err != nil {
		return err
	}
	return WriteJSON(w, http.StatusOK, contract.SettingsResponse{Settings: toSettingsJSON(set)})
}
