package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

// SetMediaURLs makes the store keep storage keys for covers and library
// items and hand out URLs built by m. Call it before serving.
func (d *DB) SetMediaURLs(m store.MediaURLs) { d.media = m }

// mediaURL is the URL of a stored cover or library value.
func (d *DB) mediaURL(stored string) string {
	if d.media == nil || stored == "" {
		return stored
	}
	return d.media.URL(stored)
}

// mediaKey is the value stored for a cover or library URL.
func (d *DB) mediaKey(url string) string {
	if d.media == nil || url == "" {
		return url
	}
	return d.media.Key(url)
}

// AddMediaFile counts and inserts under the workspace's lock, so
// concurrent uploads cannot pass the quota together.
func (d *DB) AddMediaFile(ctx context.Context, f *store.MediaFile, quota int64) error {
	if f.CreatedAt.IsZero() {
		f.CreatedAt = time.Now().UTC()
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.lockWorkspace(ctx, tx, f.WorkspaceID); err != nil {
			return err
		}
		if quota >= 0 {
			var used int64
			if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(file_size), 0) FROM media_files WHERE workspace_id = $1`,
				f.WorkspaceID).Scan(&used); err != nil {
				return err
			}
			if used+f.Size > quota {
				return store.ErrLimit
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO media_files (file_key, workspace_id, file_size, created_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (file_key) DO NOTHING`, f.Key, f.WorkspaceID, f.Size, ms(f.CreatedAt))
		return err
	})
}

func (d *DB) DeleteMediaFile(ctx context.Context, key string) error {
	_, err := d.db.ExecContext(ctx, `DELETE FROM media_files WHERE file_key = $1`, key)
	return err
}

func (d *DB) MediaBytes(ctx context.Context, workspaceID int64) (int64, error) {
	var n int64
	err := d.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(file_size), 0) FROM media_files WHERE workspace_id = $1`, workspaceID).Scan(&n)
	return n, err
}

func (d *DB) HasMediaFile(ctx context.Context, key string) (bool, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM media_files WHERE file_key = $1`, key).Scan(&n)
	return n > 0, err
}

// mediaUsed is the condition "something of workspace $W refers to key $K"
// ($W and $K are replaced by the caller's placeholders or columns). Covers,
// library items, a blog's brand images and authors' avatars hold keys;
// banners, bodies and scheduled banners hold URLs, which contain the key.
// Keys are made of [a-z0-9./-] only, so LIKE has no wildcard to misread.
const mediaUsed = `(EXISTS (SELECT 1 FROM blog_posts p WHERE p.workspace_id = $W AND (p.cover_image_url = $K
	   OR p.banners LIKE '%' || $K || '%' OR p.content LIKE '%' || $K || '%'))
	OR EXISTS (SELECT 1 FROM media_library l WHERE l.workspace_id = $W AND l.file_url = $K)
	OR EXISTS (SELECT 1 FROM scheduled_posts s WHERE s.workspace_id = $W AND (s.banner1_html LIKE '%' || $K || '%'
	   OR s.banner2_html LIKE '%' || $K || '%' OR s.banner3_html LIKE '%' || $K || '%'))
	OR EXISTS (SELECT 1 FROM workspace_settings b WHERE b.workspace_id = $W AND (b.logo_url = $K
	   OR b.favicon_url = $K OR b.social_image_url = $K))
	OR EXISTS (SELECT 1 FROM author_profiles a WHERE a.avatar_url = $K))`

func usedCond(w, k string) string {
	return strings.NewReplacer("$W", w, "$K", k).Replace(mediaUsed)
}

func (d *DB) UnusedMediaFiles(ctx context.Context, before time.Time, limit int) ([]*store.MediaFile, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT f.file_key, f.workspace_id, f.file_size, f.created_at FROM media_files f
		WHERE f.created_at < $1 AND NOT `+usedCond("f.workspace_id", "f.file_key")+`
		ORDER BY f.created_at LIMIT $2`, ms(before), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.MediaFile
	for rows.Next() {
		var f store.MediaFile
		var created int64
		if err := rows.Scan(&f.Key, &f.WorkspaceID, &f.Size, &created); err != nil {
			return nil, err
		}
		f.CreatedAt = fromMS(created)
		out = append(out, &f)
	}
	return out, rows.Err()
}

func (d *DB) MediaFileUsed(ctx context.Context, workspaceID int64, key string) (bool, error) {
	var used bool
	err := d.db.QueryRowContext(ctx, `SELECT `+usedCond("$1", "$2"), workspaceID, key).Scan(&used)
	return used, err
}

func (d *DB) PostMediaKeys(ctx context.Context, workspaceID int64, ids []int64) ([]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := []any{workspaceID}
	ph := make([]string, len(ids))
	for i, id := range ids {
		args = append(args, id)
		ph[i] = "$" + itoa(i+2)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT cover_image_url, banners FROM blog_posts
		WHERE workspace_id = $1 AND id IN (`+strings.Join(ph, ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var cover, banners string
		if err := rows.Scan(&cover, &banners); err != nil {
			return nil, err
		}
		if cover != "" {
			keys = append(keys, cover)
		}
		var bs []store.Banner
		_ = json.Unmarshal([]byte(banners), &bs)
		for _, b := range bs {
			if k := d.mediaKey(b.ImageURL); k != "" {
				keys = append(keys, k)
			}
		}
	}
	return keys, rows.Err()
}

func (d *DB) PostsWithCover(ctx context.Context, workspaceID int64, url string, limit int) ([]string, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT title FROM blog_posts WHERE workspace_id = $1 AND cover_image_url = $2
		ORDER BY published_at DESC, id DESC LIMIT $3`, workspaceID, d.mediaKey(url), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

func (d *DB) PostBanners(ctx context.Context, afterID int64, limit int) ([]*store.Post, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, workspace_id, banners FROM blog_posts
		WHERE id > $1 AND banners <> '[]' AND banners <> '' ORDER BY id LIMIT $2`, afterID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Post
	for rows.Next() {
		var p store.Post
		var banners string
		if err := rows.Scan(&p.ID, &p.WorkspaceID, &banners); err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(banners), &p.Banners)
		out = append(out, &p)
	}
	return out, rows.Err()
}

func (d *DB) SetPostBanners(ctx context.Context, p *store.Post, oldHTML string) (bool, error) {
	res, err := d.db.ExecContext(ctx, `UPDATE blog_posts SET banners = $1, content_html = $2, size_bytes = size_bytes + $7
		WHERE id = $3 AND workspace_id = $4 AND content = $5 AND content_html = $6`,
		jsonText(p.Banners), p.ContentHTML, p.ID, p.WorkspaceID, p.Content, oldHTML, int64(len(p.ContentHTML)-len(oldHTML)))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// RewritePlannedBanners reads items with a banner image 500 at a time
// and writes only the slots whose URL changes, each guarded by its old
// value.
func (d *DB) RewritePlannedBanners(ctx context.Context, to func(workspaceID int64, url string) (string, bool)) (int, error) {
	const batch = 500
	n := 0
	var after int64
	for {
		type row struct {
			id, ws int64
			urls   [3]sql.NullString
		}
		rows, err := d.db.QueryContext(ctx, `SELECT id, workspace_id, banner1_html, banner2_html, banner3_html FROM scheduled_posts
			WHERE id > $1 AND (banner1_html <> '' OR banner2_html <> '' OR banner3_html <> '') ORDER BY id LIMIT $2`, after, batch)
		if err != nil {
			return n, err
		}
		var todo []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.ws, &r.urls[0], &r.urls[1], &r.urls[2]); err != nil {
				rows.Close()
				return n, err
			}
			todo = append(todo, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return n, err
		}
		for _, r := range todo {
			changed := false
			for i, u := range r.urls {
				if u.String == "" {
					continue
				}
				url, ok := to(r.ws, u.String)
				if !ok || url == u.String {
					continue
				}
				col := "banner" + string(rune('1'+i)) + "_html"
				res, err := d.db.ExecContext(ctx, `UPDATE scheduled_posts SET `+col+` = $1 WHERE id = $2 AND `+col+` = $3`,
					url, r.id, u.String)
				if err != nil {
					return n, err
				}
				if k, err := res.RowsAffected(); err != nil {
					return n, err
				} else if k > 0 {
					changed = true
				}
			}
			if changed {
				n++
			}
		}
		if len(todo) < batch {
			return n, nil
		}
		after = todo[len(todo)-1].id
	}
}
