package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Delivery priorities: higher is claimed first. Newsletter deliveries
// (also those inserted in bulk by the newsletter, which leave the column at
// its default) wait behind account mail, so a password reset is never stuck
// behind ten thousand newsletter copies.
const (
	priorityBulk    = 0
	priorityAccount = 10
)

func mailPriority(kind string) int {
	if kind == store.MailNewsletter || kind == store.MailImportConfirm {
		return priorityBulk
	}
	return priorityAccount
}

// withNonce fills m's Nonce when it has none and returns it: 128 random
// bits, so no two messages of any installation share one.
func withNonce(m *store.MailMessage) string {
	if m.Nonce == "" {
		b := make([]byte, 16)
		_, _ = rand.Read(b)
		m.Nonce = strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
	}
	return m.Nonce
}

const mailMessageCols = `id, workspace_id, kind, dedupe_key, post_id, from_name, subject, html, text, headers, created_at, nonce`

const deliveryCols = `id, message_id, workspace_id, subscriber_id, to_addr, token, status, attempts, next_at, claimed_until,
	last_error, sent_at, created_at`

func scanMailMessage(row interface{ Scan(...any) error }) (*store.MailMessage, error) {
	var m store.MailMessage
	var ws, post sql.NullInt64
	var key sql.NullString
	var headers string
	var created int64
	if err := row.Scan(&m.ID, &ws, &m.Kind, &key, &post, &m.FromName, &m.Subject, &m.HTML, &m.Text, &headers, &created, &m.Nonce); err != nil {
		return nil, notFound(err)
	}
	m.WorkspaceID, m.PostID, m.DedupeKey, m.CreatedAt = ws.Int64, post.Int64, key.String, fromMS(created)
	if headers != "" && headers != "{}" {
		if err := json.Unmarshal([]byte(headers), &m.Headers); err != nil {
			return nil, err
		}
	}
	return &m, nil
}

func scanDelivery(row interface{ Scan(...any) error }) (*store.Delivery, error) {
	var d store.Delivery
	var ws, sub sql.NullInt64
	var next, claimed, sent, created int64
	if err := row.Scan(&d.ID, &d.MessageID, &ws, &sub, &d.To, &d.Token, &d.Status, &d.Attempts, &next, &claimed,
		&d.LastError, &sent, &created); err != nil {
		return nil, notFound(err)
	}
	d.WorkspaceID, d.SubscriberID = ws.Int64, sub.Int64
	d.NextAt, d.ClaimedUntil, d.CreatedAt = fromMS(next), fromMS(claimed), fromMS(created)
	if sent != 0 {
		d.SentAt = fromMS(sent)
	}
	return &d, nil
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

// idList writes ids as placeholders $from, $from+1, ... and their args.
func idList(ids []int64, from int) (string, []any) { return valueList(ids, from) }

// valueList writes values as placeholders $from, $from+1, ... and their args.
func valueList[T any](values []T, from int) (string, []any) {
	ph := make([]string, len(values))
	args := make([]any, len(values))
	for i, v := range values {
		ph[i] = "$" + strconv.Itoa(from+i)
		args[i] = v
	}
	return strings.Join(ph, ", "), args
}

func (d *DB) QueueMail(ctx context.Context, m *store.MailMessage, to []store.Recipient) error {
	if m.CreatedAt.IsZero() {
		m.CreatedAt = time.Now().UTC()
	}
	headers := []byte("{}")
	if len(m.Headers) > 0 {
		var err error
		if headers, err = json.Marshal(m.Headers); err != nil {
			return err
		}
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		// ON CONFLICT DO NOTHING: a second queuing of one key (even at the
		// same moment, from another instance) inserts nothing and is told so.
		err := tx.QueryRowContext(ctx,
			`INSERT INTO mail_messages (workspace_id, kind, dedupe_key, post_id, from_name, subject, html, text, headers, created_at, nonce)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
			 ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
			nullID(m.WorkspaceID), m.Kind, nullString(m.DedupeKey), nullID(m.PostID), m.FromName, m.Subject, m.HTML, m.Text,
			string(headers), ms(m.CreatedAt), withNonce(m)).Scan(&m.ID)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrAlreadyDone
		}
		if err != nil {
			return err
		}
		prio := mailPriority(m.Kind)
		// Several rows per statement (a newsletter has thousands; SQLite
		// binds $N parameters by name, so very long statements cost more
		// than they save); one row per (message, address): a repeated
		// address is dropped.
		const perInsert = 25
		for len(to) > 0 {
			n := min(len(to), perInsert)
			var b strings.Builder
			args := make([]any, 0, 9*n)
			b.WriteString(`INSERT INTO mail_deliveries (message_id, workspace_id, subscriber_id, to_addr, token, status, next_at, priority, created_at) VALUES `)
			for i, r := range to[:n] {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString("(")
				for j := range 9 {
					if j > 0 {
						b.WriteString(", ")
					}
					b.WriteString("$" + strconv.Itoa(len(args)+j+1))
				}
				b.WriteString(")")
				args = append(args, m.ID, nullID(m.WorkspaceID), nullID(r.SubscriberID), r.Email, r.Token, store.DeliveryQueued,
					ms(m.CreatedAt), prio, ms(m.CreatedAt))
			}
			b.WriteString(` ON CONFLICT (message_id, to_addr) DO NOTHING`)
			if _, err := tx.ExecContext(ctx, b.String(), args...); err != nil {
				return err
			}
			to = to[n:]
		}
		return nil
	})
}

// ClaimDeliveries is one UPDATE over the rows a materialized pick chose: on
// PostgreSQL the pick skips rows another claim holds locked (and the outer
// condition is checked again on the locked rows); SQLite runs the statement
// under its single write lock. Either way a row is leased to one claimer.
// The pick must be evaluated once: as a plain IN (sub-select) PostgreSQL
// may run it again per row, and the rows just updated no longer match, so
// every run picks fresh ones and the LIMIT is lost.
func (d *DB) ClaimDeliveries(ctx context.Context, now, leaseUntil time.Time, limit int) ([]*store.Delivery, error) {
	return d.claimDeliveries(ctx, now, leaseUntil, limit, priorityBulk)
}

// ClaimAccountDeliveries claims only account mail (the account lane of the
// mail workers, which never waits behind a newsletter batch).
func (d *DB) ClaimAccountDeliveries(ctx context.Context, now, leaseUntil time.Time, limit int) ([]*store.Delivery, error) {
	return d.claimDeliveries(ctx, now, leaseUntil, limit, priorityAccount)
}

func (d *DB) claimDeliveries(ctx context.Context, now, leaseUntil time.Time, limit, minPriority int) ([]*store.Delivery, error) {
	if limit <= 0 {
		return nil, nil
	}
	lock := ""
	if d.dialect == "postgres" {
		lock = ` FOR UPDATE SKIP LOCKED`
	}
	due := `((status = $3 AND next_at <= $2) OR (status = $4 AND claimed_until < $2)) AND priority >= $6
		AND (workspace_id IS NULL OR ` + notDeleting("workspace_id") + `)`
	var out []*store.Delivery
	err := d.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx,
			`WITH picked AS MATERIALIZED (
			   SELECT id FROM mail_deliveries WHERE `+due+` ORDER BY priority DESC, next_at, id LIMIT $5`+lock+`)
			 UPDATE mail_deliveries SET status = $4, claimed_until = $1, attempts = attempts + 1
			 WHERE id IN (SELECT id FROM picked) AND `+due+`
			 RETURNING id`,
			ms(leaseUntil), ms(now), store.DeliveryQueued, store.DeliverySending, limit, minPriority)
		ids, err := collect(rows, err, func(row interface{ Scan(...any) error }) (int64, error) {
			var id int64
			return id, row.Scan(&id)
		})
		if err != nil || len(ids) == 0 {
			return err
		}
		// RETURNING has no order: read the batch again in claim order
		// (account mail first), which is the order it is sent in.
		ph, args := idList(ids, 1)
		rows, err = tx.QueryContext(ctx, `SELECT `+deliveryCols+` FROM mail_deliveries WHERE id IN (`+ph+`)
			ORDER BY priority DESC, next_at, id`, args...)
		if out, err = collect(rows, err, scanDelivery); err != nil {
			return err
		}
		return d.attachMessages(ctx, tx, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// attachMessages fills each delivery's Message.
func (d *DB) attachMessages(ctx context.Context, q queryer, ds []*store.Delivery) error {
	seen := map[int64]bool{}
	var ids []int64
	for _, dl := range ds {
		if !seen[dl.MessageID] {
			seen[dl.MessageID] = true
			ids = append(ids, dl.MessageID)
		}
	}
	msgs := map[int64]*store.MailMessage{}
	for len(ids) > 0 {
		n := min(len(ids), 500)
		ph, args := idList(ids[:n], 1)
		rows, err := q.QueryContext(ctx, `SELECT `+mailMessageCols+` FROM mail_messages WHERE id IN (`+ph+`)`, args...)
		list, err := collect(rows, err, scanMailMessage)
		if err != nil {
			return err
		}
		for _, m := range list {
			msgs[m.ID] = m
		}
		ids = ids[n:]
	}
	for _, dl := range ds {
		dl.Message = msgs[dl.MessageID]
	}
	return nil
}

func (d *DB) RenewDeliveries(ctx context.Context, ids []int64, leaseUntil time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	ph, args := idList(ids, 3)
	_, err := d.db.ExecContext(ctx,
		`UPDATE mail_deliveries SET claimed_until = $1 WHERE status = $2 AND id IN (`+ph+`)`,
		append([]any{ms(leaseUntil), store.DeliverySending}, args...)...)
	return err
}

// FinishDelivery changes only a delivery still being sent: a result that
// comes too late (the row was reclaimed and finished by another worker)
// changes nothing and is ErrNotFound.
func (d *DB) FinishDelivery(ctx context.Context, r store.DeliveryResult) error {
	if r.At.IsZero() {
		r.At = time.Now().UTC()
	}
	var sent, finished, next int64
	switch r.Status {
	case store.DeliverySent:
		sent, finished = ms(r.At), ms(r.At)
	case store.DeliveryFailed, store.DeliveryBounced:
		finished = ms(r.At)
	case store.DeliveryQueued:
		next = ms(r.NextAt)
	case store.DeliveryHeld:
		// Not finished: a held copy is no outcome of the blog's mail.
	default:
		return errors.New("sqlstore: a delivery finishes as sent, failed, bounced, held or queued (retry), not " + strconv.Quote(r.Status))
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		var sub sql.NullInt64
		err := tx.QueryRowContext(ctx,
			`UPDATE mail_deliveries SET status = $2, last_error = $3, next_at = $4, attempts = $5, sent_at = $6,
			   finished_at = $7, claimed_until = 0
			 WHERE id = $1 AND status = $8 RETURNING subscriber_id`,
			r.ID, r.Status, r.Error, next, r.Attempts, sent, finished, store.DeliverySending).Scan(&sub)
		if err != nil {
			return notFound(err)
		}
		if r.Status == store.DeliveryBounced && sub.Valid {
			// The address is refused for good: no more mail to it until
			// the reader signs up again (and confirms). An unsubscribed
			// reader keeps that status: it is their own choice.
			_, err = tx.ExecContext(ctx,
				`UPDATE subscribers SET status = 'bounced', note = $2, updated_at = $3 WHERE id = $1 AND status <> 'unsubscribed'`,
				sub.Int64, r.Error, ms(r.At))
		}
		return err
	})
}

func (d *DB) ListDeliveries(ctx context.Context, f store.FindDelivery) ([]*store.Delivery, error) {
	var where []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	if f.WorkspaceID != nil {
		add("workspace_id = ?", *f.WorkspaceID)
	}
	if f.MessageID != nil {
		add("message_id = ?", *f.MessageID)
	}
	if f.Kind != nil {
		add("message_id IN (SELECT id FROM mail_messages WHERE kind = ?)", *f.Kind)
	}
	if f.To != nil {
		add("to_addr = ?", *f.To)
	}
	if f.Status != nil {
		add("status = ?", *f.Status)
	}
	q := `SELECT ` + deliveryCols + ` FROM mail_deliveries`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, " AND ")
	}
	q += ` ORDER BY id DESC`
	if f.Limit > 0 {
		q += ` LIMIT ` + strconv.Itoa(f.Limit)
	}
	rows, err := d.db.QueryContext(ctx, q, args...)
	out, err := collect(rows, err, scanDelivery)
	if err != nil || len(out) == 0 {
		return out, err
	}
	return out, d.attachMessages(ctx, d.db, out)
}

// PruneMail deletes old messages none of whose deliveries is still to be
// sent or finished after before (their deliveries go with them).
func (d *DB) PruneMail(ctx context.Context, before time.Time) (int64, error) {
	res, err := d.db.ExecContext(ctx,
		`DELETE FROM mail_messages WHERE created_at < $1 AND NOT EXISTS (
		   SELECT 1 FROM mail_deliveries dl WHERE dl.message_id = mail_messages.id
		   AND (dl.status IN ($2, $3) OR dl.finished_at >= $1))`,
		ms(before), store.DeliveryQueued, store.DeliverySending)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// MailHealthAll reads the finished deliveries and the complaints of the
// window in one grouped pass (each side uses its own index).
func (d *DB) MailHealthAll(ctx context.Context, since time.Time) (map[int64]store.MailHealth, error) {
	rows, err := d.db.QueryContext(ctx,
		`SELECT workspace_id, SUM(f), SUM(r), SUM(c) FROM (
		   SELECT workspace_id, 1 AS f, CASE WHEN status = $3 THEN 0 ELSE 1 END AS r, 0 AS c FROM mail_deliveries
		   WHERE finished_at >= $1 AND status IN ($2, $3, $4) AND workspace_id IS NOT NULL
		   UNION ALL
		   SELECT workspace_id, 0, 0, 1 FROM mail_deliveries
		   WHERE complained_at > 0 AND complained_at >= $1 AND workspace_id IS NOT NULL
		 ) AS outcomes GROUP BY workspace_id`,
		ms(since), store.DeliveryBounced, store.DeliverySent, store.DeliveryFailed)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]store.MailHealth{}
	for rows.Next() {
		var id int64
		var h store.MailHealth
		if err := rows.Scan(&id, &h.Finished, &h.Refused, &h.Complained); err != nil {
			return nil, err
		}
		out[id] = h
	}
	return out, rows.Err()
}

func (d *DB) MailHealth(ctx context.Context, workspaceID int64, since time.Time) (store.MailHealth, error) {
	var h store.MailHealth
	err := d.db.QueryRowContext(ctx,
		`SELECT COUNT(*), COALESCE(SUM(CASE WHEN status = $4 THEN 0 ELSE 1 END), 0),
		   (SELECT COUNT(*) FROM mail_deliveries WHERE workspace_id = $1 AND complained_at > 0 AND complained_at >= $2)
		 FROM mail_deliveries
		 WHERE workspace_id = $1 AND finished_at >= $2 AND status IN ($3, $4, $5)`,
		workspaceID, ms(since), store.DeliveryBounced, store.DeliverySent, store.DeliveryFailed).Scan(&h.Finished, &h.Refused, &h.Complained)
	return h, err
}

// HoldMail holds by priority: bulk mail is what priorityBulk marks (also
// rows inserted in bulk, which keep the column's default).
func (d *DB) HoldMail(ctx context.Context, workspaceID int64, now time.Time) (int64, error) {
	res, err := d.db.ExecContext(ctx,
		`UPDATE mail_deliveries SET status = $1, claimed_until = 0
		 WHERE workspace_id = $2 AND priority = $3 AND (status = $4 OR (status = $5 AND claimed_until < $6))`,
		store.DeliveryHeld, workspaceID, priorityBulk, store.DeliveryQueued, store.DeliverySending, ms(now))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (d *DB) ReleaseHeld(ctx context.Context, workspaceID, postID int64, now time.Time) (int64, error) {
	// A reader who left or bounced meanwhile is not written to.
	res, err := d.db.ExecContext(ctx,
		`UPDATE mail_deliveries SET status = $1, next_at = $2
		 WHERE status = $3 AND workspace_id = $4
		   AND message_id IN (SELECT id FROM mail_messages WHERE dedupe_key = $5 AND workspace_id = $4)
		   AND (subscriber_id IS NULL OR subscriber_id IN (SELECT id FROM subscribers WHERE status = $6))`,
		store.DeliveryQueued, ms(now), store.DeliveryHeld, workspaceID, "post:"+strconv.FormatInt(postID, 10), store.SubscriberConfirmed)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// RecordComplaint matches the Message-ID's three parts, so a report can
// only name a delivery that was really sent with that Message-ID.
func (d *DB) RecordComplaint(ctx context.Context, c store.ComplaintRef, now time.Time) (*store.Complaint, error) {
	var out *store.Complaint
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var ws, sub sql.NullInt64
		var complained int64
		out = &store.Complaint{DeliveryID: c.DeliveryID}
		err := tx.QueryRowContext(ctx,
			`SELECT d.workspace_id, d.subscriber_id, d.to_addr, d.complained_at FROM mail_deliveries d
			 JOIN mail_messages m ON m.id = d.message_id WHERE d.id = $1 AND d.message_id = $2 AND m.nonce = $3`,
			c.DeliveryID, c.MessageID, c.Nonce).Scan(&ws, &sub, &out.To, &complained)
		if err != nil {
			return notFound(err)
		}
		out.WorkspaceID, out.SubscriberID = ws.Int64, sub.Int64
		if complained == 0 {
			// The condition makes two reports of one delivery count once.
			res, err := tx.ExecContext(ctx,
				`UPDATE mail_deliveries SET complained_at = $2 WHERE id = $1 AND complained_at = 0`, c.DeliveryID, ms(now))
			err = affected(res, err)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			out.New = err == nil
		}
		if !sub.Valid {
			return nil
		}
		// Never mail them again: the report is the reader's wish to leave.
		if _, err := tx.ExecContext(ctx,
			`UPDATE subscribers SET status = $2, note = $3, confirm_hash = '', confirm_expires_at = 0, updated_at = $4
			 WHERE id = $1 AND status <> $2`,
			sub.Int64, store.SubscriberUnsubscribed, store.NoteComplained, ms(now)); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx,
			`UPDATE mail_deliveries SET status = $2, last_error = 'unsubscribed'
			 WHERE subscriber_id = $1 AND status IN ($3, $4)`,
			sub.Int64, store.DeliveryFailed, store.DeliveryQueued, store.DeliveryHeld)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
