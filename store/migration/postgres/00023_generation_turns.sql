-- +goose Up
-- generation_turns: each workspace's last turn (a growing counter) in the
-- claims of generation jobs, as scheduler_turns is for planned posts: the
-- workspace served longest ago goes first, so one workspace's ten jobs do
-- not make another blog's one job wait for all of them.
CREATE TABLE generation_turns (
    workspace_id BIGINT NOT NULL PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
    turn         BIGINT NOT NULL
);
