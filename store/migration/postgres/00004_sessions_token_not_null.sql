-- +goose Up
-- Schema parity: on SQLite this version makes sessions.token_hash NOT NULL
-- (a non-INTEGER primary key column could hold NULL there). PostgreSQL's
-- primary key already implies NOT NULL; the statement below states it and
-- changes nothing.
ALTER TABLE sessions ALTER COLUMN token_hash SET NOT NULL;
