-- +goose Up
-- A view is counted once per visitor, post and hour, however many app
-- instances see it: one row per counted view, keyed by the post, the hour
-- (hours since the Unix epoch, UTC) and the visitor (a hash of address and
-- user agent under the day's salt, never the raw values). Inserting an
-- existing key is a no-op. Rows of past hours are pruned. No foreign key: a
-- view of a post deleted meanwhile must not fail its batch.
CREATE TABLE post_views (
    post_id BIGINT  NOT NULL,
    hour    BIGINT  NOT NULL,
    visitor TEXT    NOT NULL,
    PRIMARY KEY (post_id, hour, visitor)
);
CREATE INDEX post_views_hour ON post_views(hour);
-- The salt of a day's visitor hashes, shared by every instance so they hash
-- a visitor alike; deleted after the day, when its hashes become unlinkable.
CREATE TABLE view_salts (
    day  BIGINT  NOT NULL PRIMARY KEY,
    salt TEXT    NOT NULL
);
