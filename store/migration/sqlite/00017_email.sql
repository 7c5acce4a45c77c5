-- +goose Up
-- E-mail: subscribers confirm (double opt-in) and can leave; outgoing mail
-- is a queue of messages and one delivery row per (message, recipient).
--
-- Subscribers signed up before confirmation existed asked for the
-- newsletter and were never sent anything: they are kept as confirmed.
-- token is each subscriber's unsubscribe key (random, in every e-mail);
-- confirm_hash is the SHA-256 of the pending confirmation link's token.
ALTER TABLE subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'pending';
ALTER TABLE subscribers ADD COLUMN source TEXT NOT NULL DEFAULT 'form';
ALTER TABLE subscribers ADD COLUMN token TEXT NOT NULL DEFAULT '';
ALTER TABLE subscribers ADD COLUMN confirm_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE subscribers ADD COLUMN confirm_expires_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE subscribers ADD COLUMN confirmed_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE subscribers ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE subscribers ADD COLUMN note TEXT NOT NULL DEFAULT '';
UPDATE subscribers SET status = 'confirmed', confirmed_at = created_at, updated_at = created_at,
    token = lower(hex(randomblob(24)));
CREATE UNIQUE INDEX subscribers_token ON subscribers(token);
CREATE INDEX subscribers_workspace_status ON subscribers(workspace_id, status);

-- A blog may turn newsletters off, and send the full text instead of the
-- excerpt.
ALTER TABLE workspace_settings ADD COLUMN newsletter_enabled INTEGER NOT NULL DEFAULT 1;
ALTER TABLE workspace_settings ADD COLUMN newsletter_full_text INTEGER NOT NULL DEFAULT 0;

-- Each post is e-mailed at most once, when it becomes public:
-- newsletter is pending (to send), off (the owner said no), sent or
-- skipped (newsletter_note says why). Posts written before this version
-- are never sent ('none').
ALTER TABLE blog_posts ADD COLUMN newsletter TEXT NOT NULL DEFAULT 'pending';
ALTER TABLE blog_posts ADD COLUMN newsletter_note TEXT NOT NULL DEFAULT '';
ALTER TABLE blog_posts ADD COLUMN newsletter_recipients INTEGER NOT NULL DEFAULT 0;
UPDATE blog_posts SET newsletter = 'none';
CREATE INDEX blog_posts_newsletter ON blog_posts(newsletter, published_at) WHERE newsletter = 'pending';

-- Newsletter e-mails sent this month count against the plan.
ALTER TABLE usage_tracking ADD COLUMN emails_sent INTEGER NOT NULL DEFAULT 0;

-- One rendered message (subject, HTML and text written once); dedupe_key
-- makes queuing idempotent ('post:42' is queued once, whoever tries).
-- headers is a JSON object of extra headers. {{token}} in the bodies and
-- headers is replaced by each delivery's token when it is sent.
CREATE TABLE mail_messages (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id INTEGER REFERENCES workspaces(id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL,
    dedupe_key   TEXT    UNIQUE,
    post_id      INTEGER REFERENCES blog_posts(id) ON DELETE SET NULL,
    from_name    TEXT    NOT NULL DEFAULT '',
    subject      TEXT    NOT NULL,
    html         TEXT    NOT NULL DEFAULT '',
    text         TEXT    NOT NULL DEFAULT '',
    headers      TEXT    NOT NULL DEFAULT '{}',
    created_at   INTEGER NOT NULL
);

-- One row per (message, recipient): an address is never sent a message
-- twice. status: queued, sending (claimed_until is the worker's lease),
-- sent, failed (gave up or refused), bounced (permanent refusal of the
-- address). next_at holds a retry back. priority: higher is claimed
-- first (account mail 10, newsletters 0), so a large newsletter never
-- delays a password reset. finished_at: when it reached a final status.
CREATE TABLE mail_deliveries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id    INTEGER NOT NULL REFERENCES mail_messages(id) ON DELETE CASCADE,
    workspace_id  INTEGER REFERENCES workspaces(id) ON DELETE CASCADE,
    subscriber_id INTEGER REFERENCES subscribers(id) ON DELETE SET NULL,
    to_addr       TEXT    NOT NULL,
    token         TEXT    NOT NULL DEFAULT '',
    status        TEXT    NOT NULL DEFAULT 'queued',
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_at       INTEGER NOT NULL DEFAULT 0,
    claimed_until INTEGER NOT NULL DEFAULT 0,
    last_error    TEXT    NOT NULL DEFAULT '',
    sent_at       INTEGER NOT NULL DEFAULT 0,
    finished_at   INTEGER NOT NULL DEFAULT 0,
    priority      INTEGER NOT NULL DEFAULT 0,
    created_at    INTEGER NOT NULL,
    UNIQUE (message_id, to_addr)
);
CREATE INDEX mail_deliveries_due ON mail_deliveries(status, next_at);
CREATE INDEX mail_deliveries_claim ON mail_deliveries(status, priority, next_at);
CREATE INDEX mail_deliveries_subscriber ON mail_deliveries(subscriber_id);
CREATE INDEX mail_deliveries_workspace ON mail_deliveries(workspace_id, created_at);
