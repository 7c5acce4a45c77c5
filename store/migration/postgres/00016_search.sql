-- +goose Up
-- Tags by their URL segment (content.TagSlug of the tag as written), for
-- tag pages and tag feeds. The store writes a post's rows with the post.
CREATE TABLE post_tags (
    post_id      BIGINT NOT NULL REFERENCES blog_posts(id) ON DELETE CASCADE,
    workspace_id BIGINT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    slug         TEXT   NOT NULL,
    tag          TEXT   NOT NULL,
    PRIMARY KEY (post_id, slug)
);
CREATE INDEX post_tags_slug ON post_tags(workspace_id, slug, post_id);

-- The slug rule is Go code, so the posts written before this version are
-- queued here and indexed by the store when it opens the database
-- (sqlstore/search.go), a batch at a time, each batch leaving the queue.
CREATE TABLE post_tags_pending (
    post_id BIGINT NOT NULL PRIMARY KEY REFERENCES blog_posts(id) ON DELETE CASCADE
);
INSERT INTO post_tags_pending (post_id) SELECT id FROM blog_posts WHERE tags <> '[]';

-- Full-text search of titles, excerpts and tags over the 'simple'
-- text-search configuration (no stemming or stop words, so every language is
-- matched word for word), stored with the row so the search
-- (sqlstore/search.go) never parses text: search_doc holds the words of the
-- title, excerpt and tags, search_title those of the title (its matches come
-- first). Each has a GIN index, which finds the posts holding rare words;
-- for common words the search checks the newest posts' stored vectors.
-- fastupdate off: each write updates the index itself, rather than a
-- pending list that some later write must merge whole (a slow write).
ALTER TABLE blog_posts
    ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
        to_tsvector('simple'::regconfig, title || ' ' || excerpt || ' ' || tags)) STORED,
    ADD COLUMN search_title tsvector GENERATED ALWAYS AS (
        to_tsvector('simple'::regconfig, title)) STORED;
CREATE INDEX blog_posts_search ON blog_posts USING GIN (search_doc) WITH (fastupdate = off);
CREATE INDEX blog_posts_search_title ON blog_posts USING GIN (search_title) WITH (fastupdate = off);
