-- +goose Up
-- subscriber_imports: each import of a list of addresses, with where the
-- owner said the list came from (they also confirmed its people agreed to
-- receive the newsletter) and whether its addresses were sent a
-- confirmation e-mail instead of being listed as confirmed.
CREATE TABLE subscriber_imports (
    id           BIGSERIAL PRIMARY KEY,
    workspace_id BIGINT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    source       TEXT    NOT NULL,
    addresses    BIGINT NOT NULL,
    added        BIGINT NOT NULL,
    confirm      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at   BIGINT NOT NULL
);
CREATE INDEX subscriber_imports_workspace ON subscriber_imports(workspace_id, created_at);
