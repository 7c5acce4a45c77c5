package storetest

import (
	"database/sql"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/migration"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// firstReleaseVersion is the newest migration of InkPress's first release.
// The tests in this file build its schema, write data the way that release
// did and apply every migration since: they check the data fixes of those
// migrations one by one. They stay at this version (a test needing a later
// schema names it, runOldAt). The release-to-release upgrade test is
// TestUpgradeFromBaseline, whose baselineVersion is raised at each release.
const firstReleaseVersion = 3

// oldDB is a database at an earlier version, before the store opens it.
type oldDB struct {
	*sql.DB
	url     string // for sqlstore.Open, which applies the newer migrations
	dialect string
}

// runOld calls fn once per database with a fresh database migrated to
// firstReleaseVersion only.
func runOld(t *testing.T, fn func(t *testing.T, old *oldDB)) {
	t.Helper()
	runOldAt(t, firstReleaseVersion, fn)
}

// runOldAt calls fn once per database with a fresh database migrated to
// version only.
func runOldAt(t *testing.T, version int64, fn func(t *testing.T, old *oldDB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		path := t.TempDir() + "/old.db"
		db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)")
		if err != nil {
			t.Fatal(err)
		}
		fn(t, migrateOld(t, &oldDB{DB: db, url: "sqlite:" + path, dialect: "sqlite"}, version))
	})
	t.Run("postgres", func(t *testing.T) {
		url := PostgresURL(t)
		db, err := sql.Open("pgx", url)
		if err != nil {
			t.Fatal(err)
		}
		fn(t, migrateOld(t, &oldDB{DB: db, url: url, dialect: "postgres"}, version))
	})
}

func migrateOld(t *testing.T, old *oldDB, version int64) *oldDB {
	t.Helper()
	t.Cleanup(func() { old.Close() })
	if err := migration.ApplyTo(ctx, old.DB, old.dialect, version); err != nil {
		t.Fatalf("migrate to %d: %v", version, err)
	}
	return old
}

// upgrade closes the old connection and opens the store, which applies the
// newest migrations.
func (old *oldDB) upgrade(t *testing.T) *sqlstore.DB {
	t.Helper()
	old.Close()
	s, err := sqlstore.Open(ctx, old.url)
	if err != nil {
		t.Fatalf("upgrade: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// insert runs an INSERT ... RETURNING id and returns the id.
func (old *oldDB) insert(t *testing.T, query string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := old.QueryRow(query+` RETURNING id`, args...).Scan(&id); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return id
}

func (old *oldDB) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := old.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

func (old *oldDB) user(t *testing.T, email string, created int64) int64 {
	t.Helper()
	return old.insert(t, `INSERT INTO users (email, name, password_hash, created_at) VALUES ($1, $2, $3, $4)`,
		email, "Name of "+email, "$argon2id$hash-of-"+email, created)
}

func (old *oldDB) workspace(t *testing.T, userID *int64, slug, plan string, created int64) int64 {
	t.Helper()
	id := old.insert(t, `INSERT INTO workspaces (user_id, name, slug, plan_tier, status, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		userID, "Blog "+slug, slug, plan, "active", created)
	old.exec(t, `INSERT INTO workspace_settings (workspace_id, blog_title, blog_description, template_id, primary_color, font_family, onboarding_completed)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, "Title "+slug, "About "+slug, "template-2", "#112233", "Lora", true)
	return id
}

// TestUpgradeKeepsData writes what the previous release wrote (users,
// roles, sessions, workspaces with settings and usage, categories, posts,
// scheduled posts, media, subscribers with and without a workspace), applies
// the newest migrations and reads everything back through the store.
func TestUpgradeKeepsData(t *testing.T) {
	if vs, err := migration.Versions("sqlite"); err != nil || vs[len(vs)-1] <= firstReleaseVersion {
		t.Fatalf("versions %v, %v: nothing newer than %d to upgrade to", vs, err, firstReleaseVersion)
	}
	runOld(t, func(t *testing.T, old *oldDB) {
		base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC).UnixMilli()
		admin := old.user(t, "admin@x.io", base)
		jane := old.user(t, "jane@x.io", base+1)
		old.exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, admin, store.RoleAdmin)
		old.exec(t, `INSERT INTO sessions (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)`,
			"tok-jane", jane, base+int64(30*24*time.Hour/time.Millisecond), base)
		old.exec(t, `INSERT INTO login_failures (key, at) VALUES ($1, $2)`, "acct:jane@x.io", base)

		site := old.workspace(t, nil, "site", store.PlanAdmin, base)
		janeWS := old.workspace(t, &jane, "jane", store.PlanStarter, base+2)
		old.exec(t, `UPDATE workspaces SET custom_domain = $1, content_changed_at = $2 WHERE id = $3`, "blog.jane.example", base+5, janeWS)
		old.exec(t, `INSERT INTO usage_tracking (workspace_id, month, posts_generated, images_generated, posts_limit, images_limit)
			VALUES ($1, $2, $3, $4, $5, $6)`, janeWS, "2026-01-01", 3, 2, 10, 5)

		old.insert(t, `INSERT INTO categories (workspace_id, name, slug, description, color_hex, gradient, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, site, "Keto", "keto", "Low carb", "#10b981", "from-a to-b", base)
		old.insert(t, `INSERT INTO categories (workspace_id, name, slug, description, color_hex, gradient, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, janeWS, "Travel", "travel", "", "#6366f1", "", base)
		post := old.insert(t, `INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, excerpt,
				cover_image_url, cover_image_type, cover_image_size, meta_title, meta_description, tags, banners,
				read_minutes, word_count, published_at, updated_at, view_count)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
			janeWS, "travel", "Lisbon in May", "lisbon-in-may", "<p>Hello</p>", "<p>Hello</p><aside>x</aside>", "Hello",
			"/media/1/cover.webp", "image/webp", 1234, "Lisbon", "A trip", `["travel","portugal"]`,
			`[{"imageUrl":"/media/1/b.webp","linkUrl":"https://x.example/","text":"Deal"}]`, 4, 812, base+10, base+20, 42)
		old.insert(t, `INSERT INTO scheduled_posts (workspace_id, category, topic, input_mode, scheduled_for, frequency, status,
				generate_image, banner1_html, banner1_text, banner1_link_url, claimed_until, error, created_at, post_id, next_scheduled)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
			janeWS, "travel", "Porto", "topic", base+100, "weekly", "completed", false, "/media/1/b.webp", "Deal",
			"https://x.example/", 0, "", base, post, true)
		old.insert(t, `INSERT INTO media_library (workspace_id, file_name, file_url, file_size, mime_type, created_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, janeWS, "cover.webp", "/media/1/cover.webp", 1234, "image/webp", base)
		// Subscribers: the previous release stored sign-ups on the site's
		// blog with no workspace, and unique by e-mail alone.
		old.insert(t, `INSERT INTO subscribers (email, workspace_id, created_at) VALUES ($1, $2, $3)`, "reader@x.io", nil, base)
		old.insert(t, `INSERT INTO subscribers (email, workspace_id, created_at) VALUES ($1, $2, $3)`, "fan@x.io", janeWS, base)

		s := old.upgrade(t)

		if u, err := s.GetUserByEmail(ctx, "jane@x.io"); err != nil || u.ID != jane || u.Name != "Name of jane@x.io" || u.PasswordHash != "$argon2id$hash-of-jane@x.io" {
			t.Fatalf("user = %+v, %v", u, err)
		}
		if ok, err := s.HasRole(ctx, admin, store.RoleAdmin); err != nil || !ok {
			t.Fatalf("admin role = %v, %v", ok, err)
		}
		if sess, err := s.GetSession(ctx, "tok-jane", time.UnixMilli(base)); err != nil || sess.UserID != jane {
			t.Fatalf("session = %+v, %v", sess, err)
		}
		// The login failure still counts, now as a rate-limit event.
		if _, err := s.ReserveRate(ctx, time.UnixMilli(base), store.RateRule{Key: "acct:jane@x.io", Max: 1, Window: time.Minute}); !errors.Is(err, store.ErrLimit) {
			t.Fatalf("login failure not carried over: %v", err)
		}
		ws, err := s.GetWorkspace(ctx, store.FindWorkspace{CustomDomain: store.Ptr("blog.jane.example")})
		if err != nil || ws.ID != janeWS || ws.Slug != "jane" || ws.UserID != jane || ws.PlanTier != store.PlanStarter {
			t.Fatalf("workspace = %+v, %v", ws, err)
		}
		// The domain was served before verification existed: it stays
		// served, verified, with no token to look for.
		if d, err := s.GetDomain(ctx, janeWS); err != nil || d.Status != store.DomainVerified || d.Token != "" || d.VerifiedAt.IsZero() {
			t.Fatalf("upgraded domain = %+v, %v", d, err)
		}
		if _, err := s.GetDomain(ctx, site); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("site workspace got a domain: %v", err)
		}
		if set, err := s.GetSettings(ctx, janeWS); err != nil || set.BlogTitle != "Title jane" || set.FontFamily != "Lora" || !set.OnboardingCompleted {
			t.Fatalf("settings = %+v, %v", set, err)
		}
		if us, err := s.EnsureUsage(ctx, janeWS, "2026-01-01", 99, 99); err != nil || us.PostsGenerated != 3 || us.ImagesGenerated != 2 || us.PostsLimit != 10 {
			t.Fatalf("usage = %+v, %v", us, err)
		}
		if cats, err := s.ListCategories(ctx, site); err != nil || len(cats) != 1 || cats[0].Slug != "keto" || cats[0].Gradient != "from-a to-b" {
			t.Fatalf("site categories = %+v, %v", cats, err)
		}
		p, err := s.GetPost(ctx, store.FindPost{WorkspaceID: &janeWS, Slug: store.Ptr("lisbon-in-may")})
		if err != nil || p.ID != post || p.ViewCount != 42 || p.WordCount != 812 || !slices.Equal(p.Tags, []string{"travel", "portugal"}) ||
			len(p.Banners) != 1 || p.Banners[0].Text != "Deal" || p.UpdatedAt.UnixMilli() != base+20 {
			t.Fatalf("post = %+v, %v", p, err)
		}
		// Every post was live before posts had a status: it stays published.
		if p.Status != store.PostPublished || p.PreviewToken != "" || p.CoverAlt != "" {
			t.Fatalf("upgraded post status %q, preview %q, alt %q", p.Status, p.PreviewToken, p.CoverAlt)
		}
		if set, err := s.GetSettings(ctx, janeWS); err != nil || set.ReviewAIPosts {
			t.Fatalf("upgraded settings review AI posts = %v, %v", set.ReviewAIPosts, err)
		}
		sched, err := s.ListPlanned(ctx, janeWS)
		if err != nil || len(sched) != 1 || sched[0].PostID != post || sched[0].Topic != "Porto" || sched[0].GenerateImage ||
			sched[0].Frequency != "weekly" || len(sched[0].Banners) != 1 {
			t.Fatalf("scheduled = %+v, %v", sched, err)
		}
		if media, err := s.ListMedia(ctx, janeWS); err != nil || len(media) != 1 || media[0].FileSize != 1234 {
			t.Fatalf("media = %+v, %v", media, err)
		}

		// Subscribers: the site sign-up now belongs to the site workspace,
		// the other keeps its workspace, and uniqueness is per workspace.
		if got := subscribers(t, s); !slices.Equal(got, []string{"fan@x.io@jane", "reader@x.io@site"}) {
			t.Fatalf("subscribers = %v", got)
		}
		for _, c := range []struct {
			email  string
			ws     int64
			status string
		}{{"reader@x.io", site, store.SubscriberConfirmed}, {"fan@x.io", janeWS, store.SubscriberConfirmed}, {"reader@x.io", janeWS, store.SubscriberPending}} {
			sub, err := s.RequestSubscription(ctx, store.SubscriptionRequest{WorkspaceID: c.ws, Email: c.email, ConfirmHash: "h-" + c.email,
				Expires: time.Now().Add(time.Hour), Now: time.Now()})
			if err != nil || sub.Status != c.status || sub.Token == "" {
				t.Fatalf("%s on %d: %+v, %v (migrated rows are confirmed, with a token)", c.email, c.ws, sub, err)
			}
		}
		// Migrated rows kept their ids; the new one got a fresh id.
		var maxID, n int64
		if err := s.SQL().QueryRow(`SELECT MAX(id), COUNT(DISTINCT id) FROM subscribers`).Scan(&maxID, &n); err != nil || n != 3 || maxID < 3 {
			t.Fatalf("subscriber ids: max %d distinct %d, %v", maxID, n, err)
		}
	})
}

// TestUpgradeAttributesSubscribers checks the fallbacks of the subscribers
// migration for rows stored without a workspace when no workspace has the
// slug "site" (a configured INKPRESS_SITE_WORKSPACE).
func TestUpgradeAttributesSubscribers(t *testing.T) {
	cases := []struct {
		name  string
		setup func(t *testing.T, old *oldDB) // creates workspaces
		want  string                         // slug the orphan goes to; "" = dropped
	}{
		{"admin plan workspace", func(t *testing.T, old *oldDB) {
			u := old.user(t, "a@x.io", 1)
			old.workspace(t, &u, "jane", store.PlanStarter, 1)
			old.workspace(t, nil, "home", store.PlanAdmin, 2)
		}, "home"},
		{"first admin's workspace", func(t *testing.T, old *oldDB) {
			a := old.user(t, "a@x.io", 1)
			b := old.user(t, "b@x.io", 2)
			c := old.user(t, "c@x.io", 3)
			old.exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin'), ($2, 'admin')`, c, b)
			old.workspace(t, &a, "jane", store.PlanStarter, 1)
			old.workspace(t, &c, "carl", store.PlanStarter, 2)
			old.workspace(t, &b, "bob", store.PlanStarter, 3)
		}, "bob"},
		{"oldest workspace", func(t *testing.T, old *oldDB) {
			a := old.user(t, "a@x.io", 1)
			b := old.user(t, "b@x.io", 2)
			old.workspace(t, &b, "bob", store.PlanStarter, 2)
			old.workspace(t, &a, "jane", store.PlanStarter, 1)
		}, "jane"},
		{"no workspace", func(t *testing.T, old *oldDB) {}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			runOld(t, func(t *testing.T, old *oldDB) {
				c.setup(t, old)
				old.insert(t, `INSERT INTO subscribers (email, workspace_id, created_at) VALUES ($1, $2, $3)`, "reader@x.io", nil, 1)
				s := old.upgrade(t)
				var want []string
				if c.want != "" {
					want = []string{"reader@x.io@" + c.want}
				}
				if got := subscribers(t, s); !slices.Equal(got, want) {
					t.Fatalf("subscribers = %v, want %v", got, want)
				}
			})
		})
	}
}

// subscribers lists "email@workspace-slug", sorted.
func subscribers(t *testing.T, s *sqlstore.DB) []string {
	t.Helper()
	out, err := strings1(s.SQL(), `SELECT sub.email || '@' || w.slug FROM subscribers sub
		JOIN workspaces w ON w.id = sub.workspace_id ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.SQL().QueryRow(`SELECT COUNT(*) FROM subscribers`).Scan(&n); err != nil || n != len(out) {
		t.Fatalf("subscribers: %d rows, %d with a workspace, %v", n, len(out), err)
	}
	return out
}
