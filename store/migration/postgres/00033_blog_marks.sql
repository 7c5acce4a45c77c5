-- +goose Up
-- Images drawn for a blog from its name and colour (a sharing card, icons,
-- a publisher logo) until its owner uploads their own: drawn once per name
-- and colour and kept here, so no request draws one that was drawn before.
-- version names what the image was drawn from; a new name or colour draws
-- it again and replaces the row.
CREATE TABLE blog_marks (
    workspace_id BIGINT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL,
    version      TEXT    NOT NULL,
    png          BYTEA    NOT NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, kind)
);
