package sqlstore

import (
	"context"
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
	return scanDomain(d.db.QueryRowContext(ctx, `SELECT `+domainCols+` FROM workspaces WHERE custom_domain = $1`, name))
}

func (d *DB) SetDomain(ctx context.Context, dom *store.Domain) error {
	if dom.Name == "" {
		return errors.New("sqlstore: SetDomain needs a name (DeleteDomain removes one)")
	}
	res, err := d.db.ExecContext(ctx,
		`UPDATE workspaces SET custom_domain = $1, domain_status = $2, domain_token = $3, domain_added_at = $4,
		   domain_checked_at = $5, domain_verified_at = $6, domain_error = $7, domain_failures = $8 WHERE id = $9`,
		dom.Name, dom.Status, dom.Token, msOrZero(dom.AddedAt), msOrZero(dom.CheckedAt), msOrZero(dom.VerifiedAt),
		dom.Error, dom.Failures, dom.WorkspaceID)
	if isUnique(err) {
		return store.ErrConflict
	}
	return affected(res, err)
}

func (d *DB) DeleteDomain(ctx context.Context, workspaceID int64) error {
	_, err := d.db.ExecContext(ctx, `UPDATE workspaces SET `+clearDomain+` WHERE id = $1`, workspaceID)
	return err
}

// clearDomain is the SET list of a workspace without a domain.
const clearDomain = `custom_domain = NULL, domain_status = '', domain_token = '', domain_added_at = 0,
	domain_checked_at = 0, domain_verified_at = 0, domain_error = '', domain_failures = 0`

func (d *DB) RecordDomainCheck(ctx context.Context, dom *store.Domain) error {
	res, err := d.db.ExecContext(ctx,
		`UPDATE workspaces SET domain_status = $1, domain_checked_at = $2, domain_verified_at = $3, domain_error = $4,
		   domain_failures = $5 WHERE id = $6 AND custom_domain = $7 AND domain_token = $8`,
		dom.Status, msOrZero(dom.CheckedAt), msOrZero(dom.VerifiedAt), dom.Error, dom.Failures,
		dom.WorkspaceID, dom.Name, dom.Token)
	return affected(res, err)
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
