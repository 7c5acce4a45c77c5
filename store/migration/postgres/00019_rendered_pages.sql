-- +goose Up
-- Reader pages are rendered when what they show changes and stored, so a
-- reader's request never renders. page_key is the page's absolute address;
-- version is the workspace's content_changed_at the page was rendered at,
-- build the app build that rendered it (older pages are served stale and
-- rendered again in the background). post_id is the post a post page
-- shows, for counting its views without reading the post.
CREATE TABLE rendered_pages (
    page_key      TEXT    NOT NULL PRIMARY KEY,
    workspace_id  BIGINT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    status        INTEGER NOT NULL,
    content_type  TEXT    NOT NULL,
    csp           TEXT    NOT NULL DEFAULT '',
    etag          TEXT    NOT NULL,
    last_modified BIGINT NOT NULL DEFAULT 0,
    body          BYTEA    NOT NULL,
    gzip          BYTEA,
    version       BIGINT NOT NULL,
    build         TEXT    NOT NULL,
    rendered_at   BIGINT NOT NULL,
    post_id       BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX rendered_pages_workspace ON rendered_pages(workspace_id);
CREATE INDEX rendered_pages_build ON rendered_pages(build);

-- The queue of renders, shared by every instance: one row per page (a page
-- queued twice is one job), claimed under a lease (claimed_until); seq
-- grows each time the page is queued again.
CREATE TABLE render_jobs (
    page_key      TEXT    NOT NULL PRIMARY KEY,
    workspace_id  BIGINT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    priority      INTEGER NOT NULL DEFAULT 0,
    reason        TEXT    NOT NULL DEFAULT '',
    queued_at     BIGINT NOT NULL,
    claimed_until BIGINT NOT NULL DEFAULT 0,
    seq           BIGINT NOT NULL DEFAULT 1
);
CREATE INDEX render_jobs_pick ON render_jobs(priority DESC, queued_at);

