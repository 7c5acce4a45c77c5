package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
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
		perPost := map[int64]int64{}
		for rest := views; len(rest) > 0; {
			n := min(len(rest), viewsPerInsert)
			if err := insertViews(ctx, tx, rest[:n], perPost); err != nil {
				return err
			}
			rest = rest[n:]
		}
		ids := make([]int64, 0, len(perPost))
		for id := range perPost {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
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

// insertViews inserts one chunk and counts the new rows per post.
func insertViews(ctx context.Context, tx *sql.Tx, views []store.View, perPost map[int64]int64) error {
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
	q.WriteString(` ON CONFLICT DO NOTHING RETURNING post_id`)
	rows, err := tx.QueryContext(ctx, q.String(), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		perPost[id]++
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

func (d *DB) PruneViews(ctx context.Context, beforeHour, beforeDay int64) error {
	if _, err := d.db.ExecContext(ctx, `DELETE FROM post_views WHERE hour < $1`, beforeHour); err != nil {
		return err
	}
	_, err := d.db.ExecContext(ctx, `DELETE FROM view_salts WHERE day < $1`, beforeDay)
	return err
}
