package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/inkpress/inkpress/store"
)

// Rate limits: one row per event in rate_limit_events, counted over a sliding
// window, and one row per key in rate_limit_keys that a reservation locks
// (the upsert takes the row lock on PostgreSQL; SQLite's BEGIN IMMEDIATE
// already serialises writers). Counting under that lock is what makes the
// limit exact: two transactions counting rows without it would both see the
// old count and both insert.

func (d *DB) ReserveRate(ctx context.Context, at time.Time, rules ...store.RateRule) (time.Time, error) {
	if len(rules) == 0 {
		return time.Time{}, nil
	}
	// Keys are locked in one order so two reservations sharing keys (an
	// account+address key and its address key) cannot deadlock.
	rules = slices.Clone(rules)
	slices.SortFunc(rules, func(a, b store.RateRule) int { return strings.Compare(a.Key, b.Key) })
	for i, r := range rules {
		if r.Max < 1 || r.Window <= 0 || (i > 0 && rules[i-1].Key == r.Key) {
			return time.Time{}, fmt.Errorf("sqlstore: bad rate rule %+v", r)
		}
	}
	var retryAt time.Time
	err := d.tx(ctx, func(tx *sql.Tx) error {
		full := false
		for _, r := range rules {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO rate_limit_keys (key, touched_at) VALUES ($1, $2)
				 ON CONFLICT (key) DO UPDATE SET touched_at = excluded.touched_at`, r.Key, ms(at)); err != nil {
				return err
			}
			since := ms(at.Add(-r.Window))
			var n int
			if err := tx.QueryRowContext(ctx,
				`SELECT COUNT(*) FROM rate_limit_events WHERE key = $1 AND at > $2`, r.Key, since).Scan(&n); err != nil {
				return err
			}
			if n < r.Max {
				continue
			}
			// A slot frees when the event that would be the Max-th newest
			// after it leaves the window.
			var first int64
			if err := tx.QueryRowContext(ctx,
				`SELECT at FROM rate_limit_events WHERE key = $1 AND at > $2 ORDER BY at LIMIT 1 OFFSET $3`,
				r.Key, since, n-r.Max).Scan(&first); err != nil {
				return err
			}
			full = true
			if t := fromMS(first).Add(r.Window); t.After(retryAt) {
				retryAt = t
			}
		}
		if full {
			return store.ErrLimit
		}
		for _, r := range rules {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO rate_limit_events (key, at) VALUES ($1, $2)`, r.Key, ms(at)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return retryAt, err
	}
	return time.Time{}, nil
}

func (d *DB) ReleaseRate(ctx context.Context, key string, at time.Time) error {
	_, err := d.db.ExecContext(ctx,
		`DELETE FROM rate_limit_events WHERE id IN (SELECT id FROM rate_limit_events WHERE key = $1 AND at = $2 LIMIT 1)`,
		key, ms(at))
	return err
}

func (d *DB) ClearRate(ctx context.Context, key string) error {
	_, err := d.db.ExecContext(ctx, `DELETE FROM rate_limit_events WHERE key = $1`, key)
	return err
}

func (d *DB) PruneRate(ctx context.Context, before time.Time) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM rate_limit_events WHERE at < $1`, ms(before)); err != nil {
			return err
		}
		// A key touched before `before` has no event left in any window.
		_, err := tx.ExecContext(ctx, `DELETE FROM rate_limit_keys WHERE touched_at < $1`, ms(before))
		return err
	})
}
