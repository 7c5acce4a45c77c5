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
-- matched word for word), stored with the row: search_doc holds the words of
-- the title with weight A and those of the excerpt and tags without one, so
-- the search (sqlstore/search.go) tells title matches ('word':A) from other
-- matches without re-parsing any text. A GIN index finds the posts holding
-- rare words; for common words the planner walks blog_posts_published
-- (newest first) and checks each row's stored vector, stopping at a page.
-- fastupdate off: each write updates the index itself, rather than a
-- pending list that some later write must merge whole (a slow write).
ALTER TABLE blog_posts ADD COLUMN search_doc tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, title), 'A') ||
    to_tsvector('simple'::regconfig, excerpt || ' ' || tags)) STORED;
CREATE INDEX blog_posts_search ON blog_posts USING GIN (search_doc) WITH (fastupdate = off);

-- +goose Down
DROP INDEX blog_posts_search;
ALTER TABLE blog_posts DROP COLUMN search_doc;
DROP TABLE post_tags_pending;
DROP TABLE post_tags;
