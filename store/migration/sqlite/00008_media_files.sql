-- +goose Up
-- Every file written to media storage has a row: a workspace's bytes are
-- capped by its plan (counted and inserted under the workspace's lock), and
-- files nothing refers to any more are found and removed by the sweep.
-- Rows of a deleted workspace go with it; the sweep then removes its files.
CREATE TABLE media_files (
    file_key     TEXT    NOT NULL PRIMARY KEY,
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    file_size    INTEGER NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE INDEX media_files_workspace ON media_files(workspace_id);
CREATE INDEX media_files_created ON media_files(created_at);
-- "Which posts use this image as their cover" (deleting a library item,
-- the sweep's reference check).
CREATE INDEX blog_posts_cover ON blog_posts(workspace_id, cover_image_url);
-- Covers and library items keep storage keys, not URLs: the URL is built
-- from the configured storage when rendered, so a new public URL applies to
-- every file. Local URLs are "/media/" + key; absolute (S3) URLs depend on
-- the configuration, so the app rewrites those at start.
UPDATE blog_posts SET cover_image_url = substr(cover_image_url, 8) WHERE cover_image_url LIKE '/media/%';
UPDATE media_library SET file_url = substr(file_url, 8) WHERE file_url LIKE '/media/%';
