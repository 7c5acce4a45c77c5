-- +goose Up
-- A library image's alt text: what it shows, for readers who cannot see it.
-- Images imported from a paste keep the alt text their document gave them;
-- images uploaded before this migration have none.
ALTER TABLE media_library ADD COLUMN alt TEXT NOT NULL DEFAULT '';
