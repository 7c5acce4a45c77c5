-- +goose Up
-- newsletter_welcome: a blog's optional welcome e-mail to each new confirmed
-- subscriber (off until the owner turns it on; no row: off, default text).
CREATE TABLE newsletter_welcome (
    workspace_id INTEGER PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
    enabled      INTEGER NOT NULL DEFAULT 0,
    subject      TEXT    NOT NULL DEFAULT '',
    body         TEXT    NOT NULL DEFAULT '',
    updated_at   INTEGER NOT NULL
);
