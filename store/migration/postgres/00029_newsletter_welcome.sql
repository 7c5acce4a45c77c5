-- +goose Up
-- newsletter_welcome: a blog's optional welcome e-mail to each new confirmed
-- subscriber (off until the owner turns it on; no row: off, default text).
CREATE TABLE newsletter_welcome (
    workspace_id BIGINT PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
    enabled      BOOLEAN NOT NULL DEFAULT FALSE,
    subject      TEXT    NOT NULL DEFAULT '',
    body         TEXT    NOT NULL DEFAULT '',
    updated_at   BIGINT  NOT NULL
);
