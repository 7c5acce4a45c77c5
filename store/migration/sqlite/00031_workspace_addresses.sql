-- +goose Up
-- workspace_addresses: every address (the slug of /blog/{slug}) a blog has
-- held: its current one (workspaces.slug) and the ones it had before, which
-- answer with a redirect to the current one. An address belongs to one blog
-- for good (unique slug): no other blog may take a former address, so an old
-- link never lands on someone else's blog; the blog itself may take it back.
-- The key leads with the tenant; the unique index on slug alone is the one
-- namespace all blogs share, and the lookup of an old address.
CREATE TABLE workspace_addresses (
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    slug         TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, slug)
);
CREATE UNIQUE INDEX workspace_addresses_slug ON workspace_addresses(slug);
INSERT INTO workspace_addresses (workspace_id, slug, created_at)
SELECT id, slug, created_at FROM workspaces;
