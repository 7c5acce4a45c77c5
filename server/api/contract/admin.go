package contract

// AdminUsage is a workspace's counters of the month with the limits in force
// now.
type AdminUsage struct {
	PostsGenerated  int `json:"postsGenerated"`
	PostsLimit      int `json:"postsLimit"`
	ImagesGenerated int `json:"imagesGenerated"`
	ImagesLimit     int `json:"imagesLimit"`
}

// AdminWorkspace is a workspace in the admin's users table.
type AdminWorkspace struct {
	Workspace
	OwnerEmail string `json:"ownerEmail"`
	// OwnerAdmin: the owner is an admin (unlimited whatever the plan).
	OwnerAdmin bool `json:"ownerAdmin"`
	// Usage is null when the workspace has no row this month ('No data').
	Usage *AdminUsage `json:"usage"`
	// SendingPaused: too many of the blog's recent e-mails were refused or reported as spam, so
	// its newsletters are not sent (its owner sees why on each post).
	SendingPaused bool `json:"sendingPaused"`
}

// AdminWorkspacesResponse is every workspace, newest first.
type AdminWorkspacesResponse struct {
	Workspaces []AdminWorkspace `json:"workspaces"`
}

// SetPlanInput changes a workspace's plan.
type SetPlanInput struct {
	PlanTier PlanTier `json:"planTier"`
}

// AdminPlanResponse answers a plan change: the workspace and its usage with
// the new plan's limits.
type AdminPlanResponse struct {
	Workspace Workspace   `json:"workspace"`
	Usage     *AdminUsage `json:"usage"`
}

// AdminPostsResponse is one page of every workspace's posts.
type AdminPostsResponse struct {
	Posts []PostSummary `json:"posts"`
	Total int           `json:"total"`
}
