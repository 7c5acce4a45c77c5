package storetest

import (
	"database/sql"
	"testing"
	"time"

	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/migration"
	"github.com/inkpress/inkpress/store/sqlstore"
)

// Posts written before authors existed belong to their workspace's owner;
// those of a workspace without one (the site's blog) to an admin.
func TestUpgradeGivesPostsTheirAuthors(t *testing.T) {
	const before = 12
	at := func(t *testing.T, db *sql.DB, url, dialect string) {
		t.Cleanup(func() { db.Close() })
		if err := migration.ApplyTo(ctx, db, dialect, before); err != nil {
			t.Fatal(err)
		}
		old := &oldDB{DB: db, url: url, dialect: dialect}
		now := time.Now().UnixMilli()
		admin := old.user(t, "admin@x.io", now)
		jane := old.user(t, "jane@x.io", now)
		nobody := old.user(t, "nobody@x.io", now)
		old.exec(t, `UPDATE users SET name = 'Same Name' WHERE id IN ($1, $2)`, admin, jane)
		old.exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, admin, store.RoleAdmin)
		site := old.workspace(t, nil, "site", store.PlanAdmin, now)
		janeWS := old.workspace(t, &jane, "jane", store.PlanStarter, now)
		post := func(ws int64, slug string) int64 {
			return old.insert(t, `INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, published_at, updated_at)
				VALUES ($1, 'keto', 'T', $2, '<p>x</p>', '<p>x</p>', $3, $3)`, ws, slug, now)
		}
		sitePost, janePost := post(site, "s"), post(janeWS, "j")
		s := old.upgrade(t)
		for id, want := range map[int64]int64{sitePost: admin, janePost: jane} {
			p, err := s.GetPost(ctx, store.FindPost{ID: &id})
			if err != nil || p.AuthorID != want {
				t.Errorf("post %d: author %d, want %d (%v)", id, p.AuthorID, want, err)
			}
		}
		// Each author got a profile (migration 00021), its slug from the
		// name; the same name twice gets "-2".
		for id, want := range map[int64]string{admin: "same-name", jane: "same-name-2"} {
			a, err := s.GetAuthor(ctx, store.FindAuthor{UserID: &id})
			if err != nil || a.Slug != want {
				t.Errorf("profile of %d = %+v, %v; want slug %q", id, a, err, want)
			}
		}
		if a, err := s.GetAuthor(ctx, store.FindAuthor{UserID: &nobody}); err == nil {
			t.Errorf("a user without posts got a profile: %+v", a)
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		path := t.TempDir() + "/old.db"
		db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
		if err != nil {
			t.Fatal(err)
		}
		at(t, db, "sqlite:"+path, "sqlite")
	})
	t.Run("postgres", func(t *testing.T) {
		url := PostgresURL(t)
		db, err := sql.Open("pgx", url)
		if err != nil {
			t.Fatal(err)
		}
		at(t, db, url, "postgres")
	})
}

func TestAuthorsAndBrands(t *testing.T) {
	Run(t, func(t *testing.T, s *sqlstore.DB) {
		a := &store.User{Email: "a@x.io", Name: "Olivia", PasswordHash: "h"}
		b := &store.User{Email: "b@x.io", Name: "Olivia", PasswordHash: "h"}
		for _, u := range []*store.User{a, b} {
			if err := s.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		pa, err := s.EnsureAuthor(ctx, a.ID, "olivia")
		if err != nil {
			t.Fatal(err)
		}
		pb, err := s.EnsureAuthor(ctx, b.ID, "olivia")
		if err != nil {
			t.Fatal(err)
		}
		again, err := s.EnsureAuthor(ctx, a.ID, "something-else")
		if pa.Slug != "olivia" || pb.Slug != "olivia-2" || err != nil || again.Slug != "olivia" {
			t.Fatalf("slugs %q %q %q (%v): a taken slug gets -2 and a profile keeps its own", pa.Slug, pb.Slug, again.Slug, err)
		}
		pa.DisplayName, pa.Bio, pa.Links = "Liv", "Bio", []store.SocialLink{{Network: "x", URL: "https://x.com/liv"}}
		if err := s.UpdateAuthor(ctx, pa); err != nil {
			t.Fatal(err)
		}
		got, err := s.ListAuthors(ctx, []int64{a.ID, b.ID, 999})
		if err != nil || len(got) != 2 || got[a.ID].Name() != "Liv" || got[b.ID].Name() != "Olivia" || len(got[a.ID].Links) != 1 {
			t.Fatalf("list = %v, %v", got, err)
		}
		if bySlug, err := s.GetAuthor(ctx, store.FindAuthor{Slug: store.Ptr("olivia-2")}); err != nil || bySlug.UserID != b.ID {
			t.Fatalf("by slug = %v, %v", bySlug, err)
		}

		ws, err := s.CreateWorkspace(ctx, store.CreateWorkspace{UserID: a.ID, Name: "W", Slug: "w"})
		if err != nil {
			t.Fatal(err)
		}
		if id, err := s.DefaultAuthor(ctx, ws.ID); err != nil || id != a.ID {
			t.Fatalf("default author = %d, %v", id, err)
		}
		if br, err := s.GetBrand(ctx, ws.ID); err != nil || br.LogoURL != "" || br.SocialLinks == nil {
			t.Fatalf("fresh brand = %+v, %v", br, err)
		}
		want := &store.Brand{LogoURL: "/media/l.png", FaviconURL: "/media/f.png", SocialImageURL: "/media/s.png",
			SocialLinks: []store.SocialLink{{Network: "website", URL: "https://w.example"}}}
		if err := s.SetBrand(ctx, ws.ID, want); err != nil {
			t.Fatal(err)
		}
		// A settings save leaves the brand alone.
		if err := s.UpdateSettings(ctx, store.DefaultSettings(ws.ID, "New title")); err != nil {
			t.Fatal(err)
		}
		if br, err := s.GetBrand(ctx, ws.ID); err != nil || br.LogoURL != want.LogoURL || br.SocialImageURL != want.SocialImageURL ||
			len(br.SocialLinks) != 1 {
			t.Fatalf("brand = %+v, %v", br, err)
		}
		// Files a brand or an avatar shows are in use: never swept.
		for _, key := range []string{"1/library/logo.png", "1/library/avatar.png", "1/library/loose.png"} {
			if err := s.AddMediaFile(ctx, &store.MediaFile{Key: key, WorkspaceID: ws.ID, Size: 1, CreatedAt: time.Now().Add(-48 * time.Hour)}, -1); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SetBrand(ctx, ws.ID, &store.Brand{LogoURL: "1/library/logo.png"}); err != nil {
			t.Fatal(err)
		}
		pa.AvatarURL = "1/library/avatar.png"
		if err := s.UpdateAuthor(ctx, pa); err != nil {
			t.Fatal(err)
		}
		unused, err := s.UnusedMediaFiles(ctx, time.Now(), 10)
		if err != nil || len(unused) != 1 || unused[0].Key != "1/library/loose.png" {
			t.Fatalf("unused files = %v, %v; want only the loose one", unused, err)
		}
		if err := s.SetBrand(ctx, ws.ID, want); err != nil {
			t.Fatal(err)
		}
		if err := s.SetBrand(ctx, 9999, want); err != store.ErrNotFound {
			t.Fatalf("brand of no workspace: %v", err)
		}
		p := &store.Post{WorkspaceID: ws.ID, Category: "c", Title: "T", Slug: "t", Content: "x", AuthorID: b.ID}
		if err := s.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		if wss, err := s.AuthorWorkspaces(ctx, b.ID); err != nil || len(wss) != 1 || wss[0] != ws.ID {
			t.Fatalf("author workspaces = %v, %v", wss, err)
		}
		if n, err := s.CountPosts(ctx, store.FindPost{AuthorID: &b.ID}); err != nil || n != 1 {
			t.Fatalf("posts by b = %d, %v", n, err)
		}
	})
}
