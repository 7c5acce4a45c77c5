package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/inkpress/inkpress/app/apptest"
	"github.com/inkpress/inkpress/internal/account"
	"github.com/inkpress/inkpress/server/api/contract"
	"github.com/inkpress/inkpress/store"
)

// An owner deletes their account by typing the blog's name and their
// password: signed out, the blog answers 404 at once, signing in within
// the grace restores it (and says so); after the grace sign-in is refused
// and the eraser removes the account, its blog and its files, leaving
// another owner's untouched.
func TestDeleteAccountGraceRestoreAndErase(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := newOwnerEnv(t, dbURL, nil, nil)
		clock := &fakeClock{}
		box := &outbox{}
		e.app.Account.Now, e.app.Eraser.Now, e.app.Account.Mail = clock.Now, clock.Now, box
		ann := e.owner("Ann", "ann@x.io", "tech")
		bob := e.owner("Bob", "bob@x.io", "tech")
		for _, c := range []*ownerClient{ann, bob} {
			req := genReq("tech", "Sourdough at home")
			req["generateImages"] = false
			c.mustGenerate(req, nil)
			c.uploadImage("banner")
		}
		annFiles, bobFiles := ann.storedFiles(), bob.storedFiles()
		if annFiles == 0 || bobFiles == 0 {
			t.Fatalf("no files stored: %d, %d", annFiles, bobFiles)
		}
		blog, blogAPI := "/blog/"+ann.ws.Slug, "/api/blogs/"+ann.ws.Slug
		status := func(path string) int {
			s, _ := e.client().do(http.MethodGet, path, nil)
			return s
		}
		if status(blog) != http.StatusOK || status(blogAPI) != http.StatusOK {
			t.Fatalf("blog before: %d %d", status(blog), status(blogAPI))
		}
		e.app.Pages.Settle()
		if n := storedPages(t, e, ann.ws.ID); n == 0 {
			t.Fatal("no reader page stored: the test would not see them dropped")
		}

		var acct contract.AccountResponse
		ann.mustJSON(http.MethodGet, "/api/account", nil, http.StatusOK, &acct)
		if acct.DeleteConfirm != "Ann's Blog" || !acct.HasBlog {
			t.Fatalf("account = %+v", acct)
		}
		del := func(c *ownerClient, confirm, pw string) (int, []byte) {
			return c.do(http.MethodDelete, "/api/account", map[string]string{"confirm": confirm, "password": pw})
		}
		ann.mustFail(http.MethodDelete, "/api/account", map[string]string{"confirm": "ann's blog", "password": "secret123"}, http.StatusBadRequest, "validation")
		ann.mustFail(http.MethodDelete, "/api/account", map[string]string{"confirm": "Ann's Blog", "password": "wrongpass"}, http.StatusBadRequest, "wrong_password")
		ann.mustJSON(http.MethodGet, "/api/account", nil, http.StatusOK, nil)
		if status(blog) != http.StatusOK {
			t.Fatal("a refused deletion took the blog offline")
		}

		s, raw := del(ann, " Ann's Blog ", "secret123")
		if s != http.StatusOK {
			t.Fatalf("delete = %d %s", s, raw)
		}
		var out contract.DeleteAccountResponse
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatal(err)
		}
		until, err := time.Parse(time.RFC3339, out.RestorableUntil)
		if err != nil || until.Sub(clock.Now()) < account.DeletionGrace-time.Minute || until.Sub(clock.Now()) > account.DeletionGrace {
			t.Fatalf("restorable until %q (%v)", out.RestorableUntil, err)
		}
		ann.mustFail(http.MethodGet, "/api/account", nil, http.StatusUnauthorized, "not_authenticated")
		if status(blog) != http.StatusNotFound || status(blogAPI) != http.StatusNotFound {
			t.Fatalf("blog during the grace: %d %d", status(blog), status(blogAPI))
		}
		if n := storedPages(t, e, ann.ws.ID); n != 0 {
			t.Fatalf("%d stored reader pages of the deleted blog", n)
		}
		if status("/blog/"+bob.ws.Slug) != http.StatusOK {
			t.Fatal("another blog went offline")
		}
		notices := box.to("ann@x.io", store.MailAccountDeleted)
		if len(notices) != 1 || !strings.Contains(notices[0].Text, until.Format("January 2, 2006")) ||
			!strings.Contains(notices[0].Text, e.app.Config.BaseURL+"/login") {
			t.Fatalf("notices = %+v", notices)
		}

		// Signing in restores everything, and says so once.
		login := func() (int, contract.Me, []byte) {
			c := e.client()
			s, raw := c.do(http.MethodPost, "/api/auth/login", map[string]string{"email": "ann@x.io", "password": "secret123"})
			var me contract.Me
			if s == http.StatusOK {
				if err := json.Unmarshal(raw, &me); err != nil {
					t.Fatal(err)
				}
				c.ws, c.user = ann.ws, ann.user
				ann = c
			}
			return s, me, raw
		}
		s, me, raw := login()
		if s != http.StatusOK || !me.Restored || me.Workspace == nil {
			t.Fatalf("login = %d %s", s, raw)
		}
		if status(blog) != http.StatusOK || status(blogAPI) != http.StatusOK {
			t.Fatal("the restored blog is still offline")
		}
		if s, me, _ := login(); s != http.StatusOK || me.Restored {
			t.Fatalf("second login: %d restored=%v", s, me.Restored)
		}

		// Deleted again and left: past the grace the sign-in is refused.
		if s, raw := del(ann, "Ann's Blog", "secret123"); s != http.StatusOK {
			t.Fatalf("delete again = %d %s", s, raw)
		}
		clock.Advance(account.DeletionGrace + time.Second)
		if s, _, raw := login(); s != http.StatusForbidden || !strings.Contains(string(raw), "account_deleted") {
			t.Fatalf("login after the grace = %d %s", s, raw)
		}
		done, err := e.app.Eraser.RunOnce(context.Background())
		if err != nil || !done {
			t.Fatalf("erase = %v, %v", done, err)
		}
		if done, err := e.app.Eraser.RunOnce(context.Background()); err != nil || done {
			t.Fatalf("second run = %v, %v", done, err)
		}
		ctx := context.Background()
		if _, err := e.store.GetUserByEmail(ctx, "ann@x.io"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("user after the purge: %v", err)
		}
		if _, err := e.store.GetWorkspace(ctx, store.FindWorkspace{ID: &ann.ws.ID}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("workspace after the purge: %v", err)
		}
		if n := ann.storedFiles(); n != 0 {
			t.Fatalf("%d files left", n)
		}
		if s, _, _ := login(); s != http.StatusUnauthorized {
			t.Fatalf("login after the purge = %d", s)
		}
		if status(blog) != http.StatusNotFound || status("/blog/"+bob.ws.Slug) != http.StatusOK || bob.storedFiles() != bobFiles || bob.postCount() != 1 {
			t.Fatal("the purge touched another blog")
		}
	})
}

// The last admin cannot delete their account; with another admin they can.
func TestDeleteAccountRefusesTheLastAdmin(t *testing.T) {
	apptest.EachDB(t, func(t *testing.T, dbURL string) {
		e := newOwnerEnv(t, dbURL, nil, nil)
		ctx := context.Background()
		if _, err := e.app.Auth.EnsureAdmin(ctx, "root@x.io", "secret123", "Root"); err != nil {
			t.Fatal(err)
		}
		c := e.client()
		c.mustJSON(http.MethodPost, "/api/auth/login", map[string]string{"email": "root@x.io", "password": "secret123"}, http.StatusOK, nil)
		var acct contract.AccountResponse
		c.mustJSON(http.MethodGet, "/api/account", nil, http.StatusOK, &acct)
		// An admin without a blog of their own confirms with their address:
		// the site's blog is never theirs to delete.
		if acct.DeleteConfirm != "root@x.io" || acct.HasBlog {
			t.Fatalf("account = %+v", acct)
		}
		msg := c.mustFail(http.MethodDelete, "/api/account", map[string]string{"confirm": "root@x.io", "password": "secret123"}, http.StatusConflict, "last_admin")
		if !strings.Contains(msg, "only admin") {
			t.Fatalf("message = %q", msg)
		}
		c.mustJSON(http.MethodGet, "/api/account", nil, http.StatusOK, nil)
		if _, err := e.app.Auth.EnsureAdmin(ctx, "second@x.io", "secret123", "Second"); err != nil {
			t.Fatal(err)
		}
		c.mustJSON(http.MethodDelete, "/api/account", map[string]string{"confirm": "root@x.io", "password": "secret123"}, http.StatusOK, nil)
		site := e.app.Config.SiteWorkspace
		ws, err := e.store.GetWorkspace(ctx, store.FindWorkspace{Slug: &site})
		if err != nil || ws.Status != store.WorkspaceActive {
			t.Fatalf("site workspace = %+v, %v", ws, err)
		}
	})
}

// storedPages counts the reader pages stored for a workspace.
func storedPages(t *testing.T, e *ownerEnv, wsID int64) int {
	t.Helper()
	keys, err := e.app.Pages.Store.PageKeys(context.Background(), wsID, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return len(keys)
}
