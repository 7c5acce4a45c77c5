-- +goose Up
-- A post is a draft, scheduled (published_at is when it goes live) or
-- published; readers see published posts whose time has come. Every post
-- written before this migration was live, so it stays published.
ALTER TABLE blog_posts ADD COLUMN status TEXT NOT NULL DEFAULT 'published';
ALTER TABLE blog_posts ADD COLUMN cover_alt TEXT NOT NULL DEFAULT '';
-- A private address that shows the post as it stands (the preview link).
ALTER TABLE blog_posts ADD COLUMN preview_token TEXT NOT NULL DEFAULT '';
ALTER TABLE blog_posts ADD COLUMN preview_expires_at INTEGER NOT NULL DEFAULT 0;
-- The scheduler finds scheduled posts that are due through this index.
CREATE INDEX blog_posts_status_published ON blog_posts(status, published_at);

-- Old addresses of posts whose slug or category changed after they were
-- published: each answers 301 to the post's current address.
CREATE TABLE post_redirects (
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    category     TEXT    NOT NULL,
    slug         TEXT    NOT NULL,
    post_id      INTEGER NOT NULL REFERENCES blog_posts(id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, category, slug)
);
CREATE INDEX post_redirects_post ON post_redirects(post_id);

-- Saved versions of a post's title and body (the newest 50 are kept).
CREATE TABLE post_revisions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    post_id      INTEGER NOT NULL REFERENCES blog_posts(id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    title        TEXT    NOT NULL,
    content      TEXT    NOT NULL,
    word_count   INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL
);
CREATE INDEX post_revisions_post ON post_revisions(post_id, id DESC);

-- Scheduled generations leave drafts for review when the owner asks.
ALTER TABLE workspace_settings ADD COLUMN review_ai_posts INTEGER NOT NULL DEFAULT 0;
