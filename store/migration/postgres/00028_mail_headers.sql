-- +goose Up
-- A blog's reply address for its e-mails ('' = its owner's address).
ALTER TABLE workspace_settings ADD COLUMN reply_to TEXT NOT NULL DEFAULT '';
-- A random key per message, part of its deliveries' Message-IDs: ids alone
-- repeat across installations and after a database is restored. Rows
-- queued before this have '' and keep the old form.
ALTER TABLE mail_messages ADD COLUMN nonce TEXT NOT NULL DEFAULT '';
