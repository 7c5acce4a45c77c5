-- +goose Up
-- usage_reservations: usage a generation took from its month's counters
-- (usage_tracking, incremented when reserving) and has neither committed
-- (the row is deleted with the post's insert) nor released (failure).
-- expires_at is a lease the working generation renews; a sweeper gives
-- expired rows back, so a process that dies mid-generation leaks no quota.
CREATE TABLE usage_reservations (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    month        TEXT    NOT NULL,
    posts        INTEGER NOT NULL,
    images       INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL
);
CREATE INDEX usage_reservations_expires ON usage_reservations(expires_at);

-- scheduler_turns: each workspace's last turn (a growing counter) in the
-- scheduler's claims; the workspace served longest ago goes first, so one
-- workspace's backlog cannot starve the others.
CREATE TABLE scheduler_turns (
    workspace_id INTEGER PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
    turn         INTEGER NOT NULL
);

-- Counting a workspace's pending items (its cap) reads this index.
CREATE INDEX scheduled_posts_workspace_status ON scheduled_posts(workspace_id, status);

-- Bulk schedules could run past the year 9999, which no API answer can
-- carry: such items fail at the last millisecond of 9999.
UPDATE scheduled_posts SET scheduled_for = 253402300799999, status = 'failed', claimed_until = 0,
    error = 'This post was scheduled after the year 9999; delete it and schedule it again.'
WHERE scheduled_for > 253402300799999;
