package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

const subscriberCols = `id, workspace_id, email, status, source, token, confirm_hash, confirm_expires_at, confirmed_at,
	created_at, updated_at, note`

func scanSubscriber(row interface{ Scan(...any) error }) (*store.Subscriber, error) {
	var s store.Subscriber
	var expires, confirmed, created, updated int64
	if err := row.Scan(&s.ID, &s.WorkspaceID, &s.Email, &s.Status, &s.Source, &s.Token, &s.ConfirmHash, &expires,
		&confirmed, &created, &updated, &s.Note); err != nil {
		return nil, notFound(err)
	}
	if expires != 0 {
		s.ConfirmExpires = fromMS(expires)
	}
	if confirmed != 0 {
		s.ConfirmedAt = fromMS(confirmed)
	}
	s.CreatedAt, s.UpdatedAt = fromMS(created), fromMS(updated)
	return &s, nil
}

// newSubscriberToken is a subscriber's unsubscribe key: random, unique.
func newSubscriberToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// countListed counts the pending and confirmed subscribers of a workspace
// (what the plan caps).
func countListed(ctx context.Context, q queryer, workspaceID int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM subscribers WHERE workspace_id = $1 AND status IN ('pending', 'confirmed')`, workspaceID).Scan(&n)
	return n, err
}

func (d *DB) RequestSubscription(ctx context.Context, r store.SubscriptionRequest) (*store.Subscriber, error) {
	if r.WorkspaceID <= 0 {
		return nil, store.ErrNotFound
	}
	if r.Token == "" {
		r.Token = newSubscriberToken()
	}
	var out *store.Subscriber
	err := d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.lockWorkspace(ctx, tx, r.WorkspaceID); err != nil {
			return err
		}
		s, err := scanSubscriber(tx.QueryRowContext(ctx,
			`SELECT `+subscriberCols+` FROM subscribers WHERE workspace_id = $1 AND email = $2`, r.WorkspaceID, r.Email))
		switch {
		case errors.Is(err, store.ErrNotFound):
			if r.MaxList > 0 {
				n, err := countListed(ctx, tx, r.WorkspaceID)
				if err != nil {
					return err
				}
				if n >= r.MaxList {
					return store.ErrLimit
				}
			}
			out, err = scanSubscriber(tx.QueryRowContext(ctx,
				`INSERT INTO subscribers (workspace_id, email, status, source, token, confirm_hash, confirm_expires_at, created_at, updated_at)
				 VALUES ($1, $2, 'pending', 'form', $3, $4, $5, $6, $6) RETURNING `+subscriberCols,
				r.WorkspaceID, r.Email, r.Token, r.ConfirmHash, ms(r.Expires), ms(r.Now)))
			return err
		case err != nil:
			return err
		case s.Status == store.SubscriberConfirmed:
			out = s
			return nil
		}
		out, err = scanSubscriber(tx.QueryRowContext(ctx,
			`UPDATE subscribers SET confirm_hash = $1, confirm_expires_at = $2, updated_at = $3 WHERE id = $4 RETURNING `+subscriberCols,
			r.ConfirmHash, ms(r.Expires), ms(r.Now), s.ID))
		return err
	})
	return out, err
}

func (d *DB) ConfirmSubscription(ctx context.Context, workspaceID int64, hash string, now time.Time) (*store.Subscriber, error) {
	if hash == "" {
		return nil, store.ErrNotFound
	}
	return scanSubscriber(d.db.QueryRowContext(ctx,
		`UPDATE subscribers SET status = 'confirmed', confirmed_at = $1, updated_at = $1, confirm_hash = '', confirm_expires_at = 0, note = ''
		 WHERE workspace_id = $2 AND confirm_hash = $3 AND confirm_expires_at > $1 RETURNING `+subscriberCols,
		ms(now), workspaceID, hash))
}

func (d *DB) Unsubscribe(ctx context.Context, workspaceID int64, token string, now time.Time) (*store.Subscriber, error) {
	if token == "" {
		return nil, store.ErrNotFound
	}
	var out *store.Subscriber
	err := d.tx(ctx, func(tx *sql.Tx) error {
		q := `UPDATE subscribers SET status = 'unsubscribed', confirm_hash = '', confirm_expires_at = 0, updated_at = $1
		 WHERE token = $2`
		args := []any{ms(now), token}
		if workspaceID != 0 {
			q += ` AND workspace_id = $3`
			args = append(args, workspaceID)
		}
		var err error
		if out, err = scanSubscriber(tx.QueryRowContext(ctx, q+` RETURNING `+subscriberCols, args...)); err != nil {
			return err
		}
		// Newsletters still waiting in the queue are not sent any more.
		_, err = tx.ExecContext(ctx,
			`UPDATE mail_deliveries SET status = 'failed', last_error = 'unsubscribed'
			 WHERE subscriber_id = $1 AND status IN ('queued', 'held')`, out.ID)
		return err
	})
	return out, err
}

func (d *DB) NewsletterDeliveries(ctx context.Context, workspaceID, postID int64) (store.DeliveryCounts, error) {
	var c store.DeliveryCounts
	// The post's message is found by its dedupe key (unique, indexed).
	rows, err := d.db.QueryContext(ctx,
		`SELECT d.status, COUNT(*) FROM mail_deliveries d JOIN mail_messages m ON m.id = d.message_id
		 WHERE m.dedupe_key = $1 AND m.workspace_id = $2 AND NOT (d.status = 'failed' AND d.last_error = 'unsubscribed')
		 GROUP BY d.status`, "post:"+strconv.FormatInt(postID, 10), workspaceID)
	if err != nil {
		return c, err
	}
	defer rows.Close()
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return c, err
		}
		switch status {
		case store.DeliveryQueued, store.DeliverySending:
			c.Queued += n
		case store.DeliverySent:
			c.Sent += n
		case store.DeliveryFailed:
			c.Failed += n
		case store.DeliveryBounced:
			c.Bounced += n
		case store.DeliveryHeld:
			c.Held += n
		}
	}
	return c, rows.Err()
}

func (d *DB) SubscriberByToken(ctx context.Context, token string) (*store.Subscriber, error) {
	if token == "" {
		return nil, store.ErrNotFound
	}
	return scanSubscriber(d.db.QueryRowContext(ctx, `SELECT `+subscriberCols+` FROM subscribers WHERE token = $1`, token))
}

func (d *DB) GetSubscriber(ctx context.Context, workspaceID, id int64) (*store.Subscriber, error) {
	return scanSubscriber(d.db.QueryRowContext(ctx,
		`SELECT `+subscriberCols+` FROM subscribers WHERE workspace_id = $1 AND id = $2`, workspaceID, id))
}

func (d *DB) ListSubscribers(ctx context.Context, f store.FindSubscribers) ([]*store.Subscriber, error) {
	q := `SELECT ` + subscriberCols + ` FROM subscribers WHERE workspace_id = $1`
	args := []any{f.WorkspaceID}
	if f.Status != "" {
		args = append(args, f.Status)
		q += ` AND status = $` + itoa(len(args))
	}
	if f.Search != "" {
		args = append(args, "%"+escapeLike(strings.ToLower(f.Search))+"%")
		q += ` AND email LIKE $` + itoa(len(args)) + ` ESCAPE '\'`
	}
	q += ` ORDER BY created_at DESC, id DESC`
	if f.Limit > 0 {
		args = append(args, f.Limit, f.Offset)
		q += ` LIMIT $` + itoa(len(args)-1) + ` OFFSET $` + itoa(len(args))
	}
	rows, err := d.db.QueryContext(ctx, q, args...)
	return collect(rows, err, scanSubscriber)
}

func (d *DB) CountSubscribers(ctx context.Context, workspaceID int64) (map[string]int, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT status, COUNT(*) FROM subscribers WHERE workspace_id = $1 GROUP BY status`, workspaceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		out[st] = n
	}
	return out, rows.Err()
}

func (d *DB) DeleteSubscriber(ctx context.Context, workspaceID, id int64) error {
	res, err := d.db.ExecContext(ctx, `DELETE FROM subscribers WHERE workspace_id = $1 AND id = $2`, workspaceID, id)
	return affected(res, err)
}

func (d *DB) RenewConfirmation(ctx context.Context, workspaceID, id int64, hash string, expires, now time.Time) (*store.Subscriber, error) {
	s, err := scanSubscriber(d.db.QueryRowContext(ctx,
		`UPDATE subscribers SET confirm_hash = $1, confirm_expires_at = $2, updated_at = $3
		 WHERE workspace_id = $4 AND id = $5 AND status = 'pending' RETURNING `+subscriberCols,
		hash, ms(expires), ms(now), workspaceID, id))
	if errors.Is(err, store.ErrNotFound) {
		if _, gerr := d.GetSubscriber(ctx, workspaceID, id); gerr == nil {
			return nil, store.ErrConflict
		}
	}
	return s, err
}

// importChunk is how many rows one INSERT of an import carries.
const importChunk = 400

func (d *DB) ImportSubscribers(ctx context.Context, workspaceID int64, emails []string, max int, now time.Time) (added, skipped int, err error) {
	err = d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.lockWorkspace(ctx, tx, workspaceID); err != nil {
			return err
		}
		for start := 0; start < len(emails); start += importChunk {
			chunk := emails[start:min(start+importChunk, len(emails))]
			var sb strings.Builder
			args := make([]any, 0, len(chunk)*4+2)
			args = append(args, workspaceID, ms(now))
			sb.WriteString(`INSERT INTO subscribers (workspace_id, email, status, source, token, confirmed_at, created_at, updated_at) VALUES `)
			for i, e := range chunk {
				if i > 0 {
					sb.WriteString(", ")
				}
				args = append(args, e, newSubscriberToken())
				n := len(args)
				sb.WriteString(`($1, $` + strconv.Itoa(n-1) + `, 'confirmed', 'import', $` + strconv.Itoa(n) + `, $2, $2, $2)`)
			}
			sb.WriteString(` ON CONFLICT (workspace_id, email) DO NOTHING`)
			res, err := tx.ExecContext(ctx, sb.String(), args...)
			if err != nil {
				return err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			added += int(n)
		}
		skipped = len(emails) - added
		if max > 0 {
			n, err := countListed(ctx, tx, workspaceID)
			if err != nil {
				return err
			}
			if n > max {
				return store.ErrLimit
			}
		}
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	return added, skipped, nil
}

func (d *DB) SubscriberImports(ctx context.Context, workspaceID int64) (int, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM subscriber_imports WHERE workspace_id = $1`, workspaceID).Scan(&n)
	return n, err
}

func (d *DB) ImportList(ctx context.Context, im store.SubscriberImport) (added []string, err error) {
	status, at, expires := store.SubscriberConfirmed, ms(im.Now), int64(0)
	if im.Confirm {
		status, at, expires = store.SubscriberPending, 0, ms(im.Expires)
	}
	err = d.tx(ctx, func(tx *sql.Tx) error {
		if err := d.lockWorkspace(ctx, tx, im.WorkspaceID); err != nil {
			return err
		}
		added = added[:0]
		for start := 0; start < len(im.Emails); start += importChunk {
			chunk := im.Emails[start:min(start+importChunk, len(im.Emails))]
			var sb strings.Builder
			args := make([]any, 0, len(chunk)*3+5)
			args = append(args, im.WorkspaceID, ms(im.Now), status, at, expires)
			sb.WriteString(`INSERT INTO subscribers (workspace_id, email, status, source, token, confirm_hash, confirm_expires_at,
				confirmed_at, created_at, updated_at) VALUES `)
			for i, e := range chunk {
				if i > 0 {
					sb.WriteString(", ")
				}
				args = append(args, e, newSubscriberToken(), im.ConfirmHashes[e])
				n := len(args)
				sb.WriteString(`($1, $` + strconv.Itoa(n-2) + `, $3, 'import', $` + strconv.Itoa(n-1) + `, $` + strconv.Itoa(n) +
					`, $5, $4, $2, $2)`)
			}
			sb.WriteString(` ON CONFLICT (workspace_id, email) DO NOTHING RETURNING email`)
			rows, err := tx.QueryContext(ctx, sb.String(), args...)
			got, err := collect(rows, err, func(row interface{ Scan(...any) error }) (string, error) {
				var e string
				return e, row.Scan(&e)
			})
			if err != nil {
				return err
			}
			added = append(added, got...)
		}
		if im.Max > 0 {
			n, err := countListed(ctx, tx, im.WorkspaceID)
			if err != nil {
				return err
			}
			if n > im.Max {
				return store.ErrLimit
			}
		}
		if im.Confirm && len(added) > 0 {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO usage_tracking (workspace_id, month, posts_limit, images_limit) VALUES ($1, $2, $3, $4)
				 ON CONFLICT (workspace_id, month) DO NOTHING`, im.WorkspaceID, im.Month, im.PostsLimit, im.ImagesLimit); err != nil {
				return err
			}
			res, err := tx.ExecContext(ctx,
				`UPDATE usage_tracking SET emails_sent = emails_sent + $1
				 WHERE workspace_id = $2 AND month = $3 AND emails_sent + $1 <= $4`, len(added), im.WorkspaceID, im.Month, im.EmailsLimit)
			if err := affected(res, err); errors.Is(err, store.ErrNotFound) {
				return store.ErrEmailLimit
			} else if err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx,
			`INSERT INTO subscriber_imports (workspace_id, source, addresses, added, confirm, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			im.WorkspaceID, im.Source, len(im.Emails), len(added), im.Confirm, ms(im.Now))
		return err
	})
	if err != nil {
		return nil, err
	}
	return added, nil
}

func (d *DB) ExportSubscribers(ctx context.Context, workspaceID int64) ([]*store.Subscriber, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+subscriberCols+` FROM subscribers
		WHERE workspace_id = $1 AND status = 'confirmed' ORDER BY created_at, id`, workspaceID)
	return collect(rows, err, scanSubscriber)
}

func (d *DB) DeleteExpiredSubscribers(ctx context.Context, now time.Time) (int64, error) {
	res, err := d.db.ExecContext(ctx,
		`DELETE FROM subscribers WHERE status = 'pending' AND confirm_expires_at < $1`, ms(now))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (d *DB) DueNewsletters(ctx context.Context, now time.Time, limit int) ([]*store.Post, error) {
	return d.scanPosts(ctx, store.FindPost{}, `SELECT `+postLightCols+postHeavyCols+` FROM blog_posts
		WHERE newsletter = 'pending' AND status = 'published' AND published_at <= $1 AND `+notDeleting("workspace_id")+`
		ORDER BY published_at, id LIMIT $2`, ms(now), limit)
}

func (d *DB) SkipNewsletter(ctx context.Context, postID int64, note string) (bool, error) {
	res, err := d.db.ExecContext(ctx,
		`UPDATE blog_posts SET newsletter = 'skipped', newsletter_note = $1 WHERE id = $2 AND newsletter = 'pending'`, note, postID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// errSkip carries a skip's note out of SendNewsletter's transaction (which
// it rolls back).
type errSkip struct{ note string }

func (e errSkip) Error() string { return e.note }

func (d *DB) SendNewsletter(ctx context.Context, s store.NewsletterSend) (store.NewsletterOutcome, error) {
	var out store.NewsletterOutcome
	m := s.Message
	err := d.tx(ctx, func(tx *sql.Tx) error {
		// The claim: a row another instance claimed (or whose newsletter
		// the owner turned off) no longer matches; PostgreSQL re-checks
		// after waiting on the row's lock, SQLite has one writer.
		from := `newsletter = 'pending'`
		if s.Again {
			from = `newsletter IN ('off', 'skipped')`
		}
		res, err := tx.ExecContext(ctx,
			`UPDATE blog_posts SET newsletter = 'sent', newsletter_note = '' WHERE id = $1 AND workspace_id = $2
			   AND `+from+` AND status = 'published'`, s.PostID, s.WorkspaceID)
		if err := affected(res, err); errors.Is(err, store.ErrNotFound) {
			return store.ErrAlreadyDone
		} else if err != nil {
			return err
		}
		var enabled bool
		err = tx.QueryRowContext(ctx, `SELECT newsletter_enabled FROM workspace_settings WHERE workspace_id = $1`, s.WorkspaceID).Scan(&enabled)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			enabled = true // a blog without saved settings has the defaults
		case err != nil:
			return err
		}
		if !enabled {
			return errSkip{store.NoteNewslettersOff}
		}
		headers, err := json.Marshal(m.Headers)
		if err != nil {
			return err
		}
		if m.Headers == nil {
			headers = []byte("{}")
		}
		m.CreatedAt = s.Now
		err = tx.QueryRowContext(ctx,
			`INSERT INTO mail_messages (workspace_id, kind, dedupe_key, post_id, from_name, subject, html, text, headers, created_at, nonce)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
			s.WorkspaceID, store.MailNewsletter, "post:"+strconv.FormatInt(s.PostID, 10), s.PostID, m.FromName, m.Subject,
			m.HTML, m.Text, string(headers), ms(s.Now), withNonce(m)).Scan(&m.ID)
		if isUnique(err) {
			return store.ErrAlreadyDone
		}
		if err != nil {
			return err
		}
		// Every delivery in one statement: no round trip per subscriber.
		res, err = tx.ExecContext(ctx,
			`INSERT INTO mail_deliveries (message_id, workspace_id, subscriber_id, to_addr, token, status, next_at, created_at)
			 SELECT CAST($1 AS BIGINT), workspace_id, id, email, token, 'queued', CAST($2 AS BIGINT), CAST($2 AS BIGINT) FROM subscribers
			 WHERE workspace_id = $3 AND status = 'confirmed'`, m.ID, ms(s.Now), s.WorkspaceID)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			return errSkip{store.NoteNoSubscribers}
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO usage_tracking (workspace_id, month, posts_limit, images_limit) VALUES ($1, $2, $3, $4)
			 ON CONFLICT (workspace_id, month) DO NOTHING`, s.WorkspaceID, s.Month, s.PostsLimit, s.ImagesLimit); err != nil {
			return err
		}
		res, err = tx.ExecContext(ctx,
			`UPDATE usage_tracking SET emails_sent = emails_sent + $1
			 WHERE workspace_id = $2 AND month = $3 AND emails_sent + $1 <= $4`, n, s.WorkspaceID, s.Month, s.EmailsLimit)
		if err := affected(res, err); errors.Is(err, store.ErrNotFound) {
			return errSkip{store.NoteOverLimit}
		} else if err != nil {
			return err
		}
		out.Recipients = int(n)
		_, err = tx.ExecContext(ctx, `UPDATE blog_posts SET newsletter_recipients = $1 WHERE id = $2`, n, s.PostID)
		return err
	})
	var skip errSkip
	if errors.As(err, &skip) {
		// Nothing of the attempt stays; the post says why (a post sent
		// again keeps its state: its owner is told instead).
		if s.Again {
			return store.NewsletterOutcome{Skipped: skip.note}, nil
		}
		if _, err := d.SkipNewsletter(ctx, s.PostID, skip.note); err != nil {
			return out, err
		}
		return store.NewsletterOutcome{Skipped: skip.note}, nil
	}
	return out, err
}

func (d *DB) SetPostNewsletter(ctx context.Context, workspaceID, postID int64, send bool) (state, note string, recipients int, err error) {
	q := `UPDATE blog_posts SET newsletter = 'off', newsletter_note = '' WHERE id = $1 AND workspace_id = $2 AND newsletter = 'pending'`
	if send {
		q = `UPDATE blog_posts SET newsletter = 'pending', newsletter_note = '' WHERE id = $1 AND workspace_id = $2
		     AND newsletter IN ('off', 'skipped')`
	}
	if _, err := d.db.ExecContext(ctx, q, postID, workspaceID); err != nil {
		return "", "", 0, err
	}
	err = d.db.QueryRowContext(ctx, `SELECT newsletter, newsletter_note, newsletter_recipients FROM blog_posts
		WHERE id = $1 AND workspace_id = $2`, postID, workspaceID).Scan(&state, &note, &recipients)
	return state, note, recipients, notFound(err)
}

func (d *DB) EmailsSent(ctx context.Context, workspaceID int64, month string) (int, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT emails_sent FROM usage_tracking WHERE workspace_id = $1 AND month = $2`,
		workspaceID, month).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, err
}
