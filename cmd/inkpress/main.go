// Command inkpress runs the InkPress server.
//
//	inkpress [serve] [flags]                       start the server (default)
//	inkpress admin create --email E --password P   create an admin (or promote and reset one)
//
// Every flag has an environment variable; see README.md or `inkpress -h`.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/inkpress/inkpress/app"
	"github.com/inkpress/inkpress/internal/auth/password"
	"github.com/inkpress/inkpress/internal/config"
	"github.com/inkpress/inkpress/server"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "inkpress:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(args)
	case "admin":
		return admin(args)
	default:
		return fmt.Errorf("unknown command %q (want serve or admin)", cmd)
	}
}

func newLogger(cfg *config.Config) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	// A failure logged because the client went away is no server error.
	if cfg.LogFormat == "json" {
		return slog.New(server.ClientGoneHandler(slog.NewJSONHandler(os.Stderr, opts)))
	}
	return slog.New(server.ClientGoneHandler(slog.NewTextHandler(os.Stderr, opts)))
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
