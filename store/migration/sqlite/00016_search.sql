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
-- loads) is covered. It also holds the columns a reader's search filters
-- on (blog, status, publication time), unindexed: a search then reads
-- small rows here instead of each matching post's row, whose body comes
-- first. Which posts a reader may find is decided by the query.
CREATE VIRTUAL TABLE post_search USING fts5(
    title, excerpt, tags,
    workspace_id UNINDEXED, status UNINDEXED, published_at UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);

-- +goose StatementBegin
CREATE TRIGGER post_search_insert AFTER INSERT ON blog_posts BEGIN
    INSERT INTO post_search (rowid, title, excerpt, tags, workspace_id, status, published_at)
    VALUES (new.id, new.title, new.excerpt, new.tags, new.workspace_id, new.status, new.published_at);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER post_search_delete AFTER DELETE ON blog_posts BEGIN
    DELETE FROM post_search WHERE rowid = old.id;
END;
-- +goose StatementEnd

-- View counts and the other columns change often and leave the index alone.
-- +goose StatementBegin
CREATE TRIGGER post_search_update AFTER UPDATE OF title, excerpt, tags, workspace_id, status, published_at ON blog_posts BEGIN
    UPDATE post_search SET title = new.title, excerpt = new.excerpt, tags = new.tags, workspace_id = new.workspace_id,
        status = new.status, published_at = new.published_at
    WHERE rowid = new.id;
END;
-- +goose StatementEnd

INSERT INTO post_search (rowid, title, excerpt, tags, workspace_id, status, published_at)
    SELECT id, title, excerpt, tags, workspace_id, status, published_at FROM blog_posts;

-- +goose Down
DROP TRIGGER post_search_update;
DROP TRIGGER post_search_delete;
DROP TRIGGER post_search_insert;
DROP TABLE post_search;
DROP TABLE post_tags_pending;
DROP TABLE post_tags;
