package storetest

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
	"github.com/inkpress/inkpress/store/migration"
)

// baselineVersion is the newest migration of the previous release: the
// schema every deployment upgrading to this one starts from at the latest.
// TestUpgradeFromBaseline builds it, writes a row of every main table the
// way that release did, and checks that the migrations added since keep
// all of it readable through the store.
//
// Raise it at each release to that release's last migration, and bring the
// test's inserts to that schema (new tables and columns get rows too).
const baselineVersion = 18

func TestUpgradeFromBaseline(t *testing.T) {
	vs, err := migration.Versions("sqlite")
	if err != nil || !slices.Contains(vs, baselineVersion) {
		t.Fatalf("versions %v, %v: the baseline %d is not a migration", vs, err, baselineVersion)
	}
	runOldAt(t, baselineVersion, func(t *testing.T, old *oldDB) {
		base := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC).UnixMilli()
		day := int64(24 * time.Hour / time.Millisecond)
		later := time.Now().Add(30 * 24 * time.Hour).UnixMilli()

		// Accounts.
		admin := old.user(t, "admin@x.io", base)
		jane := old.user(t, "jane@x.io", base+1)
		old.exec(t, `UPDATE users SET name = 'Ada Admin', email_verified_at = $1 WHERE id = $2`, base+2, admin)
		old.exec(t, `UPDATE users SET name = 'Jane Doe' WHERE id = $1`, jane)
		old.exec(t, `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, admin, store.RoleAdmin)
		old.exec(t, `INSERT INTO sessions (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)`, "sess-jane", jane, later, base)
		old.exec(t, `INSERT INTO account_tokens (token_hash, user_id, purpose, email, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			"tok-verify", jane, store.TokenVerify, "jane@x.io", later, base)
		old.exec(t, `INSERT INTO rate_limit_keys (key, touched_at) VALUES ($1, $2)`, "login:jane@x.io", base)
		old.exec(t, `INSERT INTO rate_limit_events (key, at) VALUES ($1, $2)`, "login:jane@x.io", time.Now().UnixMilli())

		// Workspaces, their settings, brand, domain and usage.
		site := old.workspace(t, nil, "site", store.PlanAdmin, base)
		ws := old.workspace(t, &jane, "jane", store.PlanProfessional, base+3)
		old.exec(t, `UPDATE workspaces SET custom_domain = $1, domain_status = $2, domain_token = $3, domain_added_at = $4,
			domain_checked_at = $4, domain_verified_at = $4, content_changed_at = $5 WHERE id = $6`,
			"blog.jane.example", store.DomainVerified, "txt-token", base+4, base+5, ws)
		old.exec(t, `UPDATE workspace_settings SET review_ai_posts = $1, brand_voice = $2, language = $3, default_tone = $4,
			default_length = $5, logo_url = $6, social_links = $7, newsletter_enabled = $8, newsletter_full_text = $9
			WHERE workspace_id = $10`, true, "Warm and precise", "pt-PT", "casual", "long", key(ws, "library", "logo.png"),
			`[{"network":"github","url":"https://github.com/jane"}]`, true, true, ws)
		old.exec(t, `INSERT INTO usage_tracking (workspace_id, month, posts_generated, images_generated, posts_limit, images_limit, emails_sent)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, ws, "2026-03-01", 4, 2, 50, 25, 120)
		old.exec(t, `INSERT INTO author_profiles (user_id, slug, display_name, bio, links, updated_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			jane, "jane-doe", "Jane D.", "Writes about Lisbon", `[{"network":"x","url":"https://x.com/jane"}]`, base)
		old.insert(t, `INSERT INTO categories (workspace_id, name, slug, description, color_hex, gradient, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, ws, "Travel", "travel", "Trips", "#6366f1", "from-a to-b", base)
		old.insert(t, `INSERT INTO categories (workspace_id, name, slug, description, color_hex, gradient, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, site, "News", "news", "", "#10b981", "", base)

		// Media: a library item stored as a key, one stored as an S3 URL by
		// an older version, their files.
		photo, legacyPhoto := key(ws, "library", "photo.webp"), key(ws, "library", "old.png")
		libKey := old.insert(t, `INSERT INTO media_library (workspace_id, file_name, file_url, file_size, mime_type, created_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, ws, "photo.webp", photo, 2048, "image/webp", base)
		libURL := old.insert(t, `INSERT INTO media_library (workspace_id, file_name, file_url, file_size, mime_type, created_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, ws, "old.png", "https://old-cdn.example/bucket/"+legacyPhoto, 4096, "image/png", base)
		for _, k := range []string{photo, legacyPhoto} {
			old.exec(t, `INSERT INTO media_files (file_key, workspace_id, file_size, created_at) VALUES ($1, $2, $3, $4)`, k, ws, 1000, base)
		}

		// Posts: a published one with tags, banners, a cover stored as a
		// local URL by an older version, a revision, a redirect, views and
		// its newsletter sent; a draft with a preview link and an outside
		// cover; a site post by the admin, who has no profile yet.
		cover := key(ws, "covers", "lisbon.png")
		bannerURL := "/media/" + photo
		bannerHTML := `<aside class="ink-banner"><a href="https://deal.example/" rel="sponsored noopener"><img src="` + bannerURL + `" alt="Deal"></a></aside>`
		post := old.insert(t, `INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, excerpt,
				cover_image_url, cover_image_type, cover_image_size, meta_title, meta_description, tags, banners,
				read_minutes, word_count, published_at, updated_at, view_count, status, cover_alt, author_id,
				newsletter, newsletter_note, newsletter_recipients)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
			ws, "travel", "Lisbon in May", "lisbon-in-may", "<p>Trams and tiles</p>", "<p>Trams and tiles</p>"+bannerHTML, "Trams and tiles",
			"/media/"+cover, "image/png", 51234, "Lisbon", "A trip to Lisbon", `["Travel","Portugal"]`,
			`[{"imageUrl":"`+bannerURL+`","linkUrl":"https://deal.example/","text":"Deal"}]`,
			4, 812, base+10*day, base+11*day, 42, store.PostPublished, "Yellow tram", jane, store.NewsletterSent, "", 1)
		for _, tag := range []string{"Travel", "Portugal"} {
			old.exec(t, `INSERT INTO post_tags (post_id, workspace_id, slug, tag) VALUES ($1, $2, $3, $4)`, post, ws, content.TagSlug(tag), tag)
		}
		old.insert(t, `INSERT INTO post_revisions (post_id, workspace_id, title, content, word_count, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			post, ws, "Lisbon in April", "<p>First draft</p>", 2, base+9*day)
		old.exec(t, `INSERT INTO post_redirects (workspace_id, category, slug, post_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
			ws, "travel", "lisbon-in-april", post, base+10*day)
		old.exec(t, `INSERT INTO post_views (post_id, hour, visitor) VALUES ($1, $2, $3)`, post, (base+10*day)/3600000, "v1")
		draft := old.insert(t, `INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, cover_image_url,
				published_at, updated_at, status, preview_token, preview_expires_at, author_id, newsletter)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			ws, "travel", "Porto next", "porto-next", "<p>Soon</p>", "<p>Soon</p>", "https://images.example/porto.png",
			base+12*day, base+12*day, store.PostDraft, "preview-hash", later, jane, store.NewsletterPending)
		sitePost := old.insert(t, `INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html,
				published_at, updated_at, status, author_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			site, "news", "Platform news", "platform-news", "<p>Hello</p>", "<p>Hello</p>", base+5*day, base+5*day, store.PostPublished, admin)

		// Scheduling and generation.
		old.insert(t, `INSERT INTO scheduled_posts (workspace_id, category, topic, input_mode, scheduled_for, frequency, status,
				generate_image, banner1_html, banner1_text, banner1_link_url, created_at, next_scheduled)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
			ws, "travel", "Sintra", "topic", later, "weekly", store.PlanPending, true, bannerURL, "Deal", "https://deal.example/", base, false)
		job := old.insert(t, `INSERT INTO generation_jobs (workspace_id, kind, status, stage, input, post_id, attempts, created_at, started_at, finished_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			ws, store.JobGenerate, store.JobSucceeded, "done", `{"topic":"Lisbon"}`, post, 1, base, base+1, base+2)

		// Newsletter: a confirmed subscriber and a queued delivery.
		sub := old.insert(t, `INSERT INTO subscribers (email, workspace_id, created_at, status, source, token, confirmed_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, "reader@x.io", ws, base, store.SubscriberConfirmed, "form", "unsub-token", base, base)
		msg := old.insert(t, `INSERT INTO mail_messages (workspace_id, kind, dedupe_key, post_id, from_name, subject, html, text, headers, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, ws, store.MailNewsletter, fmt.Sprintf("post:%d", post), post,
			"Jane's blog", "Lisbon in May", "<p>Trams</p>", "Trams", `{"List-Unsubscribe":"<https://x/u/{{token}}>"}`, base)
		old.insert(t, `INSERT INTO mail_deliveries (message_id, workspace_id, subscriber_id, to_addr, token, status, next_at, priority, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, msg, ws, sub, "reader@x.io", "unsub-token", store.DeliveryQueued, base, 0, base)

		// Automatic TLS.
		old.exec(t, `INSERT INTO certificates (key, value, modified_at) VALUES ($1, $2, $3)`,
			"certificates/acme/blog.jane.example/blog.jane.example.crt", []byte("PEM bytes"), base)
		old.exec(t, `INSERT INTO cert_locks (name, token, expires_at) VALUES ($1, $2, $3)`, "issue_cert_blog.jane.example", "lock-token", base)

		s := old.upgrade(t)
		now := time.Now()

		// Accounts.
		if u, err := s.GetUserByEmail(ctx, "jane@x.io"); err != nil || u.ID != jane || u.Name != "Jane Doe" || u.EmailVerified {
			t.Errorf("jane = %+v, %v", u, err)
		}
		if u, err := s.GetUser(ctx, admin); err != nil || !u.EmailVerified {
			t.Errorf("admin = %+v, %v", u, err)
		}
		if ok, err := s.HasRole(ctx, admin, store.RoleAdmin); err != nil || !ok {
			t.Errorf("admin role = %v, %v", ok, err)
		}
		if sess, err := s.GetSession(ctx, "sess-jane", now); err != nil || sess.UserID != jane {
			t.Errorf("session = %+v, %v", sess, err)
		}
		if tok, err := s.GetAccountToken(ctx, "tok-verify", store.TokenVerify, now); err != nil || tok.UserID != jane || tok.Email != "jane@x.io" {
			t.Errorf("account token = %+v, %v", tok, err)
		}

		// Workspaces.
		w, err := s.GetWorkspace(ctx, store.FindWorkspace{CustomDomain: store.Ptr("blog.jane.example")})
		if err != nil || w.ID != ws || w.UserID != jane || w.PlanTier != store.PlanProfessional {
			t.Errorf("workspace = %+v, %v", w, err)
		}
		// Each blog's owner is its administrator; the ownerless site blog has no member.
		if ms, err := s.Memberships(ctx, jane); err != nil || len(ms) != 1 || ms[0].Workspace.ID != ws || ms[0].Role != "administrator" {
			t.Errorf("jane's memberships = %v, %v", ms, err)
		}
		if ms, err := s.Memberships(ctx, admin); err != nil || len(ms) != 0 {
			t.Errorf("admin's memberships = %v, %v (site %d)", ms, err, site)
		}
		if d, err := s.GetDomain(ctx, ws); err != nil || d.Status != store.DomainVerified || d.Token != "txt-token" {
			t.Errorf("domain = %+v, %v", d, err)
		}
		if set, err := s.GetSettings(ctx, ws); err != nil || set.BrandVoice != "Warm and precise" || set.Language != "pt-PT" ||
			!set.ReviewAIPosts || !set.NewsletterEnabled || !set.NewsletterFullText || set.DefaultLength != "long" {
			t.Errorf("settings = %+v, %v", set, err)
		}
		if b, err := s.GetBrand(ctx, ws); err != nil || b.LogoURL != key(ws, "library", "logo.png") || len(b.SocialLinks) != 1 {
			t.Errorf("brand = %+v, %v", b, err)
		}
		if us, err := s.EnsureUsage(ctx, ws, "2026-03-01", 1, 1); err != nil || us.PostsGenerated != 4 || us.ImagesGenerated != 2 || us.PostsLimit != 50 {
			t.Errorf("usage = %+v, %v", us, err)
		}
		if n, err := s.EmailsSent(ctx, ws, "2026-03-01"); err != nil || n != 120 {
			t.Errorf("emails sent = %d, %v", n, err)
		}
		if cats, err := s.ListCategories(ctx, ws); err != nil || len(cats) != 1 || cats[0].Slug != "travel" || cats[0].Gradient != "from-a to-b" {
			t.Errorf("categories = %+v, %v", cats, err)
		}

		// Posts: the cover stored as a URL is a key now (00020); an outside
		// cover stays a URL.
		p, err := s.GetPost(ctx, store.FindPost{WorkspaceID: &ws, Slug: store.Ptr("lisbon-in-may")})
		if err != nil {
			t.Fatal(err)
		}
		if p.ID != post || p.CoverImageURL != cover || p.CoverAlt != "Yellow tram" || p.ViewCount != 42 || p.WordCount != 812 ||
			!slices.Equal(p.Tags, []string{"Travel", "Portugal"}) || len(p.Banners) != 1 || p.Banners[0].ImageURL != bannerURL ||
			p.ContentHTML != "<p>Trams and tiles</p>"+bannerHTML || p.Status != store.PostPublished || p.AuthorID != jane ||
			p.Newsletter != store.NewsletterSent || p.NewsletterRecipients != 1 || p.UpdatedAt.UnixMilli() != base+11*day {
			t.Errorf("post = %+v", p)
		}
		if d, err := s.GetPost(ctx, store.FindPost{ID: &draft}); err != nil || d.Status != store.PostDraft ||
			d.CoverImageURL != "https://images.example/porto.png" || d.PreviewToken != "preview-hash" {
			t.Errorf("draft = %+v, %v", d, err)
		}
		f := public(ws, now)
		f.Tag = store.Ptr("portugal")
		if n, err := s.CountPosts(ctx, f); err != nil || n != 1 {
			t.Errorf("posts tagged portugal = %d, %v", n, err)
		}
		if found, err := s.SearchPosts(ctx, public(ws, now), []string{"lisbon"}); err != nil || len(found) != 1 || found[0].ID != post {
			t.Errorf("search = %v, %v", found, err)
		}
		if revs, err := s.ListRevisions(ctx, ws, post, 10); err != nil || len(revs) != 1 || revs[0].Title != "Lisbon in April" {
			t.Errorf("revisions = %+v, %v", revs, err)
		}
		if id, err := s.PostRedirect(ctx, ws, store.PostAddress{Category: "travel", Slug: "lisbon-in-april"}); err != nil || id != post {
			t.Errorf("redirect = %d, %v", id, err)
		}
		// Authors: Jane's profile is kept; the admin, credited with the
		// site's post, got one (00021).
		if a, err := s.GetAuthor(ctx, store.FindAuthor{UserID: &jane}); err != nil || a.Slug != "jane-doe" || a.Bio != "Writes about Lisbon" || len(a.Links) != 1 {
			t.Errorf("jane's profile = %+v, %v", a, err)
		}
		if a, err := s.GetAuthor(ctx, store.FindAuthor{UserID: &admin}); err != nil || a.Slug != "ada-admin" {
			t.Errorf("admin's profile = %+v, %v", a, err)
		}
		if sp, err := s.GetPost(ctx, store.FindPost{ID: &sitePost}); err != nil || sp.AuthorID != admin {
			t.Errorf("site post = %+v, %v", sp, err)
		}

		// Media: both library items hold keys now; files and uses are known.
		for id, want := range map[int64]string{libKey: photo, libURL: legacyPhoto} {
			if m, err := s.GetMedia(ctx, ws, id); err != nil || m.FileURL != want {
				t.Errorf("library item %d = %+v, %v; want %s", id, m, err, want)
			}
		}
		if n, err := s.MediaBytes(ctx, ws); err != nil || n != 2000 {
			t.Errorf("media bytes = %d, %v", n, err)
		}
		for _, k := range []string{photo, cover} {
			if used, err := s.MediaFileUsed(ctx, ws, k); err != nil || !used {
				t.Errorf("%s used = %v, %v", k, used, err)
			}
		}

		// Scheduling and generation.
		if list, err := s.ListPlanned(ctx, ws); err != nil || len(list) != 1 || list[0].Topic != "Sintra" || !list[0].GenerateImage ||
			len(list[0].Banners) != 1 || list[0].Banners[0].ImageURL != bannerURL {
			t.Errorf("scheduled = %+v, %v", list, err)
		}
		if j, err := s.GetJob(ctx, ws, job); err != nil || j.Status != store.JobSucceeded || j.PostID != post {
			t.Errorf("job = %+v, %v", j, err)
		}

		// Newsletter and mail: the queued delivery is sent as it was queued.
		if subs, err := s.ListSubscribers(ctx, store.FindSubscribers{WorkspaceID: ws}); err != nil || len(subs) != 1 ||
			subs[0].Email != "reader@x.io" || subs[0].Status != store.SubscriberConfirmed || subs[0].Token != "unsub-token" {
			t.Errorf("subscribers = %+v, %v", subs, err)
		}
		ds, err := s.ClaimDeliveries(ctx, now, now.Add(time.Minute), 10)
		if err != nil || len(ds) != 1 || ds[0].To != "reader@x.io" || ds[0].Message == nil || ds[0].Message.Subject != "Lisbon in May" {
			t.Errorf("claimed deliveries = %+v, %v", ds, err)
		}

		// Automatic TLS.
		if v, err := s.GetCert(ctx, "certificates/acme/blog.jane.example/blog.jane.example.crt"); err != nil || string(v) != "PEM bytes" {
			t.Errorf("certificate = %q, %v", v, err)
		}
		if ok, err := s.ClaimCertLock(ctx, "issue_cert_blog.jane.example", "other", now, now.Add(time.Minute)); err != nil || !ok {
			t.Errorf("the expired lock cannot be taken over: %v, %v", ok, err)
		}

		// Rate limits: the login attempt still counts.
		if _, err := s.ReserveRate(ctx, now, store.RateRule{Key: "login:jane@x.io", Max: 1, Window: time.Hour}); err != store.ErrLimit {
			t.Errorf("rate event lost: %v", err)
		}

		// The server's state starts empty.
		if v, err := s.State(ctx, "media_url"); err != nil || v != "" {
			t.Errorf("state = %q, %v", v, err)
		}
	})
}

// key is a media key of workspace ws, as media.Key makes them.
func key(ws int64, kind, name string) string {
	return fmt.Sprintf("%d/%s/1700000000000-ab12cd34-%s", ws, kind, name)
}
