-- +goose Up
-- workspace_members: who works on a blog, and as what (contributor, author,
-- editor, administrator). An account may own several blogs, so the unique
-- index on workspaces.user_id goes: that column stays the blog's creator,
-- whose plan and allowance it bills, and a plain index keeps "the blogs a
-- user owns" quick. Every existing blog's owner becomes its administrator.
-- The key leads with the tenant; the index on user_id finds a user's blogs.
CREATE TABLE workspace_members (
    workspace_id BIGINT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    user_id      BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role         TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, user_id)
);
CREATE INDEX workspace_members_user ON workspace_members(user_id);
INSERT INTO workspace_members (workspace_id, user_id, role, created_at)
SELECT id, user_id, 'administrator', created_at FROM workspaces WHERE user_id IS NOT NULL;
DROP INDEX workspaces_user;
CREATE INDEX workspaces_owner ON workspaces(user_id);
