-- +goose Up
-- A blog's brand: its logo, browser icon and default sharing image (media
-- keys, as covers and library items are kept) and the owner's profile links
-- (a JSON list of {network, url}).
ALTER TABLE workspace_settings ADD COLUMN logo_url TEXT NOT NULL DEFAULT '';
ALTER TABLE workspace_settings ADD COLUMN favicon_url TEXT NOT NULL DEFAULT '';
ALTER TABLE workspace_settings ADD COLUMN social_image_url TEXT NOT NULL DEFAULT '';
ALTER TABLE workspace_settings ADD COLUMN social_links TEXT NOT NULL DEFAULT '[]';

-- An author's public profile: one per user, made when the user first needs
-- one (their first post, or their profile screen). The slug names the
-- author's page and never changes once made. An empty display name shows
-- the user's name.
CREATE TABLE author_profiles (
    user_id      INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    slug         TEXT    NOT NULL UNIQUE,
    display_name TEXT    NOT NULL DEFAULT '',
    bio          TEXT    NOT NULL DEFAULT '',
    avatar_url   TEXT    NOT NULL DEFAULT '',
    links        TEXT    NOT NULL DEFAULT '[]',
    updated_at   INTEGER NOT NULL
);

-- Who wrote a post. Posts written before authors existed belong to their
-- workspace's owner; a workspace without one (the site's own blog) gives
-- them to an admin, when there is one.
ALTER TABLE blog_posts ADD COLUMN author_id INTEGER REFERENCES users(id) ON DELETE SET NULL;
UPDATE blog_posts SET author_id = COALESCE(
    (SELECT w.user_id FROM workspaces w WHERE w.id = blog_posts.workspace_id),
    (SELECT MIN(r.user_id) FROM user_roles r WHERE r.role = 'admin'));
CREATE INDEX blog_posts_author ON blog_posts(author_id, workspace_id);
