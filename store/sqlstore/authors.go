package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Brand: columns of workspace_settings that the settings form never
// writes, so a settings save and a brand save cannot undo each other.

func (d *DB) GetBrand(ctx context.Context, workspaceID int64) (*store.Brand, error) {
	var b store.Brand
	var links string
	err := d.db.QueryRowContext(ctx, `SELECT logo_url, favicon_url, social_image_url, social_links
		FROM workspace_settings WHERE workspace_id = $1`, workspaceID).
		Scan(&b.LogoURL, &b.FaviconURL, &b.SocialImageURL, &links)
	if err == sql.ErrNoRows {
		return &store.Brand{}, nil
	}
	if err != nil {
		return nil, err
	}
	b.LogoURL, b.FaviconURL, b.SocialImageURL = d.mediaURL(b.LogoURL), d.mediaURL(b.FaviconURL), d.mediaURL(b.SocialImageURL)
	b.SocialLinks = parseLinks(links)
	return &b, nil
}

func (d *DB) SetBrand(ctx context.Context, workspaceID int64, b *store.Brand) error {
	res, err := d.db.ExecContext(ctx, `UPDATE workspace_settings SET logo_url = $1, favicon_url = $2, social_image_url = $3,
		social_links = $4 WHERE workspace_id = $5`, d.mediaKey(b.LogoURL), d.mediaKey(b.FaviconURL), d.mediaKey(b.SocialImageURL),
		linksText(b.SocialLinks), workspaceID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

func parseLinks(s string) []store.SocialLink {
	var out []store.SocialLink
	if err := json.Unmarshal([]byte(s), &out); err != nil || out == nil {
		return []store.SocialLink{}
	}
	return out
}

func linksText(ls []store.SocialLink) string {
	if len(ls) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(ls)
	return string(b)
}

const authorCols = `a.user_id, a.slug, a.display_name, u.name, a.bio, a.avatar_url, a.links, a.updated_at`

const authorFrom = ` FROM author_profiles a JOIN users u ON u.id = a.user_id`

func (d *DB) scanAuthor(row interface{ Scan(...any) error }) (*store.Author, error) {
	var a store.Author
	var links string
	var upd int64
	if err := row.Scan(&a.UserID, &a.Slug, &a.DisplayName, &a.UserName, &a.Bio, &a.AvatarURL, &links, &upd); err != nil {
		return nil, notFound(err)
	}
	a.AvatarURL, a.Links, a.UpdatedAt = d.mediaURL(a.AvatarURL), parseLinks(links), fromMS(upd)
	return &a, nil
}

func (d *DB) GetAuthor(ctx context.Context, f store.FindAuthor) (*store.Author, error) {
	switch {
	case f.UserID != nil:
		return d.scanAuthor(d.db.QueryRowContext(ctx, `SELECT `+authorCols+authorFrom+` WHERE a.user_id = $1`, *f.UserID))
	case f.Slug != nil:
		return d.scanAuthor(d.db.QueryRowContext(ctx, `SELECT `+authorCols+authorFrom+` WHERE a.slug = $1`, *f.Slug))
	}
	return nil, store.ErrNotFound
}

func (d *DB) ListAuthors(ctx context.Context, ids []int64) (map[int64]*store.Author, error) {
	out := map[int64]*store.Author{}
	if len(ids) == 0 {
		return out, nil
	}
	ph := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		ph[i], args[i] = "$"+strconv.Itoa(i+1), id
	}
	rows, err := d.db.QueryContext(ctx, `SELECT `+authorCols+authorFrom+` WHERE a.user_id IN (`+strings.Join(ph, ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		a, err := d.scanAuthor(rows)
		if err != nil {
			return nil, err
		}
		out[a.UserID] = a
	}
	return out, rows.Err()
}

// EnsureAuthor inserts the profile unless the user has one; a taken slug
// gets the first free -N suffix, and a concurrent insert of the same slug
// is retried with the next.
func (d *DB) EnsureAuthor(ctx context.Context, userID int64, slug string) (*store.Author, error) {
	if a, err := d.GetAuthor(ctx, store.FindAuthor{UserID: &userID}); err == nil {
		return a, nil
	} else if err != store.ErrNotFound {
		return nil, err
	}
	var lastErr error
	for n := 1; n <= 50; n++ {
		candidate := slug
		if n > 1 {
			candidate = slug + "-" + strconv.Itoa(n)
		}
		var taken int
		if err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM author_profiles WHERE slug = $1`, candidate).Scan(&taken); err != nil {
			return nil, err
		}
		if taken > 0 {
			continue
		}
		_, err := d.db.ExecContext(ctx, `INSERT INTO author_profiles (user_id, slug, updated_at) VALUES ($1, $2, $3)`,
			userID, candidate, ms(time.Now()))
		if err == nil || isUnique(err) {
			// A unique error is this user's profile made meanwhile, or
			// the slug taken meanwhile: read back, or try the next.
			if a, gerr := d.GetAuthor(ctx, store.FindAuthor{UserID: &userID}); gerr == nil {
				return a, nil
			}
			lastErr = err
			continue
		}
		return nil, err
	}
	if lastErr == nil {
		lastErr = store.ErrConflict
	}
	return nil, lastErr
}

func (d *DB) UpdateAuthor(ctx context.Context, a *store.Author) error {
	a.UpdatedAt = time.Now().UTC()
	res, err := d.db.ExecContext(ctx, `UPDATE author_profiles SET display_name = $1, bio = $2, avatar_url = $3, links = $4,
		updated_at = $5 WHERE user_id = $6`, a.DisplayName, a.Bio, d.mediaKey(a.AvatarURL), linksText(a.Links), ms(a.UpdatedAt), a.UserID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}

func (d *DB) int64s(ctx context.Context, q string, args ...any) ([]int64, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func (d *DB) AuthorWorkspaces(ctx context.Context, userID int64) ([]int64, error) {
	return d.int64s(ctx, `SELECT DISTINCT workspace_id FROM blog_posts WHERE author_id = $1`, userID)
}

func (d *DB) DefaultAuthor(ctx context.Context, workspaceID int64) (int64, error) {
	var id sql.NullInt64
	err := d.db.QueryRowContext(ctx, `SELECT COALESCE(
		(SELECT w.user_id FROM workspaces w WHERE w.id = $1),
		(SELECT MIN(r.user_id) FROM user_roles r WHERE r.role = 'admin'))`, workspaceID).Scan(&id)
	return id.Int64, err
}
