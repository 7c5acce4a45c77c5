-- +goose Up
-- Times are Unix milliseconds (INTEGER) in both databases: sortable, exact and
-- free of driver-specific timestamp parsing.
CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT    NOT NULL UNIQUE,
    name          TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expires ON sessions(expires_at);

CREATE TABLE user_roles (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role    TEXT    NOT NULL,
    PRIMARY KEY (user_id, role)
);

CREATE TABLE login_failures (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    key         TEXT    NOT NULL,
    at          INTEGER NOT NULL
);
CREATE INDEX login_failures_key ON login_failures(key, at);

CREATE TABLE workspaces (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER REFERENCES users(id) ON DELETE SET NULL,
    name          TEXT    NOT NULL,
    slug          TEXT    NOT NULL UNIQUE,
    plan_tier     TEXT    NOT NULL DEFAULT 'starter',
    status        TEXT    NOT NULL DEFAULT 'active',
    custom_domain TEXT,
    created_at    INTEGER NOT NULL
);
CREATE UNIQUE INDEX workspaces_user ON workspaces(user_id);
CREATE UNIQUE INDEX workspaces_custom_domain ON workspaces(custom_domain);
CREATE INDEX workspaces_created ON workspaces(created_at);

CREATE TABLE workspace_settings (
    workspace_id         INTEGER PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
    blog_title           TEXT    NOT NULL DEFAULT '',
    blog_description     TEXT    NOT NULL DEFAULT '',
    template_id          TEXT    NOT NULL DEFAULT 'template-1',
    primary_color        TEXT    NOT NULL DEFAULT '#6366f1',
    font_family          TEXT    NOT NULL DEFAULT 'Inter',
    onboarding_completed INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE usage_tracking (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id     INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    month            TEXT    NOT NULL,
    posts_generated  INTEGER NOT NULL DEFAULT 0,
    images_generated INTEGER NOT NULL DEFAULT 0,
    posts_limit      INTEGER NOT NULL,
    images_limit     INTEGER NOT NULL,
    UNIQUE (workspace_id, month)
);
CREATE INDEX usage_month ON usage_tracking(month);

CREATE TABLE categories (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    slug         TEXT    NOT NULL,
    description  TEXT    NOT NULL DEFAULT '',
    color_hex    TEXT    NOT NULL DEFAULT '#6366f1',
    gradient     TEXT    NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL,
    UNIQUE (workspace_id, slug)
);
CREATE INDEX categories_name ON categories(workspace_id, name);

CREATE TABLE blog_posts (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id     INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    category         TEXT    NOT NULL,
    title            TEXT    NOT NULL,
    slug             TEXT    NOT NULL,
    content          TEXT    NOT NULL,
    content_html     TEXT    NOT NULL,
    excerpt          TEXT    NOT NULL DEFAULT '',
    cover_image_url  TEXT    NOT NULL DEFAULT '',
    cover_image_type TEXT    NOT NULL DEFAULT '',
    cover_image_size INTEGER NOT NULL DEFAULT 0,
    meta_title       TEXT    NOT NULL DEFAULT '',
    meta_description TEXT    NOT NULL DEFAULT '',
    tags             TEXT    NOT NULL DEFAULT '[]',
    banners          TEXT    NOT NULL DEFAULT '[]',
    read_minutes     INTEGER NOT NULL DEFAULT 1,
    word_count       INTEGER NOT NULL DEFAULT 0,
    published_at     INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    view_count       INTEGER NOT NULL DEFAULT 0
);
-- A slug is unique within a workspace (a colliding slug gets a
-- timestamp), which also makes (workspace, category, slug) unique.
CREATE UNIQUE INDEX blog_posts_slug ON blog_posts(workspace_id, slug);
CREATE INDEX blog_posts_category_slug ON blog_posts(workspace_id, category, slug);
CREATE INDEX blog_posts_published ON blog_posts(workspace_id, published_at DESC);
CREATE INDEX blog_posts_category_published ON blog_posts(workspace_id, category, published_at DESC);
CREATE INDEX blog_posts_views ON blog_posts(workspace_id, view_count DESC);
CREATE INDEX blog_posts_updated ON blog_posts(workspace_id, updated_at DESC);
CREATE INDEX blog_posts_all_published ON blog_posts(published_at DESC);

CREATE TABLE scheduled_posts (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id     INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    category         TEXT    NOT NULL,
    topic            TEXT,
    input_mode       TEXT    NOT NULL DEFAULT 'topic',
    scheduled_for    INTEGER NOT NULL,
    frequency        TEXT    NOT NULL DEFAULT 'once',
    status           TEXT    NOT NULL DEFAULT 'pending',
    generate_image   INTEGER NOT NULL DEFAULT 1,
    banner1_html     TEXT,
    banner1_text     TEXT,
    banner1_link_url TEXT,
    banner2_html     TEXT,
    banner2_text     TEXT,
    banner2_link_url TEXT,
    banner3_html     TEXT,
    banner3_text     TEXT,
    banner3_link_url TEXT,
    claimed_until    INTEGER NOT NULL DEFAULT 0,
    error            TEXT    NOT NULL DEFAULT '',
    created_at       INTEGER NOT NULL
);
CREATE INDEX scheduled_posts_workspace ON scheduled_posts(workspace_id, scheduled_for);
CREATE INDEX scheduled_posts_due ON scheduled_posts(status, scheduled_for);

CREATE TABLE media_library (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    file_name    TEXT    NOT NULL,
    file_url     TEXT    NOT NULL,
    file_size    INTEGER NOT NULL,
    mime_type    TEXT    NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE INDEX media_library_workspace ON media_library(workspace_id, created_at DESC);

CREATE TABLE subscribers (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    email        TEXT    NOT NULL UNIQUE,
    workspace_id INTEGER REFERENCES workspaces(id) ON DELETE SET NULL,
    created_at   INTEGER NOT NULL
);
