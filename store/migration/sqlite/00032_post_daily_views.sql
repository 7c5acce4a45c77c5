-- +goose Up
-- post_daily_views: a post's counted views per day (days since the Unix
-- epoch, UTC), added in the same transaction as view_count, so "most read
-- this week" ranks by the last days' views rather than all-time ones. Rows
-- older than the trending window are pruned with the hourly views. No
-- foreign key, like post_views: a view of a post deleted meanwhile must not
-- fail its batch; such rows join no post and are pruned.
CREATE TABLE post_daily_views (
    workspace_id INTEGER NOT NULL,
    post_id      INTEGER NOT NULL,
    day          INTEGER NOT NULL,
    views        INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, post_id)
);
CREATE INDEX post_daily_views_day ON post_daily_views(day);
