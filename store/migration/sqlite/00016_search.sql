-- +goose Up
-- Tags by their URL segment (content.TagSlug of the tag as written), for
-- tag pages and tag feeds. The store writes a post's rows with the post.
CREATE TABLE post_tags (
    post_id      INTEGER NOT NULL REFERENCES blog_posts(id) ON DELETE CASCADE,
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    slug         TEXT    NOT NULL,
    tag          TEXT    NOT NULL,
    PRIMARY KEY (post_id, slug)
);
CREATE INDEX post_tags_slug ON post_tags(workspace_id, slug, post_id);

-- The slug rule is Go code, so the posts written before this version are
-- queued here and indexed by the store when it opens the database
-- (sqlstore/search.go), a batch at a time, each batch leaving the queue.
CREATE TABLE post_tags_pending (
    post_id INTEGER NOT NULL PRIMARY KEY REFERENCES blog_posts(id) ON DELETE CASCADE
);
INSERT INTO post_tags_pending (post_id) SELECT id FROM blog_posts WHERE tags <> '[]';

-- Full-text search of titles, excerpts and tags: an FTS5 index over
-- blog_posts kept in step by triggers, so every writer (the store, bulk
-- loads) is covered. A search wants the newest matches of one blog that
-- readers may see, so the index answers it alone, without reading posts:
-- - its rowid is the post's sort key, publication time (ms, capped at the
--   year 2100, far past any public post) * 2^21 + the id's low 21 bits,
--   so "newest first" is FTS5's own descending rowid order, which stops
--   after a page, and "published by now" is a rowid range;
-- - the column scope holds the words "w{workspace id}" and the status, so
--   the blog and the status are terms of the same query;
-- - post_id (unindexed) leads to the post.
-- Which posts a reader may find is decided by the query (sqlstore/search.go).
CREATE VIRTUAL TABLE post_search USING fts5(
    title, excerpt, tags, scope, post_id UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);

-- +goose StatementBegin
CREATE TRIGGER post_search_insert AFTER INSERT ON blog_posts BEGIN
    INSERT INTO post_search (rowid, title, excerpt, tags, scope, post_id)
    VALUES (MIN(new.published_at, 4102444800000) * 2097152 + (new.id % 2097152), new.title, new.excerpt, new.tags,
        'w' || new.workspace_id || ' ' || new.status, new.id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER post_search_delete AFTER DELETE ON blog_posts BEGIN
    DELETE FROM post_search WHERE rowid = MIN(old.published_at, 4102444800000) * 2097152 + (old.id % 2097152);
END;
-- +goose StatementEnd

-- View counts and the other columns change often and leave the index alone.
-- +goose StatementBegin
CREATE TRIGGER post_search_update AFTER UPDATE OF title, excerpt, tags, workspace_id, status, published_at ON blog_posts BEGIN
    DELETE FROM post_search WHERE rowid = MIN(old.published_at, 4102444800000) * 2097152 + (old.id % 2097152);
    INSERT INTO post_search (rowid, title, excerpt, tags, scope, post_id)
    VALUES (MIN(new.published_at, 4102444800000) * 2097152 + (new.id % 2097152), new.title, new.excerpt, new.tags,
        'w' || new.workspace_id || ' ' || new.status, new.id);
END;
-- +goose StatementEnd

INSERT INTO post_search (rowid, title, excerpt, tags, scope, post_id)
    SELECT MIN(published_at, 4102444800000) * 2097152 + (id % 2097152), title, excerpt, tags,
        'w' || workspace_id || ' ' || status, id FROM blog_posts;
