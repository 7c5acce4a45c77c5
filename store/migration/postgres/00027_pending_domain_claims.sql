-- +goose Up
-- Several blogs may claim a custom domain while it is pending: a claim
-- proves nothing until its TXT record is found, so it must not block the
-- name's real owner. Only a verified name is one blog's: the unique index
-- now covers verified names alone, and a plain index serves the lookups.
DROP INDEX workspaces_custom_domain;
CREATE UNIQUE INDEX workspaces_verified_domain ON workspaces(custom_domain) WHERE domain_status = 'verified';
CREATE INDEX workspaces_custom_domain ON workspaces(custom_domain);
