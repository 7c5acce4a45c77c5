-- +goose Up
-- subscriber_imports: each import of a list of addresses, with where the
-- owner said the list came from (they also confirmed its people agreed to
-- receive the newsletter) and whether its addresses were sent a
-- confirmation e-mail instead of being listed as confirmed.
CREATE TABLE subscriber_imports (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    source       TEXT    NOT NULL,
    addresses    INTEGER NOT NULL,
    added        INTEGER NOT NULL,
    confirm      INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL
);
CREATE INDEX subscriber_imports_workspace ON subscriber_imports(workspace_id, created_at);
