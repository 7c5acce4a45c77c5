package storetest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// tenant is one account with a blog holding a row in every table.
type tenant struct {
	user, ws int64
	email    string
	domain   string
	posts    []int64
}

// seedTenant writes a row of every table an account or its blog has rows
// in, by SQL, so the purge test covers tables no store method fills yet.
func seedTenant(t *testing.T, db *sqlstore.DB, name string) *tenant {
	t.Helper()
	ctx := context.Background()
	x := db.SQL()
	now := time.Now().UnixMilli()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := x.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	insert := func(q string, args ...any) int64 {
		t.Helper()
		var id int64
		if err := x.QueryRowContext(ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return id
	}
	tn := &tenant{email: name + "@x.io", domain: "blog." + name + ".example"}
	u := &store.User{Email: tn.email, Name: name, PasswordHash: "h"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	tn.user = u.ID
	ws, err := db.CreateWorkspace(ctx, store.CreateWorkspace{UserID: u.ID, Name: name, Slug: name, PlanTier: store.PlanProfessional,
		Month: "2026-03-01", Posts: 10, Images: 10})
	if err != nil {
		t.Fatal(err)
	}
	tn.ws = ws.ID
	w, uid := ws.ID, u.ID
	exec(`UPDATE workspaces SET custom_domain = $1, domain_status = 'verified' WHERE id = $2`, tn.domain, w)
	exec(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'editor')`, uid)
	exec(`INSERT INTO sessions (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $3)`, "s-"+name, uid, now+1e9)
	exec(`INSERT INTO account_tokens (token_hash, user_id, purpose, email, expires_at, created_at) VALUES ($1, $2, 'reset', $3, $4, $4)`,
		"t-"+name, uid, tn.email, now+1e9)
	exec(`INSERT INTO author_profiles (user_id, slug, updated_at) VALUES ($1, $2, $3)`, uid, "a-"+name, now)
	exec(`INSERT INTO categories (workspace_id, name, slug, created_at) VALUES ($1, 'Tech', 'tech', $2)`, w, now)
	for i := range 2 {
		p := insert(`INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, published_at, updated_at, author_id, tags)
			VALUES ($1, 'tech', $2, $3, 'body words', '<p>body words</p>', $4, $4, $5, '["go"]')`, w, name+" post", name+"-post-"+strconv.Itoa(i), now, uid)
		tn.posts = append(tn.posts, p)
		exec(`INSERT INTO post_tags (post_id, workspace_id, slug, tag) VALUES ($1, $2, 'go', 'go')`, p, w)
		exec(`INSERT INTO post_views (post_id, hour, visitor) VALUES ($1, 1, 'v')`, p)
	}
	p := tn.posts[0]
	exec(`INSERT INTO post_tags_pending (post_id) VALUES ($1)`, p)
	exec(`INSERT INTO post_redirects (workspace_id, category, slug, post_id, created_at) VALUES ($1, 'tech', 'old', $2, $3)`, w, p, now)
	exec(`INSERT INTO post_revisions (post_id, workspace_id, title, content, created_at) VALUES ($1, $2, 't', 'c', $3)`, p, w, now)
	exec(`INSERT INTO scheduled_posts (workspace_id, category, scheduled_for, created_at, post_id) VALUES ($1, 'tech', $2, $2, $3)`, w, now, p)
	exec(`INSERT INTO media_library (workspace_id, file_name, file_url, file_size, mime_type, created_at) VALUES ($1, 'a.png', $2, 1, 'image/png', $3)`,
		w, fmt.Sprintf("%d/library/1-a.png", w), now)
	exec(`INSERT INTO media_files (file_key, workspace_id, file_size, created_at) VALUES ($1, $2, 1, $3)`, fmt.Sprintf("%d/library/1-a.png", w), w, now)
	exec(`INSERT INTO subscribers (email, workspace_id, created_at, token) VALUES ('reader@x.io', $1, $2, $3)`, w, now, "tok-"+name)
	exec(`INSERT INTO subscriber_imports (workspace_id, source, addresses, added, created_at) VALUES ($1, 'csv', 1, 1, $2)`, w, now)
	exec(`INSERT INTO usage_reservations (workspace_id, month, posts, images, expires_at) VALUES ($1, '2026-03-01', 1, 1, $2)`, w, now)
	exec(`INSERT INTO scheduler_turns (workspace_id, turn) VALUES ($1, $2)`, w, w)
	exec(`INSERT INTO generation_turns (workspace_id, turn) VALUES ($1, $2)`, w, w)
	exec(`INSERT INTO generation_jobs (workspace_id, input, post_id, created_at) VALUES ($1, '{}', $2, $3)`, w, p, now)
	exec(`INSERT INTO newsletter_welcome (workspace_id, updated_at) VALUES ($1, $2)`, w, now)
	exec(`INSERT INTO post_daily_views (workspace_id, post_id, day, views) VALUES ($1, $2, 1, 1)`, w, p)
	exec(`INSERT INTO blog_marks (workspace_id, kind, version, png, created_at) VALUES ($1, 'card', 'v', $2, $3)`, w, []byte("png"), now)
	exec(`INSERT INTO rendered_pages (page_key, workspace_id, status, content_type, etag, body, version, build, rendered_at, post_id)
		VALUES ($1, $2, 200, 'text/html', 'e', $3, 1, 'b', $4, $5)`, "/blog/"+name, w, []byte("<html>"), now, p)
	exec(`INSERT INTO render_jobs (page_key, workspace_id, queued_at) VALUES ($1, $2, $3)`, "/blog/"+name, w, now)
	// A newsletter of the blog, and account mail to its owner.
	m := insert(`INSERT INTO mail_messages (workspace_id, kind, subject, post_id, created_at) VALUES ($1, 'newsletter', 's', $2, $3)`, w, p, now)
	exec(`INSERT INTO mail_deliveries (message_id, workspace_id, to_addr, created_at) VALUES ($1, $2, 'reader@x.io', $3)`, m, w, now)
	am := insert(`INSERT INTO mail_messages (kind, subject, created_at) VALUES ('password_reset', 's', $1)`, now)
	exec(`INSERT INTO mail_deliveries (message_id, to_addr, created_at) VALUES ($1, $2, $3)`, am, tn.email, now)
	// The custom domain's certificate, its OCSP staple.
	for _, k := range []string{"certificates/acme/" + tn.domain + "/" + tn.domain + ".crt", "ocsp/" + tn.domain + "-abc"} {
		exec(`INSERT INTO certificates (key, value, modified_at) VALUES ($1, $2, $3)`, k, []byte("pem"), now)
	}
	if _, err := db.RequestExport(ctx, uid, w, time.Now()); err != nil {
		t.Fatal(err)
	}
	exec(`INSERT INTO account_deletions (user_id, requested_at, purge_at) VALUES ($1, $2, $2)`, uid, now)
	return tn
}

// ownedColumns lists every table with a workspace_id, user_id or post_id
// column, read from the database's own catalogue so a table added later is
// checked too.
func ownedColumns(t *testing.T, db *sqlstore.DB) map[string][]string {
	t.Helper()
	q := `SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND p.name IN ('workspace_id', 'user_id', 'post_id')`
	if db.Dialect() == "postgres" {
		q = `SELECT table_name, column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND column_name IN ('workspace_id', 'user_id', 'post_id')`
	}
	rows, err := db.SQL().Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			t.Fatal(err)
		}
		out[table] = append(out[table], col)
	}
	return out
}

// holdings counts, per table and column, the rows of tn: its workspace's,
// its user's, its posts'; plus its certificates and account mail.
func holdings(t *testing.T, db *sqlstore.DB, cols map[string][]string, tn *tenant) map[string]int {
	t.Helper()
	out := map[string]int{}
	count := func(label, q string, args ...any) {
		t.Helper()
		var n int
		if err := db.SQL().QueryRow(q, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		out[label] = n
	}
	for table, cs := range cols {
		for _, c := range cs {
			switch c {
			case "workspace_id":
				count(table+"."+c, `SELECT COUNT(*) FROM `+table+` WHERE workspace_id = $1`, tn.ws)
			case "user_id":
				count(table+"."+c, `SELECT COUNT(*) FROM `+table+` WHERE user_id = $1`, tn.user)
			case "post_id":
				count(table+"."+c, `SELECT COUNT(*) FROM `+table+` WHERE post_id IN ($1, $2)`, tn.posts[0], tn.posts[1])
			}
		}
	}
	count("workspaces", `SELECT COUNT(*) FROM workspaces WHERE id = $1`, tn.ws)
	count("users", `SELECT COUNT(*) FROM users WHERE id = $1`, tn.user)
	count("mail to the owner", `SELECT COUNT(*) FROM mail_deliveries WHERE to_addr = $1`, tn.email)
	count("certificates", `SELECT COUNT(*) FROM certificates WHERE key LIKE $1 OR key LIKE $2`,
		"%/"+tn.domain+"/%", "ocsp/"+tn.domain+"-%")
	return out
}

// After a purge nothing of the account remains in any table, and another
// account's rows are all still there.
func TestPurgeAccountLeavesNothingOfIt(t *testing.T) {
	Run(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		gone, kept := seedTenant(t, db, "gone"), seedTenant(t, db, "kept")
		// A post the leaving user wrote on another blog stays, without them.
		var foreign int64
		if err := db.SQL().QueryRow(`INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, published_at, updated_at, author_id)
			VALUES ($1, 'tech', 'guest', 'guest', 'b', '<p>b</p>', 1, 1, $2) RETURNING id`, kept.ws, gone.user).Scan(&foreign); err != nil {
			t.Fatal(err)
		}
		// So does the kept blog, the leaving user's membership of it aside.
		if err := db.AddMember(ctx, kept.ws, gone.user, "author"); err != nil {
			t.Fatal(err)
		}
		cols := ownedColumns(t, db)
		if len(cols) < 20 {
			t.Fatalf("only %d tables found: %v", len(cols), slices.Sorted(maps.Keys(cols)))
		}
		before := holdings(t, db, cols, gone)
		keptBefore := holdings(t, db, cols, kept)
		for label, n := range before {
			// Every table holds a row of both, so the purge is tested on
			// each (a new table needs a row in seedTenant).
			if n == 0 || keptBefore[label] == 0 {
				t.Errorf("%s: no row seeded (gone %d, kept %d)", label, n, keptBefore[label])
			}
		}
		if err := db.PurgeAccount(ctx, gone.user); err != nil {
			t.Fatal(err)
		}
		for label, n := range holdings(t, db, cols, gone) {
			if n != 0 {
				t.Errorf("%s: %d rows left after the purge", label, n)
			}
		}
		keptAfter := holdings(t, db, cols, kept)
		for _, k := range []string{"blog_posts.author_id", "workspace_members.workspace_id"} {
			delete(keptAfter, k)
			delete(keptBefore, k)
		}
		if ms, err := db.Memberships(ctx, kept.user); err != nil || len(ms) != 1 || ms[0].Workspace.ID != kept.ws {
			t.Fatalf("kept owner's memberships = %v, %v", ms, err)
		}
		if !maps.Equal(keptBefore, keptAfter) {
			t.Errorf("the other account changed:\nbefore %v\nafter  %v", keptBefore, keptAfter)
		}
		var author sql.NullInt64
		if err := db.SQL().QueryRow(`SELECT author_id FROM blog_posts WHERE id = $1`, foreign).Scan(&author); err != nil || author.Valid {
			t.Fatalf("guest post: author %v, %v", author, err)
		}
		// Twice is no error (a purge retried after a crash).
		if err := db.PurgeAccount(ctx, gone.user); err != nil {
			t.Fatal(err)
		}
	})
}

// During the grace the blog's timed work waits: scheduled posts are not
// published, planned posts and queued generations not claimed, newsletters
// not due, its mail not claimed; restored, all of it goes on.
func TestDeletingWorkspaceWorkWaits(t *testing.T) {
	Run(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		x := db.SQL()
		u := &store.User{Email: "ann@x.io", Name: "Ann", PasswordHash: "h"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		ws, err := db.CreateWorkspace(ctx, store.CreateWorkspace{UserID: u.ID, Name: "Ann", Slug: "ann", PlanTier: store.PlanStarter, Month: "2026-03-01", Posts: 5, Images: 5})
		if err != nil {
			t.Fatal(err)
		}
		past := time.Now().Add(-time.Hour).UnixMilli()
		for _, q := range []string{
			`INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, published_at, updated_at, status) VALUES ($1, 'c', 't', 'due', 'b', 'b', $2, $2, 'scheduled')`,
			`INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, published_at, updated_at, newsletter) VALUES ($1, 'c', 't', 'sent', 'b', 'b', $2, $2, 'pending')`,
			`INSERT INTO scheduled_posts (workspace_id, category, scheduled_for, created_at) VALUES ($1, 'c', $2, $2)`,
			`INSERT INTO generation_jobs (workspace_id, input, created_at) VALUES ($1, '{}', $2)`,
		} {
			if _, err := x.Exec(q, ws.ID, past); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		var msg int64
		if err := x.QueryRow(`INSERT INTO mail_messages (workspace_id, kind, subject, created_at) VALUES ($1, 'newsletter', 's', $2) RETURNING id`, ws.ID, past).Scan(&msg); err != nil {
			t.Fatal(err)
		}
		if _, err := x.Exec(`INSERT INTO mail_deliveries (message_id, workspace_id, to_addr, created_at) VALUES ($1, $2, 'r@x.io', $3)`, msg, ws.ID, past); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		ids, err := db.RequestDeletion(ctx, u.ID, now, now.Add(7*24*time.Hour))
		if err != nil || len(ids) != 1 || ids[0] != ws.ID {
			t.Fatalf("request = %v, %v", ids, err)
		}
		if _, err := db.RequestDeletion(ctx, u.ID, now, now.Add(time.Hour)); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("second request: %v", err)
		}
		check := func(wantWork bool) {
			t.Helper()
			pub, err := db.PublishDuePosts(ctx, now)
			if err != nil || (len(pub) > 0) != wantWork {
				t.Errorf("published %v, %v", pub, err)
			}
			_, err = db.ClaimDuePlanned(ctx, now, now.Add(time.Minute))
			if (err == nil) != wantWork {
				t.Errorf("planned claim: %v", err)
			}
			_, err = db.ClaimJob(ctx, store.JobClaim{Now: now, LeaseUntil: now.Add(time.Minute), PerWorkspace: 2})
			if (err == nil) != wantWork {
				t.Errorf("job claim: %v", err)
			}
			due, err := db.DueNewsletters(ctx, now, 10)
			if err != nil || (len(due) > 0) != wantWork {
				t.Errorf("due newsletters %d, %v", len(due), err)
			}
			ds, err := db.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
			if err != nil || (len(ds) > 0) != wantWork {
				t.Errorf("claimed deliveries %d, %v", len(ds), err)
			}
		}
		check(false)
		got, err := db.GetWorkspace(ctx, store.FindWorkspace{ID: &ws.ID})
		if err != nil || got.Status != store.WorkspaceDeleting {
			t.Fatalf("workspace = %+v, %v", got, err)
		}
		ids, err = db.CancelDeletion(ctx, u.ID, now)
		if err != nil || len(ids) != 1 {
			t.Fatalf("cancel = %v, %v", ids, err)
		}
		if _, err := db.CancelDeletion(ctx, u.ID, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second cancel: %v", err)
		}
		check(true)
	})
}

// Deletions: the last admin is refused, a due deletion is claimed once and
// can no longer be cancelled.
func TestDeletionClaimsAndTheLastAdmin(t *testing.T) {
	Run(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		mk := func(email string, admin bool) int64 {
			u := &store.User{Email: email, Name: email, PasswordHash: "h"}
			if err := db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			if admin {
				if err := db.AddRole(ctx, u.ID, store.RoleAdmin); err != nil {
					t.Fatal(err)
				}
			}
			return u.ID
		}
		a1, a2, owner := mk("a1@x.io", true), mk("a2@x.io", true), mk("o@x.io", false)
		now := time.Now()
		if _, err := db.RequestDeletion(ctx, a1, now, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.RequestDeletion(ctx, a2, now, now.Add(time.Hour)); !errors.Is(err, store.ErrLastAdmin) {
			t.Fatalf("last admin: %v", err)
		}
		if _, err := db.GetDeletion(ctx, a2); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("refused deletion recorded: %v", err)
		}
		if _, err := db.RequestDeletion(ctx, owner, now, now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ClaimDeletion(ctx, now, now.Add(time.Minute)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("claimed before its time: %v", err)
		}
		later := now.Add(2 * time.Minute)
		d, err := db.ClaimDeletion(ctx, later, later.Add(time.Minute))
		if err != nil || d.UserID != owner || d.Attempts != 1 {
			t.Fatalf("claim = %+v, %v", d, err)
		}
		if _, err := db.ClaimDeletion(ctx, later, later.Add(time.Minute)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("claimed twice: %v", err)
		}
		if _, err := db.CancelDeletion(ctx, owner, later); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("cancel after the grace: %v", err)
		}
		if err := db.RenewDeletion(ctx, owner, later.Add(time.Minute), later.Add(2*time.Minute)); err != nil {
			t.Fatal(err)
		}
		if err := db.RenewDeletion(ctx, owner, later.Add(time.Minute), later.Add(3*time.Minute)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("renewed a lost lease: %v", err)
		}
	})
}
