// Package config reads InkPress's configuration from environment variables,
// overridable by command-line flags, into one validated struct that is passed
// explicitly to whatever needs it.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/inkpress/inkpress/internal/auth/password"
	"github.com/inkpress/inkpress/internal/mail"
	"github.com/inkpress/inkpress/internal/ratelimit"
	"github.com/inkpress/inkpress/store"
)

// Config is everything the server needs to start.
type Config struct {
	Addr          string // listen address
	BaseURL       string // public origin, no trailing slash
	DatabaseURL   string // sqlite:path or postgres://...
	DataDir       string // local files (SQLite database, uploads)
	SiteName      string
	SiteWorkspace string // slug of the workspace served at the root
	AdminEmail    string // first admin, created at start when set
	AdminPassword string
	Demo          bool // seed demo content into a new database

	// Storage: local files under DataDir/media by default, S3 when S3Endpoint is set.
	S3Endpoint  string
	S3Bucket    string
	S3AccessKey string
	S3SecretKey string
	S3Region    string
	S3PublicURL string
	S3UseSSL    bool

	// AI provider: "builtin" (offline default) or "openai" (any compatible endpoint).
	AIProvider   string
	AIBaseURL    string
	AIAPIKey     string
	AITextModel  string
	AIImageModel string
	AIImageSize  string // "" = the image model family's own landscape size
	AITimeout    time.Duration
	// JobWorkers is how many generation jobs this instance runs at once.
	JobWorkers int

	FeedItems     int           // items per feed
	CacheBytes    int64         // memory budget of the page cache
	MemoryLimit   int64         // soft limit of the Go runtime's memory (bytes); 0 = none
	ImageMemory   int64         // memory budget of image work, process-wide
	SessionTTL    time.Duration // session lifetime
	AuthorName    string        // the site blog's author (reader.Credited)
	PublisherName string        // JSON-LD publisher
	LogFormat     string        // "text" or "json"
	LogLevel      string        // debug, info, warn, error
	// AccessLog is which requests are logged: "all", "errors" (5xx) or "off".
	AccessLog string
	// DBTimeout bounds connecting to the database and each statement.
	DBTimeout time.Duration
	// RequestTimeout is every request's deadline (generation has its own).
	RequestTimeout time.Duration
	// TrustedProxies are the peers whose X-Forwarded-For is believed (the
	// login rate limit counts per client address).
	TrustedProxies []netip.Prefix
	// IPv6Prefix is the network size an IPv6 client is counted by in every
	// per-address limit (ClientKey).
	IPv6Prefix int
	// FetchAllow are the non-public addresses URLs fetched on someone's
	// behalf may reach (internal/safehttp refuses the others).
	FetchAllow []netip.Prefix
	// SignUpLimit and SubscribeLimit are accounts and newsletter sign-ups
	// one client address may make per hour.
	SignUpLimit    int
	SubscribeLimit int
	// ImportConfirmAbove: a blog's first import of more addresses asks
	// them to confirm (0: only trials do).
	ImportConfirmAbove int

	// Automatic TLS for custom domains (internal/tlsserve): a second
	// listener on TLSAddr, certificates ordered on demand from the ACME
	// directory ACMECA (trusting ACMECARoot too, a PEM file, when set).
	TLS        bool
	TLSAddr    string
	ACMEEmail  string
	ACMECA     string
	ACMECARoot string
	// PublicIP is the address apex custom domains point at ("" unknown:
	// owners are told to use their DNS provider's ALIAS to the host).
	PublicIP string

	// Outgoing e-mail (internal/mail): SMTPURL empty writes every message
	// to DataDir/outbox instead of sending it.
	SMTPURL     string
	SMTPCAFile  string // PEM certificates the SMTP server's TLS may chain to, besides the system's
	MailFrom    string // "Name <address>"; each blog sends under its own name
	MailBatch   int
	MailRate    float64 // messages per second per instance
	MailWorkers int
	// MailFeedbackToken is the secret a mail provider's complaint reports
	// present (POST /api/mail/complaints); "" turns that endpoint off.
	MailFeedbackToken string

	// Server rendering of public pages (internal/ssr).
	SSR        bool
	SSREngines int
	SSRTimeout time.Duration
	SSRMemory  int64 // bytes
	SSRBundle  string

	// Stored reader pages (internal/pages).
	PageStore       string  // "disk" (DataDir/pages) or "database"; "" = disk on SQLite, database on PostgreSQL
	RenderQueue     int     // readers' renders waiting for an engine, all clients
	RenderPerClient int     // readers' renders one client may have waiting or running
	PageWorkers     int     // pages made at once (database reads, drawing, rendering); 0 = half the processors
	RenderRate      float64 // background renders a second, per instance
	DebugAddr       string  // listen address of /debug/vars ("" = off)
}

// Var describes one setting for flags and the README.
type Var struct {
	Env, Flag, Default, Help string
	set                      func(c *Config, v string) error
}

func str(p func(*Config) *string) func(*Config, string) error {
	return func(c *Config, v string) error { *p(c) = v; return nil }
}

// Vars lists every setting with its default; the README table mirrors it.
var Vars = []Var{
	{"INKPRESS_ADDR", "addr", ":8080", "listen address", str(func(c *Config) *string { return &c.Addr })},
	{"INKPRESS_BASE_URL", "base-url", "http://localhost:8080", "public origin used in links, feeds and cookies", str(func(c *Config) *string { return &c.BaseURL })},
	{"INKPRESS_DATA_DIR", "data-dir", "./data", "directory for the SQLite database and uploaded files", str(func(c *Config) *string { return &c.DataDir })},
	{"INKPRESS_DATABASE_URL", "database-url", "sqlite:<data-dir>/inkpress.db", "database: sqlite:PATH or postgres://USER@HOST/DB", str(func(c *Config) *string { return &c.DatabaseURL })},
	{"INKPRESS_SITE_NAME", "site-name", "InkPress", "site name shown in titles and feeds", str(func(c *Config) *string { return &c.SiteName })},
	{"INKPRESS_SITE_WORKSPACE", "site-workspace", "site", "slug of the workspace served at the root routes", str(func(c *Config) *string { return &c.SiteWorkspace })},
	{"INKPRESS_ADMIN_EMAIL", "admin-email", "", "first admin's e-mail (created or promoted at start)", str(func(c *Config) *string { return &c.AdminEmail })},
	{"INKPRESS_ADMIN_PASSWORD", "admin-password", "", "first admin's password (6 characters to 72 bytes)", str(func(c *Config) *string { return &c.AdminPassword })},
	{"INKPRESS_DEMO", "demo", "true", "seed demo content when the database is new", func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		c.Demo = b
		return err
	}},
	{"INKPRESS_S3_ENDPOINT", "s3-endpoint", "", "S3-compatible endpoint (host:port); empty = local files", str(func(c *Config) *string { return &c.S3Endpoint })},
	{"INKPRESS_S3_BUCKET", "s3-bucket", "inkpress", "S3 bucket", str(func(c *Config) *string { return &c.S3Bucket })},
	{"INKPRESS_S3_ACCESS_KEY", "s3-access-key", "", "S3 access key", str(func(c *Config) *string { return &c.S3AccessKey })},
	{"INKPRESS_S3_SECRET_KEY", "s3-secret-key", "", "S3 secret key", str(func(c *Config) *string { return &c.S3SecretKey })},
	{"INKPRESS_S3_REGION", "s3-region", "us-east-1", "S3 region", str(func(c *Config) *string { return &c.S3Region })},
	{"INKPRESS_S3_PUBLIC_URL", "s3-public-url", "", "public URL prefix of the bucket's objects", str(func(c *Config) *string { return &c.S3PublicURL })},
	{"INKPRESS_S3_SSL", "s3-ssl", "true", "use HTTPS to reach S3", func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		c.S3UseSSL = b
		return err
	}},
	{"INKPRESS_AI_PROVIDER", "ai-provider", "builtin", "AI provider: builtin (offline) or openai (any OpenAI-compatible API)", str(func(c *Config) *string { return &c.AIProvider })},
	{"INKPRESS_AI_BASE_URL", "ai-base-url", "https://api.openai.com/v1", "OpenAI-compatible base URL (OpenRouter, Ollama, vLLM, LM Studio...)", str(func(c *Config) *string { return &c.AIBaseURL })},
	{"INKPRESS_AI_API_KEY", "ai-api-key", "", "API key for the AI provider", str(func(c *Config) *string { return &c.AIAPIKey })},
	{"INKPRESS_AI_TEXT_MODEL", "ai-text-model", "gpt-4o-mini", "chat model that writes posts", str(func(c *Config) *string { return &c.AITextModel })},
	{"INKPRESS_AI_IMAGE_MODEL", "ai-image-model", "gpt-image-1", "image model that draws covers", str(func(c *Config) *string { return &c.AIImageModel })},
	{"INKPRESS_AI_IMAGE_SIZE", "ai-image-size", "", "size asked of the image model (WIDTHxHEIGHT or auto); empty = per model family; covers are cut to 1200x630", str(func(c *Config) *string { return &c.AIImageSize })},
	{"INKPRESS_AI_TIMEOUT", "ai-timeout", "150s", "timeout of one AI request", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		c.AITimeout = d
		return err
	}},
	{"INKPRESS_JOB_WORKERS", "job-workers", "2", "generation jobs this instance runs at once (each workspace runs at most 2 at a time across instances)", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < 1 || n > 64) {
			err = errors.New("must be from 1 to 64")
		}
		c.JobWorkers = n
		return err
	}},
	{"INKPRESS_FEED_ITEMS", "feed-items", "50", "newest items per feed", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		c.FeedItems = n
		return err
	}},
	{"INKPRESS_CACHE_BYTES", "cache-bytes", "32MiB", "memory budget of the rendered-page cache (bytes, or with KiB/MiB/GiB); 0 turns caching off", func(c *Config, v string) error {
		n, err := parseBytes(v)
		c.CacheBytes = n
		return err
	}},
	{"INKPRESS_MEMORY_LIMIT", "memory-limit", "80MiB", "soft limit of the Go runtime's own memory (heap, page cache included, and stacks; bytes, or with KiB/MiB/GiB): past it the collector works harder and returns memory to the system, so a burst of large answers does not leave the process holding it. The render engines, SQLite's page cache and the binary come on top (about 60 MB). 0 turns it off; GOMEMLIMIT, when set, wins", func(c *Config, v string) error {
		n, err := parseBytes(v)
		if err == nil && n != 0 && n < 32<<20 {
			err = errors.New("must be 0 or at least 32MiB")
		}
		c.MemoryLimit = n
		return err
	}},
	{"INKPRESS_IMAGE_MEMORY", "image-memory", "512MiB", "memory budget of image work (decoding, scaling, encoding uploads and their variants) across the process (bytes, or with KiB/MiB/GiB); an upload that does not fit while others run is answered 503 with Retry-After", func(c *Config, v string) error {
		n, err := parseBytes(v)
		if err == nil && n < 64<<20 {
			err = errors.New("must be at least 64MiB")
		}
		c.ImageMemory = n
		return err
	}},
	{"INKPRESS_SESSION_TTL", "session-ttl", "720h", "session lifetime", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		c.SessionTTL = d
		return err
	}},
	{"INKPRESS_IPV6_PREFIX", "ipv6-prefix", "64", "prefix length an IPv6 client is counted by in every per-address limit (48 to 128)", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		c.IPv6Prefix = n
		return err
	}},
	{"INKPRESS_SIGNUP_LIMIT", "signup-limit", "5", "accounts one client address may create per hour", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		c.SignUpLimit = n
		return err
	}},
	{"INKPRESS_SUBSCRIBE_LIMIT", "subscribe-limit", "10", "newsletter sign-ups one client address may make per hour", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		c.SubscribeLimit = n
		return err
	}},
	{"INKPRESS_IMPORT_CONFIRM_ABOVE", "import-confirm-above", "100", "a blog's first import of more addresses than this e-mails them a confirmation instead of listing them (trials always do; 0: only trials)", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		c.ImportConfirmAbove = n
		if err == nil && n < 0 {
			err = errors.New("must be 0 or more")
		}
		return err
	}},
	{"INKPRESS_AUTHOR_NAME", "author-name", "InkPress Editorial", "author the site blog's posts carry when their admin set no display name", str(func(c *Config) *string { return &c.AuthorName })},
	{"INKPRESS_PUBLISHER_NAME", "publisher-name", "InkPress", "publisher named in posts' structured data", str(func(c *Config) *string { return &c.PublisherName })},
	{"INKPRESS_LOG_FORMAT", "log-format", "text", "log format: text or json", str(func(c *Config) *string { return &c.LogFormat })},
	{"INKPRESS_TRUSTED_PROXIES", "trusted-proxies", "", "comma-separated IPs/CIDRs of reverse proxies whose X-Forwarded-For is trusted", func(c *Config, v string) error {
		p, err := parsePrefixes(v)
		c.TrustedProxies = p
		return err
	}},
	{"INKPRESS_FETCH_ALLOW", "fetch-allow", "", "comma-separated IPs/CIDRs of a private network the server may fetch from on someone's behalf (a self-hosted AI provider's image URLs); loopback, private, link-local and metadata addresses are refused otherwise", func(c *Config, v string) error {
		p, err := parsePrefixes(v)
		c.FetchAllow = p
		return err
	}},
	{"INKPRESS_TLS", "tls", "off", "automatic TLS for verified custom domains: on or off (certificates ordered on demand over ACME; the platform's host is never served with one)", func(c *Config, v string) error {
		switch strings.ToLower(v) {
		case "on", "true", "1":
			c.TLS = true
		case "off", "false", "0":
			c.TLS = false
		default:
			return fmt.Errorf("want on or off, got %q", v)
		}
		return nil
	}},
	{"INKPRESS_TLS_ADDR", "tls-addr", ":443", "TLS listen address (with INKPRESS_TLS=on)", str(func(c *Config) *string { return &c.TLSAddr })},
	{"INKPRESS_ACME_EMAIL", "acme-email", "", "contact e-mail of the ACME account (expiry notices); may be empty", str(func(c *Config) *string { return &c.ACMEEmail })},
	{"INKPRESS_ACME_CA", "acme-ca", "https://acme-v02.api.letsencrypt.org/directory", "ACME directory URL (default Let's Encrypt production)", str(func(c *Config) *string { return &c.ACMECA })},
	{"INKPRESS_ACME_CA_ROOT", "acme-ca-root", "", "PEM file of a root to trust for the ACME server besides the system's (a test CA such as Pebble)", str(func(c *Config) *string { return &c.ACMECARoot })},
	{"INKPRESS_PUBLIC_IP", "public-ip", "", "public IPv4 or IPv6 address of the server, given to owners whose custom domain is a root domain (example.com) for its A/AAAA record; empty = they are told to use an ALIAS to the base URL's host", func(c *Config, v string) error {
		c.PublicIP = ""
		if v = strings.TrimSpace(v); v != "" {
			a, err := netip.ParseAddr(v)
			if err != nil || a.Zone() != "" {
				return fmt.Errorf("want an IP address, got %q", v)
			}
			c.PublicIP = a.Unmap().String()
		}
		return nil
	}},
	{"INKPRESS_LOG_LEVEL", "log-level", "info", "log level: debug, info, warn or error", str(func(c *Config) *string { return &c.LogLevel })},
	{"INKPRESS_ACCESS_LOG", "access-log", "errors", "request log: all (every request at info), errors (5xx answers only) or off; a client that went away is logged at debug", str(func(c *Config) *string { return &c.AccessLog })},
	{"INKPRESS_DB_TIMEOUT", "db-timeout", "5s", "database connect timeout and PostgreSQL statement timeout", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		c.DBTimeout = d
		return err
	}},
	{"INKPRESS_SMTP_URL", "smtp-url", "", "SMTP server: smtp://USER:PASS@HOST:PORT (STARTTLS when offered) or smtps://... (TLS); empty = messages are written to <data-dir>/outbox and nothing is sent", str(func(c *Config) *string { return &c.SMTPURL })},
	{"INKPRESS_SMTP_CA_FILE", "smtp-ca-file", "", "PEM file of a private CA to trust for the SMTP server's TLS (STARTTLS or smtps), besides the system's", str(func(c *Config) *string { return &c.SMTPCAFile })},
	{"INKPRESS_MAIL_FROM", "mail-from", "InkPress <noreply@localhost>", "sender of every e-mail; blogs replace the name, never the address", str(func(c *Config) *string { return &c.MailFrom })},
	{"INKPRESS_MAIL_BATCH", "mail-batch", "50", "e-mails a mail worker claims and sends over one connection at a time", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < 1 || n > 1000) {
			err = errors.New("must be from 1 to 1000")
		}
		c.MailBatch = n
		return err
	}},
	{"INKPRESS_MAIL_RATE", "mail-rate", "10", "e-mails this instance sends per second at most (0 = no limit)", func(c *Config, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err == nil && (math.IsNaN(f) || f < 0 || f > 10000) {
			err = errors.New("must be from 0 to 10000")
		}
		c.MailRate = f
		return err
	}},
	{"INKPRESS_MAIL_WORKERS", "mail-workers", "2", "mail batches this instance sends at once", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < 1 || n > 64) {
			err = errors.New("must be from 1 to 64")
		}
		c.MailWorkers = n
		return err
	}},
	{"INKPRESS_MAIL_FEEDBACK_TOKEN", "mail-feedback-token", "", "secret that mail providers' spam complaint reports present as a Bearer token to POST /api/mail/complaints (at least 24 characters); empty = that endpoint is off (404)", func(c *Config, v string) error {
		if v != "" && len(v) < 24 {
			return errors.New("must be at least 24 characters (or empty: off)")
		}
		c.MailFeedbackToken = v
		return nil
	}},
	{"INKPRESS_SSR", "ssr", "true", "render public pages with the app on the server (false = the plain server HTML, which the app replaces)", func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		c.SSR = b
		return err
	}},
	{"INKPRESS_SSR_ENGINES", "ssr-engines", "1", "public pages rendered at once (each engine holds the app: 15 to 30 MB; one renders about 25 pages a second)", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < 1 || n > 64) {
			err = errors.New("must be from 1 to 64")
		}
		c.SSREngines = n
		return err
	}},
	{"INKPRESS_SSR_TIMEOUT", "ssr-timeout", "2s", "longest server render of one page; over it the plain page is served", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err == nil && d <= 0 {
			err = errors.New("must be positive")
		}
		c.SSRTimeout = d
		return err
	}},
	{"INKPRESS_SSR_MEMORY", "ssr-memory", "128", "memory one render engine may use, in MB; over it the plain page is served", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < 32 || n > 4096) {
			err = errors.New("must be from 32 to 4096")
		}
		c.SSRMemory = int64(n) << 20
		return err
	}},
	{"INKPRESS_SSR_BUNDLE", "ssr-bundle", "", "directory of the app's server bundle (polyfills.js, entry-server.js); empty = the one built into the binary", str(func(c *Config) *string { return &c.SSRBundle })},
	{"INKPRESS_PAGE_STORE", "page-store", "", "where rendered reader pages are kept: disk (<data-dir>/pages) or database; empty = disk on SQLite, database on PostgreSQL (every instance reads it)", func(c *Config, v string) error {
		if v != "" && v != "disk" && v != "database" {
			return errors.New("must be disk or database")
		}
		c.PageStore = v
		return nil
	}},
	{"INKPRESS_RENDER_QUEUE", "render-queue", "8", "readers' page renders that may wait for an engine; past it a reader gets the plain page at once", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < 0 || n > 1000) {
			err = errors.New("must be from 0 to 1000")
		}
		c.RenderQueue = n
		return err
	}},
	{"INKPRESS_RENDER_PER_CLIENT", "render-per-client", "2", "page renders one client (address) may have waiting or running; past it that client gets plain pages", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < 1 || n > 100) {
			err = errors.New("must be from 1 to 100")
		}
		c.RenderPerClient = n
		return err
	}},
	{"INKPRESS_PAGE_WORKERS", "page-workers", "0", "pages made at once, for readers and in the background (read from the database, drawn, rendered); 0 = half the processors, at least 1. The other processors stay free for pages already made", func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err == nil && (n < 0 || n > 256) {
			err = errors.New("must be from 0 to 256")
		}
		c.PageWorkers = n
		return err
	}},
	{"INKPRESS_RENDER_RATE", "render-rate", "50", "background page renders a second at most, and only while no reader waits for an engine (pages a write changed, stale pages, a new build's)", func(c *Config, v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err == nil && (f <= 0 || f > 1000) {
			err = errors.New("must be above 0 and at most 1000")
		}
		c.RenderRate = f
		return err
	}},
	{"INKPRESS_DEBUG_ADDR", "debug-addr", "", "listen address of the counters (/debug/vars: renders, plain pages, render queue) and profiles (/debug/pprof/); empty = off; keep it private (e.g. 127.0.0.1:6060)", str(func(c *Config) *string { return &c.DebugAddr })},
	{"INKPRESS_REQUEST_TIMEOUT", "request-timeout", "30s", "deadline of a request's work (database, storage); generation has its own", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		c.RequestTimeout = d
		return err
	}},
}

// Load reads defaults, then the environment, then flags from args.
func Load(args []string, getenv func(string) string) (*Config, error) {
	c := &Config{}
	fs, values := flagSet(getenv)
	// The command prints the usage (PrintFlags) on flag.ErrHelp; a bad flag
	// is the returned error.
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	for _, v := range Vars {
		val := *values[v.Flag]
		if v.Flag == "database-url" && strings.HasPrefix(val, "sqlite:<data-dir>") {
			val = "sqlite:" + filepath.Join(*values["data-dir"], "inkpress.db")
		}
		if err := v.set(c, val); err != nil {
			return nil, fmt.Errorf("%s: %w", v.Env, err)
		}
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	return c, c.Validate()
}

// flagSet is every setting as a flag, its value from getenv or the default.
func flagSet(getenv func(string) string) (*flag.FlagSet, map[string]*string) {
	fs := flag.NewFlagSet("inkpress", flag.ContinueOnError)
	values := make(map[string]*string, len(Vars))
	for _, v := range Vars {
		val := v.Default
		if e := getenv(v.Env); e != "" {
			val = e
		}
		values[v.Flag] = fs.String(v.Flag, val, v.Help+" ($"+v.Env+")")
	}
	return fs, values
}

// PrintFlags writes every setting's flag, meaning, variable and default
// (the usage of `inkpress -h`).
func PrintFlags(w io.Writer) {
	fs, _ := flagSet(func(string) string { return "" })
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// FromEnv loads from the process environment and os.Args.
func FromEnv(args []string) (*Config, error) { return Load(args, os.Getenv) }

// imageSizeRE is the form image APIs take a size in.
var imageSizeRE = regexp.MustCompile(`^([1-9][0-9]{1,4}x[1-9][0-9]{1,4}|auto)$`)

// Validate checks values that would otherwise fail late.
func (c *Config) Validate() error {
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("INKPRESS_BASE_URL must be an http(s) origin, got %q", c.BaseURL)
	}
	if c.SiteWorkspace == "" {
		return errors.New("INKPRESS_SITE_WORKSPACE must not be empty")
	}
	if _, _, err := store.ParseDatabaseURL(c.DatabaseURL); err != nil {
		return fmt.Errorf("INKPRESS_DATABASE_URL: %w", err)
	}
	if (c.AdminEmail == "") != (c.AdminPassword == "") {
		return errors.New("INKPRESS_ADMIN_EMAIL and INKPRESS_ADMIN_PASSWORD go together")
	}
	if c.AdminPassword != "" {
		if err := password.Check(c.AdminPassword); err != nil {
			return fmt.Errorf("INKPRESS_ADMIN_PASSWORD: %s", err.Message)
		}
	}
	if c.IPv6Prefix < 48 || c.IPv6Prefix > 128 {
		return fmt.Errorf("INKPRESS_IPV6_PREFIX must be from 48 to 128, got %d", c.IPv6Prefix)
	}
	if c.SignUpLimit < 1 || c.SubscribeLimit < 1 {
		return errors.New("INKPRESS_SIGNUP_LIMIT and INKPRESS_SUBSCRIBE_LIMIT must be at least 1")
	}
	if c.AIProvider != "builtin" && c.AIProvider != "openai" {
		return fmt.Errorf("INKPRESS_AI_PROVIDER must be builtin or openai, got %q", c.AIProvider)
	}
	if c.AIImageSize != "" && !imageSizeRE.MatchString(c.AIImageSize) {
		return fmt.Errorf("INKPRESS_AI_IMAGE_SIZE must be WIDTHxHEIGHT (like 1536x1024) or auto, got %q", c.AIImageSize)
	}
	if c.FeedItems < 1 || c.FeedItems > 1000 {
		return errors.New("INKPRESS_FEED_ITEMS must be between 1 and 1000")
	}
	if c.AccessLog != "all" && c.AccessLog != "errors" && c.AccessLog != "off" {
		return fmt.Errorf("INKPRESS_ACCESS_LOG must be all, errors or off, got %q", c.AccessLog)
	}
	if c.DBTimeout < 100*time.Millisecond {
		return errors.New("INKPRESS_DB_TIMEOUT must be at least 100ms")
	}
	if c.RequestTimeout < time.Second {
		return errors.New("INKPRESS_REQUEST_TIMEOUT must be at least 1s")
	}
	if c.SessionTTL < time.Minute {
		return errors.New("INKPRESS_SESSION_TTL must be at least a minute")
	}
	if _, err := mail.ParseFrom(c.MailFrom); err != nil {
		return fmt.Errorf("INKPRESS_MAIL_FROM: %v", err)
	}
	if c.SMTPURL != "" {
		if _, err := mail.NewSMTP(c.SMTPURL); err != nil {
			return fmt.Errorf("INKPRESS_SMTP_URL: %v", err)
		}
	}
	if c.TLS {
		if u, err := url.Parse(c.ACMECA); err != nil || u.Scheme != "https" || u.Host == "" {
			return fmt.Errorf("INKPRESS_ACME_CA must be an https URL, got %q", c.ACMECA)
		}
		if _, _, err := net.SplitHostPort(c.TLSAddr); err != nil {
			return fmt.Errorf("INKPRESS_TLS_ADDR must be host:port or :port, got %q", c.TLSAddr)
		}
		if _, _, err := net.SplitHostPort(c.Addr); err != nil {
			return fmt.Errorf("INKPRESS_ADDR must be host:port or :port with INKPRESS_TLS=on, got %q", c.Addr)
		}
		if c.TLSAddr == c.Addr {
			return errors.New("INKPRESS_TLS_ADDR and INKPRESS_ADDR must differ")
		}
	}
	return nil
}

// parseBytes reads a size such as 67108864, 64MiB, 512KiB or 1GiB.
func parseBytes(v string) (int64, error) {
	num, mult := strings.TrimSpace(v), int64(1)
	for suffix, m := range map[string]int64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30} {
		if n, ok := strings.CutSuffix(num, suffix); ok {
			num, mult = strings.TrimSpace(n), m
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > 1<<50/mult {
		return 0, fmt.Errorf("want a size such as 67108864 or 64MiB, got %q", v)
	}
	return n * mult, nil
}

// SecureCookies reports whether cookies must carry the Secure flag.
func (c *Config) SecureCookies() bool { return strings.HasPrefix(c.BaseURL, "https://") }

// ClientAddr returns the client's IP for a request from peer (host:port)
// carrying X-Forwarded-For xff: the peer itself unless it is a trusted proxy,
// else the right-most forwarded address that is not a trusted proxy.
func (c *Config) ClientAddr(peer, xff string) string {
	host := peer
	if h, _, err := net.SplitHostPort(peer); err == nil {
		host = h
	}
	if !c.trusted(host) || xff == "" {
		return host
	}
	hops := strings.Split(xff, ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		if _, err := netip.ParseAddr(hop); err != nil {
			return host // a malformed chain is not believed
		}
		if !c.trusted(hop) {
			return hop
		}
	}
	return host
}

// ClientKey is what every per-address limit counts the client by: its
// address (ClientAddr), an IPv6 one as its INKPRESS_IPV6_PREFIX network,
// since one client usually holds a whole /64.
func (c *Config) ClientKey(peer, xff string) string {
	return ratelimit.ClientKey(c.ClientAddr(peer, xff), c.IPv6Prefix)
}

func (c *Config) trusted(ip string) bool {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	for _, p := range c.TrustedProxies {
		if p.Contains(a.Unmap()) {
			return true
		}
	}
	return false
}

// parsePrefixes reads a comma-separated list of IPs and CIDRs ("" is none);
// an IP is its own /32 or /128.
func parsePrefixes(v string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			a, err := netip.ParseAddr(part)
			if err != nil {
				return nil, err
			}
			part = a.String() + "/" + strconv.Itoa(a.BitLen())
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
