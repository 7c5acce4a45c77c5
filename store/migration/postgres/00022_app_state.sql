-- +goose Up
-- What the server must remember between starts about its own configuration
-- (store.StateStore). One row: "media_url", the URL the storage gave a probe
-- key when banner images were last moved to the storage's current URLs
-- (internal/app/banners.go), so they are moved again only when the media
-- configuration changed.
CREATE TABLE app_state (
    name  TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
);
