-- +goose Up
-- When a workspace's public content last changed (unix ms). Every app
-- instance polls it to drop its cached pages of workspaces another instance
-- changed, so edits show up everywhere within a second or two.
ALTER TABLE workspaces ADD COLUMN content_changed_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX workspaces_content_changed ON workspaces(content_changed_at);
