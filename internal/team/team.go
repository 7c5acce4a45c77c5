// Package team is who may do what on a blog: the four roles of its members
// and the one permission matrix (role x action). The API checks an action
// for every owner endpoint, the posts service checks the "own posts" rules,
// and the app gets the matrix generated (tools/tsgen) to hide what a role
// cannot do.
package team

import (
	"slices"

	"github.com/inkpress/inkpress/internal/apperr"
)

// Role is a member's role on a blog.
type Role string

// The roles, weakest first: each may do what the one before it may.
const (
	// Contributor writes and edits their own drafts and submits them for
	// review; publishes nothing.
	Contributor Role = "contributor"
	// Author publishes and edits their own posts.
	Author Role = "author"
	// Editor runs the blog's content: every post, categories, the
	// schedule, the media library; invites and removes authors and
	// contributors.
	Editor Role = "editor"
	// Administrator runs everything, the blog's settings, team and billing
	// included. A blog's owner is one.
	Administrator Role = "administrator"
)

// Roles are the roles, weakest first.
var Roles = []Role{Contributor, Author, Editor, Administrator}

// Valid reports whether r is a role.
func Valid(r Role) bool { return slices.Contains(Roles, r) }

// rank orders the roles (0 for an unknown one: below every role).
func rank(r Role) int { return slices.Index(Roles, r) + 1 }

// AtLeast reports whether r is min or a stronger role.
func AtLeast(r, min Role) bool { return rank(r) > 0 && rank(r) >= rank(min) }

// Action is something a member may or may not do on a blog.
type Action string

// Actions. Each owner endpoint names one (server/api); some name what no
// endpoint does alone but the app shows or hides (publishing, others' posts).
const (
	// ViewBlog: the dashboard, the blog's categories and brand.
	ViewBlog Action = "blog.view"
	// OwnProfile: the member's own author profile.
	OwnProfile Action = "profile.own"
	// WritePosts: write posts and edit one's own drafts (the list shows a
	// contributor or author only their own posts), upload a post's
	// images, pick from the media library.
	WritePosts Action = "posts.write"
	// PublishPosts: publish or schedule one's own posts.
	PublishPosts Action = "posts.publish"
	// GeneratePosts: AI posts and covers (they spend the plan's allowance)
	// and their jobs.
	GeneratePosts Action = "posts.generate"
	// EditAllPosts: anyone's posts.
	EditAllPosts Action = "posts.all"
	// ManageCategories: add, edit and delete categories (and tags).
	ManageCategories Action = "categories.manage"
	// ManageSchedule: the Scheduled Posts screen (planned generations).
	ManageSchedule Action = "schedule.manage"
	// ManageMedia: upload to and delete from the shared media library.
	ManageMedia Action = "media.manage"
	// ManageWriters: invite and remove authors and contributors.
	ManageWriters Action = "team.writers"
	// ManageTeam: every member, editors and administrators included.
	ManageTeam Action = "team.manage"
	// ManageSettings: settings, address, brand, onboarding.
	ManageSettings Action = "settings.manage"
	// ManageDomain: the custom domain.
	ManageDomain Action = "domain.manage"
	// ManageNewsletter: the newsletter (welcome e-mail, sending a post).
	ManageNewsletter Action = "newsletter.manage"
	// ManageSubscribers: see and change the subscriber list.
	ManageSubscribers Action = "subscribers.manage"
	// ManageAPIKeys: the blog's API keys.
	ManageAPIKeys Action = "apikeys.manage"
	// ManageBilling: the plan, the data export, deleting the blog.
	ManageBilling Action = "billing.manage"
)

// Permission is one row of the matrix: the weakest role allowed the action
// (every stronger role is too).
type Permission struct {
	Action Action
	Min    Role
	// Doc says what the action covers, for the generated table.
	Doc string
}

// Matrix is the permission matrix, the one place that says it.
var Matrix = []Permission{
	{ViewBlog, Contributor, "see the dashboard, the blog's categories and brand"},
	{OwnProfile, Contributor, "edit one's own author profile"},
	{WritePosts, Contributor, "write posts and edit one's own drafts; upload a post's images"},
	{PublishPosts, Author, "publish and schedule one's own posts"},
	{GeneratePosts, Author, "generate posts and covers with AI"},
	{EditAllPosts, Editor, "edit, publish and delete anyone's posts"},
	{ManageCategories, Editor, "add, edit and delete categories"},
	{ManageSchedule, Editor, "plan generated posts (Scheduled Posts)"},
	{ManageMedia, Editor, "upload to and delete from the media library"},
	{ManageWriters, Editor, "invite and remove authors and contributors"},
	{ManageTeam, Administrator, "invite and remove any member"},
	{ManageSettings, Administrator, "change the blog's settings, address and brand"},
	{ManageDomain, Administrator, "set the custom domain"},
	{ManageNewsletter, Administrator, "run the newsletter"},
	{ManageSubscribers, Administrator, "see and change the subscribers"},
	{ManageAPIKeys, Administrator, "manage API keys"},
	{ManageBilling, Administrator, "the plan, data exports and deleting the blog"},
}

// Known reports whether a is in the matrix.
func Known(a Action) bool {
	_, ok := minRole(a)
	return ok
}

func minRole(a Action) (Role, bool) {
	for _, p := range Matrix {
		if p.Action == a {
			return p.Min, true
		}
	}
	return "", false
}

// Allows reports whether role r may do a. An action not in the matrix is
// allowed to nobody.
func Allows(r Role, a Action) bool {
	min, ok := minRole(a)
	return ok && AtLeast(r, min)
}

// Member is who acts on a blog: a user and their role there.
type Member struct {
	UserID int64
	Role   Role
}

// May reports whether m may do a.
func (m Member) May(a Action) bool { return Allows(m.Role, a) }

// Check is nil when m may do a, else the refusal to answer.
func (m Member) Check(a Action) error {
	if m.May(a) {
		return nil
	}
	return apperr.Newf(apperr.Forbidden, CodeForbidden, "Your role on this blog (%s) does not allow this", Label(m.Role))
}

// CodeForbidden is the code of a refusal for the caller's role.
const CodeForbidden = "role_forbidden"

// Label is a role's name as people read it.
func Label(r Role) string {
	switch r {
	case Contributor:
		return "Contributor"
	case Author:
		return "Author"
	case Editor:
		return "Editor"
	case Administrator:
		return "Administrator"
	}
	return string(r)
}
