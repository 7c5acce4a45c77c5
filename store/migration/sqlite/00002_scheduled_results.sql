-- +goose Up
-- post_id: the post a scheduled item generated (null when none, or when the
-- post was deleted since). next_scheduled: 1 once the item has inserted the
-- next occurrence of its daily/weekly series, so a retried item never forks
-- the series.
ALTER TABLE scheduled_posts ADD COLUMN post_id INTEGER REFERENCES blog_posts(id) ON DELETE SET NULL;
ALTER TABLE scheduled_posts ADD COLUMN next_scheduled INTEGER NOT NULL DEFAULT 0;
