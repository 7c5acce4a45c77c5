-- +goose Up
-- A custom domain is served only once a DNS TXT record proves its owner
-- controls it. The state of that proof sits beside the name on the
-- workspace (one domain per workspace; workspaces_custom_domain keeps a
-- name to one workspace, stored lower-case). Times are Unix milliseconds,
-- 0 for never. Domains set before verification existed were already being
-- served: they stay served, as verified.
ALTER TABLE workspaces ADD COLUMN domain_status TEXT NOT NULL DEFAULT '';
ALTER TABLE workspaces ADD COLUMN domain_token TEXT NOT NULL DEFAULT '';
ALTER TABLE workspaces ADD COLUMN domain_added_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE workspaces ADD COLUMN domain_checked_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE workspaces ADD COLUMN domain_verified_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE workspaces ADD COLUMN domain_error TEXT NOT NULL DEFAULT '';
ALTER TABLE workspaces ADD COLUMN domain_failures INTEGER NOT NULL DEFAULT 0;
UPDATE workspaces SET custom_domain = NULL WHERE custom_domain = '';
UPDATE workspaces SET domain_status = 'verified', domain_added_at = created_at, domain_verified_at = created_at
WHERE custom_domain IS NOT NULL;
