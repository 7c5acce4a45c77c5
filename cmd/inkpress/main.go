// Command inkpress runs the InkPress server.
//
//	inkpress [serve] [flags]                       start the server (default)
//	inkpress admin create --email E --password P   create an admin (or promote and reset one)
//	inkpress backup [--out FILE] [flags]           archive the SQLite database and media while the server runs
//	inkpress restore --from FILE [flags]           unpack a backup into a new data directory
//	inkpress -h (or help)                          list the commands and flags
//
// Every flag has an environment variable; see README.md or `inkpress -h`.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/internal/auth/password"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/server"
)

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
}

// runMain runs the command and gives the exit status: 0 when it succeeded
// or help was asked for (-h, --help, help), 1 with the error otherwise.
func runMain(args []string, stdout, stderr io.Writer) int {
	err := run(args)
	if errors.Is(err, flag.ErrHelp) {
		usage(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "inkpress:", err)
		return 1
	}
	return 0
}

// usage lists the commands and the server's flags.
func usage(w io.Writer) {
	fmt.Fprint(w, `Usage: inkpress [command] [flags]

Commands:
  serve                                   start the server (the default)
  admin create --email E --password P     create an admin (or promote one and reset its password)
  backup [--out FILE]                     archive the SQLite database and media while the server runs
  restore --from FILE                     unpack a backup into a new data directory
  help                                    show this help

Flags (every command takes the server's; each has an environment variable, and a flag wins):
`)
	config.PrintFlags(w)
}

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "help":
		return flag.ErrHelp
	case "serve":
		return serve(args)
	case "admin":
		return admin(args)
	case "backup":
		return backupCmd(args)
	case "restore":
		return restoreCmd(args)
	default:
		return fmt.Errorf("unknown command %q (want serve, admin, backup or restore; inkpress -h lists them)", cmd)
	}
}

func newLogger(cfg *config.Config) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	// A failure logged because the client went away is no server error;
	// an outage's identical errors are logged a few times, then counted.
	var h slog.Handler = slog.NewTextHandler(os.Stderr, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(os.Stderr, opts)
	}
	return slog.New(server.ClientGoneHandler(server.RepeatLimitHandler(h, nil)))
}

func serve(args []string) error {
	cfg, err := config.FromEnv(args)
	if err != nil {
		return err
	}
	logger := newLogger(cfg)
	slog.SetDefault(logger)
	if cfg.MemoryLimit > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(cfg.MemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a, err := app.New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.Prepare(ctx); err != nil {
		return err
	}
	logger.Info("InkPress listening", "addr", cfg.Addr, "url", cfg.BaseURL, "database", a.Store.Dialect(), "ai", cfg.AIProvider)
	if cfg.TLS {
		logger.Info("automatic TLS for custom domains", "addr", cfg.TLSAddr, "ca", cfg.ACMECA)
	}
	return a.Run(ctx)
}

func admin(args []string) error {
	if len(args) > 0 && slices.Contains([]string{"-h", "-help", "--help"}, args[0]) {
		return flag.ErrHelp
	}
	if len(args) == 0 || args[0] != "create" {
		return fmt.Errorf("usage: inkpress admin create --email E --password P")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	email := fs.String("email", "", "admin e-mail")
	pw := fs.String("password", "", "admin password (6 characters to 72 bytes)")
	name := fs.String("name", "Admin", "display name")
	// Remaining flags (database URL, data dir...) are the server's.
	var rest []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.HasPrefix(a, "--email") || strings.HasPrefix(a, "-email") ||
			strings.HasPrefix(a, "--password") || strings.HasPrefix(a, "-password") ||
			strings.HasPrefix(a, "--name") || strings.HasPrefix(a, "-name"):
			if !strings.Contains(a, "=") && i+1 < len(args) {
				if err := fs.Parse([]string{a, args[i+1]}); err != nil {
					return err
				}
				i++
			} else if err := fs.Parse([]string{a}); err != nil {
				return err
			}
		default:
			rest = append(rest, a)
		}
	}
	if *email == "" || *pw == "" {
		return fmt.Errorf("usage: inkpress admin create --email E --password P")
	}
	// Refused before the database is opened (EnsureAdmin checks again).
	if err := password.Check(*pw); err != nil {
		return err
	}
	cfg, err := config.FromEnv(rest)
	if err != nil {
		return err
	}
	ctx := context.Background()
	cfg.Demo = false
	a, err := app.New(ctx, cfg, newLogger(cfg))
	if err != nil {
		return err
	}
	defer a.Close()
	u, err := a.Auth.EnsureAdmin(ctx, *email, *pw, *name)
	if err != nil {
		return err
	}
	fmt.Printf("admin %s (id %d) is ready\n", u.Email, u.ID)
	return nil
}

// ownFlags takes the flags named in own (with their values) out of args;
// the rest are the server's (data directory, database URL...).
func ownFlags(fs *flag.FlagSet, args []string, own ...string) ([]string, error) {
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		name, _, hasValue := strings.Cut(name, "=")
		if !strings.HasPrefix(a, "-") || !slices.Contains(own, name) {
			rest = append(rest, a)
			continue
		}
		pair := []string{a}
		if !hasValue && i+1 < len(args) {
			pair = append(pair, args[i+1])
			i++
		}
		if err := fs.Parse(pair); err != nil {
			return nil, err
		}
	}
	return rest, nil
}

// backupCmd writes a backup archive (see app.Backup).
func backupCmd(args []string) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	out := fs.String("out", "inkpress-backup-"+time.Now().UTC().Format("20060102-150405")+".tar.gz", "archive to write (- for standard output)")
	rest, err := ownFlags(fs, args, "out")
	if err != nil {
		return err
	}
	cfg, err := config.FromEnv(rest)
	if err != nil {
		return err
	}
	var w io.Writer = os.Stdout
	var f *os.File
	if *out != "-" {
		// A new file only: an older backup is never overwritten.
		f, err = os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return err
		}
		w = f
	}
	if err := app.Backup(context.Background(), cfg, w); err != nil {
		if f != nil {
			f.Close()
			os.Remove(*out)
		}
		return err
	}
	if f != nil {
		if err := f.Sync(); err != nil {
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		fmt.Fprintln(os.Stderr, "backup written to", *out)
	}
	if cfg.S3Endpoint != "" {
		fmt.Fprintln(os.Stderr, "media are in the S3 bucket", cfg.S3Bucket, "and not in the archive: copy the bucket with your object store's tools")
	}
	return nil
}

// restoreCmd unpacks a backup archive (see app.Restore).
func restoreCmd(args []string) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	from := fs.String("from", "", "archive written by inkpress backup (- for standard input)")
	rest, err := ownFlags(fs, args, "from")
	if err != nil {
		return err
	}
	if *from == "" {
		return fmt.Errorf("usage: inkpress restore --from FILE [--data-dir DIR]")
	}
	cfg, err := config.FromEnv(rest)
	if err != nil {
		return err
	}
	var r io.Reader = os.Stdin
	if *from != "-" {
		f, err := os.Open(*from)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	if err := app.Restore(cfg, r); err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "restored into", cfg.DataDir, "- start the server with the same settings")
	return nil
}
