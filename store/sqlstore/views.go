package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/inkpress/inkpress/store"
)

// viewsPerInsert is the rows of one multi-row INSERT (3 parameters each).
const viewsPerInsert = 300

// AddViews inserts the views with ON CONFLICT DO NOTHING, so a view another
// flush (of any instance) recorded already returns no row, and adds the
// returned ones to the posts' counts as relative increments. Rows and posts
// are written in one order, so concurrent flushes wait for each other
// instead of deadlocking.
func (d *DB) AddViews(ctx context.Context, views []store.View) (int64, error) {
	if len(views) == 0 {
		return 0, nil
	}
	views = slices.Clone(views)
	slices.SortFunc(views, func(a, b store.View) int {
		return cmp.Or(cmp.Compare(a.PostID, b.PostID), cmp.Compare(a.Hour, b.Hour), strings.Compare(a.Visitor, b.Visitor))
	})
	views = slices.Compact(views)
	var counted int64
	err := d.tx(ctx, func(tx *sql.Tx) error {
		counted = 0
		perDay := map[postDay]int64{}
		for rest := views; len(rest) > 0; {
			n := min(len(rest), viewsPerInsert)
			if err := insertViews(ctx, tx, rest[:n], perDay); err != nil {
				return err
			}
			rest = rest[n:]
		}
		keys := slices.SortedFunc(maps.Keys(perDay), func(a, b postDay) int {
			return cmp.Or(cmp.Compare(a.post, b.post), cmp.Compare(a.day, b.day))
		})
		perPost := map[int64]int64{}
		for _, k := range keys {
			perPost[k.post] += perDay[k]
			// The day's count for "most read this week"; a post deleted
			// meanwhile selects no row, so none is written.
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO post_daily_views (workspace_id, post_id, day, views)
				 SELECT workspace_id, id, $1, $2 FROM blog_posts WHERE id = $3
				 ON CONFLICT (workspace_id, day, post_id) DO UPDATE SET views = post_daily_views.views + excluded.views`,
				k.day, perDay[k], k.post); err != nil {
				return err
			}
		}
		for _, id := range slices.Sorted(maps.Keys(perPost)) {
			if _, err := tx.ExecContext(ctx,
				`UPDATE blog_posts SET view_count = view_count + $1 WHERE id = $2`, perPost[id], id); err != nil {
				return err
			}
			counted += perPost[id]
		}
		return nil
	})
	return counted, err
}

// postDay is a post's views of one day (store.Day).
type postDay struct{ post, day int64 }

// insertViews inserts one chunk and counts the new rows per post and day.
func insertViews(ctx context.Context, tx *sql.Tx, views []store.View, perDay map[postDay]int64) error {
	var q strings.Builder
	q.WriteString(`INSERT INTO post_views (post_id, hour, visitor) VALUES `)
	args := make([]any, 0, 3*len(views))
	for i, v := range views {
		if i > 0 {
			q.WriteString(", ")
		}
		n := len(args)
		q.WriteString("($" + strconv.Itoa(n+1) + ", $" + strconv.Itoa(n+2) + ", $" + strconv.Itoa(n+3) + ")")
		args = append(args, v.PostID, v.Hour, v.Visitor)
	}
	q.WriteString(` ON CONFLICT DO NOTHING RETURNING post_id, hour`)
	rows, err := tx.QueryContext(ctx, q.String(), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, hour int64
		if err := rows.Scan(&id, &hour); err != nil {
			return err
		}
		perDay[postDay{id, hour / 24}]++
	}
	return rows.Err()
}

// ViewSalt keeps the first salt stored for the day: instances racing to
// create it all read back the same one.
func (d *DB) ViewSalt(ctx context.Context, day int64, candidate string) (string, error) {
	if _, err := d.db.ExecContext(ctx,
		`INSERT INTO view_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`, day, candidate); err != nil {
		return "", err
	}
	var salt string
	err := d.db.QueryRowContext(ctx, `SELECT salt FROM view_salts WHERE day = $1`, day).Scan(&salt)
	return salt, err
}

func (d *DB) PruneViews(ctx context.Context, beforeHour, beforeDay, countsBeforeDay int64) error {
	if _, err := d.db.ExecContext(ctx, `DELETE FROM post_views WHERE hour < $1`, beforeHour); err != nil {
		return err
	}
	if _, err := d.db.ExecContext(ctx, `DELETE FROM post_daily_views WHERE day < $1`, countsBeforeDay); err != nil {
		return err
	}
	_, err := d.db.ExecContext(ctx, `DELETE FROM view_salts WHERE day < $1`, beforeDay)
	return err
}
