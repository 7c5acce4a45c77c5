package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

const postLightCols = `id, workspace_id, category, title, slug, excerpt, cover_image_url, cover_image_type, cover_image_size,
	meta_title, meta_description, tags, read_minutes, word_count, published_at, updated_at, view_count,
	status, cover_alt, preview_token, preview_expires_at, author_id, newsletter, newsletter_note, newsletter_recipients`

const postHeavyCols = `, content, content_html, banners`

func scanPost(row interface{ Scan(...any) error }, heavy bool) (*store.Post, error) {
	var p store.Post
	var tags, banners string
	var pub, upd, previewEnd int64
	var author sql.NullInt64
	dest := []any{&p.ID, &p.WorkspaceID, &p.Category, &p.Title, &p.Slug, &p.Excerpt, &p.CoverImageURL,
		&p.CoverImageType, &p.CoverImageSize, &p.MetaTitle, &p.MetaDescription, &tags, &p.ReadMinutes,
		&p.WordCount, &pub, &upd, &p.ViewCount, &p.Status, &p.CoverAlt, &p.PreviewToken, &previewEnd, &author,
		&p.Newsletter, &p.NewsletterNote, &p.NewsletterRecipients}
	if heavy {
		dest = append(dest, &p.Content, &p.ContentHTML, &banners)
	}
	if err := row.Scan(dest...); err != nil {
		return nil, notFound(err)
	}
	p.PublishedAt, p.UpdatedAt, p.AuthorID = fromMS(pub), fromMS(upd), author.Int64
	if previewEnd != 0 {
		p.PreviewExpiresAt = fromMS(previewEnd)
	}
	if err := json.Unmarshal([]byte(tags), &p.Tags); err != nil {
		p.Tags = nil
	}
	if heavy && banners != "" {
		_ = json.Unmarshal([]byte(banners), &p.Banners)
	}
	return &p, nil
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	if string(b) == "null" {
		return "[]"
	}
	return string(b)
}

func (d *DB) CreatePost(ctx context.Context, p *store.Post) error {
	// The database keeps the cover's storage key (mediafiles.go); the
	// caller's post keeps its URL.
	url := p.CoverImageURL
	p.CoverImageURL = d.mediaKey(url)
	defer func() { p.CoverImageURL = url }()
	if p.ReservationID != 0 || p.PlannedID != 0 || p.JobID != 0 {
		return d.createGeneratedPost(ctx, p) // reservations.go
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		return capStorage(ctx, tx, p, func() error { return insertPost(ctx, tx, p) })
	})
}

// postSize is what a post's row counts against its workspace's storage;
// revisionSize a revision's.
func postSize(p *store.Post) int64 {
	return int64(len(p.Title) + len(p.Content) + len(p.ContentHTML))
}

func revisionSize(p *store.Post) int64 { return int64(len(p.Title) + len(p.Content)) }

func postStorage(ctx context.Context, q queryer, workspaceID int64) (int64, error) {
	var n int64
	err := q.QueryRowContext(ctx,
		`SELECT COALESCE((SELECT SUM(size_bytes) FROM blog_posts WHERE workspace_id = $1), 0)
		      + COALESCE((SELECT SUM(size_bytes) FROM post_revisions WHERE workspace_id = $1), 0)`, workspaceID).Scan(&n)
	return n, err
}

func (d *DB) PostStorage(ctx context.Context, workspaceID int64) (int64, error) {
	return postStorage(ctx, d.db, workspaceID)
}

// capStorage runs write, and refuses it (ErrStorageFull, the transaction
// then rolls back) when p.StorageCap is set and the write grows the
// workspace's storage past it. The workspace's row is locked first, so two
// writes at once take turns and cannot both pass on the same room.
func capStorage(ctx context.Context, tx *sql.Tx, p *store.Post, write func() error) error {
	if p.StorageCap <= 0 {
		return write()
	}
	if _, err := tx.ExecContext(ctx, `UPDATE workspaces SET id = id WHERE id = $1`, p.WorkspaceID); err != nil {
		return err
	}
	before, err := postStorage(ctx, tx, p.WorkspaceID)
	if err != nil {
		return err
	}
	if err := write(); err != nil {
		return err
	}
	after, err := postStorage(ctx, tx, p.WorkspaceID)
	if err != nil {
		return err
	}
	if after > p.StorageCap && after > before {
		return store.ErrStorageFull
	}
	return nil
}

// insertPost inserts p, and its first revision when p.SaveRevision.
func insertPost(ctx context.Context, q queryer, p *store.Post) error {
	now := time.Now().UTC()
	if p.PublishedAt.IsZero() {
		p.PublishedAt = now
	}
	if p.UpdatedAt.IsZero() {
		p.UpdatedAt = p.PublishedAt
	}
	if p.Status == "" {
		p.Status = store.PostPublished
	}
	p.Newsletter = cmp.Or(p.Newsletter, store.NewsletterPending)
	err := q.QueryRowContext(ctx,
		`INSERT INTO blog_posts (workspace_id, category, title, slug, content, content_html, excerpt, cover_image_url,
		   cover_image_type, cover_image_size, meta_title, meta_description, tags, banners, read_minutes, word_count,
		   published_at, updated_at, view_count, status, cover_alt, preview_token, preview_expires_at, author_id, newsletter,
		   size_bytes)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)
		 RETURNING id`,
		p.WorkspaceID, p.Category, p.Title, p.Slug, p.Content, p.ContentHTML, p.Excerpt, p.CoverImageURL,
		p.CoverImageType, p.CoverImageSize, p.MetaTitle, p.MetaDescription, jsonText(p.Tags), jsonText(p.Banners),
		p.ReadMinutes, p.WordCount, ms(p.PublishedAt), ms(p.UpdatedAt), p.ViewCount, p.Status, p.CoverAlt,
		p.PreviewToken, msOrZero(p.PreviewExpiresAt), sql.NullInt64{Int64: p.AuthorID, Valid: p.AuthorID != 0},
		p.Newsletter, postSize(p)).Scan(&p.ID)
	if isUnique(err) {
		return store.ErrConflict
	}
	if err == nil {
		err = setPostTags(ctx, q, p) // search.go
	}
	if err != nil || !p.SaveRevision {
		return err
	}
	return addRevision(ctx, q, p)
}

func msOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return ms(t)
}

// postWhere builds the WHERE clause shared by ListPosts and CountPosts.
func postWhere(f store.FindPost) (string, []any) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.Replace(cond, "?", "$"+itoa(len(args)), 1))
	}
	if f.ID != nil {
		add("id = ?", *f.ID)
	}
	if f.WorkspaceID != nil {
		add("workspace_id = ?", *f.WorkspaceID)
	}
	if f.Category != nil {
		add("category = ?", *f.Category)
	}
	if f.Slug != nil {
		add("slug = ?", *f.Slug)
	}
	if f.ExcludeSlug != nil {
		add("slug <> ?", *f.ExcludeSlug)
	}
	if f.Search != nil && *f.Search != "" {
		add("LOWER(title) LIKE ? ESCAPE '\\'", "%"+escapeLike(strings.ToLower(*f.Search))+"%")
	}
	if f.AuthorID != nil {
		add("author_id = ?", *f.AuthorID)
	}
	if f.Tag != nil {
		cond := "id IN (SELECT post_id FROM post_tags WHERE slug = ?)"
		if f.WorkspaceID != nil { // the index leads with the workspace
			cond = "id IN (SELECT post_id FROM post_tags WHERE workspace_id = " + itoa(int(*f.WorkspaceID)) + " AND slug = ?)"
		}
		add(cond, *f.Tag)
	}
	if f.Status != nil {
		add("status = ?", *f.Status)
	}
	if f.PublishedBefore != nil {
		add("published_at <= ?", ms(*f.PublishedBefore))
	}
	if len(where) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func (d *DB) GetPost(ctx context.Context, f store.FindPost) (*store.Post, error) {
	f.Limit, f.Light = 1, false
	posts, err := d.ListPosts(ctx, f)
	if err != nil {
		return nil, err
	}
	if len(posts) == 0 {
		return nil, store.ErrNotFound
	}
	return posts[0], nil
}

func (d *DB) ListPosts(ctx context.Context, f store.FindPost) ([]*store.Post, error) {
	q, args := listPostsSQL(f)
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*store.Post
	for rows.Next() {
		p, err := scanPost(rows, !f.Light)
		if err != nil {
			return nil, err
		}
		p.CoverImageURL = d.mediaURL(p.CoverImageURL)
		out = append(out, p)
	}
	return out, rows.Err()
}

// listPostsSQL is ListPosts' query and its arguments.
func listPostsSQL(f store.FindPost) (string, []any) {
	where, args := postWhere(f)
	cols := postLightCols
	if !f.Light {
		cols += postHeavyCols
	}
	q := `SELECT ` + cols + ` FROM blog_posts` + where
	switch f.Order {
	case store.OrderTrending:
		// The window's views per post, summed over the few days kept (the
		// daily rows' key leads with the workspace, then the day), joined
		// to the posts; posts without views there rank by all their views.
		args = append(args, f.TrendingFrom)
		recent := `SELECT post_id, SUM(views) AS recent_views FROM post_daily_views WHERE day >= $` + itoa(len(args))
		if f.WorkspaceID != nil {
			recent += ` AND workspace_id = ` + itoa(int(*f.WorkspaceID))
		}
		q = `SELECT ` + cols + ` FROM blog_posts LEFT JOIN (` + recent + ` GROUP BY post_id) recent ON recent.post_id = blog_posts.id` +
			where + ` ORDER BY COALESCE(recent.recent_views, 0) DESC, view_count DESC, published_at DESC, id DESC`
	case store.OrderUpdated:
		q += ` ORDER BY updated_at DESC, id DESC`
	default:
		q += ` ORDER BY published_at DESC, id DESC`
	}
	if f.Limit > 0 {
		args = append(args, f.Limit, f.Offset)
		q += ` LIMIT $` + itoa(len(args)-1) + ` OFFSET $` + itoa(len(args))
	}
	return q, args
}

func (d *DB) CountPosts(ctx context.Context, f store.FindPost) (int, error) {
	where, args := postWhere(f)
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM blog_posts`+where, args...).Scan(&n)
	return n, err
}

// UpdatePost writes every editable and derived column of p, scoped to its
// workspace so an id from another workspace changes nothing; in the same
// transaction it keeps a revision (p.SaveRevision) and records the old
// address (p.MovedFrom).
func (d *DB) UpdatePost(ctx context.Context, p *store.Post) error {
	p.UpdatedAt = time.Now().UTC()
	return d.tx(ctx, func(tx *sql.Tx) error {
		return capStorage(ctx, tx, p, func() error { return d.updatePost(ctx, tx, p) })
	})
}

func (d *DB) updatePost(ctx context.Context, tx *sql.Tx, p *store.Post) error {
	res, err := tx.ExecContext(ctx,
		`UPDATE blog_posts SET category = $1, title = $2, slug = $3, content = $4, content_html = $5, excerpt = $6,
		   cover_image_url = $7, cover_image_type = $8, cover_image_size = $9, meta_title = $10, meta_description = $11,
		   tags = $12, banners = $13, read_minutes = $14, word_count = $15, updated_at = $16, status = $17,
		   published_at = $18, cover_alt = $19, size_bytes = $22
		 WHERE id = $20 AND workspace_id = $21`,
		p.Category, p.Title, p.Slug, p.Content, p.ContentHTML, p.Excerpt, d.mediaKey(p.CoverImageURL), p.CoverImageType,
		p.CoverImageSize, p.MetaTitle, p.MetaDescription, jsonText(p.Tags), jsonText(p.Banners), p.ReadMinutes,
		p.WordCount, ms(p.UpdatedAt), p.Status, ms(p.PublishedAt), p.CoverAlt, p.ID, p.WorkspaceID, postSize(p))
	if isUnique(err) {
		return store.ErrConflict
	}
	if err := affected(res, err); err != nil {
		return err
	}
	if err := setPostTags(ctx, tx, p); err != nil { // search.go
		return err
	}
	if m := p.MovedFrom; m != nil && (m.Category != p.Category || m.Slug != p.Slug) {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO post_redirects (workspace_id, category, slug, post_id, created_at) VALUES ($1, $2, $3, $4, $5)
			 ON CONFLICT (workspace_id, category, slug) DO UPDATE SET post_id = excluded.post_id, created_at = excluded.created_at`,
			p.WorkspaceID, m.Category, m.Slug, p.ID, ms(p.UpdatedAt)); err != nil {
			return err
		}
	}
	if p.SaveRevision {
		return addRevision(ctx, tx, p)
	}
	return nil
}

// addRevision keeps p's title and body as its newest revision and drops
// those past the newest p.KeepRevisions (store.MaxRevisions when unset).
func addRevision(ctx context.Context, q queryer, p *store.Post) error {
	if _, err := q.ExecContext(ctx,
		`INSERT INTO post_revisions (post_id, workspace_id, title, content, word_count, created_at, size_bytes)
		 VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		p.ID, p.WorkspaceID, p.Title, p.Content, p.WordCount, ms(p.UpdatedAt), revisionSize(p)); err != nil {
		return err
	}
	keep := p.KeepRevisions
	if keep <= 0 || keep > store.MaxRevisions {
		keep = store.MaxRevisions
	}
	_, err := q.ExecContext(ctx,
		`DELETE FROM post_revisions WHERE post_id = $1 AND id NOT IN
		   (SELECT id FROM post_revisions WHERE post_id = $1 ORDER BY id DESC LIMIT $2)`, p.ID, keep)
	return err
}

func (d *DB) ListRevisions(ctx context.Context, workspaceID, postID int64, limit int) ([]*store.Revision, error) {
	rows, err := d.db.QueryContext(ctx,
		`SELECT id, post_id, title, content, word_count, created_at FROM post_revisions
		 WHERE workspace_id = $1 AND post_id = $2 ORDER BY id DESC LIMIT $3`, workspaceID, postID, limit)
	return collect(rows, err, scanRevision)
}

func (d *DB) GetRevision(ctx context.Context, workspaceID, postID, id int64) (*store.Revision, error) {
	return scanRevision(d.db.QueryRowContext(ctx,
		`SELECT id, post_id, title, content, word_count, created_at FROM post_revisions
		 WHERE workspace_id = $1 AND post_id = $2 AND id = $3`, workspaceID, postID, id))
}

func scanRevision(row interface{ Scan(...any) error }) (*store.Revision, error) {
	var r store.Revision
	var at int64
	if err := row.Scan(&r.ID, &r.PostID, &r.Title, &r.Content, &r.WordCount, &at); err != nil {
		return nil, notFound(err)
	}
	r.CreatedAt = fromMS(at)
	return &r, nil
}

func (d *DB) PostRedirect(ctx context.Context, workspaceID int64, at store.PostAddress) (int64, error) {
	var id int64
	err := d.db.QueryRowContext(ctx,
		`SELECT post_id FROM post_redirects WHERE workspace_id = $1 AND category = $2 AND slug = $3`,
		workspaceID, at.Category, at.Slug).Scan(&id)
	return id, notFound(err)
}

func (d *DB) SetPostPreview(ctx context.Context, workspaceID, postID int64, token string, expiresAt time.Time) error {
	res, err := d.db.ExecContext(ctx,
		`UPDATE blog_posts SET preview_token = $1, preview_expires_at = $2 WHERE id = $3 AND workspace_id = $4`,
		token, ms(expiresAt), postID, workspaceID)
	return affected(res, err)
}

// PublishDuePosts flips due scheduled posts in one statement: a row
// another instance flipped first no longer matches status = 'scheduled'
// (PostgreSQL re-checks the condition after waiting on the row's lock;
// SQLite has one writer), so each post is returned exactly once.
func (d *DB) PublishDuePosts(ctx context.Context, now time.Time) ([]store.Published, error) {
	rows, err := d.db.QueryContext(ctx,
		`UPDATE blog_posts SET status = 'published' WHERE status = 'scheduled' AND published_at <= $1
		 AND `+notDeleting("workspace_id")+` RETURNING id, workspace_id`, ms(now))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Published
	for rows.Next() {
		var p store.Published
		if err := rows.Scan(&p.ID, &p.WorkspaceID); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func (d *DB) DeletePosts(ctx context.Context, workspaceID int64, ids []int64) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	args := []any{workspaceID}
	ph := make([]string, len(ids))
	for i, id := range ids {
		args = append(args, id)
		ph[i] = "$" + itoa(i+2)
	}
	res, err := d.db.ExecContext(ctx,
		`DELETE FROM blog_posts WHERE workspace_id = $1 AND id IN (`+strings.Join(ph, ", ")+`)`, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (d *DB) PostSlugExists(ctx context.Context, workspaceID int64, slug string) (bool, error) {
	var n int
	err := d.db.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM blog_posts WHERE workspace_id = $1 AND slug = $2`, workspaceID, slug).Scan(&n)
	return n > 0, err
}

func (d *DB) ListSitemapEntries(ctx context.Context, f store.FindPost) ([]store.SitemapEntry, error) {
	where, args := postWhere(f)
	rows, err := d.db.QueryContext(ctx,
		`SELECT category, slug, updated_at FROM blog_posts`+where+` ORDER BY updated_at DESC, id DESC`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.SitemapEntry
	for rows.Next() {
		var e store.SitemapEntry
		var upd int64
		if err := rows.Scan(&e.Category, &e.Slug, &upd); err != nil {
			return nil, err
		}
		e.UpdatedAt = fromMS(upd)
		out = append(out, e)
	}
	return out, rows.Err()
}
