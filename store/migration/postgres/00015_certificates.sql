-- +goose Up
-- certificates: what automatic TLS for custom domains keeps (certificates,
-- their keys, the ACME account, challenge tokens), in the database so every
-- instance serves and renews the same ones. Keys are slash-separated paths.
CREATE TABLE certificates (
    key         TEXT    NOT NULL PRIMARY KEY,
    value       BYTEA   NOT NULL,
    modified_at BIGINT  NOT NULL
);
-- cert_locks: one row per held lock (obtaining or renewing a certificate,
-- registering the account), so two instances never order the same
-- certificate at once. The holder renews expires_at while it works; a row
-- past expires_at belongs to a holder that died and may be taken over.
CREATE TABLE cert_locks (
    name       TEXT    NOT NULL PRIMARY KEY,
    token      TEXT    NOT NULL,
    expires_at BIGINT  NOT NULL
);
