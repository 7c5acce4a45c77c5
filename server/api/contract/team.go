package contract

// Role is a member's role on a blog (internal/team: what each may do is
// the generated PERMISSIONS table).
type Role string

// WorkspaceSummary is one of the caller's blogs and their role on it.
type WorkspaceSummary struct {
	ID       int64    `json:"id"`
	Slug     string   `json:"slug"`
	Name     string   `json:"name"`
	Role     Role     `json:"role"`
	PlanTier PlanTier `json:"planTier"`
}

// WorkspacesResponse answers GET /api/workspaces: the blogs the caller
// works on, their first (the owner endpoints' default) first.
type WorkspacesResponse struct {
	Workspaces []WorkspaceSummary `json:"workspaces"`
}

// WorkspaceInput creates a blog (POST /api/workspaces): its name and
// address, checked as onboarding checks one.
type WorkspaceInput struct {
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// WorkspaceCreated answers POST /api/workspaces (201).
type WorkspaceCreated struct {
	Workspace WorkspaceSummary `json:"workspace"`
}
