package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/inkpress/inkpress/store"
)

const domainCols = `id, custom_domain, domain_status, domain_token, domain_added_at, domain_checked_at,
	domain_verified_at, domain_error, domain_failures`

func scanDomain(row interface{ Scan(...any) error }) (*store.Domain, error) {
	var d store.Domain
	var added, checked, verified int64
	if err := row.Scan(&d.WorkspaceID, &d.Name, &d.Status, &d.Token, &added, &checked, &verified, &d.Error, &d.Failures); err != nil {
		return nil, notFound(err)
	}
	d.AddedAt, d.CheckedAt, d.VerifiedAt = fromMSOrZero(added), fromMSOrZero(checked), fromMSOrZero(verified)
	return &d, nil
}

// fromMSOrZero reads a time column where 0 means never.
func fromMSOrZero(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return fromMS(v)
}

func (d *DB) GetDomain(ctx context.Context, workspaceID int64) (*store.Domain, error) {
	return scanDomain(d.db.QueryRowContext(ctx,
		`SELECT `+domainCols+` FROM workspaces WHERE id = $1 AND custom_domain IS NOT NULL`, workspaceID))
}

func (d *DB) FindDomain(ctx context.Context, name string) (*store.Domain, error) {
	if name == "" {
		return nil, store.ErrNotFound
	}
	// Several blogs may claim a pending name: the verified claim first,
	// else the oldest.
	return scanDomain(d.db.QueryRowContext(ctx, `SELECT `+domainCols+` FROM workspaces WHERE custom_domain = $1
		ORDER BY CASE WHEN domain_status = 'verified' THEN 0 ELSE 1 END, domain_added_at, id LIMIT 1`, name))
}

func (d *DB) SetDomain(ctx context.Context, dom *store.Domain) error {
	if dom.Name == "" {
		return errors.New("sqlstore: SetDomain needs a name (DeleteDomain removes one)")
	}
	// A name another blog has verified is taken; other claims of it are not
	// (only verifying decides).
	res, err := d.db.ExecContext(ctx,
		`UPDATE workspaces SET custom_domain = $1, domain_status = $2, domain_token = $3, domain_added_at = $4,
		   domain_checked_at = $5, domain_verified_at = $6, domain_error = $7, domain_failures = $8 WHERE id = $9
		   AND NOT EXISTS (SELECT 1 FROM workspaces o WHERE o.custom_domain = $1 AND o.domain_status = 'verified' AND o.id <> $9)`,
		dom.Name, dom.Status, dom.Token, msOrZero(dom.AddedAt), msOrZero(dom.CheckedAt), msOrZero(dom.VerifiedAt),
		dom.Error, dom.Failures, dom.WorkspaceID)
	if isUnique(err) {
		return store.ErrConflict
	}
	if err := affected(res, err); !errors.Is(err, store.ErrNotFound) {
		return err
	}
	var n int
	if err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM workspaces WHERE id = $1`, dom.WorkspaceID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return store.ErrConflict
}

func (d *DB) DeleteDomain(ctx context.Context, workspaceID int64) error {
	_, err := d.db.ExecContext(ctx, `UPDATE workspaces SET `+clearDomain+` WHERE id = $1`, workspaceID)
	return err
}

// clearDomain is the SET list of a workspace without a domain.
const clearDomain = `custom_domain = NULL, domain_status = '', domain_token = '', domain_added_at = 0,
	domain_checked_at = 0, domain_verified_at = 0, domain_error = '', domain_failures = 0`

func (d *DB) RecordDomainCheck(ctx context.Context, dom *store.Domain) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx,
			`UPDATE workspaces SET domain_status = $1, domain_checked_at = $2, domain_verified_at = $3, domain_error = $4,
			   domain_failures = $5 WHERE id = $6 AND custom_domain = $7 AND domain_token = $8`,
			dom.Status, msOrZero(dom.CheckedAt), msOrZero(dom.VerifiedAt), dom.Error, dom.Failures,
			dom.WorkspaceID, dom.Name, dom.Token)
		if isUnique(err) {
			return store.ErrConflict // another blog verified the name first
		}
		if err := affected(res, err); err != nil || dom.Status != store.DomainVerified {
			return err
		}
		// The name is this blog's now: the other claims of it fail.
		_, err = tx.ExecContext(ctx,
			`UPDATE workspaces SET domain_status = 'failed', domain_error = $1, domain_checked_at = $2
			 WHERE custom_domain = $3 AND id <> $4 AND domain_status <> 'verified'`,
			store.DomainClaimedError, msOrZero(dom.CheckedAt), dom.Name, dom.WorkspaceID)
		return err
	})
}

func (d *DB) ClaimDomainCheck(ctx context.Context, now, retryBefore, retryAddedAfter, recheckBefore time.Time) (*store.Domain, error) {
	// Find the longest-unchecked due domain, then take it by moving its
	// check time from the value read: an instance that lost the race to
	// another finds the row changed and looks again. Verified domains
	// without a token (set before verification existed, or by an operator)
	// have no record to look for and are left alone.
	for range 5 {
		dom, err := scanDomain(d.db.QueryRowContext(ctx, `SELECT `+domainCols+` FROM workspaces
			WHERE custom_domain IS NOT NULL AND (
			  (domain_status = 'pending' AND domain_checked_at < $1)
			  OR (domain_status = 'failed' AND domain_added_at > $2 AND domain_checked_at < $1)
			  OR (domain_status = 'verified' AND domain_token <> '' AND domain_checked_at < $3))
			ORDER BY domain_checked_at, id LIMIT 1`,
			ms(retryBefore), ms(retryAddedAfter), ms(recheckBefore)))
		if err != nil {
			return nil, err
		}
		res, err := d.db.ExecContext(ctx,
			`UPDATE workspaces SET domain_checked_at = $1 WHERE id = $2 AND custom_domain = $3 AND domain_checked_at = $4`,
			ms(now), dom.WorkspaceID, dom.Name, msOrZero(dom.CheckedAt))
		switch err := affected(res, err); {
		case err == nil:
			dom.CheckedAt = fromMS(ms(now))
			return dom, nil
		case !errors.Is(err, store.ErrNotFound):
			return nil, err
		}
	}
	// Five lost races in a row: leave the rest to the next tick.
	return nil, store.ErrNotFound
}
