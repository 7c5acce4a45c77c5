package migration

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"github.com/inkpress/inkpress/internal/content"
)

// Version 21 (both databases): every user credited with a post gets an
// author profile, so every byline links to an author page. Posts written
// before profiles existed (00013 gave them authors, not profiles) had theirs
// made by a step the server ran at each start; it is this migration now.
// Since then a post's author gets a profile when the post is written.
// The slug is the profile's own rule (content.AuthorSlug) with "-2", "-3"...
// when it is taken, as the store does.
func authorProfiles(ctx context.Context, tx *sql.Tx) error {
	type user struct {
		id   int64
		name string
	}
	rows, err := tx.QueryContext(ctx, `SELECT u.id, u.name FROM users u
		WHERE EXISTS (SELECT 1 FROM blog_posts p WHERE p.author_id = u.id)
		  AND NOT EXISTS (SELECT 1 FROM author_profiles a WHERE a.user_id = u.id)
		ORDER BY u.id`)
	if err != nil {
		return err
	}
	var todo []user
	for rows.Next() {
		var u user
		if err := rows.Scan(&u.id, &u.name); err != nil {
			rows.Close()
			return err
		}
		todo = append(todo, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	now := time.Now().UnixMilli()
	for _, u := range todo {
		base := content.AuthorSlug(u.name)
		for n := 1; ; n++ {
			slug := base
			if n > 1 {
				slug += "-" + strconv.Itoa(n)
			}
			var taken int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM author_profiles WHERE slug = $1`, slug).Scan(&taken); err != nil {
				return err
			}
			if taken > 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO author_profiles (user_id, slug, updated_at) VALUES ($1, $2, $3)`,
				u.id, slug, now); err != nil {
				return err
			}
			break
		}
	}
	return nil
}
