-- +goose Up
-- The writing profile of a blog: every generation is told the brand voice
-- and the language, and the generate dialog starts from the default tone
-- and length. The language is also the blog's HTML and feed language.
ALTER TABLE workspace_settings ADD COLUMN brand_voice TEXT NOT NULL DEFAULT '';
ALTER TABLE workspace_settings ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE workspace_settings ADD COLUMN default_tone TEXT NOT NULL DEFAULT 'professional';
ALTER TABLE workspace_settings ADD COLUMN default_length TEXT NOT NULL DEFAULT 'medium';
