-- +goose Up
-- When the recipient reported a delivery as spam (a feedback-loop report;
-- 0 = never). Complaints count in a blog's recent mail health, read by
-- workspace and time; they are rare, so only those rows are indexed.
-- A delivery held because its blog's sending is paused has status 'held'
-- (status is free text: no change needed for it).
ALTER TABLE mail_deliveries ADD COLUMN complained_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX mail_deliveries_workspace_complained ON mail_deliveries(workspace_id, complained_at) WHERE complained_at > 0;
