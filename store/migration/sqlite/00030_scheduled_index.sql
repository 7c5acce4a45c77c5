-- +goose Up
-- The scheduler's index of posts by (status, published_at) also matched every
-- reader query (status = 'published' AND published_at <= now), and with no
-- statistics SQLite preferred it to the blog's own indexes: a blog's list,
-- its related posts and a post's page walked the newest published posts of
-- every blog until enough were this blog's (an old blog of a large platform:
-- most of the table). Only scheduled posts need it, so only they are in it.
DROP INDEX blog_posts_status_published;
CREATE INDEX blog_posts_scheduled ON blog_posts(published_at) WHERE status = 'scheduled';

