package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/inkpress/inkpress/internal/content"
	"github.com/inkpress/inkpress/store"
)

// SearchPosts runs on SQLite's FTS5 table post_search (kept by triggers)
// or PostgreSQL's stored search_doc and search_title columns and their GIN
// indexes; terms are
// quoted here, so they are only ever words to either database, never query
// syntax.
//
// A page is cut from the concatenation "posts with every term in the title,
// newest first" ++ "the other matches, newest first", each part read in
// publication order and only as far as the page needs, so a word that
// thousands of posts hold costs a page, not thousands of rows.
func (d *DB) SearchPosts(ctx context.Context, f store.FindPost, terms []string) ([]*store.Post, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	ids := d.ftsIDs
	if d.dialect == "postgres" {
		ids = d.pgIDs
	}
	need := f.Offset + f.Limit + 1
	if f.Limit <= 0 {
		need = math.MaxInt32
	}
	page, err := ids(ctx, f, terms, true, need)
	if err != nil {
		return nil, err
	}
	if len(page) < need {
		rest, err := ids(ctx, f, terms, false, need-len(page))
		if err != nil {
			return nil, err
		}
		page = append(page, rest...)
	}
	if f.Offset >= len(page) {
		return nil, nil
	}
	page = page[f.Offset:]
	if f.Limit > 0 && len(page) > f.Limit {
		page = page[:f.Limit]
	}
	args := make([]any, len(page))
	ph := make([]string, len(page))
	at := make(map[int64]int, len(page))
	for i, id := range page {
		args[i], ph[i], at[id] = id, "$"+itoa(i+1), i
	}
	ps, err := d.scanPosts(ctx, f, `SELECT `+postCols(f)+` FROM blog_posts WHERE id IN (`+strings.Join(ph, ", ")+`)`, args...)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(ps, func(a, b *store.Post) int { return at[a.ID] - at[b.ID] })
	return ps, nil
}

func postCols(f store.FindPost) string {
	if f.Light {
		return postLightCols
	}
	return postLightCols + postHeavyCols
}

func (d *DB) scanPosts(ctx context.Context, f store.FindPost, q string, args ...any) ([]*store.Post, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (*store.Post, error) {
		p, err := scanPost(row, !f.Light)
		if err == nil {
			p.CoverImageURL = d.mediaURL(p.CoverImageURL)
		}
		return p, err
	})
}

func (d *DB) ids(ctx context.Context, q string, args ...any) ([]int64, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	})
}

// pgWindow is how many of the newest posts pgIDs checks before it asks the
// GIN index: a word in more than one post in pgWindow/n is found there.
const pgWindow = 1000

// pgIDs are the ids of the first n matches of one part, newest first. Every
// condition reads the stored search_doc or search_title (00016_search.sql),
// so no text is parsed. The planner cannot tell how many posts match a part
// (a conjunction of words, "not a title match"), and a walk of the blog
// in publication order that finds fewer than n reads every post. So the
// walk is bounded: the newest posts (at least pgWindow) are checked first,
// which is all a common word needs; if they hold fewer than n matches the
// word is rare, and the GIN index's matches are sorted instead (ordered by
// an expression, so the planner cannot choose the unbounded walk).
func (d *DB) pgIDs(ctx context.Context, f store.FindPost, terms []string, title bool, n int) ([]int64, error) {
	args := []any{tsQuery(terms)}
	match := `search_title @@ to_tsquery('simple', $1)`
	if !title {
		match = `search_doc @@ to_tsquery('simple', $1) AND NOT search_title @@ to_tsquery('simple', $1)`
	}
	var where []string
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.Replace(cond, "?", "$"+itoa(len(args)), 1))
	}
	if f.WorkspaceID != nil {
		add("workspace_id = ?", *f.WorkspaceID)
	}
	if f.Status != nil {
		add("status = ?", *f.Status)
	}
	if f.PublishedBefore != nil {
		add("published_at <= ?", ms(*f.PublishedBefore))
	}
	scope := ""
	if len(where) > 0 {
		scope = ` WHERE ` + strings.Join(where, " AND ")
	}
	args = append(args, n, max(pgWindow, 20*min(n, math.MaxInt32/20)))
	lim, win := "$"+itoa(len(args)-1), "$"+itoa(len(args))
	ids, err := d.ids(ctx, `SELECT id FROM (SELECT id, published_at, search_doc, search_title FROM blog_posts`+scope+
		` ORDER BY published_at DESC, id DESC LIMIT `+win+`) w WHERE `+match+
		` ORDER BY published_at DESC, id DESC LIMIT `+lim, args...)
	if err != nil || len(ids) >= n {
		return ids, err
	}
	where = append(where, match)
	return d.ids(ctx, `SELECT id FROM blog_posts WHERE `+strings.Join(where, " AND ")+
		` ORDER BY published_at + 0 DESC, id DESC LIMIT `+lim, args[:len(args)-1]...)
}

// searchKey is post_search's rowid for a publication time (00016_search.sql):
// the time in ms, capped, times 2^21, plus low (the id's low 21 bits).
func searchKey(t time.Time, low int64) int64 {
	return min(ms(t), 4102444800000)*2097152 + low
}

// ftsIDs are the ids of the first n matches of one part, newest first,
// from the FTS5 index alone: its descending rowid order is publication
// order and stops after n rows; the blog and status are index terms.
func (d *DB) ftsIDs(ctx context.Context, f store.FindPost, terms []string, title bool, n int) ([]int64, error) {
	var scope string
	if f.WorkspaceID != nil {
		scope += ` AND scope : "w` + strconv.FormatInt(*f.WorkspaceID, 10) + `"`
	}
	if f.Status != nil {
		scope += ` AND scope : "` + strings.ReplaceAll(*f.Status, `"`, `""`) + `"`
	}
	maxKey := int64(math.MaxInt64)
	if f.PublishedBefore != nil {
		maxKey = searchKey(*f.PublishedBefore, 2097151)
	}
	match := ftsQuery(terms, "title") + scope
	if !title {
		match = "(" + ftsQuery(terms, "{title excerpt tags}") + scope + ") NOT (" + ftsQuery(terms, "title") + ")"
	}
	return d.ids(ctx, `SELECT post_id FROM post_search WHERE post_search MATCH $1 AND rowid <= $2 ORDER BY rowid DESC LIMIT $3`,
		match, maxKey, n)
}

// ftsQuery is an FTS5 query holding every term, each a quoted string
// (quotes doubled), a prefix for terms of two characters or more; column,
// when set, limits every term to that column.
func ftsQuery(terms []string, column string) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		s := `"` + strings.ReplaceAll(t, `"`, `""`) + `"`
		if utf8.RuneCountInString(t) > 1 {
			s += "*"
		}
		if column != "" {
			s = column + " : " + s
		}
		parts[i] = s
	}
	return strings.Join(parts, " AND ")
}

// tsQuery is the PostgreSQL to_tsquery text of terms: each quoted as one
// lexeme (quotes and backslashes escaped), a prefix from two characters.
func tsQuery(terms []string) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		s := "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(t) + "'"
		if utf8.RuneCountInString(t) > 1 {
			s += ":*"
		}
		parts[i] = s
	}
	return strings.Join(parts, " & ")
}

// setPostTags writes the post's rows of post_tags: one per distinct tag
// slug (the first tag written that way names it); tags without a slug
// have no page.
func setPostTags(ctx context.Context, q queryer, p *store.Post) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM post_tags WHERE post_id = $1`, p.ID); err != nil {
		return err
	}
	return insertPostTags(ctx, q, p.ID, p.WorkspaceID, p.Tags)
}

func insertPostTags(ctx context.Context, q queryer, postID, workspaceID int64, tags []string) error {
	seen := map[string]bool{}
	for _, tag := range tags {
		slug := content.TagSlug(tag)
		if slug == "" || seen[slug] {
			continue
		}
		seen[slug] = true
		if _, err := q.ExecContext(ctx,
			`INSERT INTO post_tags (post_id, workspace_id, slug, tag) VALUES ($1, $2, $3, $4) ON CONFLICT (post_id, slug) DO NOTHING`,
			postID, workspaceID, slug, strings.TrimSpace(tag)); err != nil {
			return err
		}
	}
	return nil
}

// indexPendingTags writes post_tags for the posts queued in
// post_tags_pending (those written before tags had rows), a batch per
// transaction; instances opening the database together skip each other's
// work (ON CONFLICT) and the queue ends empty.
func (d *DB) indexPendingTags(ctx context.Context) error {
	for {
		n := 0
		err := d.tx(ctx, func(tx *sql.Tx) error {
			rows, err := tx.QueryContext(ctx, `SELECT p.id, p.workspace_id, p.tags FROM post_tags_pending q
				JOIN blog_posts p ON p.id = q.post_id ORDER BY q.post_id LIMIT 500`)
			type pending struct {
				id, ws int64
				tags   string
			}
			batch, err := collect(rows, err, func(row interface{ Scan(...any) error }) (pending, error) {
				var p pending
				return p, row.Scan(&p.id, &p.ws, &p.tags)
			})
			if err != nil {
				return err
			}
			n = len(batch)
			for _, p := range batch {
				var tags []string
				_ = json.Unmarshal([]byte(p.tags), &tags)
				if err := insertPostTags(ctx, tx, p.id, p.ws, tags); err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, `DELETE FROM post_tags_pending WHERE post_id = $1`, p.id); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil || n == 0 {
			return err
		}
	}
}
