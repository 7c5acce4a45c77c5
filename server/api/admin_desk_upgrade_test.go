package api_test

import (
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store/migration"
	"github.com/inkpress/inkpress/store/storetest"
)

// caf7d21Version is the newest migration of caf7d21, the release in which
// an admin still had a personal blog of their own (later releases give an
// admin's desk the site workspace).
const caf7d21Version = 3

// An upgrade from caf7d21 does not strand the admin's former personal blog:
// its posts stay public, and the admin can switch the desk to that blog
// (PUT /api/auth/desk) and manage them, then back to the platform's blog.
// Nobody else can switch, and nobody reaches a blog they do not own.
func TestUpgradeKeepsTheAdminsFormerBlogManageable(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			var url, driver, dsn string
			if dialect == "sqlite" {
				path := filepath.Join(t.TempDir(), "old.db")
				url, driver, dsn = "sqlite:"+path, "sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)"
			} else {
				url = storetest.PostgresURL(t)
				driver, dsn = "pgx", url
			}
			postID := writeCaf7d21AdminBlog(t, driver, dsn, dialect)

			a := apptest.Start(t, url)
			admin := a.Client(t)
			var me contract.Me
			if r := admin.Do(http.MethodPost, "/api/auth/login", map[string]string{"email": "boss@x.io", "password": "secret123"}); r.StatusCode != http.StatusOK {
				t.Fatalf("admin login after the upgrade: %d %s", r.StatusCode, r.Body)
			} else {
				r.JSON(t, &me)
			}
			if me.Workspace == nil || me.Workspace.Slug != "site" || me.OwnBlog == nil || me.OwnBlog.Slug != "oldblog" {
				t.Fatalf("me = workspace %+v, own blog %+v; want the site's desk and oldblog offered", me.Workspace, me.OwnBlog)
			}
			post := fmt.Sprintf("/api/workspace/posts/%d", postID)
			// The post is public, but not on the site's desk.
			anon := a.Client(t)
			if r := anon.Get("/blog/oldblog/baking/rye-bread"); r.StatusCode != http.StatusOK {
				t.Fatalf("the old blog's post answers %d to readers", r.StatusCode)
			}
			if r := admin.Get(post); r.StatusCode != http.StatusNotFound {
				t.Fatalf("on the site's desk the old blog's post answers %d", r.StatusCode)
			}

			r := admin.Do(http.MethodPut, "/api/auth/desk", map[string]string{"blog": "own"})
			if r.StatusCode != http.StatusOK {
				t.Fatalf("switch to the own blog: %d %s", r.StatusCode, r.Body)
			}
			r.JSON(t, &me)
			if me.Workspace == nil || me.Workspace.Slug != "oldblog" {
				t.Fatalf("after the switch the desk is %+v", me.Workspace)
			}
			if r := admin.Get("/api/auth/me"); !strings.Contains(string(r.Body), `"slug":"oldblog"`) {
				t.Fatalf("me after the switch: %s", r.Body)
			}
			if r := admin.Get(post); r.StatusCode != http.StatusOK {
				t.Fatalf("on the own blog's desk the post answers %d %s", r.StatusCode, r.Body)
			}
			if r := admin.Do(http.MethodPatch, post, map[string]any{"title": "Rye bread, darker"}); r.StatusCode != http.StatusOK {
				t.Fatalf("edit the old blog's post: %d %s", r.StatusCode, r.Body)
			}
			if r := anon.Get("/blog/oldblog/baking/rye-bread"); !strings.Contains(string(r.Body), "Rye bread, darker") {
				t.Errorf("the edit does not show on the old blog (%d)", r.StatusCode)
			}
			if r := admin.Get("/api/workspace/categories"); !strings.Contains(string(r.Body), `"baking"`) {
				t.Errorf("the old blog's categories on its desk: %s", r.Body)
			}

			// Back to the platform's blog.
			if r := admin.Do(http.MethodPut, "/api/auth/desk", map[string]string{"blog": "site"}); r.StatusCode != http.StatusOK {
				t.Fatalf("switch back: %d %s", r.StatusCode, r.Body)
			}
			if r := admin.Get(post); r.StatusCode != http.StatusNotFound {
				t.Errorf("back on the site's desk the post answers %d", r.StatusCode)
			}
			if r := admin.Do(http.MethodPut, "/api/auth/desk", map[string]string{"blog": "theirs"}); r.StatusCode != http.StatusBadRequest {
				t.Errorf("an unknown desk: %d", r.StatusCode)
			}

			// An owner cannot switch; an owner's "own" cookie changes nothing.
			owner := a.Client(t)
			if r := owner.SignUp("Olive", "olive@x.io", "secret123"); r.StatusCode != http.StatusCreated {
				t.Fatalf("sign up: %d %s", r.StatusCode, r.Body)
			}
			if r := owner.Do(http.MethodPut, "/api/auth/desk", map[string]string{"blog": "own"}); r.StatusCode != http.StatusForbidden {
				t.Errorf("an owner switching desks: %d", r.StatusCode)
			}
			if r := owner.Get(post); r.StatusCode != http.StatusNotFound {
				t.Errorf("another owner reads the admin's post: %d", r.StatusCode)
			}
		})
	}
}

// writeCaf7d21AdminBlog builds caf7d21's schema and writes what it held for
// an admin: the account, its role, its personal blog with a category and a
// published post. It returns the post's id.
func writeCaf7d21AdminBlog(t *testing.T, driver, dsn, dialect string) int64 {
	t.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := migration.ApplyTo(t.Context(), db, dialect, caf7d21Version); err != nil {
		t.Fatalf("migrate to %d: %v", caf7d21Version, err)
	}
	hash, err := bcrypt.GenerateFromPassword([]byte("secret123"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().Add(-time.Hour).UnixMilli()
	var uid, wsID, postID int64
	if err := db.QueryRow(`INSERT INTO users (email, name, password_hash, created_at) VALUES ('boss@x.io', 'Boss', $1, $2) RETURNING id`,
		string(hash), now).Scan(&uid); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, uid); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`INSERT INTO workspaces (user_id, name, slug, created_at) VALUES ($1, 'Old Blog', 'oldblog', $2) RETURNING id`,
		uid, now).Scan(&wsID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO workspace_settings (workspace_id, blog_title, onboarding_completed) VALUES ($1, 'Old Blog', TRUE)`, wsID); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO categories (workspace_id, name, slug, created_at) VALUES ($1, 'Baking', 'baking', $2)`, wsID, now); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, excerpt, published_at, updated_at)
		VALUES ($1, 'baking', 'Rye bread', 'rye-bread', '<p>Dark and sour.</p>', '<p>Dark and sour.</p>', 'Dark and sour.', $2, $2) RETURNING id`,
		wsID, now).Scan(&postID); err != nil {
		t.Fatal(err)
	}
	return postID
}
