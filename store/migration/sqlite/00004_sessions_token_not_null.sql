-- +goose Up
-- Schema parity: SQLite lets a PRIMARY KEY column that is not an INTEGER
-- rowid alias hold NULL (a historical quirk), so sessions.token_hash was
-- nullable here while PostgreSQL's primary key implies NOT NULL. SQLite
-- cannot add NOT NULL to a column, so the table is rebuilt. Sessions are
-- children only (nothing references them), so the rebuild is safe with
-- foreign keys on; a NULL token could never be presented, so such a row
-- (there should be none) is not copied.
CREATE TABLE sessions_new (
    token_hash TEXT    NOT NULL PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
INSERT INTO sessions_new (token_hash, user_id, expires_at, created_at)
SELECT token_hash, user_id, expires_at, created_at FROM sessions WHERE token_hash IS NOT NULL;
DROP TABLE sessions;
ALTER TABLE sessions_new RENAME TO sessions;
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expires ON sessions(expires_at);
