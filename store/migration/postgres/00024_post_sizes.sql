-- +goose Up
-- size_bytes: the bytes of a post's stored text (title, body and its HTML)
-- and of a revision's (title and body), written with the row, so a
-- workspace's total against its plan's cap is read from an index instead
-- of every body.
ALTER TABLE blog_posts ADD COLUMN size_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE blog_posts SET size_bytes = octet_length(title) + octet_length(content) + octet_length(content_html);
CREATE INDEX blog_posts_workspace_size ON blog_posts(workspace_id, size_bytes);

ALTER TABLE post_revisions ADD COLUMN size_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE post_revisions SET size_bytes = octet_length(title) + octet_length(content);
CREATE INDEX post_revisions_workspace_size ON post_revisions(workspace_id, size_bytes);
