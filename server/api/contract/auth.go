package contract

// Me is who the caller is: GET /api/auth/me, and the answer of sign-up and
// login. User and Workspace are null for a visitor (and Workspace for a user
// without one).
type Me struct {
	User                *User      `json:"user"`
	IsAdmin             bool       `json:"isAdmin"`
	Workspace           *Workspace `json:"workspace"`
	OnboardingCompleted bool       `json:"onboardingCompleted"`
	// Verified: the user's e-mail address is verified (false when signed
	// out); the app reminds unverified users.
	Verified bool `json:"verified"`
	// OwnBlog is, for an admin who owns a blog besides the site's (a
	// personal blog from before admins ran the site workspace), that blog:
	// PUT /api/auth/desk switches the desk (Workspace) to it and back.
	OwnBlog *Workspace `json:"ownBlog,omitempty"`
	// Restored is set on the answer of a login that undid the account's
	// deletion (signing in during its grace restores it).
	Restored bool `json:"restored,omitempty"`
}

// DeskInput chooses an admin's desk: "site" (the platform's blog) or "own"
// (the blog they own, Me.OwnBlog).
type DeskInput struct {
	Blog string `json:"blog"`
}

// SignUpInput is the sign-up form; BlogName may be left out.
type SignUpInput struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Password string `json:"password"`
	BlogName string `json:"blogName"`
}

// LoginInput is the login form.
type LoginInput struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}
