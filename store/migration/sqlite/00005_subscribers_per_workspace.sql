-- +goose Up
-- Newsletter subscribers belong to a workspace (the blog they signed up on)
-- and are unique per (workspace_id, email): the same address may follow
-- several blogs. Deleting a workspace deletes its list. SQLite cannot drop
-- the column's UNIQUE or add NOT NULL in place, so the table is rebuilt
-- (nothing references subscribers; ids are kept).
-- The workspace of subscribers stored without one (sign-ups on the site's
-- own blog before this version): the site workspace. A migration cannot read
-- the configuration (INKPRESS_SITE_WORKSPACE), so it is found as, in order:
--   1. the workspace with slug 'site' (the setting's default);
--   2. the oldest workspace on the admin plan (the app creates the site
--      workspace on that plan at its first start, whatever its slug);
--   3. the workspace of the first admin (oldest user with role 'admin');
--   4. the oldest workspace.
-- The app creates the site workspace before it serves a request, so a
-- database holding subscribers always has a workspace; should one have none,
-- its subscribers cannot be attributed and are dropped (NOT NULL leaves no
-- other place for them).
CREATE TABLE subscribers_new (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    email        TEXT    NOT NULL,
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL
);
INSERT INTO subscribers_new (id, email, workspace_id, created_at)
SELECT id, email, workspace_id, created_at FROM (
    SELECT id, email, COALESCE(workspace_id,
    (SELECT id FROM workspaces WHERE slug = 'site'),
    (SELECT id FROM workspaces WHERE plan_tier = 'admin' ORDER BY created_at, id LIMIT 1),
    (SELECT w.id FROM workspaces w
       JOIN user_roles r ON r.user_id = w.user_id AND r.role = 'admin'
       JOIN users u ON u.id = w.user_id
      ORDER BY u.created_at, u.id LIMIT 1),
    (SELECT id FROM workspaces ORDER BY created_at, id LIMIT 1)) AS workspace_id, created_at
    FROM subscribers)
WHERE workspace_id IS NOT NULL;
DROP TABLE subscribers;
ALTER TABLE subscribers_new RENAME TO subscribers;
-- Leads with workspace_id: serves a workspace's list and the cascade too.
CREATE UNIQUE INDEX subscribers_workspace_email ON subscribers(workspace_id, email);
