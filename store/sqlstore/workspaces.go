package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

const workspaceCols = `id, user_id, name, slug, plan_tier, status, custom_domain, created_at`

func scanWorkspace(row interface{ Scan(...any) error }) (*store.Workspace, error) {
	var w store.Workspace
	var uid sql.NullInt64
	var domain sql.NullString
	var created int64
	if err := row.Scan(&w.ID, &uid, &w.Name, &w.Slug, &w.PlanTier, &w.Status, &domain, &created); err != nil {
		return nil, notFound(err)
	}
	w.UserID, w.CustomDomain, w.CreatedAt = uid.Int64, domain.String, fromMS(created)
	return &w, nil
}

func (d *DB) CreateWorkspace(ctx context.Context, in store.CreateWorkspace) (*store.Workspace, error) {
	var ws *store.Workspace
	err := d.retryUnique(ctx, func(tx *sql.Tx) error {
		var err error
		ws, err = d.createWorkspace(ctx, tx, in)
		return err
	})
	return ws, err
}

// createWorkspace inserts a workspace with a unique slug, its settings and the
// month's usage row.
func (d *DB) createWorkspace(ctx context.Context, tx *sql.Tx, in store.CreateWorkspace) (*store.Workspace, error) {
	if in.MaxOwned > 0 && in.UserID != 0 {
		if err := d.lockUser(ctx, tx, in.UserID); err != nil {
			return nil, err
		}
		n, err := countOwned(ctx, tx, in.UserID)
		if err != nil {
			return nil, err
		}
		if n >= in.MaxOwned {
			return nil, store.ErrLimit
		}
	}
	slug, err := uniqueWorkspaceSlug(ctx, tx, in.Slug)
	if err != nil {
		return nil, err
	}
	if in.Exact && slug != in.Slug {
		return nil, store.ErrConflict
	}
	ws := &store.Workspace{UserID: in.UserID, Name: in.Name, Slug: slug, PlanTier: in.PlanTier,
		Status: "active", CreatedAt: time.Now().UTC()}
	if ws.PlanTier == "" {
		ws.PlanTier = store.PlanStarter
	}
	var uid sql.NullInt64
	if in.UserID != 0 {
		uid = sql.NullInt64{Int64: in.UserID, Valid: true}
	}
	err = tx.QueryRowContext(ctx,
		`INSERT INTO workspaces (user_id, name, slug, plan_tier, status, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		uid, ws.Name, ws.Slug, ws.PlanTier, ws.Status, ms(ws.CreatedAt)).Scan(&ws.ID)
	if isUnique(err) {
		// The slug was taken since we looked: the caller retries (with
		// Exact, the address is refused).
		if in.Exact {
			return nil, store.ErrConflict
		}
		return nil, errSlugRace
	}
	if err != nil {
		return nil, err
	}
	// The address is the blog's from now on (a concurrent rename may have
	// taken it as a former address since we looked: then try the next one).
	if _, err := tx.ExecContext(ctx, `INSERT INTO workspace_addresses (workspace_id, slug, created_at) VALUES ($1, $2, $3)`,
		ws.ID, ws.Slug, ms(ws.CreatedAt)); isUnique(err) {
		if in.Exact {
			return nil, store.ErrConflict
		}
		return nil, errSlugRace
	} else if err != nil {
		return nil, err
	}
	if in.UserID != 0 {
		if err := addMember(ctx, tx, ws.ID, in.UserID, roleAdministrator, ws.CreatedAt); err != nil {
			return nil, err
		}
	}
	s := in.Settings
	if s == nil {
		s = store.DefaultSettings(ws.ID, in.Name)
	}
	s.WorkspaceID = ws.ID
	if err := upsertSettings(ctx, tx, s); err != nil {
		return nil, err
	}
	if in.Month != "" {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO usage_tracking (workspace_id, month, posts_limit, images_limit) VALUES ($1, $2, $3, $4)`,
			ws.ID, in.Month, in.Posts, in.Images); err != nil {
			return nil, err
		}
	}
	return ws, nil
}

func (d *DB) ChangeAddress(ctx context.Context, workspaceID int64, slug string) (string, error) {
	var old string
	err := d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.lockWorkspace(ctx, tx, workspaceID); err != nil {
			return err
		}
		var err error
		old, err = changeAddress(ctx, tx, workspaceID, slug)
		return err
	})
	return old, err
}

// changeAddress makes slug the workspace's address inside tx (see
// store.WorkspaceStore.ChangeAddress). The unique index on
// workspace_addresses.slug is what settles two blogs (or a sign-up) wanting
// the same address at once: the second insert fails, and is refused.
func changeAddress(ctx context.Context, tx *sql.Tx, workspaceID int64, slug string) (string, error) {
	var old string
	if err := tx.QueryRowContext(ctx, `SELECT slug FROM workspaces WHERE id = $1`, workspaceID).Scan(&old); err != nil {
		return "", notFound(err)
	}
	if old == slug {
		return old, nil
	}
	now := ms(time.Now())
	var holder int64
	switch err := tx.QueryRowContext(ctx, `SELECT workspace_id FROM workspace_addresses WHERE slug = $1`, slug).Scan(&holder); {
	case err == nil && holder != workspaceID:
		return "", store.ErrConflict
	case errors.Is(err, sql.ErrNoRows):
		_, err = tx.ExecContext(ctx, `INSERT INTO workspace_addresses (workspace_id, slug, created_at) VALUES ($1, $2, $3)`, workspaceID, slug, now)
		if isUnique(err) {
			return "", store.ErrConflict
		}
		if err != nil {
			return "", err
		}
	case err != nil:
		return "", err
	}
	// The address it leaves stays the blog's (it is already, unless the row
	// predates the table's upkeep).
	if _, err := tx.ExecContext(ctx, `INSERT INTO workspace_addresses (workspace_id, slug, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
		workspaceID, old, now); err != nil {
		return "", err
	}
	_, err := tx.ExecContext(ctx, `UPDATE workspaces SET slug = $1 WHERE id = $2`, slug, workspaceID)
	if isUnique(err) {
		return "", store.ErrConflict
	}
	return old, err
}

func (d *DB) GetWorkspace(ctx context.Context, f store.FindWorkspace) (*store.Workspace, error) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.Replace(cond, "?", "$"+itoa(len(args)), 1))
	}
	if f.ID != nil {
		add("id = ?", *f.ID)
	}
	if f.Slug != nil {
		add("slug = ?", *f.Slug)
	}
	if f.UserID != nil {
		add("user_id = ?", *f.UserID)
	}
	if f.Address != nil {
		add("id = (SELECT workspace_id FROM workspace_addresses WHERE slug = ?)", *f.Address)
	}
	if f.CustomDomain != nil {
		add("custom_domain = ? AND domain_status = 'verified'", *f.CustomDomain)
	}
	if len(where) == 0 {
		return nil, store.ErrNotFound
	}
	return scanWorkspace(d.db.QueryRowContext(ctx,
		`SELECT `+workspaceCols+` FROM workspaces WHERE `+strings.Join(where, " AND ")+` ORDER BY id LIMIT 1`, args...))
}

func (d *DB) ListWorkspaces(ctx context.Context) ([]*store.Workspace, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+workspaceCols+` FROM workspaces ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Workspace
	for rows.Next() {
		w, err := scanWorkspace(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

func (d *DB) UpdateWorkspace(ctx context.Context, u store.UpdateWorkspace) (*store.Workspace, error) {
	var sets []string
	var args []any
	set := func(col string, v any) {
		args = append(args, v)
		sets = append(sets, col+" = $"+itoa(len(args)))
	}
	if u.PlanTier != nil {
		set("plan_tier", *u.PlanTier)
	}
	if u.Status != nil {
		set("status", *u.Status)
	}
	if u.CustomDomain != nil {
		// A trusted write (see store.DomainStore): the name is served at once.
		name := strings.ToLower(*u.CustomDomain)
		set("custom_domain", nullString(name))
		status, at := "", int64(0)
		if name != "" {
			status, at = store.DomainVerified, ms(time.Now())
		}
		set("domain_status", status)
		set("domain_token", "")
		set("domain_added_at", at)
		set("domain_checked_at", int64(0))
		set("domain_verified_at", at)
		set("domain_error", "")
		set("domain_failures", 0)
	}
	if len(sets) > 0 {
		args = append(args, u.ID)
		res, err := d.db.ExecContext(ctx,
			`UPDATE workspaces SET `+strings.Join(sets, ", ")+` WHERE id = $`+itoa(len(args)), args...)
		if isUnique(err) {
			return nil, store.ErrConflict
		}
		if err := affected(res, err); err != nil {
			return nil, err
		}
	}
	return d.GetWorkspace(ctx, store.FindWorkspace{ID: &u.ID})
}

// Settings.

func (d *DB) GetSettings(ctx context.Context, workspaceID int64) (*store.Settings, error) {
	var s store.Settings
	err := d.db.QueryRowContext(ctx,
		`SELECT workspace_id, blog_title, blog_description, template_id, primary_color, font_family, onboarding_completed,
		   review_ai_posts, brand_voice, language, default_tone, default_length, newsletter_enabled, newsletter_full_text, reply_to
		 FROM workspace_settings WHERE workspace_id = $1`, workspaceID).
		Scan(&s.WorkspaceID, &s.BlogTitle, &s.BlogDescription, &s.TemplateID, &s.PrimaryColor, &s.FontFamily, &s.OnboardingCompleted,
			&s.ReviewAIPosts, &s.BrandVoice, &s.Language, &s.DefaultTone, &s.DefaultLength, &s.NewsletterEnabled, &s.NewsletterFullText, &s.ReplyTo)
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func upsertSettings(ctx context.Context, q queryer, s *store.Settings) error {
	_, err := q.ExecContext(ctx,
		`INSERT INTO workspace_settings (workspace_id, blog_title, blog_description, template_id, primary_color, font_family, onboarding_completed,
		   review_ai_posts, brand_voice, language, default_tone, default_length, newsletter_enabled, newsletter_full_text, reply_to)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
		 ON CONFLICT (workspace_id) DO UPDATE SET blog_title = excluded.blog_title, blog_description = excluded.blog_description,
		   template_id = excluded.template_id, primary_color = excluded.primary_color, font_family = excluded.font_family,
		   onboarding_completed = excluded.onboarding_completed, review_ai_posts = excluded.review_ai_posts,
		   brand_voice = excluded.brand_voice, language = excluded.language, default_tone = excluded.default_tone,
		   default_length = excluded.default_length, newsletter_enabled = excluded.newsletter_enabled,
		   newsletter_full_text = excluded.newsletter_full_text, reply_to = excluded.reply_to`,
		s.WorkspaceID, s.BlogTitle, s.BlogDescription, s.TemplateID, s.PrimaryColor, s.FontFamily, s.OnboardingCompleted,
		s.ReviewAIPosts, s.BrandVoice, s.Language, s.DefaultTone, s.DefaultLength, s.NewsletterEnabled, s.NewsletterFullText, s.ReplyTo)
	return err
}

func (d *DB) UpdateSettings(ctx context.Context, s *store.Settings) error {
	return upsertSettings(ctx, d.db, s)
}

func itoa(i int) string { return strconv.Itoa(i) }
