-- +goose Up
-- post_id: the post a scheduled item generated (null when none, or when the
-- post was deleted since). next_scheduled: true once the item has inserted
-- the next occurrence of its daily/weekly series, so a retried item never
-- forks the series.
ALTER TABLE scheduled_posts ADD COLUMN post_id BIGINT REFERENCES blog_posts(id) ON DELETE SET NULL;
ALTER TABLE scheduled_posts ADD COLUMN next_scheduled BOOLEAN NOT NULL DEFAULT FALSE;
