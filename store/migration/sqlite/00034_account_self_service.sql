-- +goose Up
-- account_deletions: an account its owner deleted. Its blogs are offline
-- (workspaces.status 'deleting') until purge_at; signing in before then
-- restores it (the row goes). After purge_at one instance claims the row
-- (claimed_until, a renewed lease) and erases the account and its blogs.
CREATE TABLE account_deletions (
    user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    requested_at  INTEGER NOT NULL,
    purge_at      INTEGER NOT NULL,
    claimed_until INTEGER NOT NULL DEFAULT 0,
    attempts      INTEGER NOT NULL DEFAULT 0,
    last_error    TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX account_deletions_due ON account_deletions (purge_at);

-- data_exports: the one archive of an owner's data (posts, subscribers,
-- media) per account: queued, made by one instance under a lease, then
-- ready to download until expires_at, when it is deleted.
CREATE TABLE data_exports (
    user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    workspace_id  INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    status        TEXT    NOT NULL DEFAULT 'queued',
    file_key      TEXT    NOT NULL DEFAULT '',
    file_size     INTEGER NOT NULL DEFAULT 0,
    requested_at  INTEGER NOT NULL,
    finished_at   INTEGER NOT NULL DEFAULT 0,
    expires_at    INTEGER NOT NULL DEFAULT 0,
    claimed_until INTEGER NOT NULL DEFAULT 0,
    attempts      INTEGER NOT NULL DEFAULT 0,
    error         TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX data_exports_status ON data_exports (status, claimed_until);
