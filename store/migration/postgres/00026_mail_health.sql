-- +goose Up
-- A blog's recent outcomes (how many of its e-mails were refused) are read
-- before each newsletter: by workspace and finish time.
CREATE INDEX mail_deliveries_workspace_finished ON mail_deliveries(workspace_id, finished_at);
