package team

import "testing"

func TestMatrixIsComplete(t *testing.T) {
	seen := map[Action]bool{}
	for _, p := range Matrix {
		if seen[p.Action] {
			t.Errorf("%s listed twice", p.Action)
		}
		seen[p.Action] = true
		if !Valid(p.Min) || p.Doc == "" {
			t.Errorf("%s: min %q, doc %q", p.Action, p.Min, p.Doc)
		}
		// Every stronger role may what a weaker one may.
		for i, r := range Roles {
			if i > 0 && Allows(Roles[i-1], p.Action) && !Allows(r, p.Action) {
				t.Errorf("%s: %s may, %s may not", p.Action, Roles[i-1], r)
			}
		}
		if !Allows(Administrator, p.Action) {
			t.Errorf("%s: the administrator may not", p.Action)
		}
	}
}

func TestAllows(t *testing.T) {
	for _, tt := range []struct {
		role   Role
		action Action
		want   bool
	}{
		{Contributor, WritePosts, true},
		{Contributor, PublishPosts, false},
		{Contributor, ManageMedia, false},
		{Contributor, ManageSubscribers, false},
		{Author, PublishPosts, true},
		{Author, EditAllPosts, false},
		{Editor, EditAllPosts, true},
		{Editor, ManageSchedule, true},
		{Editor, ManageWriters, true},
		{Editor, ManageTeam, false},
		{Editor, ManageSettings, false},
		{Administrator, ManageBilling, true},
		{"", ViewBlog, false},
		{"owner", ViewBlog, false},
		{Administrator, "unknown.action", false},
	} {
		if got := Allows(tt.role, tt.action); got != tt.want {
			t.Errorf("Allows(%q, %q) = %v", tt.role, tt.action, got)
		}
	}
}
