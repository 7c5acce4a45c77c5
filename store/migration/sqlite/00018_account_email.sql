-- +goose Up
-- Account e-mails: an address is verified once its owner opened a link
-- sent to it (email_verified_at, Unix ms; 0 = not yet). Accounts made
-- before verification existed are kept as verified: nothing asked them to.
ALTER TABLE users ADD COLUMN email_verified_at INTEGER NOT NULL DEFAULT 0;
UPDATE users SET email_verified_at = CASE WHEN created_at > 0 THEN created_at ELSE 1 END;

-- Single-use links sent to an account's address: reset (password), verify
-- (the address), change (email is the new address). Only the SHA-256 of
-- the random token is stored; used_at is set once, atomically, when the
-- link is used (0 = unused).
CREATE TABLE account_tokens (
    token_hash TEXT    NOT NULL PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL,
    email      TEXT    NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);
CREATE INDEX account_tokens_user ON account_tokens(user_id, purpose);
CREATE INDEX account_tokens_expires ON account_tokens(expires_at);
