-- +goose Up
-- generation_jobs: posts the AI writes in the background. A worker of any
-- instance claims a queued job (or one whose lease ended: its worker died)
-- atomically; claimed_until is a lease the worker renews. The job holds
-- the usage reservation it was given when queued; post_id is set in the
-- post's own transaction, so a job never makes two posts.
CREATE TABLE generation_jobs (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id     INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    kind             TEXT    NOT NULL DEFAULT 'generate',
    status           TEXT    NOT NULL DEFAULT 'queued',
    stage            TEXT    NOT NULL DEFAULT '',
    input            TEXT    NOT NULL,
    owner_admin      INTEGER NOT NULL DEFAULT 0,
    reservation_id   INTEGER NOT NULL DEFAULT 0,
    post_id          INTEGER,
    error            TEXT    NOT NULL DEFAULT '',
    image_error      TEXT    NOT NULL DEFAULT '',
    cancel_requested INTEGER NOT NULL DEFAULT 0,
    attempts         INTEGER NOT NULL DEFAULT 0,
    claimed_until    INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    started_at       INTEGER NOT NULL DEFAULT 0,
    finished_at      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX generation_jobs_workspace ON generation_jobs(workspace_id, id DESC);
CREATE INDEX generation_jobs_status ON generation_jobs(status, created_at);
