-- +goose Up
-- One rate-limit mechanism for logins, sign-ups and newsletter sign-ups:
-- events counted per key over a sliding window. rate_limit_keys holds one row
-- per key, locked while a reservation counts and inserts, so concurrent
-- requests (on any instance) cannot both take the last slot.
CREATE TABLE rate_limit_keys (
    key        TEXT    NOT NULL PRIMARY KEY,
    touched_at INTEGER NOT NULL
);
CREATE TABLE rate_limit_events (
    id  INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT    NOT NULL,
    at  INTEGER NOT NULL
);
CREATE INDEX rate_limit_events_key ON rate_limit_events(key, at);
-- Login failures keep counting under the same keys.
INSERT INTO rate_limit_events (key, at) SELECT key, at FROM login_failures;
INSERT INTO rate_limit_keys (key, touched_at) SELECT key, MAX(at) FROM login_failures GROUP BY key;
DROP TABLE login_failures;
