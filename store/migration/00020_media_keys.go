package migration

import (
	"context"
	"database/sql"
	"regexp"
	"strconv"
	"strings"
)

// Version 20 (both databases): covers and library items an earlier version
// stored as URLs ("/media/{key}" with local files, "{S3 public URL}/{key}")
// become storage keys, as every version since stores them; their URLs are
// built from the storage as configured when they are read. It replaces a
// rewrite the server ran at each start. It needs no configuration: whatever
// the public URL was then, the key is the end of the path, and it must be a
// key of the row's own workspace. A URL that does not end in such a key
// (an outside image) stays as it is.
//
// Like a SQL migration, this code is frozen once released: the key pattern is
// a copy of media's, not a reference to it.
func mediaKeys(ctx context.Context, tx *sql.Tx) error {
	const batch = 1000
	for _, t := range []struct{ table, col string }{{"blog_posts", "cover_image_url"}, {"media_library", "file_url"}} {
		var after int64
		for {
			type row struct {
				id, ws int64
				url    string
			}
			rows, err := tx.QueryContext(ctx, `SELECT id, workspace_id, `+t.col+` FROM `+t.table+`
				WHERE id > $1 AND (`+t.col+` LIKE '/%' OR `+t.col+` LIKE '%://%') ORDER BY id LIMIT $2`, after, batch)
			if err != nil {
				return err
			}
			var todo []row
			for rows.Next() {
				var r row
				if err := rows.Scan(&r.id, &r.ws, &r.url); err != nil {
					rows.Close()
					return err
				}
				todo = append(todo, r)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			for _, r := range todo {
				key, ok := keyOfURL(r.ws, r.url)
				if !ok {
					continue
				}
				if _, err := tx.ExecContext(ctx, `UPDATE `+t.table+` SET `+t.col+` = $1 WHERE id = $2`, key, r.id); err != nil {
					return err
				}
			}
			if len(todo) < batch {
				break
			}
			after = todo[len(todo)-1].id
		}
	}
	return nil
}

// urlKeyRE finds a media key ("12/covers/1700000000000-ab12cd34-title.png")
// at the end of a URL; its first group is the key, the second its workspace.
var urlKeyRE = regexp.MustCompile(`(?:^|/)(([0-9]+)/[a-z-]+/[0-9]+-[a-z0-9-]+\.(?:png|jpg|gif|webp))$`)

// keyOfURL returns the key at the end of url when it is a key of workspace
// ws.
func keyOfURL(ws int64, url string) (string, bool) {
	if strings.ContainsAny(url, "?#") {
		return "", false
	}
	m := urlKeyRE.FindStringSubmatch(url)
	if m == nil {
		return "", false
	}
	if id, err := strconv.ParseInt(m[2], 10, 64); err != nil || id != ws {
		return "", false
	}
	return m[1], true
}
